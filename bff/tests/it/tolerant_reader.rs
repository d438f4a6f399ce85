//! A provider adding a field does not take the portal down (issue 9 item 12).
//!
//! Between the BFF and the in-process simulators sits a small proxy that adds a field
//! (`zzProviderAddedField`, an object) to every JSON object of every answer: each content
//! bundle, broadband facts, and every other service's answer at the top and in each nested
//! object (the address-search answer is an array of strings: nothing to add a field to).
//! A production-mode BFF behind it walks every upstream call of the portal and gets the normal
//! answers (content identical to a BFF reading the simulators directly); a harness-mode BFF
//! behind it (strict reading: drift of our own simulators must fail) answers
//! `UPSTREAM_BAD_RESPONSE`.

use poem::{
    Body, EndpointExt, Request, Response, http::header, listener::TcpAcceptor, test::TestClient,
};
use serde_json::{Value, json};

use crate::buy::Buyer;
use crate::common::*;
use bff::{
    config::{Mode, UpstreamUrls},
    startup::endpoint,
    state::Clock,
};

const ADDED: &str = "zzProviderAddedField";

fn add_field(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.values_mut().for_each(add_field);
            m.insert(ADDED.into(), json!({"addedBy": "provider", "n": 1}));
        }
        Value::Array(items) => items.iter_mut().for_each(add_field),
        _ => {}
    }
}

