//! Activation service: `POST {base}/prepaid-customer-activation` `ActivationRequest` ->
//! `ActivationResponse` (seed 000 §3, §7; submit order). Business errors come back with 200.

use upstream::{
    activation::{ActivationRequest, ActivationResponse},
    service::Service,
};

use super::{CallCtx, Clients, UpstreamError};

/// Submits the order.
pub async fn activate(
    c: &Clients,
    ctx: &CallCtx,
    body: &ActivationRequest,
) -> Result<ActivationResponse, UpstreamError> {
    let rb = c
        .request(
            Service::Activation,
            reqwest::Method::POST,
            "/prepaid-customer-activation",
            ctx,
        )
        .json(body);
    c.send_json(Service::Activation, rb).await
}
