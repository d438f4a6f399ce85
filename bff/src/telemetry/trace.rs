//! OpenTelemetry traces through `tracing` (the `opentelemetry`, `opentelemetry_sdk`,
//! `opentelemetry-otlp` and `tracing-opentelemetry` crates).
//!
//! - Exporting (below): every request is a server span (`telemetry::RequestId`), child of the
//!   W3C `traceparent` the load balancer sent ([`extract`]); every upstream call a client span
//!   (`upstream::Clients`), whose context goes out as `traceparent` ([`inject`]).
//! - Not exporting: no OpenTelemetry span is made (they cost the hop about a third of its
//!   throughput for nothing); the request's trace id and flags ([`Carried`]: the
//!   balancer's, else a new id) go out on every upstream call with a span id of its own.
//! - Either way one browser request's trace id reaches every upstream call it caused
//!   (`telemetry::spawn` carries it into the tasks a request starts).
//! - Export: OTLP over HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
//!   `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set, protobuf by default or JSON with
//!   `OTEL_EXPORTER_OTLP_PROTOCOL=http/json` (read by the exporter), batched; the service name
//!   from `OTEL_SERVICE_NAME`, else [`SERVICE_NAME`]; sampling from `OTEL_TRACES_SAMPLER`
//!   (default parent-based, always on). Unset: nothing leaves the process, and spans are
//!   recorded only when the incoming `traceparent` says sampled (parent-based, always off), so
//!   the flag travels on unchanged.
//! - No span attribute carries a customer's data: operation ids, services, statuses, outcomes.

use std::sync::OnceLock;

use opentelemetry::{
    Context,
    propagation::TextMapPropagator,
    trace::{TraceContextExt, TracerProvider as _},
};
use opentelemetry_http::{HeaderExtractor, HeaderInjector};
use opentelemetry_sdk::{
    Resource,
    propagation::TraceContextPropagator,
    trace::{Sampler, SdkTracerProvider},
};
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// `service.name` when `OTEL_SERVICE_NAME` is unset.
pub const SERVICE_NAME: &str = "prepaid-portal-bff";

static PROVIDER: OnceLock<SdkTracerProvider> = OnceLock::new();

fn set(var: &str) -> bool {
    std::env::var(var).is_ok_and(|v| !v.trim().is_empty())
}

static EXPORTING: OnceLock<bool> = OnceLock::new();

/// Whether an OTLP endpoint is configured (the standard variables; read once).
pub fn exporting() -> bool {
    *EXPORTING.get_or_init(|| {
        set("OTEL_EXPORTER_OTLP_ENDPOINT") || set("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
    })
}

/// The trace a request belongs to when nothing is exported: the incoming `traceparent`'s
/// trace id and flags, else a new trace id (not sampled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Carried {
    trace_id: opentelemetry::trace::TraceId,
    flags: opentelemetry::trace::TraceFlags,
}

impl Carried {
    /// The trace of a request with `headers`.
    pub fn from_headers(headers: &poem::http::HeaderMap) -> Self {
        let cx = extract(headers);
        let sc = cx.span().span_context().clone();
        if sc.is_valid() {
            return Self {
                trace_id: sc.trace_id(),
                flags: sc.trace_flags(),
            };
        }
        // v4 UUIDs: 122 random bits, never all zero
        let id = uuid::Uuid::new_v4().as_u128();
        Self {
            trace_id: opentelemetry::trace::TraceId::from(id),
            flags: opentelemetry::trace::TraceFlags::default(),
        }
    }

    /// The trace id, 32 lower-case hex digits.
    pub fn trace_id(&self) -> String {
        self.trace_id.to_string()
    }

    /// A `traceparent` for one upstream call: this trace, a new span id.
    pub fn traceparent(&self) -> String {
        let span = (uuid::Uuid::new_v4().as_u128() as u64).max(1);
        format!(
            "00-{}-{span:016x}-{:02x}",
            self.trace_id,
            self.flags.to_u8()
        )
    }
}

/// The process's tracer provider, built once: with a batch OTLP exporter when
/// [`exporting`], else none. Install the TLS provider first (`upstream::install_tls_provider`):
/// the exporter's HTTP client needs it. A broken exporter configuration is logged to stderr and the
/// process goes on without export (tracing must never stop the portal).
pub fn provider() -> &'static SdkTracerProvider {
    PROVIDER.get_or_init(|| {
        let mut resource = Resource::builder();
        if !set("OTEL_SERVICE_NAME") {
            resource = resource.with_service_name(SERVICE_NAME);
        }
        let builder = SdkTracerProvider::builder().with_resource(resource.build());
        if !exporting() {
            return builder
                .with_sampler(Sampler::ParentBased(Box::new(Sampler::AlwaysOff)))
                .build();
        }
        match opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .build()
        {
            Ok(exporter) => builder.with_batch_exporter(exporter).build(),
            Err(e) => {
                eprintln!("OTLP trace exporter not started: {e}");
                builder.build()
            }
        }
    })
}

/// The `tracing` layer turning spans into OpenTelemetry spans of [`provider`].
pub fn layer<S>() -> tracing_opentelemetry::OpenTelemetryLayer<S, opentelemetry_sdk::trace::Tracer>
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    tracing_opentelemetry::layer()
        .with_tracer(provider().tracer("bff"))
        .with_location(false)
        .with_threads(false)
        .with_level(false)
        .with_target(false)
}

/// Flushes and stops the exporter (end of `main`); a no-op when none was built.
pub fn shutdown() {
    if let Some(p) = PROVIDER.get() {
        let _ = p.shutdown();
    }
}

/// The trace context of an incoming request's `traceparent`/`tracestate` (W3C Trace Context);
/// empty when absent or malformed (the request then starts a trace).
pub fn extract(headers: &poem::http::HeaderMap) -> Context {
    TraceContextPropagator::new().extract(&HeaderExtractor(headers))
}

/// Writes `span`'s context as `traceparent` (and `tracestate`) into `headers`.
pub fn inject(span: &tracing::Span, headers: &mut poem::http::HeaderMap) {
    TraceContextPropagator::new().inject_context(&span.context(), &mut HeaderInjector(headers));
}

/// `span`'s trace id as 32 lower-case hex digits, or `None` when it has no valid context.
pub fn trace_id(span: &tracing::Span) -> Option<String> {
    let cx = span.context();
    let sc = cx.span().span_context().clone();
    sc.is_valid().then(|| sc.trace_id().to_string())
}

/// Makes `parent` (from [`extract`]) the parent of `span`; an empty context leaves the span a
/// root.
pub fn set_parent(span: &tracing::Span, parent: Context) {
    if parent.span().span_context().is_valid() {
        let _ = span.set_parent(parent);
    }
}
