//! Activation of an existing prepaid account (seed 001 §3 "Activation state", "Activation
//! code", §4 "Activation", §7 "Get account", "Load prepaid account", "Validate device",
//! "Validate MAC", "Activate", "Validate activation code"). Paths under the `activation`
//! service: `GET /get-account`, `POST /load-prepaid-account`, `POST
//! /validate-prepaid-device`, `POST /validate-mac`, `POST /prepaid-account-activation`,
//! `POST /validate-activation-code` (also the PIN refill's validation, seed 002 §7.2
//! `pinDetails`; its redeem call is [`super::pin`]). Business failures come back with 200 and
//! `errorCode`/`errorMessage`, like the account service's calls.

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// `FOUND`: the device status of a located device (seed 001 §4 "Activation").
pub const DEVICE_FOUND: &str = "FOUND";
/// `sroYN` value of a service that is ready (seed 001 §4: ready when `N`).
pub const SERVICE_READY: &str = "N";
/// `validate-mac` status of a recognised MAC.
pub const MAC_SUCCESS: &str = "SUCCESS";
/// `validate-mac` status of an unknown MAC (seed 001 §5: `maCAddressSubmissionErrorAlert`).
pub const MAC_FAILURE: &str = "FAILURE";
/// `channel` of an activation (seed 001 §7 "Activate").
pub const CHANNEL_ONLINE: &str = "Online";

/// Answer of `GET /get-account?accountId&source&trackingId` (seed 001 §7; the seed sends the
/// session header only: the account id in the query is the shape chosen, as the BFF has no
/// browser session with the upstream).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct GetAccountResponse {
    /// The account, 16 digits.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_id: Option<String>,
    /// `prepaidAccountStatus`, e.g. `Open`, `Preactivated` (shape chosen).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prepaid_account_status: Option<String>,
    /// Error code of a business failure, e.g. `ACCOUNT_NOT_FOUND`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Its message.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}

/// Body of `POST /load-prepaid-account` and `POST /validate-prepaid-device` (seed 001 §7:
/// `accountId, trackingId, source`; the device call adds an empty `cpeIP`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AccountRef {
    /// The account, 16 digits.
    pub account_id: String,
    /// Tracking id of the flow (UUID v4).
    pub tracking_id: String,
    /// `DIGITAL2.0`.
    #[serde(default)]
    pub source: String,
    /// The customer equipment's IP address: always empty (seed 001 §7 "Validate device").
    #[oai(rename = "cpeIP", skip_serializing_if_is_none)]
    #[serde(rename = "cpeIP", default, skip_serializing_if = "Option::is_none")]
    pub cpe_ip: Option<String>,
}

/// The plain answer of `load-prepaid-account` (shape chosen: a status or the error pair).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct StatusResponse {
    /// `SUCCESS` when loaded.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// Error code of a business failure.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Its message.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}

/// One device of `validate-prepaid-device` (`devices[]`: lob, deviceStatus, macId).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct LocatedDevice {
    /// Line of business, `HSD` for the modem.
    pub lob: String,
    /// `FOUND` when the network sees the device, else e.g. `NOT_FOUND`.
    pub device_status: String,
    /// MAC address `AA:BB:CC:DD:EE:FF`, when known.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mac_id: Option<String>,
    /// Serial number of the device (shape chosen: the activation names devices by serial).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_serial: Option<String>,
}

/// Answer of `POST /validate-prepaid-device` (seed 001 §3 `deviceStatus`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct DeviceStatusResponse {
    /// `N`: the service is ready; `Y`: a service order is still open (not ready).
    #[oai(rename = "sroYN", skip_serializing_if_is_none)]
    #[serde(rename = "sroYN", default, skip_serializing_if = "Option::is_none")]
    pub sro_yn: Option<String>,
    /// The account's devices, the modem first.
    #[serde(default)]
    pub devices: Vec<LocatedDevice>,
    /// Error code of a business failure.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Its message.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}

/// Body of `POST /validate-mac`: `{mac}` formatted `AA:BB:CC:DD:EE:FF`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ValidateMacRequest {
    /// The MAC address, 17 characters.
    pub mac: String,
}

/// Answer of `POST /validate-mac` (seed 001 §3 `macStatus`: status, mac).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ValidateMacResponse {
    /// `SUCCESS` or `FAILURE`.
    #[serde(default)]
    pub status: String,
    /// The MAC looked up.
    #[serde(default)]
    pub mac: String,
    /// Serial of the recognised device (shape chosen), on `SUCCESS`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_serial: Option<String>,
}

/// One product of an activated device (`prepaidProducts[]`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ActivationProduct {
    /// `HSD`.
    pub lob: String,
    /// Plan code, `HSD_030` (seed 001 §9 default plan).
    pub product_code: String,
}

/// One device of the activation (`devices[]`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ActivationDevice {
    /// The device's serial number.
    pub device_serial: String,
    /// Its products.
    pub prepaid_products: Vec<ActivationProduct>,
}

/// `customerInfo` of a VAN account's activation.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ActivationCustomer {
    /// First name, non-empty.
    pub first_name: String,
    /// Last name, non-empty.
    pub last_name: String,
    /// `ENGLISH` or `SPANISH`.
    pub lang_pref: String,
}

/// Body of `POST /prepaid-account-activation` (seed 001 §7 "Activate").
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AccountActivationRequest {
    /// The account, 16 digits.
    pub account_id: String,
    /// `Online`.
    pub channel: String,
    /// The devices to activate.
    pub devices: Vec<ActivationDevice>,
    /// `true` for a VAN account (with `customerInfo`).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub update_customer_info: Option<bool>,
    /// The VAN account holder's name and language.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_info: Option<ActivationCustomer>,
}

/// Answer of `POST /prepaid-account-activation`: success iff neither `errorCode` nor
/// `errorMessage` is present (seed 001 §4 "Activation").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AccountActivationResponse {
    /// `ACTIVATED` on success (shape chosen).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// Error code of a failure.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Its message.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}

/// One PIN to validate (`pinDetails[]` of the request).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PinRequest {
    /// The account, 16 digits.
    pub account_id: String,
    /// `HSD`.
    pub lob: String,
    /// The activation code.
    pub pin: String,
}

/// Body of `POST /validate-activation-code` (seed 001 §7).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ValidateCodeRequest {
    /// The codes, one per request in practice.
    pub pin_details: Vec<PinRequest>,
}

/// One validated PIN (seed 001 §3 "Activation code": `pin, planQty, redemptionDate,
/// expirationDate, formattedExpirationDate`). A PIN that carries a `redemptionDate` has been
/// redeemed already: for a refill that is an error (seed 002 §2.3).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PinDetail {
    /// The code.
    pub pin: String,
    /// Plans it buys (30-day internet refills, `HSD_030`).
    pub plan_qty: u32,
    /// When it was redeemed, ISO 8601 UTC; absent (or empty) while it is not.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redemption_date: Option<String>,
    /// The last moment the PIN can be redeemed, ISO 8601 UTC (our reading of the seed's
    /// `expirationDate` of a code).
    #[serde(default)]
    pub expiration_date: String,
    /// The same as the provider displays it, `MM/DD/YYYY` (shape chosen).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formatted_expiration_date: Option<String>,
}

/// Answer of `POST /validate-activation-code`: `errorCode` is a failure (seed 001 §7).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ValidateCodeResponse {
    /// The validated codes.
    #[serde(default)]
    pub pin_details: Vec<PinDetail>,
    /// Error code of a failure: [`super::pin::INVALID_PIN`] (rejected),
    /// [`super::pin::PIN_NOT_FOUND`] (not recognised), or another.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Its message.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}
