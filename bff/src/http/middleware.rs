//! Cross-cutting middleware: security headers, body size limit and the
//! normalisation of every API failure into an `ApiError` (ARCHITECTURE.md "Errors").

use std::time::Duration;

use poem::{
    Body, Endpoint, IntoResponse, Middleware, Request, Response,
    http::{HeaderValue, Method, StatusCode, header},
};

use crate::http::error::{ApiError, ErrorCode};

/// CSP of every page but `/docs`.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/// CSP of `/docs` (Swagger UI needs inline script).
pub const DOCS_CSP: &str = "default-src 'self'; script-src 'self' 'unsafe-inline'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; \
base-uri 'self'; form-action 'self'";

/// CSP of the simulators' pages proxied under `/sim/` in harness mode (the card-entry
/// stand-in is framed by the app and both pages use inline script and style).
pub const SIM_CSP: &str = "default-src 'self'; script-src 'self' 'unsafe-inline'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'self'; \
base-uri 'self'; form-action 'self'";

/// The origin (`scheme://host[:port]`) of an absolute http(s) URL; `None` for paths.
pub fn origin_of_url(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let host = rest
        .split(['/', '?', '#'])
        .next()
        .filter(|h| !h.is_empty())?;
    Some(format!("{scheme}://{host}"))
}

/// Whether `path` belongs to the API (errors there are `ApiError` JSON).
pub fn is_api_path(path: &str) -> bool {
    [
        "/-/",
        "/secure/",
        "/secure2/",
        "/van-service-api/",
        "/api/",
        "/oauth/",
    ]
    .iter()
    .any(|p| path.starts_with(p))
        || ["/token", "/healthz", "/readyz"].contains(&path)
}

/// Whether an answer to `path` is a script or style sheet of the built app: never a document,
/// so the document-only headers are left out.
pub fn is_subresource(path: &str, resp: &Response) -> bool {
    let kind = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    path.starts_with("/assets/")
        && (kind.starts_with("text/javascript") || kind.starts_with("text/css"))
}

/// `Strict-Transport-Security` of production answers: two years, subdomains included.
pub const HSTS: &str = "max-age=63072000; includeSubDomains";

/// Adds CSP, `X-Content-Type-Options`, `Referrer-Policy` and `X-Frame-Options` to every
/// response (errors included), [`HSTS`] in production, and `Cache-Control: no-store` on every
/// API answer ([`is_api_path`]: session, CSRF token, customer and card data; content too,
/// since the harness scenario may change it per browser). When the card-entry component lives
/// on another origin, the app's CSP gets `frame-src 'self' <origin>`; `/sim/*` (harness only)
/// gets [`SIM_CSP`] and `X-Frame-Options: SAMEORIGIN`.
///
/// A script or style sheet of `/assets/` ([`is_subresource`]) gets only `nosniff` (and HSTS):
/// CSP, `Referrer-Policy` and `X-Frame-Options` govern documents, and repeated on each of a first
/// load's twenty assets they cost about 6 KB on the wire (issue 10).
pub struct SecurityHeaders {
    csp: HeaderValue,
    hsts: bool,
}

impl SecurityHeaders {
    /// Headers for an app framing the card-entry component at `frame_origin` (`None`:
    /// same origin, the CSP is [`CSP`]); `hsts`: add [`HSTS`] (production, served over TLS).
    pub fn new(frame_origin: Option<String>, hsts: bool) -> Self {
        let csp = match frame_origin {
            Some(o) => format!("{CSP}; frame-src 'self' {o}"),
            None => CSP.to_owned(),
        };
        Self {
            csp: HeaderValue::from_str(&csp).unwrap_or(HeaderValue::from_static(CSP)),
            hsts,
        }
    }
}

impl<E: Endpoint> Middleware<E> for SecurityHeaders {
    type Output = SecurityHeadersEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        SecurityHeadersEndpoint(ep, self.csp.clone(), self.hsts)
    }
}

