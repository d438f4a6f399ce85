//! Serviceability simulator, prefix `/serviceability`: address validation (call name
//! `validateAddress`) and serviceability (call name `serviceability`); seed 000 §3, §4, §7.

use poem_openapi::{OpenApi, Tags, param::Header, param::Query, payload::Json};
use upstream::address::AddressValidationResponse;
use upstream::serviceability::ServiceabilityResponse;

use crate::world::World;

#[derive(Tags)]
enum Tag {
    /// Serviceability: address validation and the serviceability check.
    Serviceability,
}

/// `GET /serviceability/validate-customer-address`, `GET .../validate-customer-serviceability`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ServiceabilityApi;

#[OpenApi(prefix_path = "/serviceability", tag = "Tag::Serviceability")]
impl ServiceabilityApi {
    /// Validates an address and lists every matching address with its location id.
    ///
    /// Street and zip must match (case and spacing ignored); with `addressLine2` only that
    /// unit matches (an unknown unit: empty `customerInfos`); a building without a unit
    /// returns all its units. Seed 000 §3, §7 (timeout 60 s on the caller's side).
    #[oai(
        path = "/validate-customer-address",
        method = "get",
        operation_id = "validateCustomerAddress"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn validate_customer_address(
        &self,
        /// Street line.
        #[oai(name = "addressLine1")]
        address_line1: Query<String>,
        /// Unit line; empty for none.
        #[oai(name = "addressLine2")]
        address_line2: Query<Option<String>>,
        /// City (the portal sends it empty).
        #[oai(name = "city")]
        _city: Query<Option<String>>,
        /// State (the portal sends it empty).
        #[oai(name = "state")]
        _state: Query<Option<String>>,
        /// Zip, 5 digits (5+4 accepted).
        zip: Query<String>,
        /// Tracking id (UUID v4).
        #[oai(name = "trackingId")]
        _tracking_id: Query<Option<String>>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<AddressValidationResponse> {
        let unit = address_line2.0.unwrap_or_default();
        Json(World::get().validate(&address_line1, &unit, &zip))
    }

    /// Serviceability of a location (seed 000 §3 "Serviceability result", §4).
    ///
    /// Always 200 with `status` `SUCCESS` by default: `GREEN` with one `HSD`/`HSD_030`
    /// detail for a serviceable place, `RED` and no details otherwise (unknown id too). The
    /// location of an account of the account world (`LOC` + its last 8 digits, the
    /// reconnect's check, seed 002 §7.3) is serviceable, house key `HK` + the same digits.
    #[oai(
        path = "/validate-customer-serviceability",
        method = "get",
        operation_id = "validateCustomerServiceability"
    )]
    async fn validate_customer_serviceability(
        &self,
        /// Tracking id (UUID v4).
        #[oai(name = "trackingId")]
        _tracking_id: Query<Option<String>>,
        /// Location id from address validation.
        #[oai(name = "locationId")]
        location_id: Query<String>,
        /// Calling source; the retail flow sends `CP_VAN`.
        #[oai(name = "source")]
        _source: Query<Option<String>>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<ServiceabilityResponse> {
        Json(
            crate::account_reconnect::account_location(&location_id)
                .unwrap_or_else(|| World::get().serviceability(&location_id)),
        )
    }
}
