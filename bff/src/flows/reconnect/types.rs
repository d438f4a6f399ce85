//! Bodies and answers of the reconnect operations (seed 002 §2.10, §4.5).

use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};

use crate::{domain::serviceability::ReconnectServiceability, flows::payments::types::SavedCard};

/// One plan of the refill step, priced by the BFF (dollars).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ReconnectPlan {
    /// `HSD_030` ("30 Day Refill") or `HSD_007` ("7 Day Refill"); content names it.
    pub code: String,
    /// Days one refill buys (30 or 7).
    pub days: u32,
    /// The plan's price (45.00, 15.00).
    pub price: f64,
    /// Its tax (0 when the lookup failed).
    pub taxes: f64,
    /// Whether the tax lookup answered (false: total = price, seed 002 §4.5).
    pub tax_available: bool,
    /// price + tax.
    pub total: f64,
    /// The plan chosen at the start (`HSD_030`, seed 002 §2.10).
    pub default: bool,
}

/// Answer of `getReconnect`: what the three steps show.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Reconnect {
    /// The serviceability reading: `serviceable`, or `coldTap` (show the warning).
    pub serviceability: ReconnectServiceability,
    /// The two plans, the default first.
    pub plans: Vec<ReconnectPlan>,
    /// The saved card, if any (else the card entry).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saved_card: Option<SavedCard>,
    /// The reconnect this sign-in already made for the account (a reload after step 2).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reconnected: Option<ReconnectResult>,
}

/// Body of `submitReconnect`.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReconnectBody {
    /// The plan chosen: `HSD_030` or `HSD_007`.
    #[oai(validator(pattern = r"^HSD_0(30|07)$"))]
    pub plan: String,
}

/// The outcome of a reconnect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum ReconnectOutcome {
    /// The aux account is made and fetched: the thank-you, then step 3.
    Reconnected,
    /// The error page (seed 002 §4.5).
    Failed,
}

/// Why a reconnect failed (seed 002 §4.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum ReconnectFailure {
    /// The create answered `errorCode`.
    CreateFailed,
    /// The create answered no aux account, or one with `auxAcctError`.
    AuxError,
    /// The fetch after the wait failed or does not list the new aux account.
    FetchFailed,
}

/// Answer of `submitReconnect`.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ReconnectResult {
    /// What happened.
    pub outcome: ReconnectOutcome,
    /// The plan paid for (reconnected).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
    /// The total paid, dollars (reconnected).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<f64>,
    /// The account to activate, 16 digits: the new aux account (step 3's link, base64).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activation_account_id: Option<String>,
    /// `RECONNECT_FAILED` (failed).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Why (failed).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<ReconnectFailure>,
    /// The catalogue message of `RECONNECT_FAILED` in the request's locale (failed).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// `errorCode` of a failed reconnect (ours; the seed goes to the error page).
pub const RECONNECT_FAILED: &str = "RECONNECT_FAILED";

crate::answers!(
    /// Answers of `getReconnect`.
    ReconnectResponse(Reconnect), reconnect_bad_request = "reconnect_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
    409 => Conflict: "`RECONNECT_NOT_AVAILABLE`: the account is not closed and reconnect-eligible (the not-available message); `RECONNECT_NOT_SERVICEABLE`: `BUS0078`, `BUS0077` or not serviceable (the error page).",
    502 => BadGateway: "`UPSTREAM_ERROR` (also an account lookup answering `errorCode`), `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account, serviceability or payment service failed (a failed tax lookup is `taxAvailable: false`).",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `submitReconnect`.
    SubmitReconnectResponse(ReconnectResult), submit_reconnect_bad_request = "submit_reconnect_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `plan` is not `HSD_030` or `HSD_007`, a bad body or `Idempotency-Key` not a UUID.",
    409 => Conflict: "`RECONNECT_NOT_READY`: `getReconnect` has not checked the account; `REFILL_NO_SAVED_CARD`: no saved card (save one with the card entry first); `PAYMENT_IN_PROGRESS`: another payment of this account is in flight (another device, tab or visitor); nothing charged, try again.",
    422 => UnprocessableEntity: "`IDEMPOTENCY_MISMATCH`: the key was used with another body.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed (the error page).",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: as 502.",
);
