//! The answer caches (`upstream::cache::AnswerCache`, ARCHITECTURE.md "The BFF hop"). Content:
//! a successful answer is kept for `BFF_CONTENT_CACHE_TTL_S` and answered to every customer
//! without an upstream call; a failure is never kept; in harness mode the scenario and the run
//! are part of the key, and the console's faults and seeded chaos skip the cache. Address
//! suggestions: the same, per typed query, for `BFF_SUGGESTION_CACHE_TTL_S`.
//! Upstream calls are counted on a wiremock server; the content-failure scenario runs on the
//! embedded simulators.

use std::time::Duration;

use crate::common::*;
use bff::config::{Mode, UpstreamUrls};
use futures_util::future::join_all;
use poem::http::header::COOKIE;
use serde_json::Value;
use simulators::content::{Locale, raw};
use wiremock::{
    Mock, MockServer, ResponseTemplate,
    matchers::{header, path},
};

const DICTIONARY: &str = "/-/api/my.prepaid/dictionary";
const DICTIONARY_ES: &str = "/-/api/es/my.prepaid/dictionary";
const CART: &str = "/-/api/cart";
/// A content-failure scenario, registered by the test that uses it (not a scenario file).
const FAILING: &str = "retail/content-cache-content-fails";
const RUN_A: &str = "6f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f";
const RUN_B: &str = "0a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d";

/// The simulators' bundle of `area` with `siteName` (dictionaries only) set to `site_name`.
fn bundle(locale: Locale, area: &str, site_name: Option<&str>) -> Value {
    let mut v: Value = serde_json::from_str(raw(locale, area).unwrap()).unwrap();
    if let Some(name) = site_name {
        v["siteName"] = name.into();
    }
    v
}

fn answer(v: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(v)
}

/// Answers every content path with the simulators' bundles (`siteName` "Default").
async fn mount_defaults(server: &MockServer) {
    for (p, v) in [
        (
            DICTIONARY,
            bundle(Locale::En, "dictionary", Some("Default")),
        ),
        (DICTIONARY_ES, bundle(Locale::Es, "dictionary", None)),
        (CART, bundle(Locale::En, "cart", None)),
    ] {
        Mock::given(path(p))
            .respond_with(answer(v))
            .with_priority(10)
            .mount(server)
            .await;
    }
}

/// A BFF on `server` whose content and suggestion caches keep answers for `ttl`.
async fn bff(mode: Mode, server: &MockServer, ttl: Duration, chaos: Option<&str>) -> Client {
    let mut c = config(mode, &UpstreamUrls::all(&server.uri()), 2000);
    c.content_cache_ttl = ttl;
    c.suggestion_cache_ttl = ttl;
    c.chaos = chaos.map(str::to_owned);
    client_for(c).await.0
}

/// `GET path` with `headers`: status and JSON body.
async fn get(cli: &Client, path: &str, headers: &[(&str, &str)]) -> (u16, Value) {
    let mut rb = cli.get(path);
    for (k, v) in headers {
        rb = rb.header(*k, *v);
    }
    let r = rb.send().await;
    (r.0.status().as_u16(), json(r.0).await)
}

/// Upstream calls to `p` whose header `name` is `value` (`None`: any).
async fn calls(server: &MockServer, p: &str, with: Option<(&str, &str)>) -> usize {
    let received = server.received_requests().await.unwrap();
    received
        .iter()
        .filter(|r| r.url.path() == p)
        .filter(|r| {
            with.is_none_or(|(name, value)| {
                r.headers.get(name).and_then(|v| v.to_str().ok()) == Some(value)
            })
        })
        .count()
}

/// The first call to `p` answers 503; the mocks mounted after answer the rest.
async fn fail_once(server: &MockServer, p: &str) {
    Mock::given(path(p))
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(server)
        .await;
}

