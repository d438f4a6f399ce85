//! Customer info (seed 000 §5 "Customer info", §3 "Customer", §4 billing name).
//!
//! The UI filters names as typed ([`filter_name`] is the rule, shared here so both sides
//! agree); the BFF validates strictly ([`validate`]) and never silently changes a value.
//!
//! | field | max | codes |
//! |---|---|---|
//! | `firstName` | 70 | `firstNameMissing` (empty or blank), `invalidCharacters`, `maxLength` |
//! | `lastName` | 40 | `lastNameMissing`, `invalidCharacters`, `maxLength` |
//! | `email` | 300 | `emailMissing` (empty, or not `text@text.text`: the seed has one message for both), `maxLength` |
//! | `confirmEmail` | 300 | `confirmEmailMissing` (empty), `emailMismatch` (differs from `email`), `maxLength` |
//! | `tn` | 10 digits | `phoneFormat` (anything but exactly 10 ASCII digits, empty included) |
//!
//! Lengths count characters (not bytes). Allowed name characters: ASCII letters, Latin
//! letters with diacritics (Latin-1 Supplement, Latin Extended-A/B and Additional, without
//! `×` and `÷`), space, hyphen, apostrophe and colon.

use crate::http::error::FieldError;

/// Longest first name.
pub const FIRST_NAME_MAX: usize = 70;
/// Longest last name.
pub const LAST_NAME_MAX: usize = 40;
/// Longest e-mail.
pub const EMAIL_MAX: usize = 300;

/// Whether `c` may appear in a name.
pub fn name_char_allowed(c: char) -> bool {
    c.is_ascii_alphabetic()
        || matches!(c, ' ' | '-' | '\'' | ':')
        || (c.is_alphabetic()
            && matches!(c as u32, 0x00C0..=0x024F | 0x1E00..=0x1EFF)
            && c != '×'
            && c != '÷')
}

/// The UI's typing filter: drops every character that is not allowed.
pub fn filter_name(s: &str) -> String {
    s.chars().filter(|c| name_char_allowed(*c)).collect()
}

/// The basic e-mail pattern of seed 000 §5: text, `@`, text, dot, text (no spaces, one `@`).
pub fn email_ok(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let clean = |t: &str| !t.is_empty() && !t.contains('@') && !t.chars().any(char::is_whitespace);
    clean(local)
        && clean(domain)
        && domain
            .char_indices()
            .any(|(i, c)| c == '.' && i > 0 && i + 1 < domain.len())
}

/// Whether `tn` is exactly 10 ASCII digits.
pub fn tn_ok(tn: &str) -> bool {
    tn.len() == 10 && tn.bytes().all(|b| b.is_ascii_digit())
}

/// `(XXX) XXX - XXXX` for 10 digits (the input's display, seed 000 §5), else the input.
pub fn display_tn(tn: &str) -> String {
    if tn_ok(tn) {
        format!("({}) {} - {}", &tn[..3], &tn[3..6], &tn[6..])
    } else {
        tn.to_owned()
    }
}

/// Billing name split (seed 000 §4): with two or more words (split on whitespace), the
/// first word is the first name and the last word the last name; otherwise `None`.
pub fn split_billing_name(name: &str) -> Option<(String, String)> {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        [first, .., last] => Some(((*first).to_owned(), (*last).to_owned())),
        _ => None,
    }
}

/// The customer-info fields as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Input<'a> {
    /// First name.
    pub first_name: &'a str,
    /// Last name.
    pub last_name: &'a str,
    /// E-mail.
    pub email: &'a str,
    /// E-mail again.
    pub confirm_email: &'a str,
    /// Mobile number, 10 digits.
    pub tn: &'a str,
}

fn err(field: &str, code: &str) -> FieldError {
    FieldError {
        field: field.to_owned(),
        code: code.to_owned(),
    }
}

fn name(field: &str, value: &str, max: usize, missing: &str, out: &mut Vec<FieldError>) {
    if value.trim().is_empty() {
        out.push(err(field, missing));
    } else if !value.chars().all(name_char_allowed) {
        out.push(err(field, "invalidCharacters"));
    } else if value.chars().count() > max {
        out.push(err(field, "maxLength"));
    }
}

