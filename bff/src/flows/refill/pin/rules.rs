//! The PIN refill's rules (seed 002 §2.3, §4.3b, §9), pure: the PIN's length, its mask, the
//! validation's outcome, the device a redemption names and the expiry it gives.

use chrono::{DateTime, Days, NaiveDate, Utc};
use upstream::{
    account::{DashboardResponse, LOB_HSD},
    activation::{
        account::{PinDetail, ValidateCodeResponse},
        pin::PIN_NOT_FOUND,
    },
};

use super::context::Device;
use crate::http::error::ErrorCode;

/// The PIN field's limit (seed 002 §9 "PIN max 16").
pub const PIN_MAX_CHARS: usize = 16;
/// Days of service one plan of a PIN buys: the 30-day plan `HSD_030` (seed 002 §9; our
/// reading: the seed does not say which plan a PIN refills).
pub const PLAN_DAYS: u64 = 30;
/// Characters left visible at the end of a masked PIN.
pub const VISIBLE: usize = 4;

/// The PIN as typed, trimmed, when it has 1 to [`PIN_MAX_CHARS`] characters (seed 002 §2.3:
/// "a non-empty value is required to verify"); `Err(detail code)` otherwise: `required` or
/// `maxLength`.
pub fn normalise(typed: &str) -> Result<String, &'static str> {
    let pin = typed.trim();
    match pin.chars().count() {
        0 => Err("required"),
        n if n > PIN_MAX_CHARS => Err("maxLength"),
        _ => Ok(pin.to_owned()),
    }
}

/// `pin` with every character but the last [`VISIBLE`] replaced by `*` (all of them when it
/// has [`VISIBLE`] or fewer: a short PIN would otherwise be shown whole).
pub fn mask(pin: &str) -> String {
    let n = pin.chars().count();
    let keep = if n > VISIBLE { VISIBLE } else { 0 };
    pin.chars()
        .enumerate()
        .map(|(i, c)| if i + keep < n { '*' } else { c })
        .collect()
}

/// What a validation answered (seed 002 §2.3, §4.3b).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Validation<'a> {
    /// Redeemable: the first PIN detail.
    Valid(&'a PinDetail),
    /// A redemption date: redeemed before.
    AlreadyRedeemed,
    /// An `errorCode` other than `PIN_NOT_FOUND`.
    Rejected,
    /// `errorCode: PIN_NOT_FOUND`, or no PIN details at all.
    NotRecognised,
}

impl Validation<'_> {
    /// The error code of a refusal (`None` for a valid PIN).
    pub fn error(&self) -> Option<ErrorCode> {
        match self {
            Self::Valid(_) => None,
            Self::AlreadyRedeemed => Some(ErrorCode::PinAlreadyRedeemed),
            Self::Rejected => Some(ErrorCode::PinRejected),
            Self::NotRecognised => Some(ErrorCode::PinNotRecognised),
        }
    }
}

/// The outcome of a validation answer: `errorCode` is a failure (seed 002 §4.3b), a PIN
/// with a `redemptionDate` an error (§2.3); the first PIN detail counts (seed 001 §3
/// `pinDetails[0]`).
pub fn classify(r: &ValidateCodeResponse) -> Validation<'_> {
    match r.error_code.as_deref().map(str::trim) {
        Some(PIN_NOT_FOUND) => return Validation::NotRecognised,
        Some(c) if !c.is_empty() => return Validation::Rejected,
        _ => {}
    }
    match r.pin_details.first() {
        None => Validation::NotRecognised,
        Some(d)
            if d.redemption_date
                .as_deref()
                .is_some_and(|t| !t.trim().is_empty()) =>
        {
            Validation::AlreadyRedeemed
        }
        Some(d) => Validation::Valid(d),
    }
}

/// The internet device of the dashboard record (`deviceLob` `HSD` with a serial number), as
/// the redemption names it; `None` without one.
pub fn device(d: &DashboardResponse) -> Option<Device> {
    d.subscription_details
        .iter()
        .filter(|s| s.device_lob == LOB_HSD)
        .find_map(|s| {
            let serial = s.device_serial_number.clone().filter(|v| !v.is_empty())?;
            Some(Device {
                id: s
                    .mac_id
                    .clone()
                    .filter(|m| !m.is_empty())
                    .unwrap_or_else(|| serial.clone()),
                serial,
                status: s.device_status.clone().unwrap_or_default(),
                lob: s.device_lob.clone(),
            })
        })
}

