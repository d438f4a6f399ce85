//! Catalogue service: `GET {base}/product-detail?source&marketId&trackingId` ->
//! `ProductDetailsResponse` (seed 000 §7).

use upstream::{catalogue::ProductDetailsResponse, service::Service};

use super::{CallCtx, Clients, UpstreamError};

/// `source` sent to the catalogue (seed 000 §7).
pub const CATALOGUE_SOURCE: &str = "DIGITAL2.0";

/// Product details of a market.
pub async fn product_details(
    c: &Clients,
    ctx: &CallCtx,
    market_id: &str,
) -> Result<ProductDetailsResponse, UpstreamError> {
    let rb = c
        .request(
            Service::Catalogue,
            reqwest::Method::GET,
            "/product-detail",
            ctx,
        )
        .query(&[
            ("source", CATALOGUE_SOURCE),
            ("marketId", market_id),
            ("trackingId", &ctx.tracking_id),
        ]);
    c.send_json(Service::Catalogue, rb).await
}
