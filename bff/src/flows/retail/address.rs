//! Address rules of the retail flow (seed 000 §4 "Retail flow", §5 "Retail flow").
//!
//! - [`filter_suggestions`]: drop the first 2 upstream entries (match count and query echo),
//!   entries equal to `N`, blank entries and duplicates; keep at most [`MAX_SUGGESTIONS`].
//! - [`pick`]: street = first comma part; unit = second part when there are more than 3
//!   comma parts, else empty; zip = the 5 digits of a trailing `\d{5}` or `\d{5}-\d{4}`,
//!   else empty; `cityStateZip` = the parts after street (and unit), joined with `, `.
//! - [`validation_outcome`]: 0 matches -> invalidAddress, 1 -> single, more -> multiple.
//! - [`sort_by_unit`]: matches sorted by unit text (`addressLine2`), case-insensitive, stable.
//! - [`should_retry_without_unit`]: a unit was given and nothing matched -> ask once more
//!   with an empty unit.

use poem_openapi::Enum;
use upstream::address::{AddressValidationResponse, CustomerInfo};

/// At most this many suggestions are shown (seed 000 §5, §9).
pub const MAX_SUGGESTIONS: usize = 5;

/// Leading upstream entries that are not addresses (match count, query echo).
pub const SKIPPED_ENTRIES: usize = 2;

/// Filters the raw address-search answer into displayable suggestions (order kept).
pub fn filter_suggestions(raw: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for entry in raw.iter().skip(SKIPPED_ENTRIES) {
        let entry = entry.trim();
        if entry.is_empty() || entry == "N" || out.iter().any(|e| e == entry) {
            continue;
        }
        out.push(entry.to_owned());
        if out.len() == MAX_SUGGESTIONS {
            break;
        }
    }
    out
}

/// A suggestion split by the pick rule.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Picked {
    /// Street line and unit, as shown in the list's first line.
    pub street_address: String,
    /// City, state and zip part.
    pub city_state_zip: String,
    /// The street field's value.
    pub street: String,
    /// The unit field's value (empty when the suggestion has 3 comma parts or fewer).
    pub unit: String,
    /// The zip field's value: 5 digits, or empty.
    pub zip: String,
}

/// The 5 digits of a trailing `\d{5}` or `\d{5}-\d{4}` (not part of a longer number).
pub fn trailing_zip(s: &str) -> Option<String> {
    let b = s.trim_end().as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|x| x.iter().all(u8::is_ascii_digit));
    let n = b.len();
    let start = if n >= 10 && b[n - 5] == b'-' && digits(n - 4..n) && digits(n - 10..n - 5) {
        n - 10
    } else if n >= 5 && digits(n - 5..n) {
        n - 5
    } else {
        return None;
    };
    if start > 0 && b[start - 1].is_ascii_digit() {
        return None;
    }
    Some(String::from_utf8_lossy(&b[start..start + 5]).into_owned())
}

/// Splits a suggestion by the pick rule (module docs).
pub fn pick(full: &str) -> Picked {
    let parts: Vec<&str> = full.split(',').map(str::trim).collect();
    let street = parts.first().copied().unwrap_or_default().to_owned();
    let unit = if parts.len() > 3 {
        parts[1].to_owned()
    } else {
        String::new()
    };
    let head = if parts.len() > 3 { 2 } else { 1 }.min(parts.len());
    Picked {
        street_address: parts[..head].join(", "),
        city_state_zip: parts[head..].join(", "),
        street,
        unit,
        zip: trailing_zip(full).unwrap_or_default(),
    }
}

/// Result of an address validation for the flow (seed 000 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Enum)]
#[oai(rename_all = "camelCase")]
pub enum ValidationOutcome {
    /// No match: the invalid-address error on addressCheck.
    InvalidAddress,
    /// One match: go on to the serviceability check.
    Single,
    /// Several matches: stage addressMultiUnit.
    Multiple,
}

/// Outcome by number of matches.
pub fn validation_outcome(matches: usize) -> ValidationOutcome {
    match matches {
        0 => ValidationOutcome::InvalidAddress,
        1 => ValidationOutcome::Single,
        _ => ValidationOutcome::Multiple,
    }
}

/// Sorts matches by unit text, case-insensitive; equal units keep their order.
pub fn sort_by_unit(infos: &mut [CustomerInfo]) {
    infos.sort_by_cached_key(|i| i.address.address_line2.to_lowercase());
}

