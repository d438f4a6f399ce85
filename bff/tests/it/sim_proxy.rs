//! Issue 9 item 9: the harness `/sim` proxy serves the card-entry page (and its tokenize call)
//! and the identity router, and the identity provider's browser pages (authorize, create-ID,
//! logout; never its token or userinfo endpoints) only. Traversal, encoded or not, is 404 and never reaches an
//! upstream (it once placed an order with no cookie and no CSRF token).

use crate::common::*;
use bff::config::{Mode, UpstreamUrls};
use poem::http::header;
use serde_json::json;
use wiremock::{Mock, MockServer, ResponseTemplate, matchers::any};

const ATTEMPTS: [&str; 24] = [
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
    "/sim/identity/token",
    "/sim/identity/userinfo",
    "/sim/identity/authorize/../token",
    "/sim/identity/authorize%2f..%2ftoken",
    "/sim/identity/logout/..%2Fuserinfo",
    "/sim/identity/create-id/",
    "/sim/identity/authorizex",
    "/sim/identity",
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
        (true, "/sim/identity/create-id"),
        (true, "/sim/identity/logout"),
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
    for (post, path) in [
        (false, "/sim/identity/authorize"),
        (true, "/sim/identity/authorize"),
        (false, "/sim/identity/create-id"),
        (false, "/sim/identity/logout"),
    ] {
        let r = if post { cli.post(path) } else { cli.get(path) }
            .send()
            .await;
        r.assert_status_is_ok();
    }
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
            "POST /router",
            "GET /authorize",
            "POST /authorize",
            "GET /create-id",
            "GET /logout",
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

#[tokio::test]
async fn the_identity_providers_pages_work_through_the_proxy() {
    use upstream::identity::{CLIENT_ID, SCOPES};
    let (cli, _s) = harness_app().await;
    let verifier = "v".repeat(43);
    let challenge = simulators::identity::s256(&verifier);
    let params = [
        ("client_id", CLIENT_ID),
        ("redirect_uri", "/en/handoff"),
        ("response_type", "code"),
        ("scope", SCOPES),
        ("state", "st-proxy"),
        ("code_challenge", challenge.as_str()),
        ("code_challenge_method", "S256"),
    ];
    let mut page = cli.get("/sim/identity/authorize");
    for (k, v) in params {
        page = page.query(k, &v);
    }
    let page = page.send().await;
    page.assert_status_is_ok();
    assert_eq!(page.0.headers()[header::X_FRAME_OPTIONS], "SAMEORIGIN");
    let html = page.0.into_body().into_string().await.unwrap();
    assert!(html.contains("value=\"owner-one\""), "{html}");
    assert!(
        html.contains("action=\"authorize\""),
        "posts back through the proxy"
    );

    let form: Vec<String> = params
        .iter()
        .chain(&[("identity", "owner-one")])
        .map(|(k, v)| format!("{k}={}", v.replace(' ', "+").replace('/', "%2F")))
        .collect();
    let picked = cli
        .post("/sim/identity/authorize")
        .content_type("application/x-www-form-urlencoded")
        .body(form.join("&"))
        .send()
        .await;
    picked.assert_status(poem::http::StatusCode::SEE_OTHER);
    let to = picked.0.headers()[header::LOCATION]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(to.starts_with("/en/handoff?code=ac-"), "{to}");
    assert!(to.ends_with("&state=st-proxy"), "{to}");

    let out = cli
        .get("/sim/identity/logout")
        .query("post_logout_redirect_uri", &"/en/handoff")
        .query("state", &"expired")
        .send()
        .await;
    out.assert_status(poem::http::StatusCode::SEE_OTHER);
    out.assert_header(header::LOCATION, "/en/handoff?slo_fs=1&state=expired");
    let create = cli
        .get("/sim/identity/create-id")
        .query("ui_locales", &"es")
        .send()
        .await;
    create.assert_status_is_ok();
    let html = create.0.into_body().into_string().await.unwrap();
    assert!(html.contains("<html lang=\"es\">"), "{html}");
    for path in ["/sim/identity/token", "/sim/identity/userinfo"] {
        cli.post(path)
            .send()
            .await
            .assert_status(poem::http::StatusCode::NOT_FOUND);
        cli.get(path)
            .send()
            .await
            .assert_status(poem::http::StatusCode::NOT_FOUND);
    }
}