#[tokio::test]
async fn a_content_answer_is_fetched_once_for_every_customer_within_its_ttl() {
    let server = MockServer::start().await;
    mount_defaults(&server).await;
    let cli = bff(Mode::Plain, &server, Duration::from_secs(60), None).await;
    let first = get(&cli, DICTIONARY, &[("trackingid", TRACKING)]).await;
    assert_eq!(first.0, 200, "{}", first.1);
    assert_eq!(first.1["siteName"], "Default");
    // another customer (tracking id), the same answer, no second upstream call
    let other = uuid::Uuid::new_v4().to_string();
    assert_eq!(
        get(&cli, DICTIONARY, &[("trackingid", &other)]).await,
        first
    );
    assert_eq!(calls(&server, DICTIONARY, None).await, 1);
    // the language is part of the key; the cart content is cached too
    let es = get(&cli, DICTIONARY_ES, &[]).await;
    assert_eq!(es.0, 200);
    assert_ne!(es.1, first.1);
    assert_eq!(get(&cli, DICTIONARY_ES, &[]).await, es);
    assert_eq!(calls(&server, DICTIONARY_ES, None).await, 1);
    assert_eq!(get(&cli, CART, &[]).await.0, 200);
    assert_eq!(get(&cli, CART, &[]).await.0, 200);
    assert_eq!(calls(&server, CART, None).await, 1);
}

#[tokio::test]
async fn concurrent_misses_share_one_upstream_call() {
    let server = MockServer::start().await;
    Mock::given(path(DICTIONARY))
        .respond_with(
            answer(bundle(Locale::En, "dictionary", None)).set_delay(Duration::from_millis(50)),
        )
        .mount(&server)
        .await;
    let cli = bff(Mode::Plain, &server, Duration::from_secs(60), None).await;
    let answers = join_all((0..5).map(|_| get(&cli, DICTIONARY, &[]))).await;
    assert!(answers.iter().all(|(s, _)| *s == 200), "{answers:?}");
    assert_eq!(calls(&server, DICTIONARY, None).await, 1);
}

#[tokio::test]
async fn with_the_cache_off_or_past_the_ttl_every_call_goes_upstream() {
    let server = MockServer::start().await;
    mount_defaults(&server).await;
    let off = bff(Mode::Plain, &server, Duration::ZERO, None).await;
    for _ in 0..2 {
        assert_eq!(get(&off, DICTIONARY, &[]).await.0, 200);
    }
    assert_eq!(calls(&server, DICTIONARY, None).await, 2);
    let short = bff(Mode::Plain, &server, Duration::from_millis(1), None).await;
    assert_eq!(get(&short, DICTIONARY, &[]).await.0, 200);
    // past the TTL (a wait longer than it, never shorter: not timing-dependent)
    tokio::time::sleep(Duration::from_millis(20)).await;
    assert_eq!(get(&short, DICTIONARY, &[]).await.0, 200);
    assert_eq!(calls(&server, DICTIONARY, None).await, 4);
}

#[tokio::test]
async fn a_failed_content_answer_is_not_kept() {
    let server = MockServer::start().await;
    fail_once(&server, DICTIONARY).await;
    mount_defaults(&server).await;
    let cli = bff(Mode::Plain, &server, Duration::from_secs(60), None).await;
    assert_api_error(cli.get(DICTIONARY).send().await, 502, "UPSTREAM_ERROR").await;
    assert_eq!(get(&cli, DICTIONARY, &[]).await.0, 200);
    assert_eq!(get(&cli, DICTIONARY, &[]).await.0, 200);
    assert_eq!(calls(&server, DICTIONARY, None).await, 2);
}

#[tokio::test]
async fn a_content_failure_scenario_still_fails_with_the_default_content_cached() {
    let yaml = r#"
title: "Content fails (content cache test)"
flow: retail
start: /dollargeneral
codes: []
input:
  street: 1200 Peachtree St
  zip: "30309"
upstream:
  content:
    fault:
      kind: error5xx
      status: 503
expect:
  stage: addressCheck
"#;
    let parsed = simulators::scenario::Scenario::parse(&format!("{FAILING}.yaml"), yaml).unwrap();
    simulators::scenario::register(parsed).unwrap();
    let (cli, _sims) = harness_app().await;
    assert_eq!(get(&cli, DICTIONARY, &[]).await.0, 200);
    for _ in 0..2 {
        let r = cli
            .get(DICTIONARY)
            .header("x-sim-scenario", FAILING)
            .send()
            .await;
        assert_api_error(r, 502, "UPSTREAM_ERROR").await;
    }
    let cookie = format!("sim_scenario={FAILING}");
    let r = cli.get(DICTIONARY).header(COOKIE, cookie).send().await;
    assert_api_error(r, 502, "UPSTREAM_ERROR").await;
    assert_eq!(get(&cli, DICTIONARY, &[]).await.0, 200);
}

