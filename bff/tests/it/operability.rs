//! What an operator runs the BFF by (ARCHITECTURE.md "Operating the BFF"): the Prometheus
//! series after a purchase and a refill (checked by `promtool check metrics`), the metrics
//! listener off the public port, `/readyz` and the drain, and traces: one browser request's
//! trace id on every upstream call it caused, and the spans an OTLP receiver gets with their
//! parents.

use std::{
    io::Write,
    sync::{Arc, Mutex},
    time::Duration,
};

use bff::{
    config::{Mode, UpstreamUrls},
    startup::Application,
    telemetry,
};
use poem::http::header;
use serde_json::{Value, json};
use upstream::service::Service;
use uuid::Uuid;
use wiremock::{
    Mock, MockServer, ResponseTemplate,
    matchers::{method, path},
};

use crate::{
    buy::{Buyer, app, submit_body},
    common::*,
    refill::{Refiller, choices_of},
    signin::{TestClock, app_with_clock},
};

/// A W3C `traceparent` as a load balancer sends it (sampled).
const TRACE_ID: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_SPAN: &str = "00f067aa0ba902b7";

fn traceparent() -> String {
    format!("00-{TRACE_ID}-{PARENT_SPAN}-01")
}

/// The value of the series `name{labels}` (labels in the exposition's order), summed over
/// every line that starts so (histogram buckets aside).
fn series(text: &str, prefix: &str) -> f64 {
    text.lines()
        .filter(|l| l.starts_with(prefix))
        .filter_map(|l| l.rsplit_once(' ')?.1.parse::<f64>().ok())
        .sum()
}

