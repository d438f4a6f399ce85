//! Promotions service: `POST {base}/get-promo` `PromoRequest` -> `PromoResponse` (seed 000 §7).

use upstream::{
    promotions::{PromoRequest, PromoResponse},
    service::Service,
};

use super::{CallCtx, Clients, UpstreamError};

/// Promotions of a market and location.
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