#[tokio::test]
async fn harness_runs_never_share_a_cached_answer() {
    let server = MockServer::start().await;
    // run A has content of its own; everything else the default
    Mock::given(path(DICTIONARY))
        .and(header("x-sim-run", RUN_A))
        .respond_with(answer(bundle(Locale::En, "dictionary", Some("Run A"))))
        .with_priority(2)
        .mount(&server)
        .await;
    mount_defaults(&server).await;
    let cli = bff(Mode::Harness, &server, Duration::from_secs(60), None).await;
    let site = |v: (u16, Value)| (v.0, v.1["siteName"].as_str().map(str::to_owned));
    let default = (200, Some("Default".to_owned()));
    assert_eq!(site(get(&cli, DICTIONARY, &[]).await), default);
    // one run's content is never another's; the run's cookie is the same run as its header
    let run_a = site(get(&cli, DICTIONARY, &[("x-sim-run", RUN_A)]).await);
    assert_eq!(run_a, (200, Some("Run A".to_owned())));
    assert_eq!(
        site(get(&cli, DICTIONARY, &[("x-sim-run", RUN_B)]).await),
        default
    );
    let cookie = format!("sim_run={RUN_A}");
    assert_eq!(
        site(get(&cli, DICTIONARY, &[(COOKIE.as_str(), &cookie)]).await),
        run_a
    );
    assert_eq!(site(get(&cli, DICTIONARY, &[]).await), default);
    assert_eq!(
        calls(&server, DICTIONARY, Some(("x-sim-run", RUN_A))).await,
        1
    );
    assert_eq!(
        calls(&server, DICTIONARY, Some(("x-sim-run", RUN_B))).await,
        1
    );
    assert_eq!(calls(&server, DICTIONARY, None).await, 3);
}

#[tokio::test]
async fn seeded_chaos_skips_the_cache() {
    let server = MockServer::start().await;
    mount_defaults(&server).await;
    // chaos decides per call and counts every call of its run: no answer is kept
    let cli = bff(Mode::Harness, &server, Duration::from_secs(60), Some("0:7")).await;
    for _ in 0..2 {
        assert_eq!(get(&cli, DICTIONARY, &[]).await.0, 200);
    }
    assert_eq!(
        calls(&server, DICTIONARY, Some(("x-sim-chaos", "0:7"))).await,
        2
    );
}

/// A dist whose one flow (`late`) reads the English dictionary.
fn late_dist() -> std::path::PathBuf {
    dist_with_flows(
        "bff-test-dist-late",
        serde_json::json!([{ "base": "late", "pages": [""], "preload": [], "styles": [],
            "content": [{ "area": "dictionary", "lang": "en" }] }]),
    )
}

/// Whether the page at `p` carries the English dictionary inline.
async fn page_has_dictionary(cli: &Client, p: &str) -> bool {
    let r = cli.get(p).send().await;
    assert_eq!(r.0.status().as_u16(), 200);
    let html = r.0.into_body().into_string().await.unwrap();
    html.contains("id=\"pp-content\"") && html.contains("\"dictionary\"")
}

/// A bundle later than the page's wait (`web::pages::CONTENT_WAIT`) is left out of that page,
/// but its fetch goes on and fills the cache: the next page carries it, with no second call.
#[tokio::test]
async fn a_bundle_too_late_for_one_page_is_cached_for_the_next() {
    let server = MockServer::start().await;
    let late = bff::web::pages::CONTENT_WAIT + Duration::from_millis(500);
    Mock::given(path(DICTIONARY))
        .respond_with(answer(bundle(Locale::En, "dictionary", None)).set_delay(late))
        .mount(&server)
        .await;
    let mut c = config(Mode::Plain, &UpstreamUrls::all(&server.uri()), 5000);
    c.content_cache_ttl = Duration::from_secs(60);
    c.web_dist = late_dist();
    let cli = client_for(c).await.0;
    assert!(!page_has_dictionary(&cli, "/en/late").await);
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(page_has_dictionary(&cli, "/en/late").await);
    assert_eq!(calls(&server, DICTIONARY, None).await, 1);
}

