//! Money in whole cents (`i64`), the one representation of every amount the BFF computes;
//! converted from the upstream spellings (decimal strings, JSON numbers) and to the wire
//! spellings (dollars as numbers rounded to cents, or strings with 2 decimals).

/// Cents of a decimal dollar string (`"45.00"`, `"9.9"`, `"-35"`, `" 7 "`); `None` when it
/// is not a decimal number with at most 2 decimals (seed 000 §4: "rate parsed as decimal").
pub fn parse_dollars(s: &str) -> Option<i64> {
    let s = s.trim();
    let (neg, digits) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    if !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 2
        || int.len() > 12
    {
        return None;
    }
    let whole: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let frac_cents: i64 = match frac.len() {
        0 => 0,
        1 => frac.parse::<i64>().ok()? * 10,
        _ => frac.parse().ok()?,
    };
    let cents = whole * 100 + frac_cents;
    Some(if neg { -cents } else { cents })
}

/// Cents of a dollar number, rounded half away from zero.
pub fn cents_of(dollars: f64) -> i64 {
    if dollars.is_finite() {
        (dollars * 100.0).round() as i64
    } else {
        0
    }
}

/// Dollars as a JSON number rounded to cents (`4501` -> `45.01`).
pub fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// Dollars with exactly 2 decimals (`999` -> `"9.99"`, `-3500` -> `"-35.00"`).
pub fn two_decimals(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_decimal_strings() {
        assert_eq!(parse_dollars("45.00"), Some(4500));
        assert_eq!(parse_dollars("9.9"), Some(990));
        assert_eq!(parse_dollars("0"), Some(0));
        assert_eq!(parse_dollars("-35"), Some(-3500));
        assert_eq!(parse_dollars(".5"), Some(50));
        for bad in ["", "abc", "1.234", "1,00", "--1", "."] {
            assert_eq!(parse_dollars(bad), None, "{bad}");
        }
    }

    proptest! {
        #[test]
        fn round_trips(c in -10_000_000i64..10_000_000) {
            prop_assert_eq!(parse_dollars(&two_decimals(c)), Some(c));
            prop_assert_eq!(cents_of(dollars(c)), c);
            let s = two_decimals(c);
            prop_assert_eq!(s.split_once('.').unwrap().1.len(), 2);
        }
    }
}
