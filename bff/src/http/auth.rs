//! Who is signed in, and may they use this account (seed 001 §4 "Session and timeout", §5,
//! §6; ARCHITECTURE.md "Sign-in"): the extractors every signed-in operation takes.
//!
//! - [`SignedInSession`]: a signed-in identity whose idle window (`BFF_SIGNIN_IDLE_SECS`,
//!   840 s) has not run out; the call counts as activity (the window starts again).
//! - [`SignedInPeek`]: the same check without counting as activity (`ping`).
//! - [`OwnedAccount`]: a [`SignedInSession`] and the path's `{accountId}` is an account the
//!   identity owns (or an aux account learned for one of them). Every account-scoped
//!   operation takes it; `bff/tests/it/authorization.rs` proves it for every operation with
//!   an `{accountId}` path parameter.
//!
//! Refusals are 403 [`ApiError`]s, answered through the operation's `bad_request_handler`
//! (`ApiError::into_extractor_error`, read by `ApiError::from_parse_error`), in this order: `SESSION_EXPIRED`
//! (the cookie's session record is gone, or idle too long), `SIGNIN_REQUIRED` (no
//! signed-in identity), `SESSION_REJECTED` (not the identity's account),
//! `PERMISSION_DENIED` (not its owner).

pub mod record;

use std::sync::Arc;

use poem::{FromRequest, Request, RequestBody, http::StatusCode, session::Session};

use self::record::{NS, SignInContext, SignedIn};
use crate::{
    http::{
        error::{ApiError, ErrorCode},
        session::{SECURE_SESSION_COOKIE, SESSION_COOKIE},
    },
    state::AppState,
    store::Store,
};

fn reject(code: ErrorCode, message: &str) -> poem::Error {
    carry(ApiError::new(code, message))
}

/// `e` (e.g. `STORE_UNAVAILABLE`) as the extractor's error; the answer keeps its status.
fn carry(e: ApiError) -> poem::Error {
    e.into_extractor_error()
}

/// The id of the session's sign-in context, `None` without one.
pub fn context_id(session: &Session) -> Option<String> {
    crate::http::session::context_id(session, NS)
}

/// The id of the sign-in context of the session `session_id`, read from the store without the
/// session middleware (`session::stored_context_id`).
pub async fn stored_context_id(store: &Store, session_id: &str) -> Option<String> {
    crate::http::session::stored_context_id(store, session_id, NS).await
}

/// The id of the session's sign-in context, created on first use (state-changing calls
/// only: their session exists already).
pub fn ensure_context_id(session: &Session) -> String {
    crate::http::session::ensure_context_id(session, NS)
}

/// Loads the sign-in context `id` (default when absent).
pub async fn load(store: &Store, id: &str) -> Result<SignInContext, ApiError> {
    Ok(store.get(NS, id).await?.unwrap_or_default())
}

/// Changes the sign-in context `id` atomically (see `Store::update`).
pub async fn update<R: Send>(
    store: &Store,
    id: &str,
    f: impl Fn(&mut SignInContext) -> R + Send,
) -> Result<R, ApiError> {
    Ok(store.update(NS, id, f).await?)
}

/// Now on the BFF's clock, Unix ms.
pub fn now_ms(state: &AppState) -> i64 {
    state.clock.now().timestamp_millis()
}

/// The refusal a signed-in call (`/secure2/...`) gets when its session holds nothing: 403
/// `SESSION_EXPIRED` when the request still names a session (its record is gone: idle,
/// absolute lifetime, sign-out in another tab), else `SIGNIN_REQUIRED`. `None` for other
/// paths and for a session with entries. The CSRF check answers this before its own
/// `CSRF_REJECTED`, so a tab whose session ended elsewhere meets the session error the
/// account area routes (timeout or sign-in), not a CSRF refusal it cannot act on.
pub fn ended_session_refusal(req: &Request) -> Option<ApiError> {
    if !req.uri().path().starts_with("/secure2/") {
        return None;
    }
    let session = req.extensions().get::<Session>()?;
    session.is_empty().then(|| without_signin(req, session))
}

/// Why a session without a signed-in identity is refused: `SESSION_EXPIRED` when the cookie's
/// record is gone (it loads as an empty session), else `SIGNIN_REQUIRED`.
fn without_signin(req: &Request, session: &Session) -> ApiError {
    if session.is_empty() && had_session_cookie(req) {
        ApiError::new(ErrorCode::SessionExpired, "the session has ended")
    } else {
        ApiError::new(ErrorCode::SigninRequired, "sign in first")
    }
}