fn assert_series(text: &str, prefix: &str) {
    assert!(
        series(text, prefix) > 0.0,
        "no series {prefix} in the exposition:\n{}",
        text.lines()
            .filter(|l| l.starts_with(prefix.split('{').next().unwrap()))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// `promtool check metrics` on `text` (Debian's `prometheus` package; `scripts/test.sh`
/// installs it).
fn promtool_check(text: &str) {
    let mut child = std::process::Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("promtool (Debian package prometheus; scripts/test.sh installs it)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "promtool check metrics: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A purchase, a replayed submit, a signed-in refill, content twice, a CSRF refusal and a
/// rate-limit refusal: every family of series is there with its labels, and `promtool`
/// accepts the exposition.
#[tokio::test]
async fn a_scrape_after_a_purchase_and_a_refill_has_every_series_and_passes_promtool() {
    telemetry::metrics::install();
    // a purchase, its submit replayed
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let cli = app(&urls, |_| {}).await;
    let mut buyer = Buyer::new(&cli, "en").await;
    buyer.shop("30309", "1200 Peachtree St", true).await;
    let s = buyer.hand_off("existing-verified").await;
    assert_eq!(s["complete"], true, "{s}");
    let card = buyer.add_card("4111111111111111").await;
    assert_eq!(card["outcome"], "added", "{card}");
    let key = Uuid::new_v4().to_string();
    let o = buyer.ok(buyer.submit(&key, &submit_body())).await;
    assert_eq!(o["outcome"], "placed", "{o}");
    let again = buyer.ok(buyer.submit(&key, &submit_body())).await;
    assert_eq!(again["orderNumber"], o["orderNumber"]);
    for _ in 0..2 {
        cli.get("/-/api/my.prepaid/dictionary")
            .send()
            .await
            .assert_status_is_ok();
    }
    // refusals: no token; a second state-changing request over a budget of one
    let r = cli
        .post("/secure/session")
        .header(header::COOKIE, &buyer.cookie)
        .send()
        .await;
    assert_eq!(r.0.status().as_u16(), 403);
    let limited = app(&urls, |c| c.rate_limit_per_min = 1).await;
    let (cookie, xsrf) = session(&limited).await;
    let statuses = futures_util::future::join_all((0..2).map(|_| {
        limited
            .post("/secure/logout")
            .header(header::COOKIE, &cookie)
            .header("x-xsrf-token", &xsrf)
            .send()
    }))
    .await;
    assert!(statuses.iter().any(|r| r.0.status().as_u16() == 429));
    // a refill
    let (_clock, c) = TestClock::new();
    let (rcli, st, _rsims) = app_with_clock(c).await;
    let r = Refiller::new(&rcli, "owner-states", Some("8993100000001301"), None).await;
    let (_, offer) = r.offer(&rcli).await;
    let (s, _) = r.cart(&rcli, choices_of(&offer["cart"])).await;
    assert_eq!(s, 200);
    let (s, v) = r.submit(&rcli, Uuid::new_v4()).await;
    assert_eq!((s, &v["outcome"]), (200, &json!("refilled")), "{v}");
    st.store.report_records().await;

    let text = telemetry::metrics::render();
    let backend = st.store.backend_name();
    for prefix in [
        r#"bff_http_requests_total{operation="submitOrder",method="POST",status_class="2xx"}"#,
        r#"bff_http_requests_total{operation="submitRefill",method="POST",status_class="2xx"}"#,
        r#"bff_http_requests_total{operation="createDigitalSession",method="POST",status_class="4xx"}"#,
        r#"bff_http_request_duration_seconds_count{operation="submitRefill"}"#,
        r#"bff_http_request_duration_seconds_bucket{operation="getRefillOffer",le="+Inf"}"#,
        r#"bff_upstream_calls_total{service="activation",operation="submitOrder",outcome="ok"}"#,
        r#"bff_upstream_calls_total{service="refill",operation="refill",outcome="ok"}"#,
        r#"bff_upstream_calls_total{service="identity",operation="identityToken",outcome="ok"}"#,
        r#"bff_upstream_call_duration_seconds_count{service="refill",operation="refill"}"#,
        r#"bff_idempotency_total{result="fresh"}"#,
        r#"bff_idempotency_total{result="replay"}"#,
        r#"bff_business_attempts_total{effect="order",outcome="placed"}"#,
        r#"bff_business_attempts_total{effect="refill",outcome="refilled"}"#,
        r#"bff_answer_cache_total{cache="content",result="miss"}"#,
        r#"bff_answer_cache_total{cache="content",result="hit"}"#,
        r#"bff_csrf_refusals_total{reason="token"}"#,
        r#"bff_rate_limit_refusals_total{limit="address"}"#,
        r#"bff_build_info{version=""#,
    ] {
        assert_series(&text, prefix);
    }
    for prefix in [
        format!(
            r#"bff_store_operation_duration_seconds_count{{backend="{backend}",operation="cas",kind="idempotency"}}"#
        ),
        format!(
            r#"bff_store_operation_duration_seconds_count{{backend="{backend}",operation="get",kind="session"}}"#
        ),
    ] {
        assert_series(&text, &prefix);
    }
    assert!(
        text.contains(&format!(
            r#"bff_store_records{{backend="{backend}",kind="session"}}"#
        )),
        "{text}"
    );
    assert!(text.contains(r#"bff_http_requests_in_flight{operation="submitRefill"}"#));
    // nothing of a customer in a label: no account, card, phone, street or query (the
    // labels only: a value may hold any digits, and so may the commit's hash)
    let labels: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("bff_build_info"))
        .filter_map(|l| Some(&l[l.find('{')?..=l.rfind('}')?]))
        .collect();
    assert!(labels.len() > 50, "{text}");
    for secret in ["8993100000001301", "4111", "Peachtree", "30309", "?"] {
        assert!(
            !labels.iter().any(|l| l.contains(secret)),
            "{secret} in a label"
        );
    }
    promtool_check(&text);
}

/// The simulators' upstream URLs with the address search answering after `delay` (one
/// suggestion), from a mock server kept alive by the returned guard.
async fn slow_suggestions(
    sims: &simulators::Embedded,
    delay: Duration,
) -> (UpstreamUrls, MockServer) {
    let slow = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/suggest"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!([
                    "1",
                    "1200 pea",
                    "1200 Peachtree St, Atlanta, GA 30309"
                ]))
                .set_delay(delay),
        )
        .mount(&slow)
        .await;
    let mut urls = UpstreamUrls::under(&sims.base_url);
    urls.set(Service::AddressSearch, slow.uri());
    (urls, slow)
}

/// A harness BFF over `urls` as the binary runs it (`Application`), with a metrics listener,
/// `grace` to drain, `tweak` applied to its configuration; returns its public and metrics base URLs, its state, and the sender that
/// stops it (the task answers how `run_until` ended).
pub(crate) async fn running(
    urls: &UpstreamUrls,
    grace: Duration,
    tweak: impl FnOnce(&mut bff::config::Config),
) -> (
    String,
    String,
    Arc<bff::state::AppState>,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<std::io::Result<()>>,
) {
    bff::upstream::install_tls_provider();
    let mut cfg = config(Mode::Harness, urls, 5000);
    cfg.addr = "127.0.0.1:0".parse().unwrap();
    cfg.metrics_addr = Some("127.0.0.1:0".parse().unwrap());
    cfg.shutdown_grace = grace;
    cfg.drain_delay = Duration::from_millis(600);
    tweak(&mut cfg);
    let app = Application::build(cfg).await.expect("application");
    let base = format!("http://127.0.0.1:{}", app.port());
    let metrics = format!("http://127.0.0.1:{}", app.metrics_port().unwrap());
    let state = app.state();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(
        app.run_until(bff::startup::drain_after(state.clone(), async {
            let _ = stopped.await;
            "test"
        })),
    );
    (base, metrics, state, stop, task)
}

/// `/metrics` is served on `BFF_METRICS_ADDR` only; `/readyz` is 200 `ready` with a store and
/// a web build, 503 `draining` once the drain began (for `BFF_DRAIN_DELAY_SECS` new
/// connections are still taken); after it no new connection is taken, the request in flight
/// finishes with its answer, and the server returns.
#[tokio::test]
async fn metrics_listener_readiness_and_drain() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let (urls, _slow) = slow_suggestions(&sims, Duration::from_millis(1500)).await;
    let (base, metrics, state, stop, task) = running(&urls, Duration::from_secs(10), |_| {}).await;
    let http = reqwest::Client::new();

    let m = http.get(format!("{metrics}/metrics")).send().await.unwrap();
    assert_eq!(m.status(), 200);
    assert!(
        m.headers()[header::CONTENT_TYPE.as_str()]
            .to_str()
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    assert!(m.text().await.unwrap().contains("bff_build_info"));
    let public = http.get(format!("{base}/metrics")).send().await.unwrap();
    assert_eq!(public.status(), 404, "no metrics on the public port");
    let other = http.get(format!("{metrics}/healthz")).send().await.unwrap();
    assert_eq!(
        other.status(),
        404,
        "the metrics listener serves /metrics only"
    );

    let ready = http.get(format!("{base}/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), 200);
    let body: Value = ready.json().await.unwrap();
    assert_eq!(body, json!({"status": "ready", "store": "ok", "web": "ok"}));

    // a slow request in flight when the stop comes
    let in_flight = tokio::spawn({
        let http = http.clone();
        let url =
            format!("{base}/secure/api/v1/address/suggestions?q=1200%20pea&trackingId={TRACKING}");
        async move { http.get(url).send().await }
    });
    tokio::time::sleep(Duration::from_millis(400)).await;
    stop.send(()).unwrap();
    // during the drain delay (600 ms) the listener still accepts, and says it is draining
    tokio::time::sleep(Duration::from_millis(100)).await;
    let draining = reqwest::Client::new()
        .get(format!("{base}/readyz"))
        .send()
        .await
        .unwrap();
    assert_eq!(draining.status(), 503);
    let body: Value = draining.json().await.unwrap();
    assert_eq!(body["status"], "draining");
    assert!(state.draining.load(std::sync::atomic::Ordering::Relaxed));
    tokio::time::sleep(Duration::from_millis(800)).await;
    let fresh = reqwest::Client::new()
        .get(format!("{base}/healthz"))
        .send()
        .await;
    assert!(fresh.is_err(), "a new connection after the stop: {fresh:?}");
    let answer = in_flight
        .await
        .unwrap()
        .expect("the request in flight is answered");
    assert_eq!(answer.status(), 200);
    let v: Value = answer.json().await.unwrap();
    assert_eq!(v["suggestions"][0]["zip"], "30309", "{v}");
    tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .expect("drained")
        .unwrap()
        .unwrap();
}

/// A request still running at the end of the grace is cut, and the server returns then (the
/// orchestrator's SIGKILL would come next).
#[tokio::test]
async fn the_drain_ends_at_the_grace() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let (urls, _slow) = slow_suggestions(&sims, Duration::from_secs(20)).await;
    let (base, _, _, stop, task) = running(&urls, Duration::from_millis(500), |_| {}).await;
    let http = reqwest::Client::new();
    let url =
        format!("{base}/secure/api/v1/address/suggestions?q=1200%20pea&trackingId={TRACKING}");
    let in_flight = tokio::spawn(async move { http.get(url).send().await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = std::time::Instant::now();
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .expect("the drain ends at the grace")
        .unwrap()
        .unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(
        in_flight.await.unwrap().is_err(),
        "the cut request gets no answer"
    );
}

/// `/readyz` names the failed check: no web build is `notReady` with `web: failed`.
#[tokio::test]
async fn readiness_names_a_missing_web_build() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let cli = app(&urls, |c| c.web_dist = "/nonexistent/dist".into()).await;
    let r = cli.get("/readyz").send().await;
    assert_eq!(r.0.status().as_u16(), 503);
    assert_eq!(
        json(r.0).await,
        json!({"status": "notReady", "store": "ok", "web": "failed"})
    );
}

/// The simulators' access lines (JSON) of the BFF request `request_id`: (trace id, parent
/// span id) of each.
fn simulator_lines(captured: &Captured, request_id: &str) -> Vec<(String, String)> {
    let text = captured.text();
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["target"] == "simulators::middleware" && v["fields"]["message"] == "served")
        .filter(|v| v["span"]["request_id"] == request_id)
        .map(|v| {
            (
                v["span"]["trace_id"].as_str().unwrap_or("").to_owned(),
                v["span"]["parent_span_id"]
                    .as_str()
                    .unwrap_or("")
                    .to_owned(),
            )
        })
        .collect()
}

/// One browser request's trace id reaches every upstream call it caused, those of a paid
/// attempt's own task included: the simulators read each call's `traceparent` and log it. A
/// request with the load balancer's `traceparent` continues its trace (each upstream call with
/// a span id of its own, not the balancer's); one without starts a trace of its own, the same
/// on all its calls. (No exporter here: the trace is carried without OpenTelemetry spans; the
/// exporting path is `an_otlp_receiver_gets_the_spans_with_their_parents`.)
#[tokio::test(flavor = "current_thread")]
async fn one_request_trace_id_reaches_every_upstream_call() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .json()
        .with_current_span(true)
        .with_span_list(false)
        .with_writer(move || writer.clone())
        .with_env_filter(tracing_subscriber::EnvFilter::new(
            "simulators::middleware=debug",
        ))
        .finish();
    // see logs.rs: a second dispatcher makes every callsite ask ours too
    let _second = tracing::Dispatch::new(tracing::subscriber::NoSubscriber::default());
    let _guard = tracing::subscriber::set_default(subscriber);

    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let r = Refiller::new(&cli, "owner-states", Some("8993100000001301"), None).await;
    let dashboard = "/secure2/accounts/8993100000001301/dashboard";
    let with_parent = cli
        .get(dashboard)
        .header(header::COOKIE, r.b.cookies())
        .header("traceparent", traceparent())
        .header("x-request-id", "trace-with-parent")
        .send()
        .await;
    with_parent.assert_status_is_ok();
    let lines = simulator_lines(&captured, "trace-with-parent");
    assert!(
        lines.len() >= 2,
        "the dashboard calls several upstreams: {lines:?}"
    );
    for (trace, parent) in &lines {
        assert_eq!(trace, TRACE_ID, "{lines:?}");
        assert_ne!(parent, PARENT_SPAN, "each call has a span id of its own");
        assert_eq!(parent.len(), 16);
    }
    let parents: std::collections::BTreeSet<_> = lines.iter().map(|(_, p)| p).collect();
    assert_eq!(parents.len(), lines.len(), "one span id per upstream call");

    let without = cli
        .get(dashboard)
        .header(header::COOKIE, r.b.cookies())
        .header("x-request-id", "trace-without-parent")
        .send()
        .await;
    without.assert_status_is_ok();
    let lines = simulator_lines(&captured, "trace-without-parent");
    assert!(lines.len() >= 2, "{lines:?}");
    let first = &lines[0].0;
    assert!(first.len() == 32 && first != TRACE_ID, "{lines:?}");
    assert!(lines.iter().all(|(t, _)| t == first), "{lines:?}");

    // a refill: its upstream calls run in the attempt's own task (`Store::idempotent`)
    let (_, offer) = r.offer(&cli).await;
    let (s, _) = r.cart(&cli, choices_of(&offer["cart"])).await;
    assert_eq!(s, 200);
    let submit = cli
        .post("/secure2/accounts/8993100000001301/refill/order")
        .header(header::COOKIE, r.b.cookies())
        .header("x-xsrf-token", &r.b.xsrf)
        .header("Idempotency-Key", Uuid::new_v4().to_string())
        .header("traceparent", traceparent())
        .header("x-request-id", "trace-refill")
        .body_json(&json!({"termsAccepted": true}))
        .send()
        .await;
    submit.assert_status_is_ok();
    let lines = simulator_lines(&captured, "trace-refill");
    assert!(
        !lines.is_empty(),
        "the refill's calls are logged with the request id"
    );
    assert!(lines.iter().all(|(t, _)| t == TRACE_ID), "{lines:?}");
}

/// A free loopback port (bound and released: a small race, fine for a test).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The hex string or number of an OTLP/JSON id or enum field.
fn text(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_owned)
}

