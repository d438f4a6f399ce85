//! Promotions service: `POST {base}/get-promo` `PromoRequest` -> `PromoResponse`, by market
//! for the buy flow (seed 000 §7) and by account for the dashboard (seed 001 §7 "Promos").

use upstream::{
    promotions::{PromoRequest, PromoResponse},
    service::Service,
};

use super::{CallCtx, Clients, UpstreamError};

/// Promotions of the body's market (buy flow) or account (dashboard) and location.
pub async fn promotions(
    c: &Clients,
    ctx: &CallCtx,
    body: &PromoRequest,
) -> Result<PromoResponse, UpstreamError> {
    let rb = c
        .request(
            Service::Promotions,
            reqwest::Method::POST,
            "/get-promo",
            ctx,
        )
        .json(body);
    c.send_json(Service::Promotions, rb).await
}

/// `source` of the dashboard's promotions lookup (seed 001 §7 "Promos").
pub const DASHBOARD_SOURCE: &str = "prepaid-ui-portal";

/// Promotions of the signed-in account `account_id` at `location_id`
/// (`customerInfo.locationId`): `source: prepaid-ui-portal`, `flow: DASHBOARD`, the call's
/// tracking id (seed 001 §7 "Promos", §4 "Page readiness and checks").
pub async fn dashboard_promos(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
    location_id: &str,
) -> Result<PromoResponse, UpstreamError> {
    let body = PromoRequest {
        market_id: None,
        account_id: Some(account_id.to_owned()),
        location_id: location_id.to_owned(),
        source: DASHBOARD_SOURCE.to_owned(),
        flow: upstream::account::FLOW_DASHBOARD.to_owned(),
        tracking_id: ctx.tracking_id.clone(),
    };
    promotions(c, ctx, &body).await
}