/// Whether the request carried a session cookie (of either name).
fn had_session_cookie(req: &Request) -> bool {
    let names = [SESSION_COOKIE, SECURE_SESSION_COOKIE];
    req.headers()
        .get_all(poem::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .any(|(n, v)| names.contains(&n) && !v.is_empty())
}

/// A signed-in identity of this session (see the module docs).
#[derive(Debug, Clone)]
pub struct SignedInSession {
    /// The sign-in context's id.
    pub context_id: String,
    /// The identity, as of this call.
    pub record: SignedIn,
}

/// [`SignedInSession`] without counting as activity.
#[derive(Debug, Clone)]
pub struct SignedInPeek(pub SignedInSession);

async fn signed_in(req: &Request, touch: bool) -> poem::Result<SignedInSession> {
    let state = req
        .data::<Arc<AppState>>()
        .ok_or_else(|| poem::Error::from_status(StatusCode::INTERNAL_SERVER_ERROR))?;
    let session = req
        .extensions()
        .get::<Session>()
        .ok_or_else(|| poem::Error::from_status(StatusCode::INTERNAL_SERVER_ERROR))?;
    let Some(id) = context_id(session) else {
        // a cookie whose record is gone (idle, absolute lifetime, sign-out elsewhere) loads
        // as an empty session
        return Err(carry(without_signin(req, session)));
    };
    let store = &state.store;
    let ctx = load(store, &id).await.map_err(carry)?;
    let Some(record) = ctx.signed_in else {
        return Err(reject(ErrorCode::SigninRequired, "sign in first"));
    };
    let now = now_ms(state);
    let idle = state.config.signin_idle;
    if record.idle_left(now, idle).is_none() {
        return Err(reject(
            ErrorCode::SessionExpired,
            "the sign-in was idle too long",
        ));
    }
    if touch {
        update(store, &id, |c| {
            if let Some(s) = &mut c.signed_in {
                s.last_active_ms = s.last_active_ms.max(now);
            }
        })
        .await
        .map_err(carry)?;
    }
    Ok(SignedInSession {
        context_id: id,
        record,
    })
}

impl<'a> FromRequest<'a> for SignedInSession {
    async fn from_request(req: &'a Request, _body: &mut RequestBody) -> poem::Result<Self> {
        signed_in(req, true).await
    }
}

impl<'a> FromRequest<'a> for SignedInPeek {
    async fn from_request(req: &'a Request, _body: &mut RequestBody) -> poem::Result<Self> {
        signed_in(req, false).await.map(Self)
    }
}

/// The segment after `accounts` in `path`: every account-scoped path is
/// `/secure2/accounts/{accountId}/...` (poem-openapi renames path parameters in its router,
/// so the extractor reads the path itself; `authorization.rs` checks the shape).
pub fn account_in_path(path: &str) -> Option<&str> {
    let mut segments = path.split('/');
    segments.find(|s| *s == "accounts")?;
    segments.next().filter(|s| !s.is_empty())
}

/// The path's `{accountId}`, owned by the signed-in identity (see the module docs).
#[derive(Debug, Clone)]
pub struct OwnedAccount {
    /// The account id of the path (16 digits).
    pub account_id: String,
    /// The signed-in identity.
    pub session: SignedInSession,
}

impl<'a> FromRequest<'a> for OwnedAccount {
    async fn from_request(req: &'a Request, _body: &mut RequestBody) -> poem::Result<Self> {
        let session = signed_in(req, true).await?;
        let account_id = account_in_path(req.uri().path())
            .unwrap_or_default()
            .to_owned();
        session
            .record
            .authorize(&account_id)
            .map_err(|code| reject(code, "this account cannot be used by this sign-in"))?;
        Ok(Self {
            account_id,
            session,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::account_in_path;

    #[test]
    fn the_account_is_the_segment_after_accounts() {
        assert_eq!(
            account_in_path("/secure2/accounts/8993100000000101/dashboard"),
            Some("8993100000000101")
        );
        assert_eq!(account_in_path("/secure2/accounts//dashboard"), None);
        assert_eq!(account_in_path("/secure2/profile"), None);
    }
}