const SUGGEST: &str = "/suggest";

/// Address search answering every query with its match count, its echo and two addresses.
async fn mount_suggest(server: &MockServer) {
    Mock::given(path(SUGGEST))
        .respond_with(answer(serde_json::json!([
            "2",
            "echo",
            "1200 Peachtree St, Atlanta, GA 30309",
            "1200 Peachtree St Apt 4, Atlanta, GA 30309"
        ])))
        .with_priority(10)
        .mount(server)
        .await;
}

/// The street suggestions of `q` for the customer of `tracking`.
async fn suggestions(cli: &Client, q: &str, tracking: &str) -> (u16, Value) {
    let r = cli
        .get("/secure/api/v1/address/suggestions")
        .query("q", &q)
        .query("trackingId", &tracking)
        .send()
        .await;
    (r.0.status().as_u16(), json(r.0).await)
}

/// Upstream suggestion calls for the query `q`.
async fn suggest_calls(server: &MockServer, q: &str) -> usize {
    let received = server.received_requests().await.unwrap();
    received
        .iter()
        .filter(|r| r.url.path() == SUGGEST)
        .filter(|r| r.url.query_pairs().any(|(k, v)| k == "q" && v == q))
        .count()
}

#[tokio::test]
async fn suggestions_for_one_query_are_fetched_once_for_every_customer_within_their_ttl() {
    let server = MockServer::start().await;
    mount_suggest(&server).await;
    let cli = bff(Mode::Plain, &server, Duration::from_secs(60), None).await;
    let first = suggestions(&cli, "1200 Peach", TRACKING).await;
    assert_eq!(first.0, 200, "{}", first.1);
    assert_eq!(first.1["suggestions"].as_array().map(Vec::len), Some(2));
    // another customer typing the same text: the same answer, no second upstream call
    let other = uuid::Uuid::new_v4().to_string();
    assert_eq!(suggestions(&cli, "1200 Peach", &other).await, first);
    assert_eq!(suggest_calls(&server, "1200 Peach").await, 1);
    // the key is the query as typed: any other text is a call of its own
    for q in ["1200 Peachtree", "1200 peach", "1200 Peach "] {
        assert_eq!(suggestions(&cli, q, TRACKING).await.0, 200);
        assert_eq!(suggest_calls(&server, q).await, 1, "{q:?}");
    }
}

#[tokio::test]
async fn a_failed_suggestion_answer_is_not_kept_and_with_the_cache_off_every_query_goes_upstream() {
    let server = MockServer::start().await;
    fail_once(&server, SUGGEST).await;
    mount_suggest(&server).await;
    let cli = bff(Mode::Plain, &server, Duration::from_secs(60), None).await;
    assert_eq!(suggestions(&cli, "9 Elm", TRACKING).await.0, 502);
    for _ in 0..2 {
        assert_eq!(suggestions(&cli, "9 Elm", TRACKING).await.0, 200);
    }
    assert_eq!(suggest_calls(&server, "9 Elm").await, 2);
    let off = bff(Mode::Plain, &server, Duration::ZERO, None).await;
    for _ in 0..2 {
        assert_eq!(suggestions(&off, "9 Elm", TRACKING).await.0, 200);
    }
    assert_eq!(suggest_calls(&server, "9 Elm").await, 4);
}

#[tokio::test]
async fn harness_runs_never_share_cached_suggestions() {
    let server = MockServer::start().await;
    mount_suggest(&server).await;
    let cli = bff(Mode::Harness, &server, Duration::from_secs(60), None).await;
    let with_run = |run: &'static str| {
        cli.get("/secure/api/v1/address/suggestions")
            .query("q", &"1200 Peach")
            .query("trackingId", &TRACKING)
            .header("x-sim-run", run)
            .send()
    };
    for run in [RUN_A, RUN_B, RUN_A] {
        with_run(run).await.assert_status_is_ok();
    }
    // each run asked once: run A's second query was its own cached answer
    for run in [RUN_A, RUN_B] {
        assert_eq!(calls(&server, SUGGEST, Some(("x-sim-run", run))).await, 1);
    }
}
