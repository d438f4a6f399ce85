//! Serviceability outcomes (`business-codes.md`): one rule module, two readings of the same
//! codes: the retail flow's ([`outcome`], seed 000 §4 "Serviceability outcome") and the
//! reconnect's ([`reconnect_outcome`], seed 002 §4.5), each pinned by a table and a
//! property test against its seed's rule.
//!
//! The retail reading, applied in this order to an upstream `ServiceabilityResponse`:
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

//!
//! The reconnect reading (seed 002 §4.5), in this order; a failed call is `Error` too (the
//! flow's part: there is no answer to read):
//! 1. `BUS0078` (existing prepaid account) -> [`ReconnectServiceability::ExistingPrepaid`],
//!    `BUS0077` (existing postpaid) -> `ExistingPostpaid`: both go to error;
//! 2. `status` other than `SUCCESS` -> `Error`;
//! 3. no code with details, or a code of [`HOT_CODES`] with details -> `Serviceable` ("codes
//!    acceptable when details exist");
//! 4. `YELLOW` with a code of [`COLD_CODES`] -> `ColdTap` ("also accepted"; a cold tap as in
//!    the retail reading: the page shows the warning);
//! 5. no details, or a code on neither list -> `Unserviceable` ("not serviceable (no
//!    details, or a code outside the allowed list) goes to error");
//! 6. otherwise (a code of [`COLD_CODES`] only, `BUS011` or `BUS0021`, with details and not
//!    `YELLOW`) -> `ColdTap` ("otherwise the address is treated as a cold tap (warning
//!    only)").
//!
//! So the readings differ only where retail says `Unserviceable`: the reconnect goes on with
//! a warning for step 6 and stops (error) for the rest; every retail `Serviceable` is a
//! reconnect `Serviceable` and every retail `ColdTap` a reconnect `ColdTap` (a property
//! test). Codes, `YELLOW` and empty codes are compared as in the retail reading.

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

/// What the reconnect does after the serviceability check (seed 002 §2.10, §4.5): the steps
/// (`Serviceable`), the steps with the cold-tap warning (`ColdTap`), or the error page (every
/// other value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Enum, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum ReconnectServiceability {
    /// Serviceable: go on.
    Serviceable,
    /// Accepted as a cold tap: go on, with a warning only.
    ColdTap,
    /// `BUS0078`: an existing prepaid account at the address (error).
    ExistingPrepaid,
    /// `BUS0077`: an existing postpaid account at the address (error).
    ExistingPostpaid,
    /// No details, or a code outside both lists (error).
    Unserviceable,
    /// Status other than `SUCCESS`, or the call failed (error).
    Error,
}

impl ReconnectServiceability {
    /// Whether the reconnect goes on (`Serviceable` or `ColdTap`).
    pub const fn proceeds(self) -> bool {
        matches!(self, Self::Serviceable | Self::ColdTap)
    }
}

