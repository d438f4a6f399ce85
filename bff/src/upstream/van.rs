//! VAN service: `POST {base}/assign` with `AssignRequest` -> `AssignResponse` (seed 000 §3,
//! §7). Business errors come back with 200.

use upstream::{
    service::Service,
    van::{AssignRequest, AssignResponse},
};

use super::{CallCtx, Clients, UpstreamError};

/// Assigns the starter kit's device code to the address.
pub async fn assign(
    c: &Clients,
    ctx: &CallCtx,
    body: &AssignRequest,
) -> Result<AssignResponse, UpstreamError> {
    let rb = c
        .request(Service::Van, reqwest::Method::POST, "/assign", ctx)
        .json(body);
    c.send_json(Service::Van, rb).await
}
