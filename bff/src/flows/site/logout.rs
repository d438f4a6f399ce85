//! `POST /secure/logout` (tag session): ends the session on the server (ARCHITECTURE.md
//! "Sessions"). The buy shell's log-out link calls it, then goes to the sign-out page.

use poem::session::Session;
use poem_openapi::{Object, OpenApi, payload::Json};

use crate::http::{extract::Csrf, tags::ApiTags};

/// The session is gone.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct LoggedOut {
    /// Always `true`: the session record (token, buy context id, identity) is deleted and
    /// the cookie cleared; the next request starts anew with `GET /token`.
    pub session_ended: bool,
}

crate::answers!(
    /// Answers of `logout`.
    LogoutResponse(LoggedOut), logout_bad_request = "logout_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`: malformed request.",
);

/// The logout operation.
pub struct LogoutApi;

#[OpenApi(tag = "ApiTags::Session")]
impl LogoutApi {
    /// Deletes the session on the server and clears its cookie (CSRF-checked like every
    /// POST). The old cookie and its `x-xsrf-token` are worth nothing afterwards.
    #[oai(path = "/secure/logout", method = "post", operation_id = "logout")]
    async fn logout(&self, session: &Session, _csrf: Csrf) -> LogoutResponse {
        session.purge();
        LogoutResponse::Ok(Json(LoggedOut {
            session_ended: true,
        }))
    }
}
