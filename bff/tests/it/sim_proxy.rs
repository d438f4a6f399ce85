//! Issue 9 item 9: the harness `/sim` proxy serves the card-entry page (and its tokenize call)
//! and the identity router only. Traversal, encoded or not, is 404 and never reaches an
//! upstream (it once placed an order with no cookie and no CSRF token).

use crate::common::*;
use bff::config::{Mode, UpstreamUrls};
use poem::http::header;
use serde_json::json;
use wiremock::{Mock, MockServer, ResponseTemplate, matchers::any};

const ATTEMPTS: [&str; 16] = [
    "/sim/card-entry/../activation/prepaid-customer-activation",
    "/sim/card-entry/%2e%2e/activation/prepaid-customer-activation",
    "/sim/card-entry/%2E%2E/activation/prepaid-customer-activation",
    "/sim/card-entry/..%2factivation/prepaid-customer-activation",
    "/sim/card-entry%2f..%2factivation%2fprepaid-customer-activation",
    "/sim/card-entry/tokenize/../../activation/prepaid-customer-activation",
    "/sim/session/router/../secure/session",
    "/sim/session/router/..%2F..%2Factivation/prepaid-customer-activation",
    "/sim/session/router%2f..%2fsecure%2fsession",
    "/sim//card-entry",
    "/sim/card-entry/",
    "/sim/card-entry//tokenize",
    "/sim/card-entryx",
    "/sim/session/routerx",
    "/sim/activation/prepaid-customer-activation",
    "/sim/%63ard-entry",
];

#[tokio::test]
async fn traversal_never_reaches_an_upstream() {
    let server = MockServer::start().await;
    Mock::given(any())
        .respond_with(ResponseTemplate::new(200).set_body_string("upstream reached"))
        .mount(&server)
        .await;
    let mut urls = UpstreamUrls::all(&server.uri());
    urls.set(
        upstream::service::Service::CardEntry,
        format!("{}/card-entry", server.uri()),
    );
    let (cli, _) = client_for(config(Mode::Harness, &urls, 2000)).await;
    for path in ATTEMPTS {
        for post in [false, true] {
            let rb = if post {
                cli.post(path).body_json(&json!({"smsOptIn": true}))
            } else {
                cli.get(path)
            };
            let r = rb.send().await;
            assert_eq!(
                r.0.status(),
                404,
                "{} {path}",
                if post { "POST" } else { "GET" }
            );
        }
    }
    // wrong methods on allowed paths
    for (post, path) in [
        (true, "/sim/card-entry"),
        (false, "/sim/card-entry/tokenize"),
    ] {
        let r = if post { cli.post(path) } else { cli.get(path) }
            .send()
            .await;
        assert_eq!(r.0.status(), 404, "{path}");
    }
    let reached = server.received_requests().await.unwrap_or_default();
    assert!(
        reached.is_empty(),
        "upstream reached: {:?}",
        reached
            .iter()
            .map(|r| r.url.path().to_owned())
            .collect::<Vec<_>>()
    );
    // the allowed pages still go through, to exactly their upstream paths
    cli.get("/sim/card-entry")
        .query("lang", &"en")
        .send()
        .await
        .assert_status_is_ok();
    cli.post("/sim/card-entry/tokenize")
        .body_json(&json!({}))
        .send()
        .await
        .assert_status_is_ok();
    cli.get("/sim/session/router")
        .send()
        .await
        .assert_status_is_ok();
    cli.post("/sim/session/router")
        .send()
        .await
        .assert_status_is_ok();
    let reached: Vec<_> = server
        .received_requests()
        .await
        .unwrap_or_default()
        .iter()
        .map(|r| format!("{} {}", r.method, r.url.path()))
        .collect();
    assert_eq!(
        reached,
        [
            "GET /card-entry",
            "POST /card-entry/tokenize",
            "GET /router",
            "POST /router"
        ]
    );
}

#[tokio::test]
async fn allowed_pages_work_against_the_simulators() {
    let (cli, _s) = harness_app().await;
    let page = cli.get("/sim/card-entry").query("lang", &"es").send().await;
    page.assert_status_is_ok();
    assert_eq!(page.0.headers()[header::X_FRAME_OPTIONS], "SAMEORIGIN");
    let r = cli
        .post("/sim/card-entry/tokenize")
        .body_json(
            &json!({"cardNumber": "4111111111111111", "expirationDate": "1230", "cvv": "123"}),
        )
        .send()
        .await;
    r.assert_status_is_ok();
    assert_eq!(json(r.0).await["status"], "SUCCESS");
    // an unknown session: the router's own page says so (the proxy's 404 has no body)
    let r = cli
        .get("/sim/session/router")
        .query("digitalSessionId", &"DS-unknown")
        .send()
        .await;
    let page = r.0.into_body().into_string().await.unwrap();
    assert!(page.contains("Session not found"), "{page}");
}
