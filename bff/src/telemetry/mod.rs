//! Logs, traces, metrics and request ids.
//!
//! - [`init`]: JSON logs on stdout via `tracing-subscriber`, filter from `RUST_LOG`
//!   (default `info`), and the OpenTelemetry layer ([`trace`], its own filter: the request
//!   and upstream spans whatever `RUST_LOG` says, so trace context always propagates). Each
//!   log line carries the current span (`span.request_id`, `span.trace_id`, `span.operation`
//!   on every line of a request) but not the list of enclosing spans (`spans`), which
//!   serialised the request span a second time on every line.
//! - [`RequestId`]: every request gets an `x-request-id`: the incoming one when it is 1 to 128
//!   characters of `[A-Za-z0-9._-]`, else a new UUID v4. It is put on the response header,
//!   on every log line of the request (span field `request_id`) and in every
//!   `ApiError.requestId` (via [`with_request_id`]). The same middleware opens the request's
//!   server span (parent: the incoming `traceparent`) and records the request's metrics
//!   ([`metrics`], labelled by [`operation`]).

pub mod metrics;
pub mod operation;
pub mod trace;

use std::time::Instant;

use poem::{Endpoint, IntoResponse, Middleware, Request, Response, http::HeaderValue};
use tracing::Instrument;
use tracing_subscriber::{Layer, layer::SubscriberExt, util::SubscriberInitExt};

use operation::Operations;

/// Header carrying the request id, in and out.
pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// What the code serving a request knows of it without being handed it: its id and, when no
/// trace is exported, its trace ([`trace::Carried`]).
#[derive(Debug, Clone)]
pub struct RequestCtx {
    /// The request id (`x-request-id`).
    pub id: String,
    /// The trace carried to upstream calls when nothing is exported.
    pub trace: Option<trace::Carried>,
}

tokio::task_local! {
    static REQUEST: RequestCtx;
}

/// Runs `fut` with `id` as the current request id (see [`current_request_id`]).
pub async fn with_request_id<F: Future>(id: String, fut: F) -> F::Output {
    REQUEST.scope(RequestCtx { id, trace: None }, fut).await
}

/// The request id of the request being served (`x-request-id`), or `unknown` outside one.
pub fn current_request_id() -> String {
    REQUEST
        .try_with(|r| r.id.clone())
        .unwrap_or_else(|_| "unknown".to_owned())
}

/// The carried trace of the request being served (none when exporting, or outside one).
pub fn current_trace() -> Option<trace::Carried> {
    REQUEST.try_with(|r| r.trace).ok().flatten()
}

/// Spawns `fut` as a task of the request being served: with its id, carried trace and span,
/// so the upstream calls it makes belong to the request's trace and log lines.
pub fn spawn<F>(fut: F) -> tokio::task::JoinHandle<F::Output>
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    let span = tracing::Span::current();
    match REQUEST.try_with(Clone::clone) {
        Ok(ctx) => tokio::spawn(REQUEST.scope(ctx, fut).instrument(span)),
        Err(_) => tokio::spawn(fut.instrument(span)),
    }
}

/// Targets whose spans become OpenTelemetry spans: the BFF's request and upstream spans (the
/// embedded simulators' spans stay out: in production they are the provider's services).
const TRACE_FILTER: &str = "bff=info";

/// Installs the JSON log subscriber and the OpenTelemetry layer; a second call is a no-op.
/// Call [`trace::shutdown`] before the process exits, so the last spans are exported.
pub fn init() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt::layer()
        .json()
        .with_current_span(true)
        .with_span_list(false)
        .with_filter(filter);
    let traces = trace::layer().with_filter(tracing_subscriber::EnvFilter::new(TRACE_FILTER));
    let _ = tracing_subscriber::registry()
        .with(logs)
        .with(traces)
        .try_init();
}

/// Whether an incoming request id can be reused.
pub fn valid_request_id(id: &str) -> bool {
    (1..=128).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
}

/// Middleware assigning the request id, opening the request's span, recording its metrics
/// and logging one line per request.
pub struct RequestId {
    /// The contract's operations.
    pub operations: &'static Operations,
    /// Whether a path is an API path (`http::middleware::is_api_path`; passed in, as this
    /// layer sits below `http`).
    pub api_path: fn(&str) -> bool,
}

impl<E: Endpoint> Middleware<E> for RequestId {
    type Output = RequestIdEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        RequestIdEndpoint(ep, self.operations, self.api_path)
    }
}

/// Endpoint of [`RequestId`].
pub struct RequestIdEndpoint<E>(E, &'static Operations, fn(&str) -> bool);

impl<E: Endpoint> Endpoint for RequestIdEndpoint<E> {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        let id = req
            .header(REQUEST_ID_HEADER)
            .filter(|h| valid_request_id(h))
            .map(str::to_owned)
            .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
        let path = req.uri().path();
        let operation = self.1.name(req.method().as_str(), path, (self.2)(path));
        let exporting = trace::exporting();
        let span = tracing::info_span!(
            "request",
            request_id = %id,
            method = %req.method(),
            path = %path,
            operation,
            trace_id = tracing::field::Empty,
            otel.name = tracing::field::Empty,
            otel.kind = tracing::field::Empty,
            http.response.status_code = tracing::field::Empty,
        );
        let carried = if exporting {
            span.record("otel.name", format!("{} {operation}", req.method()));
            span.record("otel.kind", "server");
            trace::set_parent(&span, trace::extract(req.headers()));
            if let Some(trace_id) = trace::trace_id(&span) {
                span.record("trace_id", trace_id);
            }
            None
        } else {
            let carried = trace::Carried::from_headers(req.headers());
            span.record("trace_id", carried.trace_id());
            Some(carried)
        };
        let method = req.method().clone();
        let in_flight = metrics::InFlight::start(operation);
        let started = Instant::now();
        // built inside the call (not bound to a local first), so the request's future is not
        // kept twice in this one's state (moves of large futures cost the hop)
        let ctx = RequestCtx {
            id: id.clone(),
            trace: carried,
        };
        let mut resp = REQUEST
            .scope(
                ctx,
                async {
                    let resp = self.0.call(req).await.map(IntoResponse::into_response);
                    let status = resp.as_ref().map_or_else(|e| e.status(), |r| r.status());
                    let elapsed = started.elapsed();
                    if exporting {
                        tracing::Span::current()
                            .record("http.response.status_code", status.as_u16());
                    }
                    metrics::http_request(operation, method.as_str(), status.as_u16(), elapsed);
                    tracing::info!(
                        status = status.as_u16(),
                        elapsed_ms = elapsed.as_millis() as u64,
                        "served"
                    );
                    resp
                }
                .instrument(span),
            )
            .await?;
        drop(in_flight);
        if let Ok(v) = HeaderValue::from_str(&id) {
            resp.headers_mut().insert(REQUEST_ID_HEADER, v);
        }
        Ok(resp)
    }
}
