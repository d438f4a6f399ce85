//! Serviceability outcome of the retail flow (seed 000 §4 "Serviceability outcome", seed 002
//! §4.5, `business-codes.md`).
//!
//! The rule, applied in this order to an upstream `ServiceabilityResponse`:
//! 1. `businessErrorCode` `BUS0078` -> [`ServiceabilityOutcome::ExistingPrepaid`];
//! 2. `BUS0077` -> [`ServiceabilityOutcome::ExistingPostpaid`];
//! 3. `status` other than `SUCCESS` -> [`ServiceabilityOutcome::Error`];
//! 4. no business code and non-empty `serviceabilityDetails` -> `Serviceable`;
//! 5. a code of [`HOT_CODES`] (`BUS0003`, `BUS0027`, `BUS0111`, `BUS0138`, `BUS0143`,
//!    `BUS0144`) with non-empty details -> `Serviceable`;
//! 6. a code of [`COLD_CODES`] (`BUS0003`, `BUS011`, `BUS0021`, `BUS0027`) with
//!    `serviceablityStatus.value` `YELLOW` -> `ColdTap` (the UI shows the serviceable stage
//!    with the 48-hour note);
//! 7. everything else -> `Unserviceable`.
//!
//! Our reading of the seed's ambiguities (pinned by the tests below):
//! - seed 002 §4.5 says the serviceable codes are "acceptable when details exist", so the
//!   codes of step 5 count only with non-empty details; `BUS0003`/`BUS0027` appear in both
//!   lists: with details they are serviceable (step 5 comes first), with empty details and
//!   `YELLOW` they are a cold tap;
//! - the seed writes `BUS0143/BUS0144` as one combined string: we read two separate codes;
//!   the literal `"BUS0143/BUS0144"` is not a code and falls through to `Unserviceable`;
//! - codes are compared exactly (case-sensitive, as the service spells them); an empty
//!   `businessErrorCode` counts as no code; `YELLOW` is compared ignoring ASCII case;
//!   `status` must be exactly `SUCCESS`.

use poem_openapi::Enum;
use upstream::serviceability::ServiceabilityResponse;

/// Codes that count as serviceable when details exist (seed 000 §4; hot tap for analytics).
pub const HOT_CODES: [&str; 6] = [
    "BUS0003", "BUS0027", "BUS0111", "BUS0138", "BUS0143", "BUS0144",
];

/// Codes that mean a cold tap with status `YELLOW` (seed 000 §4).
pub const COLD_CODES: [&str; 4] = ["BUS0003", "BUS011", "BUS0021", "BUS0027"];

/// Existing prepaid account at the address (seed 000 §4).
pub const EXISTING_PREPAID: &str = "BUS0078";

/// Existing postpaid account at the address (seed 000 §4).
pub const EXISTING_POSTPAID: &str = "BUS0077";

/// What the retail flow does next after the serviceability check (seed 000 §2, §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Enum)]
#[oai(rename_all = "camelCase")]
pub enum ServiceabilityOutcome {
    /// `BUS0078`: stage existingPrepaidAccount.
    ExistingPrepaid,
    /// `BUS0077`: stage existingPostpaidAccount.
    ExistingPostpaid,
    /// Status other than `SUCCESS`: the error page (`/{locale}/error`).
    Error,
    /// Stage serviceable (device code entry).
    Serviceable,
    /// Stage serviceable with the cold-tap flag (48-hour installation note on readytobuy).
    ColdTap,
    /// Stage unserviceable.
    Unserviceable,
}

/// Tap status for analytics (seed 000 §4 "Tap-status analytics").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Enum)]
#[oai(rename_all = "lowercase")]
pub enum TapStatus {
    /// A cold tap (outcome `coldTap`).
    Cold,
    /// A serviceable address with a hot-listed code or no code.
    Hot,
    /// Everything else (not serviceable, existing accounts, errors).
    Never,
}

/// The business code of a response; an empty string counts as none.
fn code(resp: &ServiceabilityResponse) -> Option<&str> {
    resp.business_error_code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
}

fn is_yellow(resp: &ServiceabilityResponse) -> bool {
    resp.serviceablity_status
        .as_ref()
        .is_some_and(|s| s.value.eq_ignore_ascii_case("YELLOW"))
}

/// The outcome of a serviceability answer; rule and reading in the module docs.
pub fn outcome(resp: &ServiceabilityResponse) -> ServiceabilityOutcome {
    use ServiceabilityOutcome::*;
    let code = code(resp);
    let has_details = !resp.serviceability_details.is_empty();
    match code {
        Some(EXISTING_PREPAID) => return ExistingPrepaid,
        Some(EXISTING_POSTPAID) => return ExistingPostpaid,
        _ => {}
    }
    if resp.status != "SUCCESS" {
        return Error;
    }
    match code {
        None if has_details => Serviceable,
        Some(c) if has_details && HOT_CODES.contains(&c) => Serviceable,
        Some(c) if is_yellow(resp) && COLD_CODES.contains(&c) => ColdTap,
        _ => Unserviceable,
    }
}

/// Tap status for analytics: `coldTap` -> cold; `serviceable` (always with a hot-listed code
/// or no code, by the rule above) -> hot; every other outcome -> never.
pub fn tap_status(outcome: ServiceabilityOutcome) -> TapStatus {
    match outcome {
        ServiceabilityOutcome::ColdTap => TapStatus::Cold,
        ServiceabilityOutcome::Serviceable => TapStatus::Hot,
        _ => TapStatus::Never,
    }
}

