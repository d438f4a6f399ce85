//! CSRF protection (ARCHITECTURE.md "The BFF contract"): every request that changes server
//! state must carry header [`XSRF_HEADER`] equal to the session's token (`GET /token`) and
//! not come from another site, else 403 `CSRF_REJECTED` (a signed-in call whose session is
//! gone gets that session error instead: `http::auth::ended_session_refusal`). POST, PUT,
//! PATCH and DELETE are checked here, before routing and before the body is parsed, whatever
//! the operation; the GETs that change state declare the `csrf` scheme
//! (`http::extract::Csrf`), checked before their handler.

use poem::{Endpoint, IntoResponse, Middleware, Request, Response, session::Session};

use crate::http::{
    auth::ended_session_refusal,
    error::{ApiError, ErrorCode},
    middleware::changes_state,
    session::{XSRF_HEADER, XSRF_KEY},
};

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether `req` says it was sent by another site (`Sec-Fetch-Site: cross-site`).
fn cross_site(req: &Request) -> bool {
    req.header("sec-fetch-site")
        .is_some_and(|v| v.eq_ignore_ascii_case("cross-site"))
}

/// Counts a `CSRF_REJECTED` answer to `req` in `bff_csrf_refusals_total`.
pub fn count_refusal(req: &Request) {
    crate::telemetry::metrics::csrf_refusal(if cross_site(req) {
        "cross_site"
    } else {
        "token"
    });
}

/// Whether `req` carries the CSRF token of its session (needs the session middleware
/// outside) and was not sent by another site: `Sec-Fetch-Site: cross-site` is refused even
/// with a token, where the browser sends the header.
pub fn csrf_ok(req: &Request) -> bool {
    if cross_site(req) {
        return false;
    }
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
            let refusal = ended_session_refusal(&req).unwrap_or_else(|| {
                count_refusal(&req);
                ApiError::new(
                    ErrorCode::CsrfRejected,
                    "missing or invalid x-xsrf-token; call GET /token first",
                )
            });
            return Ok(refusal.into_poem_response());
        }
        self.0.call(req).await.map(IntoResponse::into_response)
    }
}