/// The service's expiry date (UTC) once `plan_qty` plans are redeemed at `now`: from the
/// current expiry, or from `now` when there is none or it has passed, plus [`PLAN_DAYS`] per
/// plan.
pub fn new_expiry(current: Option<DateTime<Utc>>, now: DateTime<Utc>, plan_qty: u32) -> NaiveDate {
    let from = current.filter(|c| *c > now).unwrap_or(now);
    let days = PLAN_DAYS * u64::from(plan_qty);
    from.checked_add_days(Days::new(days))
        .unwrap_or(from)
        .date_naive()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;

    fn detail(redeemed: Option<&str>) -> PinDetail {
        PinDetail {
            pin: "100000000001".into(),
            plan_qty: 1,
            redemption_date: redeemed.map(Into::into),
            expiration_date: "2027-01-01T00:00:00Z".into(),
            formatted_expiration_date: None,
        }
    }

    #[test]
    fn pins_need_1_to_16_characters_once_trimmed() {
        assert_eq!(normalise("  1234 "), Ok("1234".into()));
        assert_eq!(normalise("   "), Err("required"));
        assert_eq!(normalise(""), Err("required"));
        assert_eq!(normalise(&"1".repeat(16)), Ok("1".repeat(16)));
        assert_eq!(normalise(&"1".repeat(17)), Err("maxLength"));
        assert_eq!(
            normalise(&"é".repeat(16)),
            Ok("é".repeat(16)),
            "characters, not bytes"
        );
    }

    #[test]
    fn masks_keep_the_last_four() {
        assert_eq!(mask("100000000001"), "********0001");
        assert_eq!(mask("12345"), "*2345");
        assert_eq!(mask("1234"), "****");
        assert_eq!(mask(""), "");
    }

    #[test]
    fn validation_outcomes() {
        let with = |code: Option<&str>, details: Vec<PinDetail>| ValidateCodeResponse {
            pin_details: details,
            error_code: code.map(Into::into),
            error_message: None,
        };
        let valid = with(None, vec![detail(None)]);
        assert!(matches!(classify(&valid), Validation::Valid(_)));
        let empty_date = with(None, vec![detail(Some(" "))]);
        assert!(matches!(classify(&empty_date), Validation::Valid(_)));
        let redeemed = with(None, vec![detail(Some("2026-01-01T00:00:00Z"))]);
        assert_eq!(classify(&redeemed), Validation::AlreadyRedeemed);
        let rejected = with(Some("INVALID_PIN"), vec![detail(None)]);
        assert_eq!(classify(&rejected), Validation::Rejected);
        assert_eq!(classify(&with(Some("OTHER"), vec![])), Validation::Rejected);
        assert_eq!(
            classify(&with(Some(PIN_NOT_FOUND), vec![])),
            Validation::NotRecognised
        );
        assert_eq!(classify(&with(None, vec![])), Validation::NotRecognised);
        assert_eq!(
            Validation::NotRecognised.error(),
            Some(ErrorCode::PinNotRecognised)
        );
    }

    #[test]
    fn expiry_examples() {
        let now = Utc.with_ymd_and_hms(2026, 1, 5, 12, 0, 0).unwrap();
        let later = Utc.with_ymd_and_hms(2026, 1, 24, 23, 59, 59).unwrap();
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        assert_eq!(new_expiry(Some(later), now, 1), d(2026, 2, 23));
        assert_eq!(new_expiry(Some(later), now, 2), d(2026, 3, 25));
        let expired = Utc.with_ymd_and_hms(2025, 12, 1, 0, 0, 0).unwrap();
        assert_eq!(new_expiry(Some(expired), now, 1), d(2026, 2, 4));
        assert_eq!(new_expiry(None, now, 1), d(2026, 2, 4));
    }

    proptest! {
        /// 30 days per plan from the later of the current expiry and now.
        #[test]
        fn each_plan_adds_30_days_from_the_later_of_expiry_and_now(
            now_s in 1_700_000_000i64..1_900_000_000,
            offset_s in -90 * 86_400i64..90 * 86_400,
            qty in 0u32..10,
        ) {
            let now = Utc.timestamp_opt(now_s, 0).unwrap();
            let current = Utc.timestamp_opt(now_s + offset_s, 0).unwrap();
            let got = new_expiry(Some(current), now, qty);
            let base = if current > now { current } else { now };
            prop_assert_eq!((got - base.date_naive()).num_days(), 30 * i64::from(qty));
            prop_assert!(got >= now.date_naive());
            prop_assert_eq!(new_expiry(Some(current), now, qty + 1) - got, chrono::Duration::days(30));
        }
    }
}
