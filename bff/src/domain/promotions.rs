//! Promotion validity (seed 000 §4 "Promotion validity", §9 promo product `ECO-HSD-030`).
//!
//! A promotion is valid at `now` when: its start date has passed (start <= now), its end
//! date is absent, empty, or not yet passed (now <= end), it has exactly one discount
//! detail, and that detail's product is [`PROMO_PRODUCT`]. The first valid promotion in the
//! service's order wins.
//!
//! Dates are read as digit groups `YYYY MM DD HH MM SS` in UTC: every non-digit is ignored,
//! missing trailing groups count as zero (`"20260101"` is midnight). Our reading of the
//! ambiguous cases (pinned by tests): an unreadable start date (fewer than 8 digits, or not
//! a calendar date) makes the promotion invalid; an unreadable non-empty end date too
//! (never treat garbage as "open-ended"); "passed" is strict for the end (valid during the
//! end second itself) and inclusive for the start.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use upstream::promotions::Discount;

/// The only product a valid promotion may discount (seed 000 §9).
pub const PROMO_PRODUCT: &str = "ECO-HSD-030";

/// A promotion date: digit groups read as UTC; `None` when unreadable.
pub fn parse_date(s: &str) -> Option<DateTime<Utc>> {
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    if digits.len() < 8 || digits.len() > 14 {
        return None;
    }
    let padded = format!("{digits:0<14}");
    let n = |r: std::ops::Range<usize>| padded[r].parse::<u32>().ok();
    let date = NaiveDate::from_ymd_opt(n(0..4)? as i32, n(4..6)?, n(6..8)?)?;
    let dt = date.and_hms_opt(n(8..10)?, n(10..12)?, n(12..14)?)?;
    Some(Utc.from_utc_datetime(&dt))
}

/// Whether `d` is valid at `now` (rule in the module docs).
pub fn is_valid(d: &Discount, now: DateTime<Utc>) -> bool {
    let Some(start) = parse_date(&d.disc_start_date) else {
        return false;
    };
    let end_ok = match d.disc_end_date.as_deref().map(str::trim) {
        None | Some("") => true,
        Some(e) => parse_date(e).is_some_and(|end| now <= end),
    };
    start <= now
        && end_ok
        && d.discount_details.len() == 1
        && d.discount_details[0].product == PROMO_PRODUCT
}

