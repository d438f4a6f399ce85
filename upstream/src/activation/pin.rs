//! The PIN refill's upstream calls (seed 002 §2.3, §4.3b, §7.2, §7.5, §8). Validation is the
//! activation service's `POST /validate-activation-code` with `pinDetails[{accountId, lob
//! HSD, pin}]` (the seed's `{hash}` call, [`super::account::ValidateCodeRequest`]); the
//! redemption is `POST /refill-activation` (the seed's `{hash}-refill-activation`):
//! [`RedeemRequest`] -> [`RedeemResponse`]. Business failures come back with 200: a
//! validation with `errorCode`, a redemption with `businessErrorCode`, `errorCode` or
//! `status: FAILURE` (seed 002 §4.3b, §7.5). The codes are ours (the seed names none).

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// Validation `errorCode` of a PIN the provider rejects (wrong format or value): the page's
/// "enter correct refill PIN code" with an alert (seed 002 §2.3).
pub const INVALID_PIN: &str = "INVALID_PIN";
/// Validation `errorCode` of a PIN the provider does not know: the "system does not
/// recognize" modal (seed 002 §2.3).
pub const PIN_NOT_FOUND: &str = "PIN_NOT_FOUND";
/// Redemption `businessErrorCode` of a PIN redeemed before.
pub const PIN_ALREADY_REDEEMED: &str = "BUS_PIN_REDEEMED";
/// `version` of a redemption (seed 002 §7.2).
pub const REDEEM_VERSION: &str = "1.0";
/// `transactionStatus` of each code sent (seed 002 §7.2), and `status` of a redemption that
/// went through.
pub const SUCCESS: &str = "SUCCESS";
/// `status` of a redemption that failed (seed 002 §4.3b).
pub const FAILURE: &str = "FAILURE";

/// One code to redeem on the account's internet device (`codes[]`, seed 002 §7.2).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RedeemCode {
    /// The refill PIN, at most 16 characters (seed 002 §9).
    pub refill_code: String,
    /// `HSD`.
    pub lob: String,
    /// The internet device's id (the dashboard names it by its MAC address).
    pub device_id: String,
    /// The internet device's serial number.
    pub device_serial_number: String,
    /// The device's status as the dashboard reports it, e.g. `ACTIVE`.
    pub device_status: String,
    /// The device's line of business, `HSD`.
    pub device_lob: String,
    /// Always [`SUCCESS`] (seed 002 §7.2).
    pub transaction_status: String,
}

/// Body of `POST /refill-activation` (seed 002 §7.2 `{hash}-refill-activation`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RedeemRequest {
    /// [`REDEEM_VERSION`].
    pub version: String,
    /// Tracking id of the flow (UUID v4).
    pub tracking_id: String,
    /// `DIGITAL2.0`.
    pub source: String,
    /// The account, 16 digits.
    pub account_id: String,
    /// The codes, one per redemption in practice.
    pub codes: Vec<RedeemCode>,
}

/// Answer of `POST /refill-activation`: a failure when it carries `businessErrorCode` or
/// `errorCode`, or `status` is [`FAILURE`] (seed 002 §4.3b, §7.5).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RedeemResponse {
    /// [`SUCCESS`] or [`FAILURE`].
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// When the codes were redeemed, ISO 8601 UTC (shape chosen), on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redemption_date: Option<String>,
    /// Business failure, e.g. `BUS_PMT_006` (seed 002 §8) or [`PIN_ALREADY_REDEEMED`].
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
    /// Error code of a failure (seed 002 §7.5).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Its message.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}

impl RedeemResponse {
    /// Whether the redemption failed (seed 002 §4.3b: `businessErrorCode` or status
    /// `FAILURE`; §7.5: `errorCode`).
    pub fn failed(&self) -> bool {
        self.business_error_code
            .as_deref()
            .is_some_and(|c| !c.is_empty())
            || self.error_code.as_deref().is_some_and(|c| !c.is_empty())
            || self.status.as_deref() == Some(FAILURE)
    }

    /// The failure's code, if it names one (`businessErrorCode` first).
    pub fn code(&self) -> Option<&str> {
        [&self.business_error_code, &self.error_code]
            .into_iter()
            .find_map(|c| c.as_deref().filter(|c| !c.is_empty()))
    }
}