/// Every field error of `i` (empty: valid), in field order, at most one per field.
pub fn validate(i: &Input<'_>) -> Vec<FieldError> {
    let mut out = Vec::new();
    name(
        "firstName",
        i.first_name,
        FIRST_NAME_MAX,
        "firstNameMissing",
        &mut out,
    );
    name(
        "lastName",
        i.last_name,
        LAST_NAME_MAX,
        "lastNameMissing",
        &mut out,
    );
    if i.email.chars().count() > EMAIL_MAX {
        out.push(err("email", "maxLength"));
    } else if !email_ok(i.email) {
        out.push(err("email", "emailMissing"));
    }
    if i.confirm_email.is_empty() {
        out.push(err("confirmEmail", "confirmEmailMissing"));
    } else if i.confirm_email.chars().count() > EMAIL_MAX {
        out.push(err("confirmEmail", "maxLength"));
    } else if i.confirm_email != i.email {
        out.push(err("confirmEmail", "emailMismatch"));
    }
    if !tn_ok(i.tn) {
        out.push(err("tn", "phoneFormat"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn good() -> Input<'static> {
        Input {
            first_name: "José María",
            last_name: "O'Neil-Núñez",
            email: "jose@example.com",
            confirm_email: "jose@example.com",
            tn: "4045550123",
        }
    }

    fn codes(i: &Input<'_>) -> Vec<(String, String)> {
        validate(i).into_iter().map(|e| (e.field, e.code)).collect()
    }

    #[test]
    fn table() {
        assert!(validate(&good()).is_empty());
        let c = |f: &str, code: &str| vec![(f.to_owned(), code.to_owned())];
        assert_eq!(
            codes(&Input {
                first_name: "  ",
                ..good()
            }),
            c("firstName", "firstNameMissing")
        );
        assert_eq!(
            codes(&Input {
                last_name: "",
                ..good()
            }),
            c("lastName", "lastNameMissing")
        );
        assert_eq!(
            codes(&Input {
                first_name: "Ann3",
                ..good()
            }),
            c("firstName", "invalidCharacters")
        );
        assert_eq!(
            codes(&Input {
                last_name: "<b>",
                ..good()
            }),
            c("lastName", "invalidCharacters")
        );
        let long = "a".repeat(41);
        assert_eq!(
            codes(&Input {
                last_name: &long,
                ..good()
            }),
            c("lastName", "maxLength")
        );
        assert_eq!(
            codes(&Input {
                first_name: &long,
                ..good()
            }),
            vec![]
        );
        assert_eq!(
            codes(&Input {
                email: "",
                confirm_email: "",
                ..good()
            }),
            vec![
                ("email".into(), "emailMissing".into()),
                ("confirmEmail".into(), "confirmEmailMissing".into())
            ]
        );
        assert_eq!(
            codes(&Input {
                confirm_email: "x@example.com",
                ..good()
            }),
            c("confirmEmail", "emailMismatch")
        );
        assert_eq!(
            codes(&Input {
                tn: "404555012",
                ..good()
            }),
            c("tn", "phoneFormat")
        );
        assert_eq!(
            codes(&Input {
                tn: "(404) 555-0123",
                ..good()
            }),
            c("tn", "phoneFormat")
        );
        for bad in ["a@b", "@b.c", "a@.c", "a@b.", "a b@c.d", "a@b@c.d", "abc"] {
            assert!(!email_ok(bad), "{bad}");
        }
        for ok in ["a@b.c", "first.last+tag@mail.example.co.uk"] {
            assert!(email_ok(ok), "{ok}");
        }
        assert_eq!(display_tn("4045550123"), "(404) 555 - 0123");
        assert_eq!(filter_name("Zoë 3rd <x>: d'Arc-×"), "Zoë rd x: d'Arc-");
    }

    #[test]
    fn billing_split() {
        assert_eq!(
            split_billing_name("Ana María López"),
            Some(("Ana".into(), "López".into()))
        );
        assert_eq!(
            split_billing_name("  Ana   Lopez "),
            Some(("Ana".into(), "Lopez".into()))
        );
        assert_eq!(split_billing_name("Cher"), None);
        assert_eq!(split_billing_name("   "), None);
    }

    proptest! {
        #[test]
        fn filter_keeps_only_allowed_and_is_idempotent(s in "\\PC{0,40}") {
            let f = filter_name(&s);
            prop_assert!(f.chars().all(name_char_allowed));
            prop_assert_eq!(filter_name(&f), f.clone());
            let kept: Vec<char> = s.chars().filter(|c| name_char_allowed(*c)).collect();
            prop_assert_eq!(f.chars().collect::<Vec<_>>(), kept);
        }

        #[test]
        fn validation_matches_field_rules(
            first in prop_oneof![Just(String::new()), "[A-Za-zÀ-ÿ' :-]{1,80}", "\\PC{1,10}"],
            last in prop_oneof![Just(String::new()), "[A-Za-zÀ-ÿ' :-]{1,50}"],
            email in prop_oneof![Just(String::new()), "[a-z]{1,8}@[a-z]{1,8}\\.[a-z]{2,3}", "[a-z@. ]{0,12}"],
            same in any::<bool>(),
            tn in prop_oneof!["[0-9]{10}", "[0-9]{0,12}", "[0-9a-z() -]{0,14}"],
        ) {
            let confirm = if same { email.clone() } else { format!("x{email}") };
            let i = Input { first_name: &first, last_name: &last, email: &email, confirm_email: &confirm, tn: &tn };
            let errs = validate(&i);
            let has = |f: &str| errs.iter().any(|e| e.field == f);
            let name_ok = |s: &str, max: usize| !s.trim().is_empty() && s.chars().all(name_char_allowed) && s.chars().count() <= max;
            prop_assert_eq!(has("firstName"), !name_ok(&first, 70));
            prop_assert_eq!(has("lastName"), !name_ok(&last, 40));
            prop_assert_eq!(has("email"), !email_ok(&email));
            prop_assert_eq!(has("confirmEmail"), confirm.is_empty() || !same);
            prop_assert_eq!(has("tn"), !(tn.len() == 10 && tn.bytes().all(|b| b.is_ascii_digit())));
            prop_assert!(errs.len() <= 5);
        }

        #[test]
        fn split_takes_first_and_last_word(words in prop::collection::vec("[A-Za-zé]{1,8}", 0..5), pad in " {0,3}") {
            let name = format!("{pad}{}{pad}", words.join("  "));
            let got = split_billing_name(&name);
            if words.len() >= 2 {
                prop_assert_eq!(got, Some((words[0].clone(), words[words.len() - 1].clone())));
            } else {
                prop_assert_eq!(got, None);
            }
        }
    }
}
