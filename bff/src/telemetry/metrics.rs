//! Prometheus metrics (the `metrics` facade, exposed by `metrics-exporter-prometheus` in the
//! text exposition format) on their own listener, `BFF_METRICS_ADDR` (`startup`), never on
//! the public port. Without that setting no recorder is installed and every call below is a
//! no-op.
//!
//! Every series is declared here, once, with its labels; labels carry operation ids, service
//! and call names, outcome and error codes, never a path, a query or a customer's data.
//! Durations are seconds (histograms with [`LATENCY_BUCKETS`]).
//!
//! | series | type | labels |
//! |---|---|---|
//! | `bff_http_requests_total` | counter | `operation` (the contract's operation id, or `page`, `asset`, `harness`, `sim`, `docs`, `unmatched`), `method`, `status_class` (`2xx`..`5xx`) |
//! | `bff_http_request_duration_seconds` | histogram | `operation` |
//! | `bff_http_requests_in_flight` | gauge | `operation` |
//! | `bff_upstream_calls_total` | counter | `service`, `operation` (the call name of `upstream::call`), `outcome` ([`UpstreamOutcome`]) |
//! | `bff_upstream_call_duration_seconds` | histogram | `service`, `operation` |
//! | `bff_store_operation_duration_seconds` | histogram | `backend`, `operation` (`get`, `cas`, `expire`, `del`), `kind` (`session`, `context`, `idempotency`) |
//! | `bff_store_errors_total` | counter | `backend`, `operation`, `kind` |
//! | `bff_store_records` | gauge (set at each scrape) | `backend`, `kind` |
//! | `bff_store_refusals_total` | counter | `kind`, `reason` (`full`, `too_large`: the memory store's bounds refused a write; `evicted_empty`: an empty session made room for a new one) |
//! | `bff_rate_limit_refusals_total` | counter | `limit` (`session`, `address`, `keyed-session`, `keyed-address`, `session-new`, `litepay-session`, `litepay-address`) |
//! | `bff_connections_refused_total` | counter | `reason` (`total`, `address`: a connection cap, `http::connections`) |
//! | `bff_connection_timeouts_total` | counter | `phase` (`idle`, `headers`, `body`: the deadline that ended a connection) |
//! | `bff_csrf_refusals_total` | counter | `reason` (`token`, `cross_site`) |
//! | `bff_idempotency_total` | counter | `result` (`fresh`, `replay`, `join`, `mismatch`) |
//! | `bff_answer_cache_total` | counter | `cache` (`content`, `suggestions`), `result` (`hit`, `miss`) |
//! | `bff_business_attempts_total` | counter | `effect` ([`Effect`]), `outcome` (the answer's `outcome`, or its error code) |
//! | `bff_build_info` | gauge, always 1 | `version`, `git_commit` |

use std::{sync::OnceLock, time::Duration};

use metrics::{counter, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Upper bounds of the latency histograms, seconds: 1 ms to the upstream timeout (60 s).
pub const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0,
];

/// The commit the binary was built from (`build.rs`: `GIT_COMMIT`, else `git rev-parse`, else
/// `unknown`).
pub const GIT_COMMIT: &str = match option_env!("GIT_COMMIT") {
    Some(c) => c,
    None => "unknown",
};

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Installs the process's recorder (once; later calls return the same handle) and sets
/// `bff_build_info`. Several applications in one process (tests) share it.
pub fn install() -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), LATENCY_BUCKETS)
                .unwrap_or_else(|_| PrometheusBuilder::new());
            let recorder = builder.build_recorder();
            let handle = recorder.handle();
            // Err: another recorder is installed (an embedding program's); ours then only renders
            let _ = metrics::set_global_recorder(recorder);
            describe();
            gauge!("bff_build_info", "version" => env!("CARGO_PKG_VERSION"), "git_commit" => GIT_COMMIT)
                .set(1.0);
            handle
        })
        .clone()
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        "bff_http_requests_total",
        "Requests answered, by contract operation"
    );
    describe_histogram!(
        "bff_http_request_duration_seconds",
        Unit::Seconds,
        "Time from the request's arrival to its answer"
    );
    describe_gauge!("bff_http_requests_in_flight", "Requests being served");
    describe_counter!("bff_upstream_calls_total", "Upstream calls, by outcome");
    describe_histogram!(
        "bff_upstream_call_duration_seconds",
        Unit::Seconds,
        "Upstream call time, body read included"
    );
    describe_histogram!(
        "bff_store_operation_duration_seconds",
        Unit::Seconds,
        "Store primitive time"
    );
    describe_counter!("bff_store_errors_total", "Store primitives that failed");
    describe_gauge!(
        "bff_store_records",
        "Live records in the store, at the last scrape"
    );
    describe_counter!(
        "bff_store_refusals_total",
        "Writes the memory store's bounds refused"
    );
    describe_counter!("bff_rate_limit_refusals_total", "429 answers, by limit");
    describe_counter!("bff_csrf_refusals_total", "403 CSRF_REJECTED answers");
    describe_counter!(
        "bff_connections_refused_total",
        "Connections closed at accept by a connection cap"
    );
    describe_counter!(
        "bff_connection_timeouts_total",
        "Connections ended by a header, body or idle deadline"
    );
    describe_counter!(
        "bff_idempotency_total",
        "Idempotent operations: fresh runs, replays, joins"
    );
    describe_counter!("bff_answer_cache_total", "Answer cache lookups");
    describe_counter!(
        "bff_business_attempts_total",
        "Paid or redeeming attempts that ran (not replays), by outcome"
    );
    describe_gauge!("bff_build_info", "Version and commit of the running binary");
}

