//! `GET /token` (tag session): creates the anonymous session (cookie `pp_session`) and
//! returns its CSRF token (seed 000 §7 `GET /token?trackingId`; ARCHITECTURE.md).

use poem::session::Session;
use poem_openapi::{ApiResponse, Object, OpenApi, param::Query, payload::Json};

use super::ApiTags;
use crate::error::ApiError;

/// The session's CSRF token.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct TokenResponse {
    /// Send it as header `x-xsrf-token` on every POST of this session (64 hex characters).
    pub xsrf_token: String,
}

/// Answers of `getToken`.
#[derive(ApiResponse)]
#[oai(bad_request_handler = "token_bad_request")]
pub enum GetTokenResponse {
    /// The token; the session cookie `pp_session` is set (HttpOnly, SameSite=Lax).
    #[oai(status = 200)]
    Ok(Json<TokenResponse>),
    /// `VALIDATION_FAILED`: `trackingId` is not a UUID.
    #[oai(status = 400)]
    BadRequest(Json<ApiError>),
}

crate::error_variants!(GetTokenResponse, token_bad_request; 400 => BadRequest);

/// Session operations.
pub struct SessionApi;

#[OpenApi(tag = "ApiTags::Session")]
impl SessionApi {
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
        GetTokenResponse::Ok(Json(TokenResponse {
            xsrf_token: crate::session::ensure_token(session),
        }))
    }
}
