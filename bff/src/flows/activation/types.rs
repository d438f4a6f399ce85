//! Bodies and answers of the activation operations (seed 001 §2 "Activation", §4
//! "Activation", §5).

use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};

/// The page's language, sent as a VAN account's `langPref` (`ENGLISH` or `SPANISH`; the
/// buy flow's type, one schema for the same values).
pub use crate::flows::buy::types::LangPref;

/// Where the activation page goes (seed 001 §4, §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum ActivationNext {
    /// Show the three steps.
    Steps,
    /// The dashboard, account or device status failed (or answered `errorCode`):
    /// `/{locale}/activation/error` after 3 s (seed 001 §8, §9).
    Error,
}

/// `getActivation`: the steps' data.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct Activation {
    /// Show the steps, or the error page.
    pub next: ActivationNext,
    /// The account being activated, 16 digits (the account id step).
    pub account_id: String,
    /// A VAN account: the account name step shows (first and last name required).
    pub van: bool,
    /// The device step is complete by itself: the service is ready (`sroYN` N) and the first
    /// device is `FOUND`; otherwise the customer enters the modem's MAC address.
    pub device_located: bool,
    /// The located modem's MAC address, when `deviceLocated`.
    #[oai(skip_serializing_if_is_none)]
    pub device_mac: Option<String>,
    /// Behind the modem (the hand-off's `bhr`): after the restart the page polls `pingUrl`.
    pub bhr: bool,
    /// The public ping file polled every 10 s behind the modem until it answers 200.
    pub ping_url: String,
}

/// Body of `validateMac`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize)]
#[oai(rename_all = "camelCase")]
pub struct MacBody {
    /// The MAC address as typed; the BFF formats it again (upper case, hex digits only,
    /// colons every two) and needs 12 hex digits.
    #[oai(validator(max_length = 64))]
    pub mac: String,
}

/// Result of a MAC lookup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum MacStatus {
    /// Recognised: the device step is complete.
    Success,
    /// Not recognised: the page shows `maCAddressSubmissionErrorAlert` (seed 001 §5).
    Failure,
}

/// `validateMac`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct MacResult {
    /// Recognised or not.
    pub status: MacStatus,
    /// The MAC as looked up, `XX:XX:XX:XX:XX:XX`.
    pub mac: String,
}

/// Body of `activateAccount`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize)]
#[oai(rename_all = "camelCase")]
pub struct ActivateBody {
    /// First name (VAN accounts; required non-blank there, ignored otherwise).
    #[oai(default, validator(max_length = 60))]
    pub first_name: String,
    /// Last name (VAN accounts).
    #[oai(default, validator(max_length = 60))]
    pub last_name: String,
    /// The page's language (sent as the VAN account's language preference).
    pub language: LangPref,
}

/// Outcome of the activation (seed 001 §4: success iff no `errorCode` nor `errorMessage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum ActivationOutcome {
    /// Activated: the modem was restarted (see `restart`).
    Success,
    /// Not activated: the error page.
    Failure,
}

/// What the modem restart after a successful activation did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum RestartResult {
    /// `RESTARTED`.
    Restarted,
    /// `FAILED` or the call failed (tracked; the activation stands).
    Failed,
    /// No restart: the activation failed.
    NotAttempted,
}

/// `activateAccount`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ActivationResult {
    /// Success or failure.
    pub outcome: ActivationOutcome,
    /// HTTP status of the activation call (seed 001 §7 "the HTTP status is added to the
    /// result"); absent when it got no answer (timeout, connection).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_status: Option<u16>,
    /// The restart after success.
    pub restart: RestartResult,
}

crate::answers!(
    /// Answers of `getActivation`.
    GetActivationResponse(Activation), get_activation_bad_request = "get_activation_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
);

crate::answers!(
    /// Answers of `validateMac`.
    ValidateMacResponse(MacResult), validate_mac_bad_request = "validate_mac_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `mac` does not hold 12 hex digits (`details` field `mac`).",
    409 => Conflict: "`ORDER_NOT_READY`: no activation page for this account (call `getActivation` first).",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the MAC lookup failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: the MAC lookup did not answer in time.",
);

crate::answers!(
    /// Answers of `activateAccount` (an activation failure is `outcome: failure`, not an error).
    ActivateAccountResponse(ActivationResult), activate_account_bad_request = "activate_account_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: bad body.",
    409 => Conflict: "`ORDER_NOT_READY`: Activate is not enabled (no device, or a VAN account without both names), or no activation page for this account.",
);
