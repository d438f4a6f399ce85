//! The dashboard's promotion (seed 001 §4 "After promos load, a valid non-winback promo's
//! first discount id is added to the cart", §6 banners, §9 promo codes and validity).
//!
//! Seed 001 §9: "a valid promo's first discount id is on the configured promo list, start
//! date passed, end date empty or passed; winback list is a subset". Our reading: only the
//! first discount of the answer counts, and "end date ... passed" is read as not yet passed
//! (as in seed 000 §4: an ended promotion is not valid); dates are the promotions service's
//! `YYYYMMDDHHMMSS` UTC, read by [`crate::domain::promotions::parse_date`] (an unreadable
//! start or non-empty end makes it invalid).

use chrono::{DateTime, Utc};
use upstream::promotions::Discount;

use crate::domain::promotions::parse_date;

/// The refill promotion (seed 001 §9 "refill P_SALE35OFF_021522").
pub const REFILL_PROMO: &str = "P_SALE35OFF_021522";
/// The winback promotion (seed 001 §9 "winback P_WINBACK45OFF_1215").
pub const WINBACK_PROMO: &str = "P_WINBACK45OFF_1215";
/// The configured promotion list.
pub const PROMO_LIST: [&str; 2] = [REFILL_PROMO, WINBACK_PROMO];
/// The winback list (a subset of [`PROMO_LIST`]).
pub const WINBACK_LIST: [&str; 1] = [WINBACK_PROMO];

/// The valid promotion of the dashboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Promo {
    /// The first discount's id, e.g. [`REFILL_PROMO`].
    pub id: String,
    /// On the winback list: the winback banner (2 refills, count 3, seed 001 §9) instead of
    /// the refill promo banner and cart entry.
    pub winback: bool,
}

/// The valid promotion among `discounts` at `now`: the first discount, if its id is on
/// [`PROMO_LIST`], its start has passed (inclusive) and its end is absent, empty or not yet
/// passed (inclusive).
pub fn dashboard_promo(discounts: &[Discount], now: DateTime<Utc>) -> Option<Promo> {
    let d = discounts.first()?;
    let id = d.disc_id.trim();
    let started = parse_date(&d.disc_start_date).is_some_and(|s| s <= now);
    let open = match d.disc_end_date.as_deref().map(str::trim) {
        None | Some("") => true,
        Some(e) => parse_date(e).is_some_and(|end| now <= end),
    };
    (PROMO_LIST.contains(&id) && started && open).then(|| Promo {
        id: id.to_owned(),
        winback: WINBACK_LIST.contains(&id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn disc(id: &str, start: &str, end: Option<&str>) -> Discount {
        Discount {
            disc_id: id.into(),
            disc_start_date: start.into(),
            disc_end_date: end.map(Into::into),
            offer_type: "DISCOUNT".into(),
            discount_details: Vec::new(),
        }
    }

    fn at(s: &str) -> DateTime<Utc> {
        parse_date(s).unwrap()
    }

    #[test]
    fn examples() {
        let now = at("20270315120000");
        let refill = disc(REFILL_PROMO, "20260101000000", None);
        let winback = disc(WINBACK_PROMO, "20260101000000", Some(""));
        assert_eq!(
            dashboard_promo(std::slice::from_ref(&refill), now),
            Some(Promo {
                id: REFILL_PROMO.into(),
                winback: false
            })
        );
        assert!(dashboard_promo(&[winback], now).unwrap().winback);
        assert_eq!(dashboard_promo(&[], now), None);
        let other = disc("P_NEWCUST35OFF_0126", "20260101000000", None);
        assert_eq!(
            dashboard_promo(&[other.clone(), refill.clone()], now),
            None,
            "first only"
        );
        assert_eq!(
            dashboard_promo(&[refill.clone(), other], now).unwrap().id,
            REFILL_PROMO
        );
        let ended = disc(REFILL_PROMO, "20260101000000", Some("20270315115959"));
        assert_eq!(dashboard_promo(&[ended], now), None);
        let ends_now = disc(REFILL_PROMO, "20260101000000", Some("20270315120000"));
        assert!(dashboard_promo(&[ends_now], now).is_some());
        let future = disc(REFILL_PROMO, "20270315120001", None);
        assert_eq!(dashboard_promo(&[future], now), None);
        let garbage = disc(REFILL_PROMO, "20260101000000", Some("soon"));
        assert_eq!(dashboard_promo(&[garbage], now), None);
    }

    proptest! {
        #[test]
        fn valid_only_on_the_list_and_in_its_window(
            id in prop::sample::select(vec![REFILL_PROMO, WINBACK_PROMO, "P_OTHER", ""]),
            start in 0i64..100, end in prop::option::of(0i64..100), now in 0i64..100,
        ) {
            let base = at("20260101000000");
            let day = |n: i64| (base + chrono::Duration::days(n)).format("%Y%m%d%H%M%S").to_string();
            let end_s = end.map(day);
            let d = disc(id, &day(start), end_s.as_deref());
            let got = dashboard_promo(&[d], base + chrono::Duration::days(now));
            let want = PROMO_LIST.contains(&id) && start <= now && end.is_none_or(|e| now <= e);
            prop_assert_eq!(got.is_some(), want);
            if let Some(p) = got {
                prop_assert_eq!(p.winback, id == WINBACK_PROMO);
                prop_assert_eq!(p.id, id);
            }
        }
    }
}
