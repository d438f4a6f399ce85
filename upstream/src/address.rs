//! Address search and address validation (seed 000 §3 "Address validation response",
//! §7 "Retail flow calls").

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// A postal address as the provider's services spell it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Address {
    /// Street line, e.g. `1200 Peachtree St`.
    pub address_line1: String,
    /// Unit line, e.g. `Apt 12`; empty for a single home.
    #[serde(default)]
    pub address_line2: String,
    /// City name.
    #[serde(default)]
    pub city: String,
    /// Two-letter state code.
    #[serde(default)]
    pub state: String,
    /// Five-digit zip code.
    pub zip: String,
}

impl Address {
    /// The street line and the unit, `", "`-joined, empty parts left out (`1200 Peachtree St,
    /// Apt 12`).
    pub fn street_line(&self) -> String {
        [self.address_line1.trim(), self.address_line2.trim()]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `City, ST zip`, as the portal's pages show an address's second line.
    pub fn city_state_zip(&self) -> String {
        city_state_zip(&self.city, &self.state, &self.zip)
    }
}

/// `City, ST zip` from its parts (also for the identity's service address, which comes as
/// separate fields).
pub fn city_state_zip(city: &str, state: &str, zip: &str) -> String {
    format!("{city}, {state} {zip}")
}

/// One match of an address validation.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CustomerInfo {
    /// The matched address, unit included.
    pub address: Address,
    /// The provider's location id for that address (drives serviceability).
    pub location_id: String,
}

/// Answer of `GET validate-customer-address` (seed 000 §3).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AddressValidationResponse {
    /// Every address that matches the query; empty when none does.
    #[serde(default)]
    pub customer_infos: Vec<CustomerInfo>,
    /// Business error code, when the service reports one.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
}
