//! Anonymous session and its CSRF token (ARCHITECTURE.md "The BFF contract").
//!
//! - Session: poem's `ServerSession` over the one store (`crate::store::Store`: memory, or
//!   Redis shared by every instance); cookie [`SESSION_COOKIE`] (`HttpOnly`, `SameSite=Lax`,
//!   `Path=/`, `Secure` in production); idle and absolute lifetimes from `StoreConfig`.
//! - `GET /token` stores a random 64-hex-character token in the session ([`ensure_token`]).
//! - `http::csrf::Csrf` checks it.

use poem::{
    session::{CookieConfig, ServerSession, Session},
    web::cookie::SameSite,
};

use crate::store::Store;

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "pp_session";

/// Header that carries the CSRF token on state-changing requests.
pub const XSRF_HEADER: &str = "x-xsrf-token";

pub(crate) const XSRF_KEY: &str = "xsrf";

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