/// Endpoint of [`SecurityHeaders`].
pub struct SecurityHeadersEndpoint<E>(E, HeaderValue, bool);

impl<E: Endpoint> Endpoint for SecurityHeadersEndpoint<E> {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        let docs = req.uri().path() == "/docs" || req.uri().path().starts_with("/docs/");
        let sim = req.uri().path().starts_with("/sim/");
        let api = is_api_path(req.uri().path());
        let path = req.uri().path().to_owned();
        let mut resp = match self.0.call(req).await {
            Ok(r) => r.into_response(),
            Err(e) => e.into_response(),
        };
        let document = !is_subresource(&path, &resp);
        let h = resp.headers_mut();
        h.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        if self.2 {
            h.insert(
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static(HSTS),
            );
        }
        if api {
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        }
        if !document {
            return Ok(resp);
        }
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            if docs {
                HeaderValue::from_static(DOCS_CSP)
            } else if sim {
                HeaderValue::from_static(SIM_CSP)
            } else {
                self.1.clone()
            },
        );
        h.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        );
        h.insert(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static(if sim { "SAMEORIGIN" } else { "DENY" }),
        );
        Ok(resp)
    }
}

/// Rejects bodies over `max` bytes with 413 `PAYLOAD_TOO_LARGE` (by `Content-Length`, and
/// by reading at most `max` bytes when the length is not declared), and reads every other body
/// before the request goes on (the first layer inside `ApiErrors`).
pub struct BodyLimit(pub usize);

impl<E: Endpoint> Middleware<E> for BodyLimit {
    type Output = BodyLimitEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        BodyLimitEndpoint(ep, self.0)
    }
}

/// Endpoint of [`BodyLimit`].
pub struct BodyLimitEndpoint<E>(E, usize);

/// How long a request body within the limit may take to arrive once its headers did.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// 413 `PAYLOAD_TOO_LARGE`, with `Connection: close`: the body is left unread, so the
/// connection cannot carry another request.
fn too_large(max: usize) -> Response {
    let mut r = ApiError::new(
        ErrorCode::PayloadTooLarge,
        format!("request body larger than {max} bytes"),
    )
    .into_poem_response();
    r.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

impl<E: Endpoint> Endpoint for BodyLimitEndpoint<E> {
    type Output = Response;
    /// Reads every request body (at most the limit, within [`BODY_READ_TIMEOUT`]) before
    /// anything answers, so that an early refusal (405, 429, 403 `CSRF_REJECTED`) never leaves
    /// unread bytes on a keep-alive connection, which the server would then close without
    /// saying so. A declared length over the limit, or a body that does not arrive in time,
    /// is 413 with `Connection: close`.
    async fn call(&self, mut req: Request) -> poem::Result<Response> {
        let max = self.1;
        let declared = req
            .header(header::CONTENT_LENGTH)
            .and_then(|v| v.parse::<u64>().ok());
        match declared {
            Some(n) if n > max as u64 => return Ok(too_large(max)),
            Some(0) => {}
            None if matches!(*req.method(), Method::GET | Method::HEAD) => {}
            _ => {
                let read = req.take_body().into_bytes_limit(max);
                match tokio::time::timeout(BODY_READ_TIMEOUT, read).await {
                    Ok(Ok(bytes)) => req.set_body(Body::from(bytes)),
                    _ => return Ok(too_large(max)),
                }
            }
        }
        self.0.call(req).await.map(IntoResponse::into_response)
    }
}

/// Turns every failure of the API endpoint (unknown path, wrong method, panic, ...) into an
/// `ApiError` JSON response: 404 -> `NOT_FOUND`, 405 -> `METHOD_NOT_ALLOWED` (a wrong method on a
/// contract path is answered earlier, with `Allow`, by `http::methods::MethodCheck`), 401 (the
/// `csrf` scheme refused) -> `CSRF_REJECTED` 403, 413 -> `PAYLOAD_TOO_LARGE`, other
/// 4xx -> `VALIDATION_FAILED` 400, 503 (the session store failed) -> `STORE_UNAVAILABLE`,
/// other 5xx -> `INTERNAL` 500.
pub struct ApiErrors;

impl<E: Endpoint> Middleware<E> for ApiErrors {
    type Output = ApiErrorsEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        ApiErrorsEndpoint(ep)
    }
}

