//! The move's date rules (seed 002 §2.8, §3.9 "a move's scheduled date and moveDateGap (days
//! between service expiry and the chosen date)", §5, §9 "the 7-day option in a move refill
//! needs a move date gap of 7 days or fewer"; seed 001 §4 "Scheduled move"). Pure, time passed
//! in, property-tested below.
//!
//! - [`today`]: the move day of `now`: the calendar day in US Eastern time, the day whose
//!   midnight is the cancel cutoff (`domain::dashboard::cancel_cutoff`), so a move "today" has
//!   begun and can no longer be cancelled;
//! - [`check_date`]: today or later (else [`DateError::Past`]) and at most
//!   [`MAX_DAYS_AHEAD`] days ahead (ours: the seed gives no latest date; [`DateError::TooFar`]);
//! - [`schedule`]: the gap between the service's expiration date and the move date (0 when
//!   the service still runs that day; an unreadable expiry counts as expired yesterday), the
//!   refill required (gap > 0 and no internet refill made in this move), the 7-day option
//!   (a 7-day plan exists and 1 <= gap <= 7), today or later;
//! - [`refill_expiration`]: the expiration after a refill of `days`: from the service's
//!   expiration date, or from yesterday when it has passed (seed 002 §2.8 "today plus the
//!   remaining days");
//! - [`next`]: where the move goes next (entry, refill confirmation's button, seed 002 §2.8).

use chrono::{DateTime, Days, NaiveDate, Utc};
use chrono_tz::America::New_York;
use poem_openapi::Enum;
use serde::{Deserialize, Serialize};

/// The latest move date accepted, in days after today (ours).
pub const MAX_DAYS_AHEAD: u64 = 60;

/// Days the 7-day option covers at most (seed 002 §2.8, §9).
pub const SEVEN_DAY_GAP: i64 = 7;

/// The move day of `now`: its calendar day in US Eastern time.
pub fn today(now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&New_York).date_naive()
}

/// The latest move date accepted on `today`.
pub fn latest_date(today: NaiveDate) -> NaiveDate {
    today + Days::new(MAX_DAYS_AHEAD)
}

/// Why a move date is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateError {
    /// Before today.
    Past,
    /// After [`latest_date`].
    TooFar,
}

/// Whether `date` may be chosen on `today` (module docs).
///
/// # Errors
///
/// [`DateError`].
pub fn check_date(date: NaiveDate, today: NaiveDate) -> Result<(), DateError> {
    if date < today {
        Err(DateError::Past)
    } else if date > latest_date(today) {
        Err(DateError::TooFar)
    } else {
        Ok(())
    }
}

/// A move today or later.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum When {
    /// The move date is today (`move/now`).
    Today,
    /// A later date (`move/schedule-finalize`).
    Later,
}

/// What a chosen date means for the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schedule {
    /// The move date.
    pub move_date: NaiveDate,
    /// Today or later.
    pub when: When,
    /// Whole days from the service's expiration date to the move date, >= 0.
    pub gap: i64,
    /// The service expires before the move date and no internet refill was made in this move.
    pub refill_required: bool,
    /// An internet refill was made in this move.
    pub refilled: bool,
    /// The 7-day plan may be chosen for the move's refill.
    pub seven_day_offered: bool,
}

/// The expiration date to count from: the service's, or yesterday when it has none.
fn expiration_or_yesterday(expiration: Option<NaiveDate>, today: NaiveDate) -> NaiveDate {
    expiration.unwrap_or_else(|| today.pred_opt().unwrap_or(today))
}

/// The schedule of a move on `move_date` (rule in the module docs).
pub fn schedule(
    today: NaiveDate,
    expiration: Option<NaiveDate>,
    move_date: NaiveDate,
    seven_day_plan: bool,
    refilled: bool,
) -> Schedule {
    let exp = expiration_or_yesterday(expiration, today);
    let gap = (move_date - exp).num_days().max(0);
    Schedule {
        move_date,
        when: if move_date <= today {
            When::Today
        } else {
            When::Later
        },
        gap,
        refill_required: gap > 0 && !refilled,
        refilled,
        seven_day_offered: seven_day_plan && (1..=SEVEN_DAY_GAP).contains(&gap),
    }
}

