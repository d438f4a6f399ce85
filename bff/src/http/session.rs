//! Anonymous session and CSRF protection (ARCHITECTURE.md "The BFF contract").
//!
//! - Session: poem's `ServerSession` over the one store (`crate::store::Store`: memory, or
//!   Redis shared by every instance); cookie [`SESSION_COOKIE`] (`HttpOnly`, `SameSite=Lax`,
//!   `Path=/`, `Secure` in production); idle and absolute lifetimes from `StoreConfig`.
//! - `GET /token` stores a random 64-hex-character token in the session ([`ensure_token`]).
//! - [`Csrf`]: every POST, PUT, PATCH or DELETE must carry header [`XSRF_HEADER`] equal to the
//!   session's token, else 403 `CSRF_REJECTED` (checked before the body is parsed).

use poem::{
    Endpoint, IntoResponse, Middleware, Request, Response,
    session::{CookieConfig, ServerSession, Session},
    web::cookie::SameSite,
};

use crate::{
    http::{
        error::{ApiError, ErrorCode},
        middleware::changes_state,
    },
    store::Store,
};

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "pp_session";

/// Header that carries the CSRF token on state-changing requests.
pub const XSRF_HEADER: &str = "x-xsrf-token";

const XSRF_KEY: &str = "xsrf";

/// The session middleware over `store`; `secure` adds the `Secure` cookie attribute
/// (production). The cookie lives as long as the session may (`session_absolute`); the
/// store ends it earlier when idle.
pub fn middleware(secure: bool, store: Store) -> ServerSession<Store> {
    let cookie = CookieConfig::default()
        .name(SESSION_COOKIE)
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(store.config().session_absolute);
    ServerSession::new(cookie, store)
}

/// The session's CSRF token, created (and the session with it) on first use.
pub fn ensure_token(session: &Session) -> String {
    if let Some(t) = session.get::<String>(XSRF_KEY) {
        return t;
    }
    let token = format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    );
    session.set(XSRF_KEY, token.clone());
    token
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether `req` carries the CSRF token of its session (needs [`middleware`] outside).
pub fn csrf_ok(req: &Request) -> bool {
    let expected = req
        .extensions()
        .get::<Session>()
        .and_then(|s| s.get::<String>(XSRF_KEY));
    match (expected, req.header(XSRF_HEADER)) {
        (Some(e), Some(got)) => constant_time_eq(e.as_bytes(), got.as_bytes()),
        _ => false,
    }
}

/// Rejects state-changing requests without the session's CSRF token (403 `CSRF_REJECTED`).
pub struct Csrf;

impl<E: Endpoint> Middleware<E> for Csrf {
    type Output = CsrfEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        CsrfEndpoint(ep)
    }
}

/// Endpoint of [`Csrf`].
pub struct CsrfEndpoint<E>(E);

impl<E: Endpoint> Endpoint for CsrfEndpoint<E> {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        if changes_state(req.method()) && !csrf_ok(&req) {
            return Ok(ApiError::new(
                ErrorCode::CsrfRejected,
                "missing or invalid x-xsrf-token; call GET /token first",
            )
            .into_poem_response());
        }
        self.0.call(req).await.map(IntoResponse::into_response)
    }
}