/// Whether a recorder is installed ([`install`]): the request path skips building the series'
/// keys when not (`BFF_METRICS_ADDR` unset).
pub fn enabled() -> bool {
    HANDLE.get().is_some()
}

/// The text exposition of everything recorded (after [`install`]; empty before).
pub fn render() -> String {
    HANDLE
        .get()
        .map(PrometheusHandle::render)
        .unwrap_or_default()
}

/// Drains histogram samples into their buckets; `startup` runs it every few seconds so memory
/// stays flat between scrapes.
pub fn upkeep() {
    if let Some(h) = HANDLE.get() {
        h.run_upkeep();
    }
}

/// `2xx`..`5xx` of a status.
fn status_class(status: u16) -> &'static str {
    match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

/// Counts one request in flight for `operation` until dropped.
#[derive(Debug)]
pub struct InFlight(&'static str);

impl InFlight {
    /// One more request of `operation` (nothing when metrics are off).
    pub fn start(operation: &'static str) -> Option<Self> {
        if !enabled() {
            return None;
        }
        gauge!("bff_http_requests_in_flight", "operation" => operation).increment(1.0);
        Some(Self(operation))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        gauge!("bff_http_requests_in_flight", "operation" => self.0).decrement(1.0);
    }
}

/// One answered request.
pub fn http_request(operation: &'static str, method: &str, status: u16, elapsed: Duration) {
    if !enabled() {
        return;
    }
    let method = match method {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "PATCH" => "PATCH",
        "DELETE" => "DELETE",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    };
    counter!("bff_http_requests_total", "operation" => operation, "method" => method,
        "status_class" => status_class(status))
    .increment(1);
    histogram!("bff_http_request_duration_seconds", "operation" => operation)
        .record(elapsed.as_secs_f64());
}

/// How an upstream call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpstreamOutcome {
    /// 2xx with a body that decoded.
    Ok,
    /// 2xx whose body names a business error (`businessErrorCode`, `errorCode`).
    BusinessError,
    /// 4xx.
    ClientError,
    /// 5xx (or any other non-2xx).
    ServerError,
    /// No answer within the timeout.
    Timeout,
    /// Connect failure, reset, body cut off.
    Reset,
    /// A body that did not decode.
    Malformed,
}

impl UpstreamOutcome {
    /// The label value.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::BusinessError => "business_error",
            Self::ClientError => "4xx",
            Self::ServerError => "5xx",
            Self::Timeout => "timeout",
            Self::Reset => "reset",
            Self::Malformed => "malformed",
        }
    }
}

/// One upstream call.
pub fn upstream_call(
    service: &'static str,
    operation: &'static str,
    outcome: UpstreamOutcome,
    elapsed: Duration,
) {
    if !enabled() {
        return;
    }
    counter!("bff_upstream_calls_total", "service" => service, "operation" => operation,
        "outcome" => outcome.as_str())
    .increment(1);
    histogram!("bff_upstream_call_duration_seconds", "service" => service, "operation" => operation)
        .record(elapsed.as_secs_f64());
}