/// The `bff` binary with `OTEL_EXPORTER_OTLP_ENDPOINT` at an OTLP/HTTP receiver started here
/// (JSON protocol): the spans of one request arrive with the load balancer's trace id, the
/// server span the child of its `traceparent`, the upstream call the child of the server
/// span; `OTEL_SERVICE_NAME` names the resource; SIGTERM exports what is left and exits 0.
#[tokio::test]
async fn an_otlp_receiver_gets_the_spans_with_their_parents() {
    let received: Arc<Mutex<Vec<Value>>> = Arc::default();
    let sink = received.clone();
    let receiver = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let receiver_url = format!("http://{}", receiver.local_addr().unwrap());
    let acceptor = poem::listener::TcpAcceptor::from_tokio(receiver).unwrap();
    let route = poem::Route::new().at(
        "/v1/traces",
        poem::post(poem::endpoint::make(move |req: poem::Request| {
            let sink = sink.clone();
            async move {
                let body = req.into_body().into_bytes().await.unwrap_or_default();
                if let Ok(v) = serde_json::from_slice::<Value>(&body) {
                    sink.lock().unwrap().push(v);
                }
                poem::Response::builder()
                    .content_type("application/json")
                    .body("{}")
            }
        })),
    );
    let _receiver = tokio::spawn(poem::Server::new_with_acceptor(acceptor).run(route));

    bff::upstream::install_tls_provider();
    let port = free_port();
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_bff"))
        .env("BFF_ADDR", format!("127.0.0.1:{port}"))
        .env("BFF_WEB_DIST", web_dist())
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &receiver_url)
        .env("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json")
        .env("OTEL_SERVICE_NAME", "bff-under-test")
        .env("OTEL_BSP_SCHEDULE_DELAY", "100")
        .env("RUST_LOG", "warn")
        .env_remove("BFF_REDIS_URL")
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the bff binary");
    let base = format!("http://127.0.0.1:{port}");
    let http = reqwest::Client::new();
    let mut up = false;
    for _ in 0..100 {
        if http.get(format!("{base}/healthz")).send().await.is_ok() {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(up, "the bff binary did not start");
    let r = http
        .get(format!(
            "{base}/secure/api/v1/address/suggestions?q=1200%20pea&trackingId={TRACKING}"
        ))
        .header("traceparent", traceparent())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let pid = child.id().unwrap().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = tokio::time::timeout(Duration::from_secs(10), child.wait())
        .await
        .expect("the bff exits after SIGTERM")
        .unwrap();
    assert!(status.success(), "exit status after SIGTERM: {status}");

    let batches = received.lock().unwrap().clone();
    let mut spans = Vec::new();
    for batch in &batches {
        for rs in batch["resourceSpans"].as_array().into_iter().flatten() {
            let attrs = rs["resource"]["attributes"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let service = attrs
                .iter()
                .find(|a| a["key"] == "service.name")
                .map(|a| a["value"]["stringValue"].clone());
            assert_eq!(service, Some(json!("bff-under-test")), "{rs}");
            for ss in rs["scopeSpans"].as_array().into_iter().flatten() {
                spans.extend(ss["spans"].as_array().cloned().unwrap_or_default());
            }
        }
    }
    let ours: Vec<&Value> = spans
        .iter()
        .filter(|s| text(&s["traceId"]).eq_ignore_ascii_case(TRACE_ID))
        .collect();
    let server = ours
        .iter()
        .find(|s| s["name"] == "GET searchAddresses")
        .unwrap_or_else(|| panic!("no server span in {spans:#?}"));
    assert_eq!(text(&server["parentSpanId"]).to_lowercase(), PARENT_SPAN);
    assert!(
        ["2", "SPAN_KIND_SERVER"].contains(&text(&server["kind"]).as_str()),
        "{server}"
    );
    let client = ours
        .iter()
        .find(|s| s["name"] == "address-search addressSearch")
        .unwrap_or_else(|| panic!("no upstream span in {spans:#?}"));
    assert_eq!(text(&client["parentSpanId"]), text(&server["spanId"]));
    assert!(
        ["3", "SPAN_KIND_CLIENT"].contains(&text(&client["kind"]).as_str()),
        "{client}"
    );
    let attr = |span: &Value, key: &str| {
        span["attributes"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|a| a["key"] == key)
            .map(|a| a["value"].clone())
    };
    assert_eq!(attr(client, "outcome"), Some(json!({"stringValue": "ok"})));
    assert_eq!(
        attr(server, "operation"),
        Some(json!({"stringValue": "searchAddresses"}))
    );
}
