//! Refill service: `POST {base}/refill` `RefillRequest` -> `RefillResponse` (seed 002 §3.6,
//! §3.9, §7.2 "refill payload (3.6)"). A refused refill comes back with 200 and `errorCode`
//! (`upstream::refill::FAILURE_CODES`): the caller decides (seed 002 §4.1).

use upstream::{
    refill::{RefillRequest, RefillResponse},
    service::Service,
};

use super::{CallCtx, Clients, UpstreamError};

/// Sends the refill order `body` once (the caller owns retries and idempotency).
pub async fn refill(
    c: &Clients,
    ctx: &CallCtx,
    body: &RefillRequest,
) -> Result<RefillResponse, UpstreamError> {
    let rb = c
        .request(Service::Refill, reqwest::Method::POST, "/refill", ctx)
        .json(body);
    c.send_json(Service::Refill, rb).await
}

/// Sends the quick refill's order `body` (seed 002 §3.8, flow `EZREFILL`) once: `POST
/// {base}/ezrefill`; a refusal is 200 with `errorCode`, as [`refill`].
pub async fn ez_refill(
    c: &Clients,
    ctx: &CallCtx,
    body: &upstream::refill::EzRefillRequest,
) -> Result<RefillResponse, UpstreamError> {
    let rb = c
        .request(Service::Refill, reqwest::Method::POST, "/ezrefill", ctx)
        .json(body);
    c.send_json(Service::Refill, rb).await
}