/// The first valid promotion, if any.
pub fn first_valid(discounts: &[Discount], now: DateTime<Utc>) -> Option<&Discount> {
    discounts.iter().find(|d| is_valid(d, now))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use upstream::promotions::DiscountDetail;

    fn detail(product: &str) -> DiscountDetail {
        DiscountDetail {
            product: product.into(),
            lob: "HSD".into(),
            plan: "HSD_030".into(),
            origin_price_per_unit: 45.0,
            discounted_price_per_unit: -35.0,
            effective_price: 10.0,
        }
    }

    fn disc(id: &str, start: &str, end: Option<&str>, products: &[&str]) -> Discount {
        Discount {
            disc_id: id.into(),
            disc_start_date: start.into(),
            disc_end_date: end.map(Into::into),
            offer_type: "DISCOUNT".into(),
            discount_details: products.iter().map(|p| detail(p)).collect(),
        }
    }

    fn at(s: &str) -> DateTime<Utc> {
        parse_date(s).unwrap()
    }

    #[test]
    fn dates() {
        assert_eq!(
            parse_date("20260102030405").unwrap().to_rfc3339(),
            "2026-01-02T03:04:05+00:00"
        );
        assert_eq!(
            parse_date("2026-01-02 03:04:05"),
            parse_date("20260102030405")
        );
        assert_eq!(parse_date("20260102"), parse_date("20260102000000"));
        assert!(parse_date("20261302000000").is_none());
        assert!(parse_date("2026").is_none());
        assert!(parse_date("").is_none());
    }

    #[test]
    fn the_simulated_world_skips_three() {
        let list = simulators::buy_world::promotions("ATL")
            .prepaid_promotions
            .discounts;
        let now = at("20270315120000");
        assert_eq!(
            first_valid(&list, now).map(|d| d.disc_id.as_str()),
            Some(simulators::buy_world::VALID_PROMO_ID)
        );
    }

    #[test]
    fn table() {
        let now = at("20270101000000");
        let p = PROMO_PRODUCT;
        assert!(is_valid(&disc("a", "20260101000000", None, &[p]), now));
        assert!(
            is_valid(&disc("a", "20270101000000", Some(""), &[p]), now),
            "start inclusive"
        );
        assert!(
            !is_valid(&disc("a", "2026", Some("20270101000000"), &[p]), now),
            "unreadable start"
        );
        assert!(
            is_valid(&disc("a", "20260101", Some("20270101000000"), &[p]), now),
            "end second"
        );
        assert!(!is_valid(
            &disc("a", "20260101", Some("20261231235959"), &[p]),
            now
        ));
        assert!(!is_valid(&disc("a", "20270101000001", None, &[p]), now));
        assert!(!is_valid(&disc("a", "20260101", None, &[p, p]), now));
        assert!(!is_valid(&disc("a", "20260101", None, &[]), now));
        assert!(!is_valid(
            &disc("a", "20260101", None, &["ECO-HSD-007"]),
            now
        ));
        assert!(!is_valid(
            &disc("a", "20260101", Some("garbage"), &[p]),
            now
        ));
    }

    /// Oracle: dates compared as zero-padded 14-digit strings (lexicographic = chronological
    /// for valid dates).
    fn oracle(start: &str, end: Option<&str>, products: &[&str], now: &str) -> bool {
        let key = |s: &str| -> Option<String> {
            parse_date(s)?;
            Some(format!(
                "{:0<14}",
                s.chars().filter(char::is_ascii_digit).collect::<String>()
            ))
        };
        let Some(start) = key(start) else {
            return false;
        };
        let now = key(now).unwrap();
        let end_ok = match end {
            None | Some("") => true,
            Some(e) => key(e).is_some_and(|e| now <= e),
        };
        start <= now && end_ok && products == [PROMO_PRODUCT]
    }

    fn date() -> impl Strategy<Value = String> {
        (
            2024u32..2030,
            1u32..13,
            1u32..29,
            0u32..24,
            0u32..60,
            0u32..60,
        )
            .prop_map(|(y, m, d, h, mi, s)| format!("{y:04}{m:02}{d:02}{h:02}{mi:02}{s:02}"))
    }

    proptest! {
        #[test]
        fn matches_oracle(
            start in prop_oneof![date(), Just("bad".to_owned())],
            end in prop::option::of(prop_oneof![date(), Just(String::new()), Just("x".to_owned())]),
            products in prop::collection::vec(prop::sample::select(vec![PROMO_PRODUCT, "ECO-HSD-007", "ECO-HSD-XB3"]), 0..3),
            now in date(),
        ) {
            let d = disc("P", &start, end.as_deref(), &products);
            prop_assert_eq!(is_valid(&d, at(&now)), oracle(&start, end.as_deref(), &products, &now));
        }

        #[test]
        fn first_valid_is_the_first_that_is_valid(
            n in 0usize..6, seed in any::<u64>(), now in date()
        ) {
            let now = at(&now);
            let list: Vec<Discount> = (0..n).map(|i| {
                let bits = seed >> (i * 4);
                let start = if bits & 1 == 0 { "20240101" } else { "20990101" };
                let end = if bits & 2 == 0 { None } else { Some("20240102") };
                let products: &[&str] = if bits & 4 == 0 { &[PROMO_PRODUCT] } else { &[PROMO_PRODUCT, PROMO_PRODUCT] };
                disc(&format!("P{i}"), start, end, products)
            }).collect();
            let want = list.iter().position(|d| is_valid(d, now));
            let got = first_valid(&list, now).map(|d| d.disc_id.clone());
            prop_assert_eq!(got, want.map(|i| format!("P{i}")));
        }
    }
}