/// A proxy to `target` adding [`ADDED`] to every object of every JSON answer; its base URL.
async fn field_adding_proxy(target: String) -> (String, tokio::task::JoinHandle<()>) {
    // run alone, no BFF has installed the TLS provider yet
    bff::upstream::install_tls_provider();
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let ep = poem::endpoint::make(move |req: Request| {
        let http = http.clone();
        let target = target.clone();
        async move {
            let url = format!(
                "{target}{}",
                req.uri().path_and_query().map_or("", |p| p.as_str())
            );
            let mut rb = http.request(req.method().clone(), url);
            for (k, v) in req.headers() {
                if k != header::HOST && k != header::CONTENT_LENGTH {
                    rb = rb.header(k, v);
                }
            }
            let body = req.into_body().into_bytes().await.unwrap_or_default();
            let up = rb
                .body(body.to_vec())
                .send()
                .await
                .expect("simulators answer");
            let mut resp = Response::builder().status(up.status());
            for (k, v) in up.headers() {
                if k != header::CONTENT_LENGTH && k != header::TRANSFER_ENCODING {
                    resp = resp.header(k, v);
                }
            }
            let bytes = up.bytes().await.unwrap_or_default();
            let body = match serde_json::from_slice::<Value>(&bytes) {
                Ok(mut v) => {
                    add_field(&mut v);
                    Body::from(serde_json::to_vec(&v).unwrap())
                }
                Err(_) => Body::from(bytes.to_vec()),
            };
            resp.body(body)
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let acceptor = TcpAcceptor::from_tokio(listener).unwrap();
    let task = tokio::spawn(async move {
        let _ = poem::Server::new_with_acceptor(acceptor).run(ep).await;
    });
    (format!("http://{addr}"), task)
}

async fn bff(mode: Mode, base: &str) -> Client {
    let urls = UpstreamUrls::under(base);
    let st = test_state(
        config(mode, &urls, 3000),
        urls,
        Clock::fixed(crate::buy::now()),
    )
    .await;
    TestClient::new(endpoint(st).boxed())
}

const CONTENT: [&str; 8] = [
    "/-/api/my.prepaid/merchant-flow",
    "/-/api/es/my.prepaid/merchant-flow",
    "/-/api/my.prepaid/dictionary",
    "/-/api/es/my.prepaid/dictionary",
    "/-/api/my.prepaid/buyflow",
    "/-/api/es/my.prepaid/buyflow",
    "/-/api/cart",
    "/-/api/es/cart",
];

async fn get_json(cli: &Client, path: &str, query: &[(&str, &str)]) -> (u16, Value) {
    let mut rb = cli.get(path);
    for (k, v) in query {
        rb = rb.query(*k, v);
    }
    let r = rb.send().await;
    (r.0.status().as_u16(), json(r.0).await)
}

const FACTS: [(&str, &str); 4] = [
    ("tierIds", "HSD_030"),
    ("servicePlanType", "PREPAID"),
    ("lob", "INTERNET"),
    ("sourceIds", "prepaid-portal"),
];

#[tokio::test]
async fn production_ignores_added_fields_in_every_upstream_answer() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let (proxy, _task) = field_adding_proxy(sims.base_url.clone()).await;
    let direct = bff(Mode::Production, &sims.base_url).await;
    let cli = bff(Mode::Production, &proxy).await;

    // every content bundle and broadband facts: the same answer as without the added fields
    for path in CONTENT {
        let (status, got) = get_json(&cli, path, &[]).await;
        assert_eq!(status, 200, "{path}: {got}");
        assert_eq!(got, get_json(&direct, path, &[]).await.1, "{path}");
    }
    let facts = "/-/api/my.prepaid/broadband-facts";
    let (status, got) = get_json(&cli, facts, &FACTS).await;
    assert_eq!(status, 200, "{got}");
    assert_eq!(got["labels"].as_array().map(Vec::len), Some(1), "{got}");
    assert_eq!(got, get_json(&direct, facts, &FACTS).await.1);

    // retail: suggestions, address, serviceability, assign
    let (status, s) = get_json(
        &cli,
        "/secure/api/v1/address/suggestions",
        &[("q", "1200 Peachtree"), ("trackingId", TRACKING)],
    )
    .await;
    assert_eq!(status, 200, "{s}");
    let (status, v) = get_json(
        &cli,
        "/secure/api/v1/serviceability/address/validate-customer-address",
        &[
            ("addressLine1", "1200 Peachtree St"),
            ("zip", "30309"),
            ("trackingId", TRACKING),
        ],
    )
    .await;
    assert_eq!(status, 200, "{v}");
    let loc = v["customerInfos"][0]["locationId"]
        .as_str()
        .unwrap()
        .to_owned();
    let (cookie, token) = checked_session(&cli, &loc).await;
    let a = cli
        .post("/van-service-api/assign")
        .header(header::COOKIE, &cookie)
        .header("x-xsrf-token", &token)
        .body_json(&assign_body(&loc))
        .send()
        .await;
    a.assert_status_is_ok();
    assert_eq!(json(a.0).await["outcome"], "assigned");

    // buy: serviceability CP, product details, promotions, cart, tax (taxAvailable: the tax
    // answer was read), digital session, payment id, card, order
    let mut b = Buyer::new(&cli, "en").await;
    let t = b.shop("30309", "1200 Peachtree St", true).await;
    assert_eq!(t["cart"]["subtotal"], 55.0, "{t}");
    let created = b
        .ok(b.send(
            "post",
            "/secure/session",
            &json!({"redirectUrl": "/en/buy/session"}),
        ))
        .await;
    let id = created["digitalSessionId"].as_str().unwrap().to_owned();
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let picked = http
        .post(format!("{}/session/router", sims.base_url))
        .form(&[
            ("digitalSessionId", id.as_str()),
            ("identity", "existing-verified"),
            ("returnUrl", ""),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(picked.status().as_u16(), 303);
    let restored = b.restore(&id).await;
    assert_eq!(restored["complete"], true, "{restored}");
    b.ok(b.get_csrf("/secure/v1/customermanagement/prepaidPaymentID"))
        .await;
    let card: Value = http
        .post(format!("{}/card-entry/tokenize", sims.base_url))
        .json(&json!({"cardNumber": "5555555555554444", "expirationDate": "1230", "cvv": "123"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let card = &card["cardDetails"];
    let added = b
        .ok(b.send(
            "post",
            "/secure/payment-service/add-secure-prepaid-payment-instrument",
            &json!({
                "token": card["token"], "expirationDate": card["expirationDate"],
                "cardType": card["cardType"], "cardLast4Digits": card["cardLast4Digits"],
                "enrollAutoPayment": true, "termsAccepted": true,
                "billing": {"firstName": "Ana", "lastName": "López", "address": "1200 Peachtree St",
                            "city": "Atlanta", "state": "GA", "zipCode": "30309"},
            }),
        ))
        .await;
    assert_eq!(added["outcome"], "added", "{added}");
    let order = b
        .ok(b
            .submit(
                &uuid::Uuid::new_v4().to_string(),
                &crate::buy::submit_body(),
            )
            .header(header::HOST, "127.0.0.1:8080"))
        .await;
    assert_eq!(order["outcome"], "placed", "{order}");
}

#[tokio::test]
async fn harness_mode_rejects_added_fields_as_a_bad_upstream_answer() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let (proxy, _task) = field_adding_proxy(sims.base_url.clone()).await;
    let cli = bff(Mode::Harness, &proxy).await;
    for path in CONTENT {
        assert_api_error(cli.get(path).send().await, 502, "UPSTREAM_BAD_RESPONSE").await;
    }
    let mut rb = cli.get("/-/api/my.prepaid/broadband-facts");
    for (k, v) in FACTS {
        rb = rb.query(k, &v);
    }
    assert_api_error(rb.send().await, 502, "UPSTREAM_BAD_RESPONSE").await;
}