/// Whether to ask again once with an empty unit (seed 000 §4: "If none match and a unit was
/// given, retry once without the unit").
pub fn should_retry_without_unit(unit: &str, first: &AddressValidationResponse) -> bool {
    !unit.trim().is_empty() && first.customer_infos.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use upstream::address::Address;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn filters() {
        let raw = s(&["7", "12 Main", "A", "N", "B", "A", "", "C", "D", "E", "F"]);
        assert_eq!(filter_suggestions(&raw), s(&["A", "B", "C", "D", "E"]));
        assert!(filter_suggestions(&s(&["1", "q"])).is_empty());
        assert!(filter_suggestions(&[]).is_empty());
    }

    #[test]
    fn picks() {
        let p = pick("1200 Peachtree St, Apt 12, Atlanta, GA 30309");
        assert_eq!(
            (p.street.as_str(), p.unit.as_str(), p.zip.as_str()),
            ("1200 Peachtree St", "Apt 12", "30309")
        );
        assert_eq!(p.street_address, "1200 Peachtree St, Apt 12");
        assert_eq!(p.city_state_zip, "Atlanta, GA 30309");
        let p = pick("1200 Peachtree St, Atlanta, GA 30309-1234");
        assert_eq!((p.unit.as_str(), p.zip.as_str()), ("", "30309"));
        assert_eq!(p.city_state_zip, "Atlanta, GA 30309-1234");
        let p = pick("Somewhere");
        assert_eq!(
            (p.street.as_str(), p.zip.as_str(), p.city_state_zip.as_str()),
            ("Somewhere", "", "")
        );
        assert_eq!(trailing_zip("ZIP 123456"), None);
        assert_eq!(trailing_zip("x 12345-123"), None);
        assert_eq!(trailing_zip("12345"), Some("12345".into()));
    }

    #[test]
    fn outcomes_and_retry() {
        assert_eq!(validation_outcome(0), ValidationOutcome::InvalidAddress);
        assert_eq!(validation_outcome(1), ValidationOutcome::Single);
        assert_eq!(validation_outcome(7), ValidationOutcome::Multiple);
        let empty = AddressValidationResponse::default();
        assert!(should_retry_without_unit("Apt 1", &empty));
        assert!(!should_retry_without_unit("  ", &empty));
    }

    fn info(unit: &str) -> CustomerInfo {
        CustomerInfo {
            address: Address {
                address_line1: "1 A St".into(),
                address_line2: unit.into(),
                ..Default::default()
            },
            location_id: unit.into(),
        }
    }

    #[test]
    fn sorts_case_insensitive() {
        let mut v = vec![info("apt 3"), info("APT 1"), info("Apt 2")];
        sort_by_unit(&mut v);
        let units: Vec<_> = v.iter().map(|i| i.address.address_line2.as_str()).collect();
        assert_eq!(units, ["APT 1", "Apt 2", "apt 3"]);
    }

    proptest! {
        #[test]
        fn suggestions_invariants(raw in prop::collection::vec(prop_oneof![
            Just("N".to_string()), Just("A".to_string()), "[a-zA-Z0-9 ,]{0,12}"], 0..15)) {
            let out = filter_suggestions(&raw);
            prop_assert!(out.len() <= MAX_SUGGESTIONS);
            for (i, e) in out.iter().enumerate() {
                prop_assert!(e != "N" && !e.is_empty());
                prop_assert!(!out[..i].contains(e), "duplicate");
                prop_assert!(raw.iter().skip(2).any(|r| r.trim() == e));
            }
            // Oracle: the same rule written as an iterator pipeline.
            let mut seen = std::collections::BTreeSet::new();
            let want: Vec<String> = raw.iter().skip(2).map(|r| r.trim().to_string())
                .filter(|r| !r.is_empty() && r != "N")
                .filter(|r| seen.insert(r.clone())).take(5).collect();
            prop_assert_eq!(out, want);
        }

        #[test]
        fn pick_invariants(parts in prop::collection::vec("[A-Za-z0-9 ]{1,10}", 1..6),
                           zip in prop::option::of("[0-9]{5}(-[0-9]{4})?")) {
            let mut full = parts.join(", ");
            if let Some(z) = &zip { full = format!("{full} {z}"); }
            let p = pick(&full);
            let n = full.split(',').count();
            prop_assert_eq!(p.unit.is_empty(), n <= 3 || full.split(',').nth(1).unwrap().trim().is_empty());
            prop_assert!(p.zip.is_empty() || (p.zip.len() == 5 && p.zip.chars().all(|c| c.is_ascii_digit())));
            if let Some(z) = &zip {
                // Appended after a space, so it is always a trailing zip.
                prop_assert_eq!(&p.zip, &z[..5]);
            }
            prop_assert_eq!(p.street, full.split(',').next().unwrap().trim());
        }

        #[test]
        fn sort_is_sorted_permutation(units in prop::collection::vec("[a-zA-Z0-9 ]{0,6}", 0..12)) {
            let mut v: Vec<_> = units.iter().map(|u| info(u)).collect();
            sort_by_unit(&mut v);
            prop_assert_eq!(v.len(), units.len());
            for w in v.windows(2) {
                prop_assert!(w[0].address.address_line2.to_lowercase() <= w[1].address.address_line2.to_lowercase());
            }
        }

        #[test]
        fn outcome_by_count(n in 0usize..50) {
            let o = validation_outcome(n);
            prop_assert_eq!(o == ValidationOutcome::InvalidAddress, n == 0);
            prop_assert_eq!(o == ValidationOutcome::Single, n == 1);
        }
    }
}
