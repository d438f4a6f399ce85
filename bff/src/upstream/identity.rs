//! Identity provider, server to server (ARCHITECTURE.md "Identity provider"; seed 001 §3,
//! §7): `POST {base}/token` (form: authorization code + PKCE verifier, RFC 6749 §4.1.3,
//! RFC 7636 §4.5) -> `TokenResponse`; `GET {base}/userinfo` with `Authorization: Bearer`
//! -> `IdentityInfo`. Its authorize, create-ID and logout pages are browser-facing
//! (`Config::identity_provider`), never called by the BFF.
//!
//! Neither the code, the verifier nor a token is logged (failures log the operation only,
//! `Clients::send_json`).

use upstream::{
    identity::{CLIENT_ID, IdentityInfo, TokenResponse},
    service::Service,
};

use super::{CallCtx, Clients, UpstreamError};

/// Exchanges the authorization `code` for tokens; a refused code (RFC 6749 §5.2, 400 or
/// 401) is [`UpstreamError::Status`].
pub async fn token(
    c: &Clients,
    ctx: &CallCtx,
    code: &str,
    redirect_uri: &str,
    verifier: &str,
) -> Result<TokenResponse, UpstreamError> {
    let rb = c
        .request(Service::Identity, reqwest::Method::POST, "/token", ctx)
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", CLIENT_ID),
            ("code_verifier", verifier),
        ]);
    c.send_json(Service::Identity, rb).await
}

/// The identity of `access_token`; an unknown, expired or ended token is
/// [`UpstreamError::Status`] 401.
pub async fn userinfo(
    c: &Clients,
    ctx: &CallCtx,
    access_token: &str,
) -> Result<IdentityInfo, UpstreamError> {
    let rb = c
        .request(Service::Identity, reqwest::Method::GET, "/userinfo", ctx)
        .bearer_auth(access_token);
    c.send_json(Service::Identity, rb).await
}