/// Endpoint of [`ApiErrors`].
pub struct ApiErrorsEndpoint<E>(E);

/// The `ApiError` for a poem error status.
pub fn api_error_for(status: StatusCode, message: String) -> ApiError {
    let code = match status.as_u16() {
        404 => ErrorCode::NotFound,
        405 => ErrorCode::MethodNotAllowed,
        // the only security scheme is `csrf`: poem-openapi's authorization error is its refusal
        401 => ErrorCode::CsrfRejected,
        413 => ErrorCode::PayloadTooLarge,
        503 => ErrorCode::StoreUnavailable,
        400..=499 => ErrorCode::ValidationFailed,
        _ => ErrorCode::Internal,
    };
    if code == ErrorCode::Internal {
        tracing::error!(%status, %message, "internal error");
        return ApiError::new(code, "internal error");
    }
    ApiError::new(code, message)
}

impl<E: Endpoint> Endpoint for ApiErrorsEndpoint<E> {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        let uri = req.uri().clone(); // shares the request's bytes: no copy per request
        let path = uri.path();
        let result =
            futures_util::FutureExt::catch_unwind(std::panic::AssertUnwindSafe(self.0.call(req)))
                .await;
        Ok(match result {
            Ok(Ok(r)) => r.into_response(),
            Ok(Err(e)) => {
                let status = e.status();
                if status == StatusCode::NOT_FOUND || status == StatusCode::METHOD_NOT_ALLOWED {
                    api_error_for(status, format!("no operation at {path}")).into_poem_response()
                } else {
                    api_error_for(status, e.to_string()).into_poem_response()
                }
            }
            Err(_) => {
                tracing::error!(%path, "handler panicked");
                ApiError::new(ErrorCode::Internal, "internal error").into_poem_response()
            }
        })
    }
}

/// Whether `method` may change server state (POST, PUT, PATCH, DELETE): such requests are
/// CSRF-checked (`http::csrf::Csrf`) and rate-limited (`http::rate_limit::RateLimit`), whatever the
/// operation.
pub fn changes_state(method: &Method) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// API answers at least this large are compressed for a client that accepts `br` or `gzip`.
/// Below about 1 KiB the saving is a few hundred bytes, less than one TCP segment, and the
/// encoder's set-up costs more than it saves (the dictionary, 635 bytes, stays plain); the
/// buy flow's content (tens of KB) shrinks to a fraction.
pub const COMPRESS_MIN_BYTES: usize = 1024;

/// Level of [`AnswerCompression`]: 4 is fast for both brotli and gzip (brotli's ratio at 4 is
/// already better than gzip's default; its 11 costs two orders of magnitude more CPU per
/// answer).
pub const COMPRESS_LEVEL: i32 = 4;

/// Level of [`AnswerCompression`] for pages (`text/html`): a page is asked for once per visit
/// and is the one text of a first load not compressed at build time (it carries the route's
/// content); at 6 brotli's other mode is about 5 % smaller than at 4 (the Spanish dashboard's
/// page 5.3 -> 5.0 KB) for about 0.2 ms more per page.
pub const PAGE_COMPRESS_LEVEL: i32 = 6;

