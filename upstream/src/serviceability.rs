//! Serviceability check (seed 000 §3 "Serviceability result", §4 outcome rules).

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// Address of the serviceable location: city and state (retail, source `CP_VAN`); the buy
/// flow (source `CP`) also reads the street lines and zip (seed 000 §3 "Serviceability
/// result").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CityState {
    /// Street line, e.g. `1200 Peachtree St`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_line1: Option<String>,
    /// Unit line, e.g. `Apt 12`; empty for a single home.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_line2: Option<String>,
    /// City name.
    #[serde(default)]
    pub city: String,
    /// Two-letter state code.
    #[serde(default)]
    pub state: String,
    /// 5-digit zip code.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zip: Option<String>,
}

/// Serviceability status; `YELLOW` with a cold-tap code marks a cold tap (seed 000 §4).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ServiceabilityStatus {
    /// `GREEN`, `YELLOW` or `RED`.
    #[serde(default)]
    pub value: String,
}

/// One service line available at the address.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ServiceabilityDetail {
    /// Line of business, e.g. `HSD` (high-speed data).
    pub lob: String,
    /// Plan tier offered there, e.g. `HSD_030`.
    #[serde(default)]
    pub tier: String,
}

/// Answer of `GET validate-customer-serviceability` (seed 000 §3). The service answers
/// 200 with business errors inside; the spelling `serviceablityStatus` is the service's own.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ServiceabilityResponse {
    /// `SUCCESS` or a failure status.
    #[serde(default)]
    pub status: String,
    /// Franchise tax area code.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fta_code: Option<String>,
    /// House key of the address.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house_key: Option<String>,
    /// City and state.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<CityState>,
    /// Business error code, e.g. `BUS0078`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
    /// Serviceability status (sic).
    #[oai(rename = "serviceablityStatus", skip_serializing_if_is_none)]
    #[serde(rename = "serviceablityStatus")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serviceablity_status: Option<ServiceabilityStatus>,
    /// Service lines available; empty when none.
    #[serde(default)]
    pub serviceability_details: Vec<ServiceabilityDetail>,
    /// Tax geocode of the address (buy flow: sent to the tax and submit-order calls).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub geocode: Option<String>,
    /// Market id of the address (buy flow).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub market_id: Option<String>,
}
