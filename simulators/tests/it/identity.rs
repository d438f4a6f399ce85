//! The identity-provider simulator (seed 001 §3 "Identity", §4 "Sign-in", §7 redirects):
//! the code flow with PKCE for every test identity, the RFC 6749 §5.2 errors, userinfo's
//! 401s, logout with `state=expired`, refused authorize requests, escaping, faults.

use std::collections::{HashMap, VecDeque};
use std::time::Duration;

use crate::common::{client, json};
use poem::http::StatusCode;
use poem::test::TestResponse;
use serde_json::{Value, json};
use simulators::fault::Fault;
use simulators::identity::s256;
use simulators::identity_world::{self, IDENTITIES};
use simulators::plan::{self, Planned};
use simulators::scenario::{Call, Scenario};
use upstream::identity::{CLIENT_ID, SCOPES};

const REDIRECT: &str = "http://127.0.0.1:8080/en/handoff";

/// A verifier of the right shape (43 to 128 unreserved characters), distinct per `tag`.
fn verifier(tag: &str) -> String {
    format!("{tag}-{}", "v".repeat(50))
}

/// The query or form of an authorize request for `verifier`, with `state`.
fn authorize_params(verifier: &str, state: &str) -> Vec<(String, String)> {
    [
        ("client_id", CLIENT_ID),
        ("redirect_uri", REDIRECT),
        ("response_type", "code"),
        ("scope", SCOPES),
        ("state", state),
        ("code_challenge", &s256(verifier)),
        ("code_challenge_method", "S256"),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect()
}

fn with(
    mut params: Vec<(String, String)>,
    key: &str,
    value: Option<&str>,
) -> Vec<(String, String)> {
    params.retain(|(k, _)| k != key);
    if let Some(v) = value {
        params.push((key.to_owned(), v.to_owned()));
    }
    params
}

/// A form-encoded value, as the provider writes it into redirects.
fn encode(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

fn form(params: &[(String, String)]) -> String {
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(params)
        .finish()
}

async fn page(path: &str, params: &[(String, String)]) -> TestResponse {
    client()
        .get(format!("{path}?{}", form(params)))
        .send()
        .await
}

async fn text(resp: TestResponse) -> String {
    resp.0.into_body().into_string().await.expect("body")
}

async fn pick(params: &[(String, String)], identity: &str) -> TestResponse {
    let params = with(params.to_vec(), "identity", Some(identity));
    client()
        .post("/identity/authorize")
        .content_type("application/x-www-form-urlencoded")
        .body(form(&params))
        .send()
        .await
}

fn location(resp: &TestResponse) -> String {
    resp.0
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

/// The `code` of a redirect to [`REDIRECT`] carrying `state`.
fn code_of(location: &str, state: &str) -> String {
    let query = location
        .strip_prefix(&format!("{REDIRECT}?"))
        .unwrap_or_else(|| panic!("not to the redirect: {location}"));
    let pairs: HashMap<&str, &str> = query.split('&').filter_map(|p| p.split_once('=')).collect();
    assert_eq!(pairs.get("state").copied(), Some(encode(state).as_str()));
    pairs["code"].to_owned()
}

async fn code_for(identity: &str, verifier: &str) -> String {
    let state = format!("st-{identity}");
    let resp = pick(&authorize_params(verifier, &state), identity).await;
    resp.assert_status(StatusCode::SEE_OTHER);
    code_of(&location(&resp), &state)
}

async fn token(pairs: &[(&str, &str)]) -> TestResponse {
    let params: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    client()
        .post("/identity/token")
        .content_type("application/x-www-form-urlencoded")
        .body(form(&params))
        .send()
        .await
}

async fn exchange(code: &str, verifier: &str) -> TestResponse {
    token(&[
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", REDIRECT),
        ("client_id", CLIENT_ID),
        ("code_verifier", verifier),
    ])
    .await
}

/// Signs `identity` in: the access token and id token.
async fn sign_in(identity: &str) -> (String, String) {
    let v = verifier(identity);
    let resp = exchange(&code_for(identity, &v).await, &v).await;
    resp.assert_status_is_ok();
    let body = json(resp).await;
    (
        body["access_token"].as_str().unwrap().to_owned(),
        body["id_token"].as_str().unwrap().to_owned(),
    )
}

async fn userinfo(token: Option<&str>) -> TestResponse {
    let cli = client();
    let req = cli.get("/identity/userinfo");
    match token {
        Some(t) => req.header("authorization", format!("Bearer {t}")),
        None => req,
    }
    .send()
    .await
}

/// The RFC 6749 §5.2 error of a token answer, with its status.
async fn rfc_error(resp: TestResponse, status: StatusCode, error: &str) {
    resp.assert_status(status);
    resp.assert_header("cache-control", "no-store");
    let body = json(resp).await;
    assert_eq!(body["error"], error, "{body}");
    assert!(body["error_description"].is_string());
}

#[tokio::test]
async fn every_identity_signs_in_through_the_code_flow() {
    let listed = text(
        page(
            "/identity/authorize",
            &authorize_params(&verifier("p"), "s"),
        )
        .await,
    )
    .await;
    assert!(listed.starts_with("<!doctype html><html lang=\"en\">"));
    assert_eq!(
        listed.matches("type=\"radio\"").count(),
        listed.matches("<label for=\"identity-").count(),
        "every radio labelled"
    );
    for identity in IDENTITIES {
        assert!(
            listed.contains(&format!("value=\"{}\"", identity.key)),
            "{}",
            identity.key
        );
        assert!(listed.contains(&simulators::html::escape(identity.branch.0)));

        let v = verifier(identity.key);
        let code = code_for(identity.key, &v).await;
        assert!(code.starts_with("ac-"), "{code}");
        let resp = exchange(&code, &v).await;
        resp.assert_status_is_ok();
        resp.assert_header("cache-control", "no-store");
        let body = json(resp).await;
        assert_eq!(body["token_type"], "Bearer");
        assert_eq!(body["expires_in"], 900);
        assert_eq!(body["scope"], SCOPES);
        assert!(
            body["id_token"]
                .as_str()
                .is_some_and(|t| t.starts_with("it-"))
        );
        let access = body["access_token"].as_str().unwrap();

        let info = userinfo(Some(access)).await;
        info.assert_status_is_ok();
        let got = json(info).await;
        assert_eq!(
            got,
            serde_json::to_value(identity_world::info(&identity)).unwrap(),
            "{}",
            identity.key
        );
        assert_eq!(got["custGuid"], identity.cust_guid);
    }
}

#[tokio::test]
async fn the_identity_answer_has_the_seed_shape() {
    let (access, _) = sign_in("owner-several").await;
    let got = json(userinfo(Some(&access)).await).await;
    let response = &got["identityResponse"]["response"];
    assert_eq!(
        response["identity"],
        json!({"idcmtFirstName": "Samuel", "idcmtLastName": "Severin",
            "idcmtUid": "samuel.severin", "idcmtEmail": "sam.several@example.com",
            "idcmtEmailVerified": true, "idcmtMobile": "4045550202", "idcmtMobileVerified": true})
    );
    assert_eq!(
        response["identityAccounts"][2],
        json!({"accountNumber": "8993100000000203", "presentInPrepaidDB": true,
            "prepaidStatus": "Closed", "role": "ACCOUNT_OWNER",
            "idcmtServiceAddress": "8 Juniper Ct", "idcmtServiceCity": "Atlanta",
            "idcmtServiceState": "GA", "idcmtServicePostalCode": "30311",
            "prepaidSMSOptIn": false, "prepaidLangPreference": "ENGLISH",
            "isPrepaidEmailMatching": "true", "isPrepaidPhoneMatching": "true"})
    );
    assert!(response.get("pronoun").is_none(), "absent, never null");
    let (access, _) = sign_in("sync-email-na-phone-false").await;
    let got = json(userinfo(Some(&access)).await).await;
    let account = &got["identityResponse"]["response"]["identityAccounts"][0];
    assert_eq!(account["isPrepaidEmailMatching"], "NA");
    assert_eq!(account["isPrepaidPhoneMatching"], "false");
    let (access, _) = sign_in("chosen-name").await;
    let got = json(userinfo(Some(&access)).await).await;
    assert_eq!(got["identityResponse"]["response"]["pronoun"], "they/them");
    assert_eq!(
        got["identityResponse"]["response"]["chosenName"],
        json!({"chosenFirstName": "Alex"})
    );
}

#[tokio::test]
async fn token_errors_follow_rfc_6749() {
    let v = verifier("errors");
    let code = code_for("owner-one", &v).await;
    rfc_error(
        exchange(&code, &verifier("other")).await,
        StatusCode::BAD_REQUEST,
        "invalid_grant",
    )
    .await;
    rfc_error(
        exchange(&code, &v).await,
        StatusCode::BAD_REQUEST,
        "invalid_grant",
    )
    .await;

    // A code used once is spent, and replaying it revokes the token it gave.
    let code = code_for("owner-one", &v).await;
    let first = exchange(&code, &v).await;
    first.assert_status_is_ok();
    let access = json(first).await["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    userinfo(Some(&access)).await.assert_status_is_ok();
    rfc_error(
        exchange(&code, &v).await,
        StatusCode::BAD_REQUEST,
        "invalid_grant",
    )
    .await;
    userinfo(Some(&access))
        .await
        .assert_status(StatusCode::UNAUTHORIZED);

    let code = code_for("owner-one", &v).await;
    let base = |code: &str, redirect: &str, client: &str| {
        [
            ("grant_type", "authorization_code".to_owned()),
            ("code", code.to_owned()),
            ("redirect_uri", redirect.to_owned()),
            ("client_id", client.to_owned()),
            ("code_verifier", v.clone()),
        ]
    };
    let send = |pairs: [(&'static str, String); 5]| async move {
        let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        token(&pairs).await
    };
    rfc_error(
        send(base(&code, "http://127.0.0.1:8080/es/handoff", CLIENT_ID)).await,
        StatusCode::BAD_REQUEST,
        "invalid_grant",
    )
    .await;
    let code = code_for("owner-one", &v).await;
    rfc_error(
        send(base(&code, REDIRECT, "another-app")).await,
        StatusCode::UNAUTHORIZED,
        "invalid_client",
    )
    .await;
    rfc_error(
        send(base("ac-unknown", REDIRECT, CLIENT_ID)).await,
        StatusCode::BAD_REQUEST,
        "invalid_grant",
    )
    .await;
    rfc_error(
        token(&[("code", &code), ("client_id", CLIENT_ID)]).await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    )
    .await;
    rfc_error(
        token(&[("grant_type", "password"), ("client_id", CLIENT_ID)]).await,
        StatusCode::BAD_REQUEST,
        "unsupported_grant_type",
    )
    .await;
    rfc_error(
        token(&[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("client_id", CLIENT_ID),
            ("code_verifier", "short"),
        ])
        .await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    )
    .await;
}

#[tokio::test(start_paused = true)]
async fn codes_expire_after_60_s_and_tokens_after_900_s() {
    let v = verifier("clock");
    let code = code_for("owner-one", &v).await;
    tokio::time::advance(Duration::from_secs(61)).await;
    rfc_error(
        exchange(&code, &v).await,
        StatusCode::BAD_REQUEST,
        "invalid_grant",
    )
    .await;

    let code = code_for("owner-one", &v).await;
    tokio::time::advance(Duration::from_secs(59)).await;
    let resp = exchange(&code, &v).await;
    resp.assert_status_is_ok();
    let access = json(resp).await["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    tokio::time::advance(Duration::from_secs(899)).await;
    userinfo(Some(&access)).await.assert_status_is_ok();
    tokio::time::advance(Duration::from_secs(2)).await;
    userinfo(Some(&access))
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn userinfo_needs_a_live_bearer_token() {
    userinfo(None).await.assert_status(StatusCode::UNAUTHORIZED);
    let bad = userinfo(Some("at-unknown")).await;
    bad.assert_status(StatusCode::UNAUTHORIZED);
    bad.assert_header("www-authenticate", "Bearer error=\"invalid_token\"");
    client()
        .get("/identity/userinfo")
        .header("authorization", "Basic eDp5")
        .send()
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn logout_ends_the_tokens_and_returns_with_state_expired() {
    let (access, id_token) = sign_in("deactivated").await;
    let (other, _) = sign_in("sync-both-true").await;
    let resp = client()
        .get("/identity/logout")
        .query("post_logout_redirect_uri", &"/en/handoff")
        .query("state", &"expired")
        .query("id_token_hint", &id_token)
        .send()
        .await;
    resp.assert_status(StatusCode::SEE_OTHER);
    resp.assert_header("location", "/en/handoff?slo_fs=1&state=expired");
    userinfo(Some(&access))
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    userinfo(Some(&other)).await.assert_status_is_ok();

    let loopback = client()
        .get("/identity/logout")
        .query("post_logout_redirect_uri", &"http://localhost:5173/?s=1")
        .send()
        .await;
    loopback.assert_header("location", "http://localhost:5173/?s=1&slo_fs=1");

    for bad in [
        "https://evil.example/en/handoff",
        "//evil.example/",
        "/en/elsewhere",
    ] {
        let resp = client()
            .get("/identity/logout")
            .query("post_logout_redirect_uri", &bad)
            .query("state", &"expired")
            .send()
            .await;
        resp.assert_status(StatusCode::BAD_REQUEST);
        assert!(resp.0.headers().get("location").is_none(), "{bad}");
    }
    let signed_out = client()
        .get("/identity/logout")
        .query("ui_locales", &"es")
        .send()
        .await;
    signed_out.assert_status_is_ok();
    assert!(text(signed_out).await.contains("Cerró la sesión."));
}

#[tokio::test]
async fn authorize_refuses_bad_requests_without_redirecting() {
    let good = authorize_params(&verifier("bad"), "s1");
    let cases: [(&str, Option<&str>); 13] = [
        ("client_id", Some("another-app")),
        ("client_id", None),
        ("redirect_uri", Some("https://evil.example/en/handoff")),
        ("redirect_uri", Some("//evil.example/en/handoff")),
        (
            "redirect_uri",
            Some("/en/handoff?x=\"><script>alert(1)</script>"),
        ),
        ("redirect_uri", None),
        ("response_type", Some("token")),
        ("scope", Some("prepaid.method-of-payment")),
        ("scope", Some("openid admin")),
        ("state", None),
        ("code_challenge", None),
        ("code_challenge", Some("too-short")),
        ("code_challenge_method", Some("plain")),
    ];
    for (key, value) in cases {
        let params = with(good.clone(), key, value);
        let resp = page("/identity/authorize", &params).await;
        resp.assert_status(StatusCode::BAD_REQUEST);
        assert!(
            text(resp).await.contains("role=\"alert\""),
            "{key}={value:?}"
        );
        let posted = pick(&params, "owner-one").await;
        posted.assert_status(StatusCode::BAD_REQUEST);
        assert!(
            posted.0.headers().get("location").is_none(),
            "{key}={value:?}"
        );
    }
    pick(&good, "nobody")
        .await
        .assert_status(StatusCode::BAD_REQUEST);
    let es = page("/identity/authorize", &with(good, "ui_locales", Some("es"))).await;
    es.assert_status_is_ok();
    let html = text(es).await;
    assert!(html.starts_with("<!doctype html><html lang=\"es\">"));
    assert!(html.contains("<legend>Identidades de prueba</legend>"));
    assert!(html.contains(&simulators::html::escape(IDENTITIES[0].branch.1)));
}

#[tokio::test]
async fn pages_escape_what_the_query_carries() {
    let state = "\"><script>alert(1)</script>";
    let redirect = "/en/handoff?x='onfocus='alert(2)";
    let params = with(
        authorize_params(&verifier("xss"), state),
        "redirect_uri",
        Some(redirect),
    );
    let resp = page("/identity/authorize", &params).await;
    resp.assert_status_is_ok();
    let html = text(resp).await;
    assert!(!html.contains("<script>"), "{html}");
    assert!(html.contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""));
    assert!(html.contains("value=\"/en/handoff?x=&#39;onfocus=&#39;alert(2)\""));

    // The value posted back is the one given, and reaches the redirect encoded.
    let back = pick(&params, "owner-one").await;
    back.assert_status(StatusCode::SEE_OTHER);
    let to = location(&back);
    assert!(to.starts_with(redirect), "{to}");
    assert!(to.ends_with(&format!("&state={}", encode(state))), "{to}");

    let create = client()
        .get(format!(
            "/identity/create-id?state={}&ui_locales=es",
            encode(state)
        ))
        .send()
        .await;
    create.assert_status_is_ok();
    let html = text(create).await;
    assert!(!html.contains("<script>"));
    assert!(html.starts_with("<!doctype html><html lang=\"es\">"));
    assert!(html.contains("<h1>Crear una identificación</h1>"));
}

#[tokio::test]
async fn create_id_links_back_to_the_sign_in_page() {
    let params = authorize_params(&verifier("create"), "s2");
    let resp = page("/identity/create-id", &params).await;
    resp.assert_status_is_ok();
    let html = text(resp).await;
    assert!(html.starts_with("<!doctype html><html lang=\"en\">"));
    assert!(html.contains("<h1>Create an ID</h1>"));
    let href = simulators::html::escape(&format!("authorize?{}", form(&params)));
    assert!(
        html.contains(&format!("<a href=\"{href}\">Back to sign in</a>")),
        "{html}"
    );
}

const INLINE: &str = r#"
title: Identity lookup fails (inline test scenario)
flow: buy
start: /buy
upstream:
  identityToken:
    fault: {kind: error5xx, status: 503}
  identityInfo:
    respond:
      identityResponse: {errorCode: IDENTITY-500, errorMessage: lookup failed}
expect: {stage: error}
"#;

#[tokio::test]
async fn scenarios_and_plans_fault_the_identity_calls() {
    let scenario = Scenario::parse("buy/identity-inline.yaml", INLINE).expect("parses");
    assert_eq!(
        scenario.call(Call::IdentityToken).unwrap().fault,
        Some(Fault::Error5xx { status: 503 })
    );
    let (access, _) = sign_in("owner-one").await;
    let world = userinfo(Some(&access)).await;
    let bytes = world.0.into_body().into_vec().await.unwrap();
    let over = scenario.call(Call::IdentityInfo).unwrap();
    let merged: Value = serde_json::from_slice(&simulators::middleware::merge(
        &bytes,
        over.respond.as_ref().unwrap(),
    ))
    .unwrap();
    assert_eq!(merged["identityResponse"]["errorCode"], "IDENTITY-500");
    assert_eq!(merged["custGuid"], "CG-200000000001", "kept");

    // The same fault, planned for one tracking id, strikes the real endpoint.
    let tracking = "7d0c1c9e-0000-4000-8000-0000000011d1";
    plan::set(
        tracking,
        HashMap::from([(
            Call::IdentityToken,
            VecDeque::from([Planned {
                fault: Fault::Error5xx { status: 503 },
                after_work: false,
            }]),
        )]),
    );
    let v = verifier("planned");
    let code = code_for("owner-one", &v).await;
    let body = form(&[
        ("grant_type".into(), "authorization_code".into()),
        ("code".into(), code.clone()),
        ("redirect_uri".into(), REDIRECT.into()),
        ("client_id".into(), CLIENT_ID.into()),
        ("code_verifier".into(), v.clone()),
    ]);
    let cli = client();
    let send = || {
        cli.post("/identity/token")
            .header("trackingid", tracking)
            .content_type("application/x-www-form-urlencoded")
            .body(body.clone())
            .send()
    };
    send().await.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    send().await.assert_status_is_ok();
    plan::clear(tracking);
}
