//! Several BFF instances over one Redis (ARCHITECTURE.md "State lives in the store"): a buy
//! flow moves between instances, concurrent first calls and duplicate submits split across
//! them, and an instance that dies mid-flow loses nothing. Redis is `BFF_TEST_REDIS_URL`
//! (started by `scripts/test.sh`), else a `redis-server` started here.

use std::{sync::Arc, time::Duration};

use bff::{
    config::Mode,
    startup::endpoint,
    state::{AppState, Clock, state_with_store},
    store::{Store, testing::RedisServer},
    upstream::UpstreamUrls,
};
use poem::{EndpointExt, test::TestClient};
use serde_json::json;
use upstream::service::Service;
use wiremock::{
    Mock, MockServer, ResponseTemplate,
    matchers::{method, path},
};

use crate::{
    buy::{Buyer, now, submit_body},
    common::*,
};

/// One Redis for the test: the test command's, or a server of our own (kept alive by the
/// returned guard).
pub fn redis() -> (String, Option<RedisServer>) {
    match std::env::var("BFF_TEST_REDIS_URL") {
        Ok(url) if !url.is_empty() => (url, None),
        _ => {
            let srv = RedisServer::start();
            (srv.url.clone(), Some(srv))
        }
    }
}

/// One BFF instance over `urls` and the Redis at `url`: its own state, clients and store
/// connection, as a separate process would have.
pub async fn instance(urls: &UpstreamUrls, url: &str) -> (Client, Arc<AppState>) {
    let cfg = config(Mode::Harness, urls, 3000);
    let store = Store::redis(url, cfg.store.clone()).await.expect("redis");
    let st = state_with_store(cfg, urls.clone(), Clock::fixed(now()), store).unwrap();
    (TestClient::new(endpoint(st.clone()).boxed()), st)
}

#[tokio::test]
async fn a_purchase_started_on_one_instance_is_placed_on_the_other() {
    let (url, _srv) = redis();
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (a, _) = instance(&urls, &url).await;
    let (b, _) = instance(&urls, &url).await;
    let mut buyer = Buyer::new(&a, "en").await;
    buyer.shop("30309", "1200 Peachtree St", true).await;
    buyer.cli = &b;
    let s = buyer.hand_off("existing-verified").await;
    assert_eq!(s["complete"], true, "{s}");
    buyer.cli = &a;
    let card = buyer.add_card("4111111111111111").await;
    assert_eq!(card["outcome"], "added", "{card}");
    buyer.cli = &b;
    let key = uuid::Uuid::new_v4().to_string();
    let o = buyer.ok(buyer.submit(&key, &submit_body())).await;
    assert_eq!(o["outcome"], "placed", "{o}");
    // The other instance knows the order is placed, whatever key comes next.
    buyer.cli = &a;
    let again = buyer
        .ok(buyer.submit(&uuid::Uuid::new_v4().to_string(), &submit_body()))
        .await;
    assert_eq!(again["orderNumber"], o["orderNumber"]);
}

#[tokio::test]
async fn parallel_calls_at_two_instances_share_one_buy_context() {
    let (url, _srv) = redis();
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (a, _) = instance(&urls, &url).await;
    let (b, _) = instance(&urls, &url).await;
    for _ in 0..5 {
        let on_a = Buyer::new(&a, "en").await;
        let mut on_b = Buyer::new(&a, "en").await;
        on_b.cli = &b;
        on_b.cookie = on_a.cookie.clone();
        on_b.xsrf = on_a.xsrf.clone();
        on_a.ok(on_a.serviceability("LOC-30309-0001")).await;
        let (d, p) = tokio::join!(
            on_b.product_details().send(),
            on_a.send(
                "post",
                "/secure/api/v1/offer-service/get-promo",
                &json!({"trackingId": TRACKING})
            )
            .send()
        );
        d.assert_status_is_ok();
        p.assert_status_is_ok();
        // Needs the products (on b) and the promotion (on a) in one context.
        let c = on_b
            .ok(on_b.send("put", "/secure/api/v1/cart", &json!({"promoInCart": true})))
            .await;
        assert_eq!(c["offerInCart"], true, "{c}");
        assert!(c["subtotal"].as_f64().unwrap() > 0.0, "{c}");
    }
}

