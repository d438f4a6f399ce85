//! Pure rules of the quick refill (seed 002 §4.6, §5, §9): the lookup's outcome, the phone
//! as digits and as shown, and the ACP learn tile.

use upstream::{
    account::{DashboardResponse, LITEPAY_MULTIPLE_ACCOUNTS},
    identity::PrepaidStatus,
};

use crate::domain::dashboard::Acp;
use upstream::account::AcpStatus;

/// The error code of a Preactivated account (seed 002 §4.6: made locally).
pub const PREACTIVATED_ERROR: &str = "PREACTIVATED_ERROR";
/// The error code of every other lookup failure: the cannot-locate notice (ours; the seed
/// names none).
pub const NOT_LOCATED: &str = "LITEPAY_ACCOUNT_NOT_LOCATED";

/// What a lookup found (seed 002 §4.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// One account, not Preactivated (any status but Preactivated is a success).
    Found,
    /// `prepaidAccountStatus: Preactivated`: [`PREACTIVATED_ERROR`].
    Preactivated,
    /// [`LITEPAY_MULTIPLE_ACCOUNTS`]: the multiple-accounts notice.
    Multiple,
    /// Anything else (no such phone, another zip, any other code, no account in the answer,
    /// a failed call): [`NOT_LOCATED`], the cannot-locate notice. One answer for all, so
    /// nothing tells an unknown phone from a wrong zip.
    NotLocated,
}

impl Lookup {
    /// The error code answered, `None` when found.
    pub fn code(self) -> Option<&'static str> {
        match self {
            Self::Found => None,
            Self::Preactivated => Some(PREACTIVATED_ERROR),
            Self::Multiple => Some(LITEPAY_MULTIPLE_ACCOUNTS),
            Self::NotLocated => Some(NOT_LOCATED),
        }
    }
}

/// The outcome of a lookup answer (seed 002 §4.6).
pub fn outcome(r: &DashboardResponse) -> Lookup {
    match r
        .error_code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        Some(LITEPAY_MULTIPLE_ACCOUNTS) => Lookup::Multiple,
        Some(_) => Lookup::NotLocated,
        None => match r.customer_info.as_ref() {
            Some(c) if c.account_id.trim().is_empty() => Lookup::NotLocated,
            Some(c) if c.prepaid_account_status == PrepaidStatus::Preactivated => {
                Lookup::Preactivated
            }
            Some(_) => Lookup::Found,
            None => Lookup::NotLocated,
        },
    }
}

/// The phone typed, digits only (seed 002 §5: "stripped of non-digits"); at most 16
/// characters are accepted by the field.
pub fn digits(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

/// The phone as the screens show it back, all but the last 4 digits hidden:
/// `(xxx) xxx - 1234` (the seed's mask `(xxx) xxx - xxxx`).
pub fn masked_phone(digits: &str) -> String {
    let last4 = &digits[digits.len().saturating_sub(4)..];
    format!("(xxx) xxx - {last4}")
}

/// The "acp learn tile" impression (seed 002 §2.11): no valid ACP benefit and a status that
/// is not Denied (no ACP at all included).
pub fn acp_learn_tile(acp: Option<&Acp>) -> bool {
    acp.is_none_or(|a| a.benefit_amount.is_none() && a.status != AcpStatus::Denied)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use upstream::account::{ACCOUNT_NOT_FOUND, AccountCustomerInfo};

    fn found(status: PrepaidStatus, account: &str) -> DashboardResponse {
        DashboardResponse {
            customer_info: Some(AccountCustomerInfo {
                account_id: account.into(),
                first_name: String::new(),
                last_name: String::new(),
                phone_number: String::new(),
                email_address: String::new(),
                email_opt_in: false,
                sms_opt_in: false,
                language: String::new(),
                account_type: String::new(),
                prepaid_account_status: status,
                location_id: String::new(),
                geo_code: String::new(),
                prepaid_payment_id: String::new(),
            }),
            ..DashboardResponse::default()
        }
    }

    fn refused(code: &str) -> DashboardResponse {
        DashboardResponse {
            error_code: Some(code.into()),
            ..DashboardResponse::default()
        }
    }

    #[test]
    fn outcomes_of_the_seed() {
        assert_eq!(outcome(&found(PrepaidStatus::Open, "1")), Lookup::Found);
        assert_eq!(outcome(&found(PrepaidStatus::Closed, "1")), Lookup::Found);
        assert_eq!(
            outcome(&found(PrepaidStatus::Preactivated, "1")),
            Lookup::Preactivated
        );
        assert_eq!(
            outcome(&refused(LITEPAY_MULTIPLE_ACCOUNTS)),
            Lookup::Multiple
        );
        assert_eq!(outcome(&refused(ACCOUNT_NOT_FOUND)), Lookup::NotLocated);
        assert_eq!(
            outcome(&found(PrepaidStatus::Open, " ")),
            Lookup::NotLocated
        );
        assert_eq!(outcome(&DashboardResponse::default()), Lookup::NotLocated);
        assert_eq!(Lookup::Preactivated.code(), Some(PREACTIVATED_ERROR));
        assert_eq!(Lookup::NotLocated.code(), Some(NOT_LOCATED));
    }

    proptest! {
        /// Every refusal but the multiple-accounts code reads alike: a provider that told a
        /// wrong zip from an unknown phone by its code would still give one answer.
        #[test]
        fn every_other_code_is_not_located(code in "[A-Z_0-9-]{1,30}") {
            prop_assume!(code != LITEPAY_MULTIPLE_ACCOUNTS);
            prop_assert_eq!(outcome(&refused(&code)), Lookup::NotLocated);
        }

        #[test]
        fn the_mask_shows_only_the_last_4(d in "[0-9]{10}") {
            let m = masked_phone(&d);
            prop_assert_eq!(m.len(), "(xxx) xxx - ".len() + 4);
            prop_assert!(m.ends_with(&d[6..]));
            prop_assert!(!m.contains(&d[..6]));
        }

        #[test]
        fn digits_keep_only_digits(s in ".{0,16}") {
            prop_assert!(digits(&s).chars().all(|c| c.is_ascii_digit()));
        }
    }

    #[test]
    fn learn_tile() {
        let acp = |status, amount| Acp {
            status,
            tribal: false,
            benefit_amount: amount,
        };
        assert!(acp_learn_tile(None));
        assert!(!acp_learn_tile(Some(&acp(AcpStatus::Approved, Some(3000)))));
        assert!(acp_learn_tile(Some(&acp(AcpStatus::Approved, None))));
        assert!(acp_learn_tile(Some(&acp(AcpStatus::DeEnrolled, None))));
        assert!(!acp_learn_tile(Some(&acp(AcpStatus::Denied, None))));
    }
}
