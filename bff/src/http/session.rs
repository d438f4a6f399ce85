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
//!   session a new id and a new CSRF token when an identity is attached.
//! - A session that ends (`Session::purge`: sign-out, and wherever else) clears its cookie with
//!   the attributes it was set with ([`clearing_cookie`]): poem's own removal names only the
//!   cookie, which the browser applies to the request's directory (`/secure2`), so it kept
//!   `pp_session` and refused the `__Host-` one (no `Secure`, no `Path=/`). An answer that
//!   rotates the session carries its new CSRF token in the header [`XSRF_HEADER`]
//!   ([`SessionAnswer`]).

use std::net::IpAddr;

use std::sync::{Arc, Mutex};

use poem::{
    Endpoint, IntoResponse, Middleware, Request, Response,
    http::HeaderValue,
    middleware::{CookieJarManager, CookieJarManagerEndpoint},
    session::{
        CookieConfig, ServerSession, ServerSessionEndpoint, Session, SessionStatus, SessionStorage,
    },
    web::cookie::{Cookie, SameSite},
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

/// The session cookie's path: the whole site (`__Host-` requires it).
const COOKIE_PATH: &str = "/";

/// The session middleware over `store`; `production` uses [`SECURE_SESSION_COOKIE`] with
/// `Secure`. The cookie lives as long as the session may (`session_absolute`); the store
/// ends it earlier when idle. A session that ends clears its cookie with the attributes it was
/// set with ([`clearing_cookie`]).
pub fn middleware(production: bool, store: Store) -> SessionMiddleware {
    let cookie = CookieConfig::default()
        .name(cookie_name(production))
        .path(COOKIE_PATH)
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(production)
        .max_age(store.config().session_absolute);
    SessionMiddleware {
        sessions: ServerSession::new(cookie, store),
        production,
    }
}

/// The `Set-Cookie` that removes the session cookie from the browser: the name, `Path=/`,
/// `HttpOnly`, `SameSite=Lax` and (`production`) `Secure` it was set with ([`middleware`]),
/// an empty value, `Max-Age=0` and an expiry in the past. A browser drops a cookie only for a
/// removal of the same name and path, and refuses a `__Host-` cookie without `Secure` and
/// `Path=/`.
pub fn clearing_cookie(production: bool) -> Cookie {
    let mut c = Cookie::new_with_str(cookie_name(production), "");
    c.set_path(COOKIE_PATH);
    c.set_http_only(true);
    c.set_same_site(SameSite::Lax);
    c.set_secure(production);
    c.make_removal();
    c
}

/// The session middleware ([`middleware`]): poem's `ServerSession`, with what an answer tells
/// the browser about its session ([`SessionAnswer`]).
pub struct SessionMiddleware {
    sessions: ServerSession<Store>,
    production: bool,
}

impl<E: Endpoint> Middleware<E> for SessionMiddleware {
    type Output = CookieJarManagerEndpoint<
        SessionAnswer<CookieJarManagerEndpoint<ServerSessionEndpoint<Store, Probe<E>>>>,
    >;
    fn transform(&self, ep: E) -> Self::Output {
        CookieJarManager::new().transform(SessionAnswer {
            inner: self.sessions.transform(Probe(ep)),
            production: self.production,
        })
    }
}

/// The request's session as the handlers saw it, kept for [`SessionAnswer`] (outside poem's
/// session middleware, which does not hand it out).
#[derive(Clone, Default)]
struct SessionSeen(Arc<Mutex<Option<Session>>>);

/// Inside poem's session middleware: notes the request's session in [`SessionSeen`].
pub struct Probe<E>(E);

impl<E: Endpoint> Endpoint for Probe<E> {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        if let (Some(seen), Some(session)) = (
            req.extensions().get::<SessionSeen>(),
            req.extensions().get::<Session>(),
        ) {
            *seen.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(session.clone());
        }
        self.0.call(req).await.map(IntoResponse::into_response)
    }
}

