//! `GET /token` (tag session): creates the anonymous session (cookie `pp_session`) and
//! returns its CSRF token (seed 000 §7 `GET /token?trackingId`).

use poem::session::Session;
use poem_openapi::{Object, OpenApi, param::Query, payload::Json};

use crate::{
    flows::buy::context,
    http::{session::ensure_token, tags::ApiTags},
};

/// The session's CSRF token.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct TokenResponse {
    /// Send it as header `x-xsrf-token` on every POST of this session (64 hex characters).
    pub xsrf_token: String,
}

crate::answers!(
    /// Answers of `getToken` (200: the session cookie `pp_session` is set, HttpOnly,
    /// SameSite=Lax).
    GetTokenResponse(TokenResponse), token_bad_request = "token_bad_request", get;
    400 => BadRequest: "`VALIDATION_FAILED`: `trackingId` is not a UUID.",
);

/// The token operation.
pub struct TokenApi;

#[OpenApi(tag = "ApiTags::Session")]
impl TokenApi {
    /// Creates (or keeps) the anonymous session and returns its CSRF token. Calling it again
    /// in the same session returns the same token.
    #[oai(path = "/token", method = "get", operation_id = "getToken")]
    async fn get_token(
        &self,
        session: &Session,
        /// Tracking id of the flow (UUID v4); logged only.
        #[oai(name = "trackingId")]
        tracking_id: Query<Option<uuid::Uuid>>,
    ) -> GetTokenResponse {
        if let Some(t) = tracking_id.0 {
            tracing::debug!(tracking_id = %t, "token requested");
        }
        // The buy-context id is fixed here, before the page's parallel calls: two requests that
        // each created it would each write the session back, and the last one would orphan the
        // context the other filled (serviceability vs product details, seen under load).
        context::reserve_sid(session);
        GetTokenResponse::Ok(Json(TokenResponse {
            xsrf_token: ensure_token(session),
        }))
    }
}
