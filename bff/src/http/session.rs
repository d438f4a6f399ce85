//! Anonymous session and its CSRF token (ARCHITECTURE.md "The BFF contract", "Sessions").
//!
//! - Session: poem's `ServerSession` over the one store (`crate::store::Store`: memory, or
//!   Redis shared by every instance). Cookie [`SESSION_COOKIE`], in production
//!   [`SECURE_SESSION_COOKIE`] (`__Host-`: `Secure`, `Path=/`, no `Domain`); always
//!   `HttpOnly`, `SameSite=Lax`. Idle lifetime slid by every request, absolute lifetime
//!   from creation (`StoreConfig`).
//! - `GET /token` stores a random 64-hex-character token in the session ([`ensure_token`]);
//!   `http::csrf::Csrf` checks it.
//! - New sessions are limited per client address ([`CreationLimit`]); [`rotate`] gives the
//!   session a new id when an identity is attached.

use std::net::IpAddr;

use poem::{
    Endpoint, IntoResponse, Middleware, Request, Response,
    session::{CookieConfig, ServerSession, Session, SessionStatus, SessionStorage},
    web::cookie::SameSite,
};

use crate::{
    http::{
        error::ApiError,
        rate_limit::{Budget, ClientAddr, too_many},
    },
    store::Store,
};

/// Name of the session cookie outside production (plain `http://` development hosts).
pub const SESSION_COOKIE: &str = "pp_session";

/// Name of the session cookie in production: the `__Host-` prefix makes the browser refuse
/// it unless `Secure`, `Path=/` and without `Domain`, so no sibling host can set or shadow it.
pub const SECURE_SESSION_COOKIE: &str = "__Host-pp_session";

/// Header that carries the CSRF token on state-changing requests.
pub const XSRF_HEADER: &str = "x-xsrf-token";

pub(crate) const XSRF_KEY: &str = "xsrf";

/// The session cookie's name: [`SECURE_SESSION_COOKIE`] when `production`.
pub fn cookie_name(production: bool) -> &'static str {
    if production {
        SECURE_SESSION_COOKIE
    } else {
        SESSION_COOKIE
    }
}

/// The session middleware over `store`; `production` uses [`SECURE_SESSION_COOKIE`] with
/// `Secure`. The cookie lives as long as the session may (`session_absolute`); the store
/// ends it earlier when idle.
pub fn middleware(production: bool, store: Store) -> ServerSession<Store> {
    let cookie = CookieConfig::default()
        .name(cookie_name(production))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(production)
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

/// Gives the session a new id at the end of this request, keeping its values (and its
/// CSRF token); the record under the old id is deleted, so the old cookie is worth nothing.
/// Call it whenever an identity is attached (the buy hand-off, sign-in): a session id
/// planted in the browser before (session fixation) never carries the identity. The new
/// record's absolute lifetime starts again (the store's creation time is dropped).
pub fn rotate(session: &Session) {
    session.remove(crate::store::CREATED_ENTRY);
    session.renew();
}

/// Limit of new sessions per client address (`BFF_SESSION_CREATE_PER_MIN`; 429
/// `RATE_LIMITED`, nothing stored, no cookie): a request that would create a session
/// beyond it runs, but its session is dropped. Goes inside the session middleware; reads
/// [`ClientAddr`] (`http::rate_limit::RateLimit`, outside).
pub struct CreationLimit(pub Option<Budget>);

impl<E: Endpoint> Middleware<E> for CreationLimit {
    type Output = CreationLimitEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        CreationLimitEndpoint(ep, self.0.clone())
    }
}

/// Endpoint of [`CreationLimit`].
pub struct CreationLimitEndpoint<E>(E, Option<Budget>);

impl<E: Endpoint> Endpoint for CreationLimitEndpoint<E> {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        let (Some(budget), Some(session)) = (&self.1, req.extensions().get::<Session>().cloned())
        else {
            return self.0.call(req).await.map(IntoResponse::into_response);
        };
        // a loaded session is never empty (it holds at least its token)
        let new = session.is_empty();
        let ip = req
            .extensions()
            .get::<ClientAddr>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |a| a.0);
        let resp = self.0.call(req).await.map(IntoResponse::into_response)?;
        if new
            && matches!(
                session.status(),
                SessionStatus::Changed | SessionStatus::Renewed
            )
        {
            match budget.take(&ip.to_string()).await {
                Ok(true) => {}
                Ok(false) => {
                    session.purge();
                    return Ok(too_many("too many new sessions; retry in a minute"));
                }
                Err(e) => {
                    session.purge();
                    return Ok(ApiError::from(e).into_poem_response());
                }
            }
        }
        Ok(resp)
    }
}

/// The id of the session's context of `flow` (`pp:ctx:<flow>:<id>` in the store), `None`
/// without one: reads create nothing.
pub fn context_id(session: &Session, flow: &str) -> Option<String> {
    session.get::<String>(&context_entry(flow))
}

/// The id of the context of `flow` of the session `session_id`, read from the store without the
/// middleware (a page asks who is signed in: no session is created or changed; the store
/// extends an existing one's idle lifetime, as on every request); `None` without one, or when
/// the store fails.
pub async fn stored_context_id(store: &Store, session_id: &str, flow: &str) -> Option<String> {
    let entries = store.load_session(session_id).await.ok()??;
    entries
        .get(&context_entry(flow))?
        .as_str()
        .map(str::to_owned)
}

/// The session entry naming the context of `flow`: the store extends that context with
/// the session (`crate::store::CONTEXT_ENTRY`).
fn context_entry(flow: &str) -> String {
    format!("{}{flow}", crate::store::CONTEXT_ENTRY)
}

/// The id of the session's context of `flow`, created on first use. Only for requests that
/// change state: they are CSRF-checked, so their session exists already.
pub fn ensure_context_id(session: &Session, flow: &str) -> String {
    if let Some(id) = context_id(session, flow) {
        return id;
    }
    let id = uuid::Uuid::new_v4().simple().to_string();
    session.set(&context_entry(flow), id.clone());
    id
}