#[tokio::test]
async fn duplicate_submits_split_over_two_instances_make_one_upstream_order() {
    let (url, _srv) = redis();
    let sims = simulators::spawn_embedded().await.unwrap();
    let mock = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/prepaid-customer-activation"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_delay(Duration::from_millis(500))
                .set_body_json(
                    json!({"orderDetails": {"orderNumber": "ORD-2I"}, "accountId": "ACC-2I"}),
                ),
        )
        .expect(1)
        .mount(&mock)
        .await;
    let mut urls = UpstreamUrls::under(&sims.base_url);
    urls.set(Service::Activation, mock.uri());
    let (a, _) = instance(&urls, &url).await;
    let (b, _) = instance(&urls, &url).await;
    let mut buyer = Buyer::new(&a, "en").await;
    buyer.ready("4111111111111111").await;
    let mut on_b = Buyer::new(&b, "en").await;
    on_b.cookie = buyer.cookie.clone();
    on_b.xsrf = buyer.xsrf.clone();
    let key = uuid::Uuid::new_v4().to_string();
    let answers = futures_util::future::join_all((0..10).map(|i| {
        let who = if i % 2 == 0 { &buyer } else { &on_b };
        let key = key.clone();
        async move {
            let r = who.submit(&key, &submit_body()).send().await;
            assert_eq!(r.0.status().as_u16(), 200);
            json(r.0).await
        }
    }))
    .await;
    assert!(
        answers.iter().all(|a| a["orderNumber"] == "ORD-2I"),
        "{answers:?}"
    );
    let mut other = submit_body();
    other["langPref"] = json!("SPANISH");
    assert_api_error(
        on_b.submit(&key, &other).send().await,
        422,
        "IDEMPOTENCY_MISMATCH",
    )
    .await;
    mock.verify().await;
}

#[tokio::test]
async fn an_instance_that_dies_mid_flow_loses_nothing() {
    let (url, _srv) = redis();
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (b, _) = instance(&urls, &url).await;
    let (cookie, xsrf) = {
        let (a, st_a) = instance(&urls, &url).await;
        let mut buyer = Buyer::new(&a, "es").await;
        buyer.shop("30309", "1200 Peachtree St", true).await;
        let s = buyer.hand_off("existing-verified").await;
        assert_eq!(s["complete"], true, "{s}");
        let out = (buyer.cookie.clone(), buyer.xsrf.clone());
        drop(buyer);
        drop(a);
        drop(st_a);
        out
    };
    // Instance a is gone (state, clients and its Redis connection dropped); b carries on.
    let mut buyer = Buyer::new(&b, "es").await;
    buyer.cookie = cookie;
    buyer.xsrf = xsrf;
    let cart = buyer.ok(buyer.get("/secure/api/v1/cart")).await;
    assert_eq!(cart["subtotal"], 55.0, "the promo and plan survive: {cart}");
    let card = buyer.add_card("4111111111111111").await;
    assert_eq!(card["outcome"], "added", "{card}");
    let o = buyer
        .ok(buyer.submit(&uuid::Uuid::new_v4().to_string(), &submit_body()))
        .await;
    assert_eq!(o["outcome"], "placed", "{o}");
}

#[tokio::test]
async fn redis_down_is_a_typed_503_and_recovers_without_restart() {
    let mut srv = RedisServer::start();
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (a, _) = instance(&urls, &srv.url).await;
    let buyer = Buyer::new(&a, "en").await;
    srv.stop();
    let r = buyer.get("/secure/api/v1/cart").send().await;
    assert_api_error(r, 503, "STORE_UNAVAILABLE").await;
    let r = a.get("/token").send().await;
    assert_api_error(r, 503, "STORE_UNAVAILABLE").await;
    srv.restart();
    // The restarted Redis is empty: a new session works at once, no restart of the BFF.
    let fresh = Buyer::new(&a, "en").await;
    fresh.ok(fresh.get("/secure/api/v1/cart")).await;
}
