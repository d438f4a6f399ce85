//! Outcome of the VAN assign call (seed 000 §4 "Serviceable, then submit the device code",
//! §8 retail-flow messages).
//!
//! Rule, first match wins:
//! 1. a business code `BUS_VAN_ASSIGN_015` -> [`AssignOutcome::DeviceCodeNotFound`];
//! 2. `BUS_VAN_ASSIGN_004`, `_016`, `_022` -> [`AssignOutcome::DeviceCodeError`];
//! 3. any other business code -> [`AssignOutcome::BusinessError`];
//! 4. `status` other than `SUCCESS`, or any `systemErrorCode` -> [`AssignOutcome::ContentError`];
//! 5. otherwise (status `SUCCESS`, no code) -> [`AssignOutcome::Assigned`].
//!
//! Precedence (our decision, the seed is silent): a business code wins over a non-`SUCCESS`
//! status or a system code, because the seed maps business errors to messages on the code
//! field, which tell the user what to do; a content error only says "try again". Empty code
//! strings count as absent.

use poem_openapi::Enum;
use upstream::van::AssignResponse;

/// Device code not found (seed 000 §8).
pub const NOT_FOUND_CODE: &str = "BUS_VAN_ASSIGN_015";

/// Device code unavailable: try a code from a different starter kit (seed 000 §8).
pub const DEVICE_ERROR_CODES: [&str; 3] = [
    "BUS_VAN_ASSIGN_004",
    "BUS_VAN_ASSIGN_016",
    "BUS_VAN_ASSIGN_022",
];

/// What the retail flow shows after the assign call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Enum)]
#[oai(rename_all = "camelCase")]
pub enum AssignOutcome {
    /// Success: stage readytobuy.
    Assigned,
    /// `BUS_VAN_ASSIGN_015`: "device code not found" on the code field.
    DeviceCodeNotFound,
    /// `BUS_VAN_ASSIGN_004`, `_016`, `_022`: "device code error" on the code field.
    DeviceCodeError,
    /// Any other business code: "something went wrong" on the code field.
    BusinessError,
    /// Non-`SUCCESS` status or a system code: the content (connection) error on the code step.
    ContentError,
}

fn present(code: &Option<String>) -> Option<&str> {
    code.as_deref().map(str::trim).filter(|c| !c.is_empty())
}

/// The outcome of an assign answer; rule and precedence in the module docs.
pub fn outcome(resp: &AssignResponse) -> AssignOutcome {
    match present(&resp.business_error_code) {
        Some(NOT_FOUND_CODE) => AssignOutcome::DeviceCodeNotFound,
        Some(c) if DEVICE_ERROR_CODES.contains(&c) => AssignOutcome::DeviceCodeError,
        Some(_) => AssignOutcome::BusinessError,
        None if resp.status != "SUCCESS" || present(&resp.system_error_code).is_some() => {
            AssignOutcome::ContentError
        }
        None => AssignOutcome::Assigned,
    }
}

#[cfg(test)]
mod tests {
    use super::AssignOutcome::*;
    use super::*;
    use proptest::prelude::*;

    fn resp(status: &str, sys: Option<&str>, bus: Option<&str>) -> AssignResponse {
        AssignResponse {
            status: status.into(),
            system_error_code: sys.map(Into::into),
            business_error_code: bus.map(Into::into),
        }
    }

    #[test]
    fn table() {
        let cases = [
            ("SUCCESS", None, None, Assigned),
            ("SUCCESS", Some(""), Some(""), Assigned),
            (
                "SUCCESS",
                None,
                Some("BUS_VAN_ASSIGN_015"),
                DeviceCodeNotFound,
            ),
            (
                "FAILURE",
                None,
                Some("BUS_VAN_ASSIGN_015"),
                DeviceCodeNotFound,
            ),
            ("SUCCESS", None, Some("BUS_VAN_ASSIGN_004"), DeviceCodeError),
            (
                "FAILURE",
                Some("SYS_VAN_001"),
                Some("BUS_VAN_ASSIGN_016"),
                DeviceCodeError,
            ),
            ("SUCCESS", None, Some("BUS_VAN_ASSIGN_022"), DeviceCodeError),
            ("SUCCESS", None, Some("BUS_VAN_ASSIGN_999"), BusinessError),
            ("FAILURE", None, None, ContentError),
            ("SUCCESS", Some("SYS_VAN_001"), None, ContentError),
        ];
        for (st, sys, bus, want) in cases {
            assert_eq!(outcome(&resp(st, sys, bus)), want, "{st} {sys:?} {bus:?}");
        }
    }

    proptest! {
        #[test]
        fn matches_oracle(
            status in prop::sample::select(vec!["SUCCESS", "FAILURE", "ERROR", ""]),
            sys in prop::option::of(prop_oneof![Just(String::new()), "SYS_[A-Z]{3}_[0-9]{3}"]),
            bus in prop::option::of(prop_oneof![
                Just(String::new()),
                prop::sample::select(vec!["BUS_VAN_ASSIGN_015", "BUS_VAN_ASSIGN_004", "BUS_VAN_ASSIGN_016",
                    "BUS_VAN_ASSIGN_022", "BUS_VAN_ASSIGN_001"]).prop_map(String::from),
                "[A-Z_0-9]{1,20}",
            ]),
        ) {
            let r = resp(status, sys.as_deref(), bus.as_deref());
            let bus_n = bus.as_deref().filter(|b| !b.is_empty());
            let sys_n = sys.as_deref().filter(|s| !s.is_empty());
            let want = match bus_n {
                Some("BUS_VAN_ASSIGN_015") => DeviceCodeNotFound,
                Some("BUS_VAN_ASSIGN_004" | "BUS_VAN_ASSIGN_016" | "BUS_VAN_ASSIGN_022") => DeviceCodeError,
                Some(_) => BusinessError,
                None if status != "SUCCESS" || sys_n.is_some() => ContentError,
                None => Assigned,
            };
            prop_assert_eq!(outcome(&r), want);
        }
    }
}