/// One store primitive.
pub fn store_operation(
    backend: &'static str,
    operation: &'static str,
    kind: &'static str,
    elapsed: Duration,
    ok: bool,
) {
    if !enabled() {
        return;
    }
    histogram!("bff_store_operation_duration_seconds", "backend" => backend,
        "operation" => operation, "kind" => kind)
    .record(elapsed.as_secs_f64());
    if !ok {
        counter!("bff_store_errors_total", "backend" => backend, "operation" => operation,
            "kind" => kind)
        .increment(1);
    }
}

/// Live records of `kind` in the store (set before each scrape).
pub fn store_records(backend: &'static str, kind: &'static str, count: usize) {
    gauge!("bff_store_records", "backend" => backend, "kind" => kind).set(count as f64);
}

/// A connection a cap closed at accept (`reason`: `total`, `address`).
pub fn connection_refused(reason: &'static str) {
    counter!("bff_connections_refused_total", "reason" => reason).increment(1);
}

/// A connection a deadline ended (`phase`: `idle`, `headers`, `body`).
pub fn connection_timed_out(phase: &'static str) {
    counter!("bff_connection_timeouts_total", "phase" => phase).increment(1);
}

/// A write the memory store's bounds refused.
pub fn store_refusal(kind: &'static str, reason: &'static str) {
    counter!("bff_store_refusals_total", "kind" => kind, "reason" => reason).increment(1);
}

/// A 429 of the budget `limit` (`http::rate_limit::Budget`'s name).
pub fn rate_limit_refusal(limit: &'static str) {
    counter!("bff_rate_limit_refusals_total", "limit" => limit).increment(1);
}

/// A 403 `CSRF_REJECTED`: `token` (missing or wrong) or `cross_site` (`Sec-Fetch-Site`).
pub fn csrf_refusal(reason: &'static str) {
    counter!("bff_csrf_refusals_total", "reason" => reason).increment(1);
}

/// What `store::Store::idempotent` did with a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdempotencyResult {
    /// This caller claimed the key and ran.
    Fresh,
    /// The key was done: its answer was replayed.
    Replay,
    /// The key was running: this caller waited and got its answer.
    Join,
    /// The key was used for another request.
    Mismatch,
}

/// One idempotent operation.
pub fn idempotency(result: IdempotencyResult) {
    let result = match result {
        IdempotencyResult::Fresh => "fresh",
        IdempotencyResult::Replay => "replay",
        IdempotencyResult::Join => "join",
        IdempotencyResult::Mismatch => "mismatch",
    };
    counter!("bff_idempotency_total", "result" => result).increment(1);
}

/// One lookup in the answer cache `cache`.
pub fn answer_cache(cache: &'static str, hit: bool) {
    counter!("bff_answer_cache_total", "cache" => cache,
        "result" => if hit { "hit" } else { "miss" })
    .increment(1);
}

/// What a paid or redeeming attempt does (`http::attempt::once_per_attempt`), for
/// `bff_business_attempts_total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// A kit order (`submitOrder`, seed 000 §7).
    Order,
    /// A signed-in refill by card (`submitRefill`, seed 002 §3.6).
    Refill,
    /// A refill PIN redemption (`redeemRefillPin`, seed 002 §7.2).
    PinRedemption,
    /// A quick refill without sign-in (`submitLitepayRefill`, seed 002 §3.8).
    QuickRefill,
    /// A move scheduled (`createMove`, seed 002 §4.4).
    MoveScheduled,
    /// A scheduled move cancelled (`cancelScheduledMove`, seed 001 §7).
    MoveCancelled,
    /// A reconnect with its payment (`submitReconnect`, seed 002 §4.5).
    Reconnect,
}

impl Effect {
    /// Whether the effect is made without a signed-in identity (a kit order, a quick
    /// refill): its idempotency records live as long as a flow context, not 24 h.
    pub const fn anonymous(self) -> bool {
        matches!(self, Self::Order | Self::QuickRefill)
    }

    /// The label value.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Order => "order",
            Self::Refill => "refill",
            Self::PinRedemption => "pin_redemption",
            Self::QuickRefill => "quick_refill",
            Self::MoveScheduled => "move_scheduled",
            Self::MoveCancelled => "move_cancelled",
            Self::Reconnect => "reconnect",
        }
    }
}

/// One attempt of `effect` that ran, ended as `outcome` (an answer's `outcome` value or an
/// error code: both finite sets of the contract).
pub fn business_attempt(effect: Effect, outcome: String) {
    counter!("bff_business_attempts_total", "effect" => effect.as_str(), "outcome" => outcome)
        .increment(1);
}