/// Outside poem's session middleware, what the answer tells the browser about its session:
/// - purged (sign-out, and wherever else a session ends) while the request named a session
///   cookie: the cookie is cleared with [`clearing_cookie`] (poem's own removal names only the
///   cookie; a cookie whose record was already gone is cleared too);
/// - rotated ([`rotate`]): the new CSRF token in the answer's header [`XSRF_HEADER`], beside
///   the new cookie, so the browser never sends the retired one (`GET /token` gives it too).
pub struct SessionAnswer<E> {
    inner: E,
    production: bool,
}

impl<E: Endpoint> Endpoint for SessionAnswer<E> {
    type Output = Response;
    async fn call(&self, mut req: Request) -> poem::Result<Response> {
        let jar = req.cookie().clone();
        let named = jar.get(cookie_name(self.production)).is_some();
        let seen = SessionSeen::default();
        req.extensions_mut().insert(seen.clone());
        let mut resp = self
            .inner
            .call(req)
            .await
            .map(IntoResponse::into_response)?;
        let session = seen.0.lock().unwrap_or_else(|e| e.into_inner()).take();
        match session.as_ref().map(|s| (s.status(), s)) {
            // replaces poem's removal (name only) in the jar's changes
            Some((SessionStatus::Purged, _)) if named => {
                jar.add(clearing_cookie(self.production));
            }
            Some((SessionStatus::Renewed, s)) => {
                if let Some(token) = s
                    .get::<String>(XSRF_KEY)
                    .and_then(|t| HeaderValue::from_str(&t).ok())
                {
                    resp.headers_mut().insert(XSRF_HEADER, token);
                }
            }
            _ => {}
        }
        Ok(resp)
    }
}

/// A new CSRF token: 64 hex characters.
fn new_token() -> String {
    format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    )
}

/// The session's CSRF token, created (and the session with it) on first use.
pub fn ensure_token(session: &Session) -> String {
    if let Some(t) = session.get::<String>(XSRF_KEY) {
        return t;
    }
    let token = new_token();
    session.set(XSRF_KEY, token.clone());
    token
}

/// Gives the session a new id and a new CSRF token at the end of this request, keeping its
/// other values; the record under the old id is deleted, so the old cookie is worth nothing,
/// and the old token is refused with the new cookie. Call it whenever an identity is attached
/// (the buy hand-off, sign-in): a session id planted in the browser before (session fixation)
/// never carries the identity, and whoever planted it does not know the signed-in session's
/// token. The answer carries the new token in its header [`XSRF_HEADER`] ([`SessionAnswer`];
/// `GET /token` gives it too), which the web client takes after every call that rotates
/// (`web/src/api/client.ts` `ROTATES`). The new record's absolute lifetime starts again (the
/// store's creation time is dropped).
pub fn rotate(session: &Session) {
    session.remove(crate::store::CREATED_ENTRY);
    session.set(XSRF_KEY, new_token());
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
    // the id `reserve_context_id` fixed, else a new one
    let reserved = format!("{RESERVED_ENTRY}{flow}");
    let id = session
        .get::<String>(&reserved)
        .unwrap_or_else(|| uuid::Uuid::new_v4().simple().to_string());
    session.remove(&reserved);
    session.set(&context_entry(flow), id.clone());
    id
}

/// Prefix of the session entries that hold a context id fixed before its flow began
/// ([`reserve_context_id`]): not a context entry, so the session still counts as empty
/// (`crate::store`: a short idle time, evicted first).
const RESERVED_ENTRY: &str = "reserved.";

/// Fixes the id the context of `flow` will have, without beginning the flow: parallel first
/// requests of a page then all name the same context ([`ensure_context_id`] takes it over),
/// while the session stays empty until one of them does.
pub fn reserve_context_id(session: &Session, flow: &str) {
    let reserved = format!("{RESERVED_ENTRY}{flow}");
    if context_id(session, flow).is_none() && session.get::<String>(&reserved).is_none() {
        session.set(&reserved, uuid::Uuid::new_v4().simple().to_string());
    }
}