#[cfg(test)]
mod tests {
    use super::ServiceabilityOutcome::*;
    use super::*;
    use proptest::prelude::*;
    use upstream::serviceability::{ServiceabilityDetail, ServiceabilityStatus};

    fn resp(
        status: &str,
        code: Option<&str>,
        colour: Option<&str>,
        details: bool,
    ) -> ServiceabilityResponse {
        ServiceabilityResponse {
            status: status.to_owned(),
            business_error_code: code.map(str::to_owned),
            serviceablity_status: colour.map(|v| ServiceabilityStatus {
                value: v.to_owned(),
            }),
            serviceability_details: if details {
                vec![ServiceabilityDetail {
                    lob: "HSD".into(),
                    tier: "HSD_030".into(),
                }]
            } else {
                vec![]
            },
            ..Default::default()
        }
    }

    #[test]
    fn table() {
        let cases = [
            ("SUCCESS", Some("BUS0078"), None, true, ExistingPrepaid),
            ("FAILURE", Some("BUS0078"), None, false, ExistingPrepaid),
            (
                "SUCCESS",
                Some("BUS0077"),
                Some("GREEN"),
                true,
                ExistingPostpaid,
            ),
            ("FAILURE", None, None, true, Error),
            ("FAILURE", Some("BUS0003"), Some("YELLOW"), false, Error),
            ("SUCCESS", None, Some("GREEN"), true, Serviceable),
            ("SUCCESS", Some(""), None, true, Serviceable),
            ("SUCCESS", None, None, false, Unserviceable),
            ("SUCCESS", Some("BUS0003"), Some("GREEN"), true, Serviceable),
            ("SUCCESS", Some("BUS0143"), None, true, Serviceable),
            ("SUCCESS", Some("BUS0144"), None, true, Serviceable),
            (
                "SUCCESS",
                Some("BUS0143/BUS0144"),
                None,
                true,
                Unserviceable,
            ),
            (
                "SUCCESS",
                Some("BUS0111"),
                Some("YELLOW"),
                false,
                Unserviceable,
            ),
            ("SUCCESS", Some("BUS0003"), Some("YELLOW"), false, ColdTap),
            ("SUCCESS", Some("BUS0027"), Some("YELLOW"), false, ColdTap),
            (
                "SUCCESS",
                Some("BUS0003"),
                Some("YELLOW"),
                true,
                Serviceable,
            ),
            ("SUCCESS", Some("BUS011"), Some("YELLOW"), true, ColdTap),
            ("SUCCESS", Some("BUS0021"), Some("yellow"), false, ColdTap),
            (
                "SUCCESS",
                Some("BUS0021"),
                Some("GREEN"),
                false,
                Unserviceable,
            ),
            ("SUCCESS", Some("BUS0021"), None, true, Unserviceable),
            (
                "SUCCESS",
                Some("BUS9999"),
                Some("YELLOW"),
                true,
                Unserviceable,
            ),
        ];
        for (status, code, colour, details, want) in cases {
            assert_eq!(
                outcome(&resp(status, code, colour, details)),
                want,
                "{status} {code:?} {colour:?} {details}"
            );
        }
    }

    #[test]
    fn tap_status_follows_outcome() {
        assert_eq!(tap_status(ColdTap), TapStatus::Cold);
        assert_eq!(tap_status(Serviceable), TapStatus::Hot);
        for o in [ExistingPrepaid, ExistingPostpaid, Error, Unserviceable] {
            assert_eq!(tap_status(o), TapStatus::Never);
        }
    }

    /// Oracle: the seed's rule written as a first-match table over booleans.
    fn oracle(
        status_ok: bool,
        code: Option<&str>,
        yellow: bool,
        details: bool,
    ) -> ServiceabilityOutcome {
        let is = |list: &[&str]| code.is_some_and(|c| list.contains(&c));
        let rows: [(bool, ServiceabilityOutcome); 6] = [
            (code == Some("BUS0078"), ExistingPrepaid),
            (code == Some("BUS0077"), ExistingPostpaid),
            (!status_ok, Error),
            (code.is_none() && details, Serviceable),
            (details && is(&HOT_CODES), Serviceable),
            (yellow && is(&COLD_CODES), ColdTap),
        ];
        rows.into_iter()
            .find(|(hit, _)| *hit)
            .map_or(Unserviceable, |(_, o)| o)
    }

    fn code_strategy() -> impl Strategy<Value = Option<String>> {
        let listed = prop::sample::select(vec![
            "BUS0078",
            "BUS0077",
            "BUS0003",
            "BUS0027",
            "BUS0111",
            "BUS0138",
            "BUS0143",
            "BUS0144",
            "BUS011",
            "BUS0021",
            "BUS0143/BUS0144",
        ]);
        prop_oneof![
            Just(None),
            listed.prop_map(|c| Some(c.to_owned())),
            "[A-Z0-9_]{0,10}".prop_map(Some),
        ]
    }

    proptest! {
        #[test]
        fn matches_oracle(
            status in prop::sample::select(vec!["SUCCESS", "FAILURE", "ERROR", ""]),
            code in code_strategy(),
            colour in prop::option::of(prop::sample::select(vec!["YELLOW", "GREEN", "RED"])),
            details in any::<bool>(),
        ) {
            let r = resp(status, code.as_deref(), colour, details);
            let norm = code.as_deref().filter(|c| !c.is_empty());
            let want = oracle(status == "SUCCESS", norm, colour == Some("YELLOW"), details);
            prop_assert_eq!(outcome(&r), want);
            let tap = tap_status(outcome(&r));
            prop_assert_eq!(tap == TapStatus::Hot, want == Serviceable);
        }
    }
}
