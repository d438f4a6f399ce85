//! Digital session service: `POST {base}/secure/session` `CreateSessionRequest` ->
//! `CreateSessionResponse`; `GET {base}/secure/session?digitalSessionId` ->
//! `RestoreSessionResponse` (seed 000 §7). Its identity router (`{base}/router`) is a
//! browser-facing page, not called by the BFF.

use upstream::{
    digital_session::{CreateSessionRequest, CreateSessionResponse, RestoreSessionResponse},
    service::Service,
};

use super::{CallCtx, Clients, UpstreamError};

/// Creates a digital session.
pub async fn create(
    c: &Clients,
    ctx: &CallCtx,
    body: &CreateSessionRequest,
) -> Result<CreateSessionResponse, UpstreamError> {
    let rb = c
        .request(
            Service::DigitalSession,
            reqwest::Method::POST,
            "/secure/session",
            ctx,
        )
        .json(body);
    c.send_json(Service::DigitalSession, rb).await
}

/// Restores a digital session (404: unknown id, as [`UpstreamError::Status`]).
pub async fn restore(
    c: &Clients,
    ctx: &CallCtx,
    id: &str,
) -> Result<RestoreSessionResponse, UpstreamError> {
    let rb = c
        .request(
            Service::DigitalSession,
            reqwest::Method::GET,
            "/secure/session",
            ctx,
        )
        .query(&[("digitalSessionId", id)]);
    c.send_json(Service::DigitalSession, rb).await
}
