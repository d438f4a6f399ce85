//! Sessions and rate limits (ARCHITECTURE.md "Sessions"): a flood of cookie-less requests
//! evicts no checkout and stays within the memory bound; new sessions are limited per
//! address; state-changing requests are limited per session and per address (the address
//! from `X-Forwarded-For` only behind a trusted proxy, shared across instances over Redis);
//! the production cookie; the sliding idle timeout; logout.

use std::time::{Duration, Instant};

use bff::{
    config::{Config, Mode, UpstreamUrls},
    http::rate_limit::TrustedProxies,
    startup::endpoint,
    state::{AppState, Clock, state_with_store},
    store::{Store, testing::RedisServer},
};
use futures_util::{StreamExt, stream};
use poem::{EndpointExt, http::header, test::TestClient};
use serde_json::json;

use crate::{
    buy::{Buyer, now},
    common::*,
};

/// A harness BFF over the embedded simulators with `tweak`ed configuration and `store`
/// (memory unless given).
async fn app_with(
    urls: &UpstreamUrls,
    store: Option<Store>,
    tweak: impl FnOnce(&mut Config),
) -> (Client, std::sync::Arc<AppState>) {
    let mut cfg = config(Mode::Harness, urls, 3000);
    tweak(&mut cfg);
    let store = store.unwrap_or_else(|| Store::memory(cfg.store.clone()));
    let st = state_with_store(cfg, urls.clone(), Clock::fixed(now()), store).unwrap();
    (TestClient::new(endpoint(st.clone()).boxed()), st)
}

/// Resident set size of this process, MiB (Linux; 0 elsewhere).
fn rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(0.0, |pages| pages * 4096.0 / 1_048_576.0)
}

/// `n` cookie-less requests, half `GET /token`, half `GET /secure/api/v1/cart`, 32 at a
/// time; the count of each status.
async fn flood(cli: &Client, n: usize) -> std::collections::BTreeMap<u16, usize> {
    let statuses: Vec<u16> = stream::iter(0..n)
        .map(|i| async move {
            let path = if i % 2 == 0 {
                "/token"
            } else {
                "/secure/api/v1/cart"
            };
            cli.get(path).send().await.0.status().as_u16()
        })
        .buffer_unordered(32)
        .collect()
        .await;
    let mut by = std::collections::BTreeMap::new();
    for s in statuses {
        *by.entry(s).or_default() += 1;
    }
    by
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_cookieless_requests_evicts_no_checkout() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    // the creation limit off: the store's bound alone must hold
    let max = 5_000;
    let (cli, st) = app_with(&urls, None, |c| c.store.max_memory_entries = max).await;
    let buyer = Buyer::new(&cli, "en").await;
    buyer.shop("30309", "1200 Peachtree St", true).await;
    let cart = buyer.ok(buyer.get("/secure/api/v1/cart")).await;
    assert_eq!(cart["offerInCart"], true, "{cart}");

    let (rss0, counts0) = (rss_mib(), st.store.memory_counts().unwrap());
    let t = Instant::now();
    let n: usize = std::env::var("BFF_FLOOD_N").map_or(30_000, |v| v.parse().unwrap());
    let mut statuses = flood(&cli, n).await;
    for round in 1..std::env::var("BFF_FLOOD_ROUNDS").map_or(1, |v| v.parse().unwrap()) {
        eprintln!("round {round}: RSS {:.1} MiB", rss_mib());
        statuses = flood(&cli, n).await;
    }
    let took = t.elapsed();
    let counts = st.store.memory_counts().unwrap();
    eprintln!(
        "flood of {n} cookie-less requests in {took:?} ({:.0}/s): statuses {statuses:?}; \
         records (sessions, contexts, idempotency) {counts0:?} -> {counts:?}; \
         RSS {rss0:.1} -> {:.1} MiB",
        n as f64 / took.as_secs_f64(),
        rss_mib()
    );
    assert!(counts.0 <= max && counts.1 <= max, "{counts:?}");
    assert_eq!(statuses.values().sum::<usize>(), n);
    // the flood's own empty sessions make room for each other: no visitor is refused
    assert!(
        statuses.keys().all(|s| *s == 200),
        "a new visitor always gets a session: {statuses:?}"
    );
    // and a visitor who comes after it starts a checkout
    let late = Buyer::new(&cli, "en").await;
    late.shop("30309", "1200 Peachtree St", true).await;

    // the customer's checkout is intact and goes on
    let after = buyer.ok(buyer.get("/secure/api/v1/cart")).await;
    assert_eq!(after, cart);
    let t = buyer
        .ok(buyer.send(
            "post",
            "/oauth/tax/emm-pp-vertex-service/v1/vertex/ctp/get-tax",
            &json!({"trackingId": TRACKING}),
        ))
        .await;
    assert_eq!(t["taxAvailable"], true, "{t}");
}

