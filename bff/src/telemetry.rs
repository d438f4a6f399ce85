//! Logging and request ids.
//!
//! - [`init`]: JSON logs on stdout via `tracing-subscriber`, filter from `RUST_LOG`
//!   (default `info`). Each line carries the current span (`span.request_id` on every line of
//!   a request) but not the list of enclosing spans (`spans`): only the request span exists,
//!   and the list serialised it a second time on every line (issue 10, the BFF hop).
//! - [`RequestId`]: every request gets an `x-request-id`: the incoming one when it is 1 to 128
//!   characters of `[A-Za-z0-9._-]`, else a new UUID v4. It is put on the response header,
//!   on every log line of the request (span field `request_id`) and in every
//!   `ApiError.requestId` (via [`with_request_id`]).

use std::time::Instant;

use poem::{Endpoint, IntoResponse, Middleware, Request, Response, http::HeaderValue};
use tracing::Instrument;

/// Header carrying the request id, in and out.
pub const REQUEST_ID_HEADER: &str = "x-request-id";

tokio::task_local! {
    static REQUEST_ID: String;
}

/// Runs `fut` with `id` as the current request id (see [`current_request_id`]).
pub async fn with_request_id<F: Future>(id: String, fut: F) -> F::Output {
    REQUEST_ID.scope(id, fut).await
}

/// The request id of the request being served (`x-request-id`), or `unknown` outside one.
pub fn current_request_id() -> String {
    REQUEST_ID
        .try_with(Clone::clone)
        .unwrap_or_else(|_| "unknown".to_owned())
}

/// Installs the JSON log subscriber; a second call is a no-op.
pub fn init() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .json()
        .with_current_span(true)
        .with_span_list(false)
        .with_env_filter(filter)
        .try_init();
}

/// Whether an incoming request id can be reused.
pub fn valid_request_id(id: &str) -> bool {
    (1..=128).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
}

/// Middleware assigning the request id and logging one line per request.
pub struct RequestId;

impl<E: Endpoint> Middleware<E> for RequestId {
    type Output = RequestIdEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        RequestIdEndpoint(ep)
    }
}

/// Endpoint of [`RequestId`].
pub struct RequestIdEndpoint<E>(E);

impl<E: Endpoint> Endpoint for RequestIdEndpoint<E> {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        let id = req
            .header(REQUEST_ID_HEADER)
            .filter(|h| valid_request_id(h))
            .map(str::to_owned)
            .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
        let span = tracing::info_span!("request", request_id = %id, method = %req.method(), path = %req.uri().path());
        let started = Instant::now();
        // built inside the call (not bound to a local first), so the request's future is not
        // kept twice in this one's state (issue 10: moves of large futures)
        let mut resp = with_request_id(
            id.clone(),
            async {
                let resp = self.0.call(req).await.map(IntoResponse::into_response);
                let status = resp.as_ref().map_or_else(|e| e.status(), |r| r.status());
                tracing::info!(
                    status = status.as_u16(),
                    elapsed_ms = started.elapsed().as_millis() as u64,
                    "served"
                );
                resp
            }
            .instrument(span),
        )
        .await?;
        if let Ok(v) = HeaderValue::from_str(&id) {
            resp.headers_mut().insert(REQUEST_ID_HEADER, v);
        }
        Ok(resp)
    }
}
