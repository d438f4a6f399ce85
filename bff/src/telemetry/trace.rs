//! OpenTelemetry traces through `tracing` (the `opentelemetry`, `opentelemetry_sdk`,
//! `opentelemetry-otlp` and `tracing-opentelemetry` crates).
//!
//! - Every request is a server span (`telemetry::RequestId`), child of the W3C `traceparent`
//!   the load balancer sent ([`extract`]); every upstream call a client span
//!   (`upstream::Clients`), whose context goes out as `traceparent` ([`inject`]). So one
//!   browser request's trace id reaches every upstream call it caused, with or without an
//!   exporter.
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

/// Whether an OTLP endpoint is configured (the standard variables).
pub fn exporting() -> bool {
    set("OTEL_EXPORTER_OTLP_ENDPOINT") || set("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
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
