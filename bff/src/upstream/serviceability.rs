//! Serviceability service (seed 000 §7 "Retail flow calls"):
//! `GET {base}/validate-customer-address?addressLine1&addressLine2&city&state&zip&trackingId`
//! -> `AddressValidationResponse`;
//! `GET {base}/validate-customer-serviceability?trackingId&locationId&source` ->
//! `ServiceabilityResponse`. Business errors come back with 200.

use upstream::{
    address::{Address, AddressValidationResponse},
    service::Service,
    serviceability::ServiceabilityResponse,
};

use super::{CallCtx, Clients, UpstreamError};

const SERVICE: Service = Service::Serviceability;

/// Validates `address`; `city` and `state` are sent as given (the retail flow sends them empty).
pub async fn validate_address(
    c: &Clients,
    ctx: &CallCtx,
    address: &Address,
) -> Result<AddressValidationResponse, UpstreamError> {
    let path = "/validate-customer-address";
    let rb = c.request(SERVICE, reqwest::Method::GET, path, ctx).query(&[
        ("addressLine1", address.address_line1.as_str()),
        ("addressLine2", &address.address_line2),
        ("city", &address.city),
        ("state", &address.state),
        ("zip", &address.zip),
        ("trackingId", &ctx.tracking_id),
    ]);
    c.send_json(SERVICE, rb).await
}

/// Serviceability of `location_id`; `source` is `CP_VAN` for the retail flow.
pub async fn check(
    c: &Clients,
    ctx: &CallCtx,
    location_id: &str,
    source: &str,
) -> Result<ServiceabilityResponse, UpstreamError> {
    let path = "/validate-customer-serviceability";
    let rb = c.request(SERVICE, reqwest::Method::GET, path, ctx).query(&[
        ("trackingId", ctx.tracking_id.as_str()),
        ("locationId", location_id),
        ("source", source),
    ]);
    c.send_json(SERVICE, rb).await
}
