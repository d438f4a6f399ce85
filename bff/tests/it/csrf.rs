//! Every operation of `openapi/bff.json`, read from the spec: the ones that declare the `csrf`
//! scheme refuse a well-formed request without the token (and one with the token sent by
//! another site), and the ones that do not declare it leave the session and the checkout as
//! they were (issue 9, item 4) and, sent without a session, create none (only `getToken`
//! does: item 5). A new operation joins by itself; one whose parameters have
//! no sample below fails until it gets one.

use std::sync::Arc;

use bff::{
    config::{Mode, UpstreamUrls},
    startup::endpoint,
    state::{AppState, Clock},
};
use poem::{
    EndpointExt,
    http::{Method, header},
    session::SessionStorage,
    test::TestClient,
};
use serde_json::{Value, json};

use crate::{buy::Buyer, common::*};

/// A sample value of each parameter name the contract uses.
fn sample(name: &str) -> &'static str {
    match name {
        "site" => "my.prepaid",
        "trackingId" => TRACKING,
        "tierIds" => "1",
        "servicePlanType" => "Prepaid",
        "lob" => "Internet",
        "sourceIds" => "1",
        "q" => "1200 Peachtree",
        "addressLine1" => "1200 Peachtree St",
        "addressLine2" | "city" | "state" => "",
        "zip" => "30309",
        "locationId" => "LOC-30309-0001",
        "source" => "CP",
        "digitalSessionId" => "DS-0000",
        "Idempotency-Key" => "6f1c3f4e-8a1b-4c7d-9e2f-0a1b2c3d4e5f",
        "accountId" => "8993100000000101",
        "guid" => "Q0ctMjAwMDAwMDAwMDAx",
        "page" => "1",
        other => panic!("no sample for parameter {other}: add one to csrf.rs"),
    }
}

/// What the BFF holds for the session `cookie`: its entries and its buy context.
async fn state_of(st: &AppState, cookie: &str) -> (Value, Value) {
    let id = cookie.trim_start_matches("pp_session=");
    let entries = st.store.load_session(id).await.unwrap().unwrap_or_default();
    let sid = entries
        .get("ctx.buy")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let ctx = match sid {
        Some(sid) => st
            .store
            .get::<Value>("buy", &sid)
            .await
            .unwrap()
            .unwrap_or_default(),
        None => Value::Null,
    };
    (json!(entries), ctx)
}

#[tokio::test]
async fn every_writing_operation_refuses_a_request_without_the_token() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let st: Arc<AppState> = test_state(
        config(Mode::Harness, &urls, 3000),
        urls,
        Clock::fixed(crate::buy::now()),
    )
    .await;
    let cli: Client = TestClient::new(endpoint(st.clone()).boxed());
    let mut b = Buyer::new(&cli, "en").await;
    b.ready("4111111111111111").await;
    let spec: Value = serde_json::from_str(&bff::openapi_spec()).unwrap();
    let (mut writes, mut reads) = (0, 0);
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let id = op["operationId"].as_str().unwrap();
            let mut uri = path.clone();
            let mut query = Vec::new();
            let mut headers = Vec::new();
            for p in op["parameters"].as_array().into_iter().flatten() {
                let name = p["name"].as_str().unwrap();
                match p["in"].as_str().unwrap() {
                    "path" => uri = uri.replace(&format!("{{{name}}}"), sample(name)),
                    "query" => query.push((name, sample(name))),
                    _ => headers.push((name, sample(name))),
                }
            }
            let request_as = |cookie: &str, token: Option<&str>, site: Option<&str>| {
                let m = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
                let mut rb = cli.request(m, uri.clone()).header(header::COOKIE, cookie);
                for (k, v) in &query {
                    rb = rb.query(*k, v);
                }
                for (k, v) in &headers {
                    rb = rb.header(*k, *v);
                }
                if let Some(t) = token {
                    rb = rb.header("x-xsrf-token", t);
                }
                if let Some(s) = site {
                    rb = rb.header("sec-fetch-site", s);
                }
                if op.get("requestBody").is_some() {
                    rb = rb.body_json(&json!({}));
                }
                rb
            };
            let request =
                |token: Option<&str>, site: Option<&str>| request_as(&b.cookie, token, site);
            let declares = op["security"]
                .as_array()
                .is_some_and(|s| s.iter().any(|r| r.get("csrf").is_some()));
            let before = state_of(&st, &b.cookie).await;
            if declares {
                writes += 1;
                assert_api_error(request(None, None).send().await, 403, "CSRF_REJECTED").await;
                assert_api_error(
                    request(Some("0".repeat(64).as_str()), None).send().await,
                    403,
                    "CSRF_REJECTED",
                )
                .await;
                assert_api_error(
                    request(Some(&b.xsrf), Some("cross-site")).send().await,
                    403,
                    "CSRF_REJECTED",
                )
                .await;
                assert_eq!(
                    state_of(&st, &b.cookie).await,
                    before,
                    "{id}: a refused request changed state"
                );
            } else {
                reads += 1;
                // a signed-in read (it declares 403 without csrf) refuses this unsigned
                // session; `authorization.rs` and `signin.rs` cover it signed in
                let signed_in = op["responses"].get("403").is_some();
                // a read of a flow context the session has not started answers a status it
                // declares (the quick refill's: 409 nothing located, 404 no refill)
                let declared = |status: poem::http::StatusCode| {
                    status.is_success() || op["responses"].get(status.as_str()).is_some()
                };
                let r = request(None, Some("cross-site")).send().await;
                let status = r.0.status();
                if signed_in {
                    assert_api_error(r, 403, "SIGNIN_REQUIRED").await;
                } else {
                    assert!(declared(status), "{id}: {status}");
                }
                assert_eq!(
                    state_of(&st, &b.cookie).await,
                    before,
                    "{id} changes state but does not declare csrf"
                );
                // without a session, only `getToken` creates one (issue 9 item 5)
                let r = request_as("", None, None).send().await;
                let status = r.0.status();
                if signed_in {
                    assert!(!status.is_success(), "{id} without a session: {status}");
                } else {
                    assert!(declared(status), "{id} without a session: {status}");
                }
                assert_eq!(
                    session_cookie(&r.0).is_some(),
                    id == "getToken",
                    "{id} without a session: creates one?"
                );
            }
        }
    }
    assert_eq!((writes, reads), (42, 36), "operations checked");
}
