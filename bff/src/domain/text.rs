//! Free text the browser sends (names, street lines, cities, e-mails, tokens, codes): no
//! control or bidi-override character, ever (security issue, item 10). They have no place in
//! a name or an address, and echoed back, logged or forwarded they forge log lines and
//! headers (CR/LF), cut strings short (NUL), or make a text read otherwise than it is stored
//! (bidi overrides and isolates).
//!
//! The rule is declared once, here, as the JSON Schema (ECMA-262) pattern
//! [`FREE_TEXT_PATTERN`]: `http::spec_rules` puts it on every string property of every
//! request body that no stricter pattern, enum or format constrains (and
//! [`NOT_BLANK_FREE_TEXT_PATTERN`] where the property must not be blank), and
//! `http::body_types` refuses a body that breaks it (400 `VALIDATION_FAILED`, detail
//! `{ field, code: "pattern" }`) before any handler runs. [`forbidden`] is the same set as a
//! predicate (a unit test pins that both agree).
//!
//! Forbidden: C0 controls U+0000 to U+001F (NUL, tab, LF, vertical tab, CR, ESC, ...), DEL
//! U+007F, C1 controls U+0080 to U+009F, the line and paragraph separators U+2028 and U+2029
//! (line breaks to JavaScript and to many log viewers), the bidi embeddings and overrides
//! U+202A to U+202E, the bidi isolates U+2066 to U+2069.

/// The forbidden characters as the body of a regex class (ECMA-262 and Rust `regex`).
macro_rules! forbidden_class {
    () => {
        r"\u0000-\u001F\u007F-\u009F\u2028-\u202E\u2066-\u2069"
    };
}

/// Any text without a forbidden character (the empty string included).
pub const FREE_TEXT_PATTERN: &str = concat!("^[^", forbidden_class!(), "]*$");

/// Text without a forbidden character and with at least one character that is not white
/// space (what `pattern: "\S"` said before, without the forbidden ones).
pub const NOT_BLANK_FREE_TEXT_PATTERN: &str = concat!(
    "^[^",
    forbidden_class!(),
    r"]*[^\s",
    forbidden_class!(),
    "][^",
    forbidden_class!(),
    "]*$"
);

/// Whether `c` may not appear in free text.
pub fn forbidden(c: char) -> bool {
    matches!(
        c as u32,
        0x00..=0x1F | 0x7F..=0x9F | 0x2028..=0x202E | 0x2066..=0x2069
    )
}

/// Whether `s` holds a forbidden character.
pub fn has_forbidden(s: &str) -> bool {
    s.chars().any(forbidden)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn validator(pattern: &str) -> jsonschema::Validator {
        jsonschema::validator_for(&serde_json::json!({"type": "string", "pattern": pattern}))
            .unwrap()
    }

    /// The pattern (as JSON Schema reads it, the BFF's contract check) and the predicate agree
    /// on every character of the Basic Multilingual Plane and a few beyond.
    #[test]
    fn the_pattern_and_the_predicate_are_one_rule() {
        let free = validator(FREE_TEXT_PATTERN);
        let not_blank = validator(NOT_BLANK_FREE_TEXT_PATTERN);
        let chars = (0u32..0x1_0000)
            .chain([0x1_F600, 0xE_0001, 0x10_FFFF])
            .filter_map(char::from_u32);
        for c in chars {
            let s = format!("Ada{c}x");
            let v = serde_json::Value::String(s.clone());
            assert_eq!(free.is_valid(&v), !forbidden(c), "U+{:04X}", c as u32);
            assert_eq!(not_blank.is_valid(&v), !forbidden(c), "U+{:04X}", c as u32);
            assert_eq!(has_forbidden(&s), forbidden(c));
        }
        for (s, ok) in [
            ("", true),
            ("   ", true),
            ("Zoë D'Arc-Núñez", true),
            ("a\r\nb", false),
        ] {
            assert_eq!(free.is_valid(&s.into()), ok, "{s:?}");
        }
        for (s, ok) in [
            ("", false),
            ("  \t", false),
            ("   ", false),
            (" 12 Main St ", true),
        ] {
            assert_eq!(not_blank.is_valid(&s.into()), ok, "{s:?}");
        }
    }

    #[test]
    fn names_addresses_and_e_mails_pass_controls_and_overrides_do_not() {
        for ok in [
            "Ana María López",
            "1200 Peachtree St, Apt 9",
            "zoe@example.com",
            "株式会社",
        ] {
            assert!(!has_forbidden(ok), "{ok}");
        }
        for bad in [
            "Ada\u{0}",
            "Ada\r\nX: 1",
            "\u{1B}[31m",
            "a\u{0B}b",
            "a\u{7F}",
            "a\u{85}b",
            "abc\u{202E}fed",
            "a\u{2066}b\u{2069}",
            "a\u{2028}b",
        ] {
            assert!(has_forbidden(bad), "{bad:?}");
        }
    }
}
