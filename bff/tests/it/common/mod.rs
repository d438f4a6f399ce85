//! Shared helpers of the BFF integration tests: the BFF endpoint over in-process simulators
//! (or any upstream URLs), a built-looking web dist, session + CSRF token.
#![allow(dead_code)]

use std::{
    path::PathBuf,
    sync::{Arc, OnceLock},
    time::Duration,
};

use bff::{
    config::{Config, Mode, UpstreamUrls, Upstreams},
    startup::endpoint,
    state::{AppState, Clock, state_with_store},
    store::Store,
};
use poem::{EndpointExt, Response, endpoint::BoxEndpoint, http::header, test::TestClient};
use serde_json::Value;

pub type Client = TestClient<BoxEndpoint<'static, Response>>;

/// A web dist directory with `index.html` and one hashed asset, written once per test process
/// under cargo's `target/tmp` (so test runs leave nothing in the system temp directory).
pub fn web_dist() -> PathBuf {
    static DIST: OnceLock<PathBuf> = OnceLock::new();
    DIST.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bff-test-dist");
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        std::fs::write(
            dir.join("index.html"),
            "<!doctype html><html lang=\"en\"><title>app</title><div id=\"root\"></div></html>",
        )
        .unwrap();
        std::fs::write(
            dir.join("assets/app-1a2b3c.js"),
            "console.log('app');".repeat(100),
        )
        .unwrap();
        std::fs::write(dir.join("robots.txt"), "User-agent: *\n").unwrap();
        dir
    })
    .clone()
}

/// A built-looking web dist named `name` (under cargo's `target/tmp`): an `index.html` and the
/// page table `app-routes.json` with `flows` (`web/build/plugins.ts` `appRoutes`), no shared
/// chunks and no 404 content.
pub fn dist_with_flows(name: &str, flows: Value) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><html lang=\"en\"><head><title>app</title></head><body></body></html>",
    )
    .unwrap();
    let routes = serde_json::json!({ "flows": flows, "shared": [], "notFoundContent": [] });
    std::fs::write(dir.join("app-routes.json"), routes.to_string()).unwrap();
    dir
}

/// Configuration for tests: given mode and URLs, short upstream timeout, no rate limits.
pub fn config(mode: Mode, urls: &UpstreamUrls, timeout_ms: u64) -> Config {
    Config {
        mode,
        upstreams: Upstreams::External(urls.clone()),
        upstream_timeout: Duration::from_millis(timeout_ms),
        connect_timeout: Duration::from_millis(1000),
        web_dist: web_dist(),
        rate_limit_per_min: 0,
        rate_limit_session_per_min: 0,
        session_create_per_min: 0,
        keyed_per_session_per_hour: 0,
        keyed_per_address_per_hour: 0,
        ..Config::default()
    }
}

/// The store of a test BFF: Redis at `BFF_TEST_REDIS_URL` when set (`scripts/test.sh` runs
/// this suite once in memory and once over a real Redis), else in memory.
pub async fn test_store(config: &Config) -> Store {
    match std::env::var("BFF_TEST_REDIS_URL") {
        Ok(url) if !url.is_empty() => Store::redis(&url, config.store.clone())
            .await
            .expect("BFF_TEST_REDIS_URL reachable"),
        _ => Store::memory(config.store.clone()),
    }
}

/// The state of a test BFF over [`test_store`] with `clock`.
pub async fn test_state(config: Config, urls: UpstreamUrls, clock: Clock) -> Arc<AppState> {
    let store = test_store(&config).await;
    state_with_store(config, urls, clock, store).unwrap()
}

/// The BFF endpoint for `config` (upstreams must be `External`).
pub async fn client_for(config: Config) -> (Client, Arc<AppState>) {
    let Upstreams::External(urls) = config.upstreams.clone() else {
        panic!("external upstreams only")
    };
    let st = test_state(config, urls, Clock::system()).await;
    (TestClient::new(endpoint(st.clone()).boxed()), st)
}

/// Embedded simulators plus a harness-mode BFF over them (upstream timeout 3 s).
pub async fn harness_app() -> (Client, simulators::Embedded) {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (cli, _) = client_for(config(Mode::Harness, &urls, 3000)).await;
    (cli, sims)
}

pub const TRACKING: &str = "0b6f4a4e-6a4f-4c52-9a7e-3f1f6c1f2d10";

