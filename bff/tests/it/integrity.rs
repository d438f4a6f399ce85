//! Order integrity (issue 9, items 1 to 3): one order attempt per checkout whatever the
//! key, the market from serviceability only, a digital session only for its checkout.

use std::time::Duration;

use serde_json::{Value, json};
use wiremock::{
    Mock, MockServer, ResponseTemplate,
    matchers::{method, path},
};

use crate::{
    buy::{Buyer, activation_mock, app_with_activation, submit_body},
    common::*,
};

fn new_key() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Answer without `requestId` (it differs per request).
async fn answer(r: poem::test::TestResponse) -> (u16, Value) {
    let status = r.0.status().as_u16();
    let mut v = json(r.0).await;
    v.as_object_mut().map(|o| o.remove("requestId"));
    (status, v)
}

/// 50 submits at once from one checkout, each with its own key, while the provider takes
/// 500 ms, then three clicks at 0, 0.3 and 1.0 s: one upstream order, every answer placed.
/// Before issue 9: 50 and 3 upstream orders.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn submits_with_different_keys_share_one_attempt() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let mock = activation_mock(
        json!({"orderDetails": {"orderNumber": "ORD-1"}, "accountId": "ACC-1"}),
        500,
    )
    .await;
    let cli = app_with_activation(&sims, &mock).await;
    let mut b = Buyer::new(&cli, "en").await;
    b.ready("4111111111111111").await;
    let answers = futures_util::future::join_all(
        (0..50).map(|_| async { answer(b.submit(&new_key(), &submit_body()).send().await).await }),
    )
    .await;
    for (status, v) in &answers {
        assert_eq!((*status, &v["orderNumber"]), (200, &json!("ORD-1")), "{v}");
    }
    for delay in [0, 300, 700] {
        tokio::time::sleep(Duration::from_millis(delay)).await;
        let (status, v) = answer(b.submit(&new_key(), &submit_body()).send().await).await;
        assert_eq!((status, &v["outcome"]), (200, &json!("placed")), "{v}");
    }
    assert_eq!(mock.received_requests().await.unwrap().len(), 1);
}

/// The provider's answer is lost (5xx): the customer is told so, and the next attempt asks
/// again with the same payment id, which the provider answers with the order it placed
/// (`BUS_CUSTACT_05`, counted as placed). A retry with the first key replays its answer.
#[tokio::test]
async fn a_lost_order_answer_is_found_by_the_next_attempt() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let mock = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/prepaid-customer-activation"))
        .respond_with(ResponseTemplate::new(500))
        .up_to_n_times(1)
        .mount(&mock)
        .await;
    Mock::given(method("POST"))
        .and(path("/prepaid-customer-activation"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "businessErrorCode": "BUS_CUSTACT_05",
            "orderDetails": {"orderNumber": "ORD-2"}, "accountId": "ACC-2"
        })))
        .mount(&mock)
        .await;
    let cli = app_with_activation(&sims, &mock).await;
    let mut b = Buyer::new(&cli, "en").await;
    b.ready("4111111111111111").await;
    let first = new_key();
    assert_api_error(
        b.submit(&first, &submit_body()).send().await,
        502,
        "UPSTREAM_ERROR",
    )
    .await;
    let (status, v) = answer(b.submit(&new_key(), &submit_body()).send().await).await;
    assert_eq!((status, &v["orderNumber"]), (200, &json!("ORD-2")), "{v}");
    assert_eq!(v["outcome"], "placed");
    let sent = mock.received_requests().await.unwrap();
    assert_eq!(sent.len(), 2);
    let payment_ids: Vec<Value> = sent
        .iter()
        .map(|r| serde_json::from_slice::<Value>(&r.body).unwrap()["prepaidPaymentID"].clone())
        .collect();
    assert_eq!(
        payment_ids[0], payment_ids[1],
        "the same payment, asked again"
    );
    let (status, _) = answer(b.submit(&first, &submit_body()).send().await).await;
    assert_eq!(
        status, 502,
        "a retry of the first request replays its answer"
    );
    let (status, v) = answer(b.submit(&new_key(), &submit_body()).send().await).await;
    assert_eq!((status, &v["orderNumber"]), (200, &json!("ORD-2")));
    assert_eq!(
        mock.received_requests().await.unwrap().len(),
        2,
        "placed: no more calls"
    );
}

/// The market is the one serviceability named: nothing is priced before it, a market the
/// browser sends is ignored (query) or refused (body). Before issue 9 an Atlanta address sent
/// with another market was priced in that market.
#[tokio::test]
async fn the_market_comes_from_serviceability() {
    let (cli, _sims) = harness_app().await;
    let b = Buyer::new(&cli, "en").await;
    let promo = |body: Value| {
        b.send("post", "/secure/api/v1/offer-service/get-promo", &body)
            .send()
    };
    assert_api_error(b.product_details().send().await, 409, "ORDER_NOT_READY").await;
    assert_api_error(
        promo(json!({"trackingId": TRACKING})).await,
        409,
        "ORDER_NOT_READY",
    )
    .await;
    let s = b.ok(b.serviceability("LOC-30309-0001")).await;
    let market = s["marketId"].as_str().unwrap().to_owned();
    let honest = b.ok(b.product_details()).await;
    for other in ["ZZZ", "FREE", market.as_str()] {
        let forged = b.ok(b.product_details().query("marketId", &other)).await;
        assert_eq!(forged, honest, "marketId={other} is ignored");
    }
    assert_api_error(
        promo(json!({"trackingId": TRACKING, "marketId": "ZZZ", "locationId": "LOC-X"})).await,
        400,
        "VALIDATION_FAILED",
    )
    .await;
    b.ok(b.send(
        "post",
        "/secure/api/v1/offer-service/get-promo",
        &json!({"trackingId": TRACKING}),
    ))
    .await;
}

/// A digital session id travels in URLs: only the checkout that created it may restore it,
/// and restoring it rotates the session id (the old cookie no longer names the session).
#[tokio::test]
async fn a_digital_session_is_restored_only_by_its_checkout() {
    let (cli, _sims) = harness_app().await;
    let mut owner = Buyer::new(&cli, "en").await;
    owner.shop("30309", "1200 Peachtree St", false).await;
    let before = owner.cookie.clone();
    let created = owner
        .ok(owner.send(
            "post",
            "/secure/session",
            &json!({"redirectUrl": "/en/buy/session"}),
        ))
        .await;
    let id = created["digitalSessionId"].as_str().unwrap().to_owned();
    let restored = owner.hand_off("existing-verified").await;
    assert_eq!(restored["complete"], true);
    assert_ne!(owner.cookie, before);

    let stranger = Buyer::new(&cli, "en").await;
    stranger.shop("30309", "1200 Peachtree St", false).await;
    assert_api_error(
        stranger
            .get_csrf("/secure/session")
            .query("digitalSessionId", &id)
            .send()
            .await,
        404,
        "NOT_FOUND",
    )
    .await;
    let prefill = stranger
        .ok(stranger.get("/secure/api/v1/payments/card-entry-config"))
        .await;
    assert_eq!(
        prefill["config"]["customerDetails"]["firstName"], "",
        "{prefill}"
    );

    // the cookie from before the hand-off names no session any more
    let cart = cli
        .get("/secure/api/v1/cart")
        .header(poem::http::header::COOKIE, &before)
        .send()
        .await;
    let cart = json(cart.0).await;
    assert_eq!(
        (&cart["items"], &cart["subtotal"]),
        (&json!([]), &json!(0.0)),
        "{cart}"
    );
}
