//! Activation rules (seed 001 §4 "Activation", §5 "MAC address", "Account name step"):
//! the MAC entry's formatting, when the device step is complete, when Activate is enabled,
//! and the outcome of an activation answer. Pure; the web applies [`format_mac`]'s rule as
//! the customer types, the BFF applies it again to what it is sent.

/// Length of a complete MAC address `XX:XX:XX:XX:XX:XX` (seed 001 §5: 17-character maximum;
/// Submit enabled only at 17).
pub const MAC_LEN: usize = 17;

/// The MAC entry as seed 001 §5 formats it: upper-cased, every character that is not a hex
/// digit stripped, a colon inserted after every two digits, cut at [`MAC_LEN`] characters.
/// E.g. `"a4-b1 00zz0002"` -> `"A4:B1:00:00:02"`; `""` -> `""`.
pub fn format_mac(input: &str) -> String {
    let mut out = String::with_capacity(MAC_LEN);
    let digits = input
        .chars()
        .map(|c| c.to_ascii_uppercase())
        .filter(char::is_ascii_hexdigit);
    for (i, c) in digits.enumerate() {
        if i > 0 && i % 2 == 0 {
            out.push(':');
        }
        out.push(c);
        if out.len() >= MAC_LEN {
            break;
        }
    }
    out
}

/// Whether a formatted entry is a complete MAC (Submit enabled; seed 001 §5).
pub fn mac_complete(formatted: &str) -> bool {
    formatted.len() == MAC_LEN
}

/// Whether the device step completes by itself: the service is ready (`sroYN` is `N`) and
/// the first device's status is `FOUND` (seed 001 §4 "Activation"). Otherwise the customer
/// enters the MAC address.
pub fn device_located(sro_yn: Option<&str>, first_device_status: Option<&str>) -> bool {
    sro_yn == Some("N") && first_device_status == Some("FOUND")
}

/// Whether Activate is enabled (seed 001 §4 "Activation"): the device step is complete,
/// and for a VAN account a non-blank first and last name are present too (§5 "Account name
/// step").
pub fn activate_enabled(device_complete: bool, van: bool, first: &str, last: &str) -> bool {
    device_complete && (!van || (!first.trim().is_empty() && !last.trim().is_empty()))
}

/// Outcome of an activation answer: success iff neither `errorCode` nor `errorMessage` is
/// present (seed 001 §4 "Activation"); failure goes to the error page.
pub fn succeeded(error_code: Option<&str>, error_message: Option<&str>) -> bool {
    error_code.is_none() && error_message.is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn examples_of_the_seed() {
        assert_eq!(format_mac("1234567890ab"), "12:34:56:78:90:AB");
        assert_eq!(format_mac("12:34:56:78:90:AB"), "12:34:56:78:90:AB");
        assert_eq!(format_mac("a4-b1 00zz0002"), "A4:B1:00:00:02");
        assert_eq!(format_mac("1234567890abcdef"), "12:34:56:78:90:AB");
        assert_eq!(format_mac("ghij"), "");
        assert_eq!(format_mac("a"), "A");
        assert_eq!(format_mac("abc"), "AB:C");
        assert!(mac_complete(&format_mac("1234567890ab")));
        assert!(!mac_complete(&format_mac("1234567890a")));
        assert!(device_located(Some("N"), Some("FOUND")));
        assert!(!device_located(Some("Y"), Some("FOUND")));
        assert!(!device_located(Some("N"), Some("NOT_FOUND")));
        assert!(!device_located(None, None));
        assert!(activate_enabled(true, false, "", ""));
        assert!(!activate_enabled(true, true, "Ana", " "));
        assert!(activate_enabled(true, true, "Ana", "Ruiz"));
        assert!(!activate_enabled(false, false, "Ana", "Ruiz"));
        assert!(succeeded(None, None));
        assert!(!succeeded(Some("X"), None));
        assert!(!succeeded(None, Some("went wrong")));
    }

    proptest! {
        #[test]
        fn formatted_macs_are_upper_hex_pairs_with_colons(input in ".{0,40}") {
            let f = format_mac(&input);
            prop_assert!(f.len() <= MAC_LEN);
            for (i, c) in f.chars().enumerate() {
                if i % 3 == 2 {
                    prop_assert_eq!(c, ':');
                } else {
                    prop_assert!(c.is_ascii_digit() || ('A'..='F').contains(&c), "{}", f);
                }
            }
            prop_assert!(!f.ends_with(':'));
        }

        #[test]
        fn formatting_keeps_the_hex_digits_in_order_and_is_idempotent(input in ".{0,40}") {
            let f = format_mac(&input);
            let digits: String = input
                .chars()
                .filter(char::is_ascii_hexdigit)
                .map(|c| c.to_ascii_uppercase())
                .take(12)
                .collect();
            prop_assert_eq!(f.replace(':', ""), digits);
            prop_assert_eq!(format_mac(&f), f.clone());
            prop_assert_eq!(mac_complete(&f), f.replace(':', "").len() == 12);
        }

        #[test]
        fn activate_needs_the_device_and_for_van_both_names(
            device in any::<bool>(), van in any::<bool>(), first in "[ a-z]{0,3}", last in "[ a-z]{0,3}",
        ) {
            let names = !first.trim().is_empty() && !last.trim().is_empty();
            prop_assert_eq!(activate_enabled(device, van, &first, &last), device && (!van || names));
        }

        #[test]
        fn any_error_field_is_a_failure(code in proptest::option::of(".{0,5}"), msg in proptest::option::of(".{0,5}")) {
            prop_assert_eq!(succeeded(code.as_deref(), msg.as_deref()), code.is_none() && msg.is_none());
        }
    }
}
