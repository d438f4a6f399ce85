//! VAN service: `POST {base}/assign` with `AssignRequest` -> `AssignResponse` (seed 000 §3,
//! §7). Business errors come back with 200.

use upstream::van::{AssignRequest, AssignResponse};

use super::{CallCtx, Clients, send_json};
use crate::error::UpstreamError;

/// Assigns the starter kit's device code to the address.
pub async fn assign(
    c: &Clients,
    ctx: &CallCtx,
    body: &AssignRequest,
) -> Result<AssignResponse, UpstreamError> {
    let rb = c
        .request(reqwest::Method::POST, format!("{}/assign", c.urls.van), ctx)
        .json(body);
    send_json("van", rb).await
}
