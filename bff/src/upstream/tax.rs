//! Tax service: `POST {base}/get-tax` `TaxRequest` -> `TaxResponse` (seed 000 §7).

use upstream::{
    service::Service,
    tax::{TaxRequest, TaxResponse},
};

use super::{CallCtx, Clients, UpstreamError};

/// Tax of the order lines.
pub async fn tax(
    c: &Clients,
    ctx: &CallCtx,
    body: &TaxRequest,
) -> Result<TaxResponse, UpstreamError> {
    let rb = c
        .request(Service::Tax, reqwest::Method::POST, "/get-tax", ctx)
        .json(body);
    c.send_json(Service::Tax, rb).await
}
