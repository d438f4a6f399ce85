//! Digital session: the hand-off to the identity router and back (seed 000 §2 "Session",
//! §3 "Session", §4 "Session restore", §7 `POST /secure/session`,
//! `GET /secure/session?digitalSessionId`).

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// `handOffPayload.location`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct HandOffLocation {
    /// Location id of the address.
    pub location_id: String,
    /// Market id of the address.
    pub market_id: String,
}

/// One line of `preOrderView.invoice`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct InvoiceLine {
    /// Line label; the portal sends `Cart Sub-Total`.
    pub name: String,
    /// Amount, dollars with 2 decimals as a string, e.g. `"55.00"`.
    pub price: String,
}

/// `handOffPayload.preOrderView`: what the identity router may show of the cart.
#[derive(Debug, Clone, PartialEq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PreOrderView {
    /// Offers in the cart (shape not shown by the seed; passed through).
    #[serde(default)]
    pub offers: Vec<serde_json::Value>,
    /// Add-ons and devices (seed spelling `addons_devices`; shape passed through).
    #[oai(rename = "addons_devices")]
    #[serde(default, rename = "addons_devices")]
    pub addons_devices: Vec<serde_json::Value>,
    /// Invoice lines, e.g. `[{"name":"Cart Sub-Total","price":"55.00"}]`.
    #[serde(default)]
    pub invoice: Vec<InvoiceLine>,
}

/// `handOffPayload` (seed 000 §7).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct HandOffPayload {
    /// Where the identity router sends the browser back (the portal's `/{locale}/buy/session`);
    /// the router appends `digitalSessionId`.
    pub redirect_url: String,
    /// Location and market of the address.
    pub location: HandOffLocation,
    /// The portal's own session id.
    #[serde(default)]
    pub consumer_session_id: String,
    /// The cart as the router may show it.
    #[serde(default)]
    pub pre_order_view: PreOrderView,
}

/// Body of `POST /secure/session`.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CreateSessionRequest {
    /// Always `PREPAID`.
    pub affiliate: String,
    /// Always `web`.
    pub channel: String,
    /// The hand-off.
    pub hand_off_payload: HandOffPayload,
}

/// Answer of `POST /secure/session`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CreateSessionResponse {
    /// Id to put in the identity router's query and to restore the session with.
    pub digital_session_id: String,
}

/// `digitalSession.name`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct SessionName {
    /// First name; absent when the identity has none.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    /// Last name; absent when the identity has none.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
}

/// `digitalSession.contact.verificationStatus`: which contact points are verified.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct VerificationStatus {
    /// True when the mobile number is verified (label only, seed 000 §6).
    #[serde(default)]
    pub mobile: bool,
    /// True when the e-mail address is verified.
    #[serde(default)]
    pub email: bool,
}

/// `digitalSession.contact`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct SessionContact {
    /// Mobile number, 10 digits; absent when the identity has none.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone_number: Option<String>,
    /// E-mail address; absent when the identity has none.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Verification of mobile and e-mail.
    #[serde(default)]
    pub verification_status: VerificationStatus,
}

/// `digitalSession.identity`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct SessionIdentity {
    /// Customer guid; absent until an identity was picked.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cust_guid: Option<String>,
    /// Identity error code, if the router reported one.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
}

/// `digitalSession` (seed 000 §3 "Session"). Complete when it holds phone, e-mail, first
/// and last name and a customer guid (seed 000 §2 "Session").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct DigitalSession {
    /// Name.
    #[serde(default)]
    pub name: SessionName,
    /// Contact points.
    #[serde(default)]
    pub contact: SessionContact,
    /// Identity.
    #[serde(default)]
    pub identity: SessionIdentity,
}

/// Answer of `GET /secure/session?digitalSessionId` (the restored session).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RestoreSessionResponse {
    /// The session id, echoed.
    pub digital_session_id: String,
    /// The identity picked on the router (empty fields while none was picked).
    pub digital_session: DigitalSession,
    /// The hand-off as created.
    pub hand_off_payload: HandOffPayload,
}
