//! Error-catalogue lookup (seed 000 §8), over `Buyflow.errorCatalogue` of the content
//! service in the request's locale and in English.
//!
//! 1. In the requested locale's catalogue: the code as given, then with `_` turned into `-`;
//! 2. the same in the English catalogue;
//! 3. else the requested locale's `generic` message with `{phone}` replaced by its
//!    `customerCarePhone`.
//!
//! A found group with `appendCode` gets ` <codeLabel>: <code>` appended, in the language
//! of the catalogue the message came from (the code as received). Codes are compared
//! exactly (the catalogue spells them as the services do) after trimming.

use upstream::content::{ErrorCatalogue, ErrorGroup};

fn find<'a>(cat: &'a ErrorCatalogue, code: &str) -> Option<&'a ErrorGroup> {
    let hyphen = code.replace('_', "-");
    [code, hyphen.as_str()]
        .into_iter()
        .find_map(|c| cat.groups.iter().find(|g| g.codes.iter().any(|x| x == c)))
}

fn render(cat: &ErrorCatalogue, group: &ErrorGroup, code: &str) -> String {
    if group.append_code {
        format!("{} {}: {code}", group.message.trim_end(), cat.code_label)
    } else {
        group.message.clone()
    }
}

/// The generic message of a catalogue.
pub fn generic(cat: &ErrorCatalogue) -> String {
    cat.generic.replace("{phone}", &cat.customer_care_phone)
}

/// The message for `code` in `requested`, falling back to `english` (rule in the module
/// docs). Pass the English catalogue as `requested` for English requests.
pub fn message(requested: &ErrorCatalogue, english: &ErrorCatalogue, code: &str) -> String {
    let code = code.trim();
    if let Some(g) = find(requested, code) {
        return render(requested, g, code);
    }
    if let Some(g) = find(english, code) {
        return render(english, g, code);
    }
    generic(requested)
}

/// Whether `code` is in the catalogue (either spelling).
pub fn knows(cat: &ErrorCatalogue, code: &str) -> bool {
    find(cat, code.trim()).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn cat(lang: &str) -> ErrorCatalogue {
        let es = lang == "es";
        ErrorCatalogue {
            generic: if es {
                "Llama al {phone}."
            } else {
                "Call {phone}."
            }
            .into(),
            customer_care_phone: if es { "1-800-ES" } else { "1-800-EN" }.into(),
            code_label: if es { "Código de error" } else { "Error Code" }.into(),
            groups: vec![
                ErrorGroup {
                    codes: vec!["PAYMENT-1175".into()],
                    message: if es { "Tarjeta." } else { "Card." }.into(),
                    append_code: true,
                },
                ErrorGroup {
                    codes: vec!["SYS-CUSTACT-02".into()],
                    message: if es { "Sistema." } else { "System." }.into(),
                    append_code: false,
                },
                ErrorGroup {
                    codes: vec!["ONLY-EN".into()],
                    message: "English only.".into(),
                    append_code: false,
                },
            ]
            .into_iter()
            .filter(|g| !(es && g.codes[0] == "ONLY-EN"))
            .collect(),
        }
    }

    #[test]
    fn rules() {
        let (en, es) = (cat("en"), cat("es"));
        assert_eq!(
            message(&en, &en, "PAYMENT-1175"),
            "Card. Error Code: PAYMENT-1175"
        );
        assert_eq!(
            message(&es, &en, "PAYMENT-1175"),
            "Tarjeta. Código de error: PAYMENT-1175"
        );
        assert_eq!(message(&en, &en, "SYS_CUSTACT_02"), "System.");
        assert_eq!(message(&es, &en, "SYS_CUSTACT_02"), "Sistema.");
        assert_eq!(message(&es, &en, "ONLY_EN"), "English only.");
        assert_eq!(message(&es, &en, "NOPE"), "Llama al 1-800-ES.");
        assert_eq!(message(&en, &en, ""), "Call 1-800-EN.");
    }

    proptest! {
        #[test]
        fn unknown_codes_are_generic(code in "[A-Z]{1,4}[_-]?[0-9]{0,5}") {
            let (en, es) = (cat("en"), cat("es"));
            prop_assume!(!knows(&en, &code));
            prop_assert_eq!(message(&en, &en, &code), generic(&en));
            prop_assert_eq!(message(&es, &en, &code), generic(&es));
        }
    }
}