#[tokio::test]
async fn new_sessions_are_limited_per_address() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (cli, st) = app_with(&urls, None, |c| c.session_create_per_min = 5).await;
    let buyer = Buyer::new(&cli, "en").await;
    let mut refused = 0;
    for _ in 0..20 {
        let r = cli.get("/token").send().await;
        if r.0.status() == 429 {
            assert!(r.0.headers().get(header::SET_COOKIE).is_none());
            assert_api_error(r, 429, "RATE_LIMITED").await;
            refused += 1;
        } else {
            r.assert_status_is_ok();
        }
    }
    assert_eq!(refused, 16, "5 per minute, one taken by the buyer");
    assert_eq!(st.store.memory_counts().unwrap().0, 5);
    // an existing session is not a new one
    buyer.ok(buyer.get("/token")).await;
    let c = buyer
        .ok(buyer.send("put", "/secure/api/v1/cart", &json!({"promoInCart": false})))
        .await;
    assert!(c.is_object(), "{c}");
}

/// `PUT /secure/api/v1/cart` of `b`: its status.
async fn put_cart(b: &Buyer<'_>) -> u16 {
    b.send("put", "/secure/api/v1/cart", &json!({"promoInCart": false}))
        .send()
        .await
        .0
        .status()
        .as_u16()
}

#[tokio::test]
async fn each_session_has_its_own_budget_and_an_abuser_blocks_no_one() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (cli, _) = app_with(&urls, None, |c| {
        c.rate_limit_session_per_min = 5;
        c.rate_limit_per_min = 20;
    })
    .await;
    // same address (in-process: no peer), two sessions
    let (abuser, customer) = (Buyer::new(&cli, "en").await, Buyer::new(&cli, "en").await);
    for _ in 0..5 {
        assert_eq!(put_cart(&abuser).await, 200);
    }
    for _ in 0..100 {
        assert_eq!(put_cart(&abuser).await, 429);
    }
    // the abuser's refused requests used up neither the customer's budget nor the address's
    for _ in 0..5 {
        assert_eq!(put_cart(&customer).await, 200);
    }
    let r = customer
        .send("put", "/secure/api/v1/cart", &json!({"promoInCart": false}))
        .send()
        .await;
    assert_eq!(r.0.headers()[header::RETRY_AFTER], "60");
    assert_api_error(r, 429, "RATE_LIMITED").await;
}

/// A POST without a session from client `xff` (`X-Forwarded-For`): 403 while within the
/// address budget (no token), 429 beyond.
async fn post_from(cli: &Client, xff: &str) -> u16 {
    cli.post("/secure/logout")
        .header("x-forwarded-for", xff)
        .send()
        .await
        .0
        .status()
        .as_u16()
}

#[tokio::test]
async fn forwarded_for_counts_only_from_trusted_proxies() {
    let urls = UpstreamUrls::under("http://127.0.0.1:9");
    let limited = |trusted: &str| {
        let trusted = TrustedProxies::parse(trusted).unwrap();
        move |c: &mut Config| {
            c.rate_limit_per_min = 2;
            c.trusted_proxies = trusted;
        }
    };
    // untrusted peer: the header changes nothing, every request is the peer's
    let (cli, _) = app_with(&urls, None, limited("")).await;
    assert_eq!(post_from(&cli, "198.51.100.1").await, 403);
    assert_eq!(post_from(&cli, "198.51.100.2").await, 403);
    assert_eq!(post_from(&cli, "198.51.100.3").await, 429);
    // trusted peer (in-process requests have none: 0.0.0.0): the right-most untrusted hop
    let (cli, _) = app_with(&urls, None, limited("0.0.0.0/32, 10.0.0.0/8")).await;
    assert_eq!(post_from(&cli, "198.51.100.1").await, 403);
    assert_eq!(post_from(&cli, "198.51.100.1, 10.1.2.3").await, 403);
    assert_eq!(post_from(&cli, "198.51.100.1").await, 429);
    // a spoofed left part does not buy a new budget
    assert_eq!(post_from(&cli, "203.0.113.66, 198.51.100.1").await, 429);
    assert_eq!(post_from(&cli, "198.51.100.2").await, 403);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_the_budgets_over_redis() {
    let (url, _srv) = match std::env::var("BFF_TEST_REDIS_URL") {
        Ok(url) if !url.is_empty() => (url, None),
        _ => {
            let srv = RedisServer::start();
            (srv.url.clone(), Some(srv))
        }
    };
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let tweak = |c: &mut Config| {
        c.rate_limit_per_min = 6;
        c.rate_limit_session_per_min = 3;
        c.trusted_proxies = TrustedProxies::parse("0.0.0.0/32").unwrap();
    };
    let redis = || async { Some(Store::redis(&url, Config::default().store).await.unwrap()) };
    let (a, _) = app_with(&urls, redis().await, tweak).await;
    let (b, _) = app_with(&urls, redis().await, tweak).await;
    // an address of its own, so runs over one shared Redis do not meet
    let u = uuid::Uuid::new_v4().as_bytes().to_owned();
    let ip = format!("10.{}.{}.{}", u[0], u[1], u[2]);
    let mut x = Buyer::new(&a, "en").await;
    // one session, its budget of 3 spent across both instances
    for (i, cli) in [&a, &b, &a, &b].into_iter().enumerate() {
        x.cli = cli;
        let r = x
            .send("put", "/secure/api/v1/cart", &json!({"promoInCart": false}))
            .header("x-forwarded-for", &ip)
            .send()
            .await;
        assert_eq!(r.0.status(), if i < 3 { 200 } else { 429 }, "request {i}");
    }
    // the address's 6: 3 used by the session, 3 more (403: no session) then 429
    for (i, cli) in [&b, &a, &b, &a].into_iter().enumerate() {
        let s = post_from(cli, &ip).await;
        assert_eq!(s, if i < 3 { 403 } else { 429 }, "request {i}");
    }
}

/// The session cookie of a `GET /token` answer, whole.
fn set_cookie(r: &poem::test::TestResponse) -> String {
    r.0.headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.contains("pp_session="))
        .expect("session cookie")
        .to_owned()
}