/// The service's expiration date after a refill of `days` (module docs).
pub fn refill_expiration(expiration: Option<NaiveDate>, today: NaiveDate, days: u64) -> NaiveDate {
    let yesterday = today.pred_opt().unwrap_or(today);
    let from = expiration.map_or(yesterday, |e| e.max(yesterday));
    from + Days::new(days)
}

/// Where the move goes next (seed 002 §2.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum Next {
    /// No checked destination: the address check (`/move`).
    Address,
    /// A destination but no date (`move/address-confirmation`).
    AddressConfirmation,
    /// A refill is required first (`move/refill-required`).
    RefillRequired,
    /// A move today, ready (`move/now`).
    Now,
    /// A later move, ready (`move/schedule-finalize`).
    ScheduleFinalize,
    /// The move was made (`move/now-confirmation` or `move/schedule-confirmation`).
    Confirmation,
}

/// The next step of a move: made, destination held, schedule chosen.
pub fn next(moved: bool, destination: bool, schedule: Option<&Schedule>) -> Next {
    match (moved, destination, schedule) {
        (true, _, _) => Next::Confirmation,
        (_, false, _) => Next::Address,
        (_, _, None) => Next::AddressConfirmation,
        (_, _, Some(s)) if s.refill_required => Next::RefillRequired,
        (_, _, Some(s)) if s.when == When::Today => Next::Now,
        _ => Next::ScheduleFinalize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn today_is_the_eastern_day() {
        // 03:00 UTC is the evening before in New York (standard and daylight time)
        let t = DateTime::parse_from_rfc3339("2026-01-06T03:00:00Z")
            .unwrap()
            .to_utc();
        assert_eq!(today(t), d("2026-01-05"));
        let t = DateTime::parse_from_rfc3339("2026-07-06T03:59:00Z")
            .unwrap()
            .to_utc();
        assert_eq!(today(t), d("2026-07-05"));
        let t = DateTime::parse_from_rfc3339("2026-07-06T04:00:00Z")
            .unwrap()
            .to_utc();
        assert_eq!(today(t), d("2026-07-06"));
    }

    #[test]
    fn the_seed_cases() {
        let t = d("2026-01-10");
        // service until the 20th: a move on the 15th needs nothing
        let s = schedule(t, Some(d("2026-01-20")), d("2026-01-15"), true, false);
        assert_eq!(
            (s.gap, s.refill_required, s.seven_day_offered),
            (0, false, false)
        );
        assert_eq!(s.when, When::Later);
        // the move day itself is still served
        let s = schedule(t, Some(d("2026-01-20")), d("2026-01-20"), true, false);
        assert!(!s.refill_required);
        // a day later: a refill, the 7-day option
        let s = schedule(t, Some(d("2026-01-20")), d("2026-01-21"), true, false);
        assert_eq!(
            (s.gap, s.refill_required, s.seven_day_offered),
            (1, true, true)
        );
        let s = schedule(t, Some(d("2026-01-20")), d("2026-01-27"), true, false);
        assert_eq!((s.gap, s.seven_day_offered), (7, true));
        let s = schedule(t, Some(d("2026-01-20")), d("2026-01-28"), true, false);
        assert_eq!((s.gap, s.seven_day_offered), (8, false));
        // no 7-day plan on the account: never offered
        let s = schedule(t, Some(d("2026-01-20")), d("2026-01-21"), false, false);
        assert!(s.refill_required && !s.seven_day_offered);
        // expired yesterday, moving today: gap 1
        let s = schedule(t, Some(d("2026-01-09")), t, true, false);
        assert_eq!((s.gap, s.when, s.refill_required), (1, When::Today, true));
        // no readable expiry counts as expired yesterday
        assert_eq!(schedule(t, None, t, true, false).gap, 1);
        // a refill made in the move covers it
        let s = schedule(t, Some(d("2026-01-09")), t, true, true);
        assert!(!s.refill_required && s.refilled);
    }

    #[test]
    fn dates() {
        let t = d("2026-03-07");
        assert_eq!(check_date(t, t), Ok(()));
        assert_eq!(check_date(d("2026-03-06"), t), Err(DateError::Past));
        assert_eq!(check_date(d("2026-05-06"), t), Ok(()));
        assert_eq!(check_date(d("2026-05-07"), t), Err(DateError::TooFar));
        assert_eq!(
            refill_expiration(Some(d("2026-03-10")), t, 30),
            d("2026-04-09")
        );
        assert_eq!(
            refill_expiration(Some(d("2026-01-01")), t, 7),
            d("2026-03-13")
        );
        assert_eq!(refill_expiration(None, t, 7), d("2026-03-13"));
    }

    #[test]
    fn next_steps() {
        let t = d("2026-03-07");
        let now = schedule(t, Some(d("2026-04-01")), t, true, false);
        let later = schedule(t, Some(d("2026-04-01")), d("2026-03-20"), true, false);
        let refill = schedule(t, Some(d("2026-03-01")), d("2026-03-20"), true, false);
        assert_eq!(next(true, true, Some(&refill)), Next::Confirmation);
        assert_eq!(next(false, false, Some(&now)), Next::Address);
        assert_eq!(next(false, true, None), Next::AddressConfirmation);
        assert_eq!(next(false, true, Some(&refill)), Next::RefillRequired);
        assert_eq!(next(false, true, Some(&now)), Next::Now);
        assert_eq!(next(false, true, Some(&later)), Next::ScheduleFinalize);
    }

    fn day() -> impl Strategy<Value = NaiveDate> {
        (0i64..4000).prop_map(|n| d("2024-01-01") + chrono::Duration::days(n))
    }

    proptest! {
        /// The date rule: accepted exactly on today..=today + 60.
        #[test]
        fn a_date_is_accepted_exactly_in_the_window(t in day(), offset in -400i64..400) {
            let date = t + chrono::Duration::days(offset);
            let ok = check_date(date, t).is_ok();
            prop_assert_eq!(ok, (0..=60).contains(&offset));
            if offset < 0 { prop_assert_eq!(check_date(date, t), Err(DateError::Past)); }
            if offset > 60 { prop_assert_eq!(check_date(date, t), Err(DateError::TooFar)); }
        }

        /// Refill required iff the service expires before the move date and no refill was
        /// made; the gap counts the days in between; the 7-day option iff a 7-day plan
        /// exists and the gap is 1 to 7.
        #[test]
        fn refill_and_seven_day(t in day(), exp in prop::option::of(-60i64..90),
                                mv in 0i64..61, seven in any::<bool>(), refilled in any::<bool>()) {
            let expiration = exp.map(|e| t + chrono::Duration::days(e));
            let move_date = t + chrono::Duration::days(mv);
            let s = schedule(t, expiration, move_date, seven, refilled);
            let effective = expiration.unwrap_or(t - chrono::Duration::days(1));
            prop_assert_eq!(s.gap > 0, effective < move_date);
            prop_assert_eq!(s.gap, (move_date - effective).num_days().max(0));
            prop_assert_eq!(s.refill_required, effective < move_date && !refilled);
            prop_assert_eq!(s.seven_day_offered, seven && s.gap >= 1 && s.gap <= 7);
            prop_assert_eq!(s.when == When::Today, mv == 0);
            // a refill of the gap's days (or more) from the expiration reaches the move day
            let after = refill_expiration(expiration, t, s.gap as u64);
            prop_assert!(after >= move_date);
        }

        /// The move day is the Eastern calendar day: it starts at the cancel cutoff.
        #[test]
        fn today_starts_at_the_cutoff(secs in 1_700_000_000i64..1_900_000_000) {
            let now = DateTime::from_timestamp(secs, 0).unwrap();
            let t = today(now);
            let start = crate::domain::dashboard::cancel_cutoff(t);
            prop_assert!(start <= now);
            prop_assert!(now < crate::domain::dashboard::cancel_cutoff(t + chrono::Duration::days(1)));
        }
    }
}
