//! VAN (starter-kit) assignment, seed 000 §3 "Assign request", §7 `van-service-api/assign`.

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

use crate::address::Address;

/// Body of `POST van-service-api/assign`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AssignRequest {
    /// Service address (unit included).
    pub address: Address,
    /// The starter kit's 6-digit device code.
    pub device_code: String,
    /// `English` or `Spanish` (Spanish when the page path starts with `/es/`).
    pub language: String,
    /// Location id of the address.
    pub location_id: String,
    /// Mobile number, 10 digits, no formatting.
    pub phone_no: String,
    /// Retail partner id; fixed for the discount retail chain (seed 000 §6).
    pub retailer_id: String,
    /// Activation source; always `Incomm` (seed 000 §6).
    pub source: String,
    /// Tracking id of the flow (UUID v4).
    pub tracking_id: String,
}

/// Answer of `POST van-service-api/assign`; business errors come back with 200.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AssignResponse {
    /// `SUCCESS` or a failure status.
    #[serde(default)]
    pub status: String,
    /// System error code, e.g. `SYS_VAN_001`; any value is a content error.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system_error_code: Option<String>,
    /// Business error code, e.g. `BUS_VAN_ASSIGN_015`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
}