/// Compresses API answers ([`is_api_path`], at [`COMPRESS_LEVEL`]) and pages (`web::pages`,
/// at [`PAGE_COMPRESS_LEVEL`]) with `br` or `gzip`, whichever the client prefers by
/// `Accept-Encoding`, when the body is at least [`COMPRESS_MIN_BYTES`], and adds
/// `Vary: Accept-Encoding` to every answer. Built on poem's `Compress`/`CompressionAlgo` (the
/// encoders of `poem::middleware::Compression`) rather than on that middleware itself, which compresses whatever the size and also
/// decompresses request bodies sent with `Content-Encoding`: a small compressed body would
/// pass `BodyLimit`'s `Content-Length` check and inflate past it. A client that sends no
/// `Accept-Encoding` (or neither coding) costs one header lookup.
pub struct AnswerCompression;

impl<E: Endpoint> Middleware<E> for AnswerCompression {
    type Output = AnswerCompressionEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        AnswerCompressionEndpoint(ep)
    }
}

/// Endpoint of [`AnswerCompression`].
pub struct AnswerCompressionEndpoint<E>(E);

/// The coding to use for an `Accept-Encoding` value: `br` or `gzip` with the higher `q`
/// (`br` on a tie), `None` when neither is accepted (`q=0` refuses).
pub fn accepted_coding(accept: &str) -> Option<poem::web::CompressionAlgo> {
    use poem::web::CompressionAlgo;
    let mut best: Option<(CompressionAlgo, u16)> = None;
    for item in accept.split(',') {
        let mut parts = item.split(';');
        let algo = match parts.next().map(str::trim) {
            Some(c) if c.eq_ignore_ascii_case("br") => CompressionAlgo::BR,
            Some(c) if c.eq_ignore_ascii_case("gzip") => CompressionAlgo::GZIP,
            _ => continue,
        };
        let q = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .map_or(1000, |q| (q.clamp(0.0, 1.0) * 1000.0) as u16);
        let better = match best {
            None => true,
            Some((b, bq)) => q > bq || (q == bq && algo == CompressionAlgo::BR && b != algo),
        };
        if q > 0 && better {
            best = Some((algo, q));
        }
    }
    best.map(|(a, _)| a)
}

impl<E: Endpoint> Endpoint for AnswerCompressionEndpoint<E> {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        let algo = req
            .header(header::ACCEPT_ENCODING)
            .and_then(accepted_coding);
        let mut resp = self.0.call(req).await?.into_response();
        resp.headers_mut()
            .append(header::VARY, HeaderValue::from_static("accept-encoding"));
        let Some(algo) = algo else {
            return Ok(resp);
        };
        if resp.headers().contains_key(header::CONTENT_ENCODING) {
            return Ok(resp);
        }
        // API answers and pages are already in memory: reading the body copies nothing
        let body = resp.take_body().into_bytes().await?;
        if body.len() < COMPRESS_MIN_BYTES {
            resp.set_body(body);
            return Ok(resp);
        }
        resp.set_body(body);
        let page = resp
            .headers()
            .get(header::CONTENT_TYPE)
            .is_some_and(|t| t.as_bytes().starts_with(b"text/html"));
        let level = if page {
            PAGE_COMPRESS_LEVEL
        } else {
            COMPRESS_LEVEL
        };
        Ok(poem::web::Compress::new(resp, algo)
            .with_quality(poem::web::CompressionLevel::Precise(level))
            .into_response())
    }
}

#[cfg(test)]
mod tests {
    use poem::web::CompressionAlgo;

    use super::accepted_coding;

    #[test]
    fn accept_encoding_picks_br_or_gzip_by_q() {
        assert_eq!(
            accepted_coding("gzip, deflate, br"),
            Some(CompressionAlgo::BR)
        );
        assert_eq!(accepted_coding("gzip"), Some(CompressionAlgo::GZIP));
        assert_eq!(
            accepted_coding("br;q=0.5, gzip"),
            Some(CompressionAlgo::GZIP)
        );
        assert_eq!(accepted_coding("br;q=0, gzip;q=0"), None);
        assert_eq!(accepted_coding("deflate, identity"), None);
        assert_eq!(accepted_coding(""), None);
    }
}