/// `GET /token`: returns (session cookie pair, `__Host-` prefixed in production; xsrf token).
pub async fn session(cli: &Client) -> (String, String) {
    let resp = cli
        .get("/token")
        .query("trackingId", &TRACKING)
        .send()
        .await;
    resp.assert_status_is_ok();
    let pair = session_cookie(&resp.0).expect("session cookie");
    let body = json(resp.0).await;
    (pair, body["xsrfToken"].as_str().unwrap().to_owned())
}

/// A session that checked `location` (`source=CP_VAN`, serviceable or cold tap), as the
/// retail flow does before the assign: returns its cookie and token.
pub async fn checked_session(cli: &Client, location: &str) -> (String, String) {
    let (cookie, xsrf) = session(cli).await;
    let r = cli
        .get("/secure/api/v1/serviceability/address/validate-customer-serviceability")
        .query("trackingId", &TRACKING)
        .query("locationId", &location)
        .header(header::COOKIE, &cookie)
        .header("x-xsrf-token", &xsrf)
        .send()
        .await;
    r.assert_status_is_ok();
    let v = json(r.0).await;
    assert!(
        ["serviceable", "coldTap"].contains(&v["outcome"].as_str().unwrap_or_default()),
        "{v}"
    );
    (cookie, xsrf)
}

/// The `name=value` of the session cookie `resp` sets, if any (checks its attributes).
pub fn session_cookie(resp: &Response) -> Option<String> {
    let cookie = resp
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("pp_session=") || c.starts_with("__Host-pp_session="))?;
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    Some(cookie.split(';').next().unwrap().to_owned())
}

/// The new CSRF token an answer that rotates the session (the sign-in's decoder, the buy
/// hand-off's restore) hands over in its `x-xsrf-token` header; `None` for any other answer.
pub fn rotated_xsrf(resp: &Response) -> Option<String> {
    resp.headers()
        .get("x-xsrf-token")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// One step of a scripted walk over HTTP: `method` (`get`, `put`, anything else is a POST) to
/// `path` with the `Cookie` header `cookies`, the CSRF token `xsrf`, the query pairs `q`, and
/// `body` as JSON under a fresh `Idempotency-Key`. The caller may add headers, then sends it.
pub fn walk_request<'a>(
    cli: &'a Client,
    (method, path): (&str, &str),
    (cookies, xsrf): (&str, &str),
    q: &[(&str, &str)],
    body: Option<Value>,
) -> poem::test::TestRequestBuilder<'a, BoxEndpoint<'static, Response>> {
    let mut rb = match method {
        "get" => cli.get(path.to_owned()),
        "put" => cli.put(path.to_owned()),
        _ => cli.post(path.to_owned()),
    }
    .header(header::COOKIE, cookies)
    .header("x-xsrf-token", xsrf);
    for (k, v) in q {
        rb = rb.query(*k, v);
    }
    if let Some(b) = body {
        rb = rb
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .body_json(&b);
    }
    rb
}

/// The body as JSON (panics when it is not JSON).
pub async fn json(resp: Response) -> Value {
    let bytes = resp.into_body().into_bytes().await.unwrap();
    serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&bytes)))
}

/// A valid assign body.
pub fn assign_body(location_id: &str) -> Value {
    serde_json::json!({
        "address": {"addressLine1": "1200 Peachtree St", "addressLine2": "", "city": "", "state": "", "zip": "30309"},
        "deviceCode": "482913",
        "language": "English",
        "locationId": location_id,
        "phoneNo": "4045550123",
        "trackingId": TRACKING,
    })
}

/// Asserts an `ApiError` body with `code`, a request id, and returns it.
pub async fn assert_api_error(resp: poem::test::TestResponse, status: u16, code: &str) -> Value {
    assert_eq!(resp.0.status().as_u16(), status, "status");
    let rid = resp
        .0
        .headers()
        .get("x-request-id")
        .map(|v| v.to_str().unwrap().to_owned());
    let body = json(resp.0).await;
    assert_eq!(body["errorCode"], code, "{body}");
    assert_eq!(
        body["requestId"].as_str(),
        rid.as_deref(),
        "request id in body and header"
    );
    let message = body["message"].as_str().unwrap_or_default();
    assert!(
        !message.contains("http"),
        "no upstream address leaks to the browser: {message}"
    );
    body
}

/// Log output shared between a test's subscriber (`with_writer(move || writer.clone())`) and
/// the test, which reads it with [`Captured::text`].
#[derive(Clone, Default)]
pub struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    /// Everything written so far.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}