#[tokio::test]
async fn production_cookie_is_host_prefixed() {
    let urls = UpstreamUrls::under("http://127.0.0.1:9");
    let (cli, _) = app_with(&urls, None, |c| c.mode = Mode::Production).await;
    let r = cli.get("/token").send().await;
    r.assert_status_is_ok();
    let c = set_cookie(&r);
    assert!(c.starts_with("__Host-pp_session="), "{c}");
    for attr in ["Secure", "HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(c.contains(attr), "{attr} in {c}");
    }
    assert!(!c.to_ascii_lowercase().contains("domain="), "{c}");
}

#[tokio::test]
async fn idle_timeout_slides_with_each_request() {
    let urls = UpstreamUrls::under("http://127.0.0.1:9");
    let (cli, _) = app_with(&urls, None, |c| {
        c.store.session_idle = Duration::from_millis(800);
    })
    .await;
    let b = Buyer::new(&cli, "en").await;
    // 4 x 400 ms = 1.6 s in all, twice the idle time: alive while used
    for _ in 0..4 {
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(put_cart(&b).await, 200);
    }
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(put_cart(&b).await, 403, "idle for longer than 800 ms: gone");
}

#[tokio::test]
async fn logout_destroys_the_server_side_session() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (cli, st) = app_with(&urls, None, |_| {}).await;
    let b = Buyer::new(&cli, "en").await;
    b.shop("30309", "1200 Peachtree St", true).await;
    let before = b.ok(b.get("/secure/api/v1/cart")).await;
    assert_eq!(before["cartCount"], 2, "{before}");
    // CSRF-checked like every POST
    let r = cli
        .post("/secure/logout")
        .header(header::COOKIE, &b.cookie)
        .send()
        .await;
    assert_api_error(r, 403, "CSRF_REJECTED").await;
    let r = b.send("post", "/secure/logout", &json!({})).send().await;
    r.assert_status_is_ok();
    let cleared = set_cookie(&r);
    assert!(
        cleared.contains("Max-Age=0") || cleared.contains("expires=Thu, 01 Jan 1970"),
        "{cleared}"
    );
    assert_eq!(json(r.0).await, json!({"sessionEnded": true}));
    assert_eq!(st.store.memory_counts().unwrap().0, 0, "no session left");
    // the old cookie is worth nothing: no cart, and its token is refused
    let after = b.ok(b.get("/secure/api/v1/cart")).await;
    assert_eq!(after["items"], json!([]), "{after}");
    assert_eq!(after["offerInCart"], false, "{after}");
    let r = b
        .send("put", "/secure/api/v1/cart", &json!({"promoInCart": true}))
        .send()
        .await;
    assert_api_error(r, 403, "CSRF_REJECTED").await;
}

/// A session that holds nothing (a CSRF token only) idles out after
/// `BFF_EMPTY_SESSION_IDLE_SECS`; one that names a flow context (a checkout) lives the full
/// idle time; both backends.
#[tokio::test]
async fn an_empty_session_idles_out_first() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let mut cfg = config(Mode::Harness, &urls, 3000);
    // long enough for the checkout's first write on a loaded machine, which makes it busy
    cfg.store.empty_session_idle = Duration::from_secs(2);
    let st = test_state(cfg, urls, Clock::fixed(now())).await;
    let cli = TestClient::new(endpoint(st).boxed());
    let shopping = Buyer::new(&cli, "en").await;
    shopping.shop("30309", "1200 Peachtree St", true).await;
    let empty = Buyer::new(&cli, "en").await;
    tokio::time::sleep(Duration::from_millis(3_000)).await;
    // the empty one is gone: its token names no session any more
    let r = empty
        .send("put", "/secure/api/v1/cart", &json!({"promoInCart": false}))
        .send()
        .await;
    assert_api_error(r, 403, "CSRF_REJECTED").await;
    let cart = shopping.ok(shopping.get("/secure/api/v1/cart")).await;
    assert_eq!(cart["offerInCart"], true, "{cart}");
}