/// The reconnect reading of a serviceability answer; rule in the module docs.
pub fn reconnect_outcome(resp: &ServiceabilityResponse) -> ReconnectServiceability {
    use ReconnectServiceability::*;
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
        _ if !has_details => Unserviceable,
        Some(c) if !HOT_CODES.contains(&c) && !COLD_CODES.contains(&c) => Unserviceable,
        _ => ColdTap,
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

    #[test]
    fn reconnect_table() {
        use ReconnectServiceability as R;
        let cases = [
            ("SUCCESS", Some("BUS0078"), None, true, R::ExistingPrepaid),
            ("FAILURE", Some("BUS0077"), None, false, R::ExistingPostpaid),
            ("FAILURE", None, None, true, R::Error),
            ("SUCCESS", None, None, true, R::Serviceable),
            ("SUCCESS", Some(""), None, true, R::Serviceable),
            ("SUCCESS", Some("BUS0111"), None, true, R::Serviceable),
            (
                "SUCCESS",
                Some("BUS0143"),
                Some("GREEN"),
                true,
                R::Serviceable,
            ),
            (
                "SUCCESS",
                Some("BUS0003"),
                Some("YELLOW"),
                false,
                R::ColdTap,
            ),
            ("SUCCESS", Some("BUS011"), Some("YELLOW"), true, R::ColdTap),
            (
                "SUCCESS",
                Some("BUS0021"),
                Some("yellow"),
                false,
                R::ColdTap,
            ),
            // not serviceable: no details, or a code outside both lists
            ("SUCCESS", None, None, false, R::Unserviceable),
            (
                "SUCCESS",
                Some("BUS0111"),
                Some("YELLOW"),
                false,
                R::Unserviceable,
            ),
            (
                "SUCCESS",
                Some("BUS9999"),
                Some("YELLOW"),
                true,
                R::Unserviceable,
            ),
            (
                "SUCCESS",
                Some("BUS0143/BUS0144"),
                None,
                true,
                R::Unserviceable,
            ),
            // otherwise a cold tap, warning only: a cold-list code with details, not YELLOW
            ("SUCCESS", Some("BUS0021"), Some("GREEN"), true, R::ColdTap),
            ("SUCCESS", Some("BUS011"), None, true, R::ColdTap),
            ("SUCCESS", Some("BUS0021"), None, false, R::Unserviceable),
        ];
        for (status, code, colour, details, want) in cases {
            assert_eq!(
                reconnect_outcome(&resp(status, code, colour, details)),
                want,
                "{status} {code:?} {colour:?} {details}"
            );
        }
        assert!(R::Serviceable.proceeds() && R::ColdTap.proceeds());
        for r in [
            R::ExistingPrepaid,
            R::ExistingPostpaid,
            R::Unserviceable,
            R::Error,
        ] {
            assert!(!r.proceeds());
        }
    }

    /// Oracle of the reconnect reading: seed 002 §4.5 as a first-match table.
    fn reconnect_oracle(
        status_ok: bool,
        code: Option<&str>,
        yellow: bool,
        details: bool,
    ) -> ReconnectServiceability {
        use ReconnectServiceability as R;
        let is = |list: &[&str]| code.is_some_and(|c| list.contains(&c));
        let rows: [(bool, R); 8] = [
            (code == Some("BUS0078"), R::ExistingPrepaid),
            (code == Some("BUS0077"), R::ExistingPostpaid),
            (!status_ok, R::Error),
            (code.is_none() && details, R::Serviceable),
            (details && is(&HOT_CODES), R::Serviceable),
            (yellow && is(&COLD_CODES), R::ColdTap),
            (!details, R::Unserviceable),
            (!is(&HOT_CODES) && !is(&COLD_CODES), R::Unserviceable),
        ];
        rows.into_iter()
            .find(|(hit, _)| *hit)
            .map_or(R::ColdTap, |(_, o)| o)
    }

    proptest! {
        #[test]
        fn reconnect_matches_its_oracle_and_the_retail_reading(
            status in prop::sample::select(vec!["SUCCESS", "FAILURE", "ERROR", ""]),
            code in code_strategy(),
            colour in prop::option::of(prop::sample::select(vec!["YELLOW", "GREEN", "RED"])),
            details in any::<bool>(),
        ) {
            use ReconnectServiceability as R;
            let r = resp(status, code.as_deref(), colour, details);
            let norm = code.as_deref().filter(|c| !c.is_empty());
            let want = reconnect_oracle(status == "SUCCESS", norm, colour == Some("YELLOW"), details);
            let got = reconnect_outcome(&r);
            prop_assert_eq!(got, want);
            // the two readings agree but where retail says Unserviceable
            let expected = match outcome(&r) {
                Serviceable => Some(R::Serviceable),
                ColdTap => Some(R::ColdTap),
                ExistingPrepaid => Some(R::ExistingPrepaid),
                ExistingPostpaid => Some(R::ExistingPostpaid),
                Error => Some(R::Error),
                Unserviceable => None,
            };
            match expected {
                Some(e) => prop_assert_eq!(got, e),
                None => prop_assert!(matches!(got, R::Unserviceable | R::ColdTap)),
            }
        }
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
