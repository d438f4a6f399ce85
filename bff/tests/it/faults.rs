//! Upstream faults through the BFF (wiremock and a connection-dropping listener), and the
//! production mode: no harness, no scenario header forwarded whatever the browser sends.

use std::time::Duration;

use crate::common::*;
use bff::config::{Mode, UpstreamUrls};
use poem::http::{StatusCode, header};
use wiremock::{
    Mock, MockServer, ResponseTemplate,
    matchers::{method, path},
};

fn urls(base: &str) -> UpstreamUrls {
    UpstreamUrls::all(base)
}

async fn check_serviceability(cli: &Client) -> poem::test::TestResponse {
    let (cookie, xsrf) = session(cli).await;
    cli.get("/secure/api/v1/serviceability/address/validate-customer-serviceability")
        .query("trackingId", &TRACKING)
        .query("locationId", &"LOC-1")
        .header(header::COOKIE, cookie)
        .header("x-xsrf-token", xsrf)
        .send()
        .await
}

#[tokio::test]
async fn timeout_is_504() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/validate-customer-serviceability"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_delay(Duration::from_secs(5))
                .set_body_json(serde_json::json!({"status": "SUCCESS"})),
        )
        .mount(&server)
        .await;
    let (cli, _) = client_for(config(Mode::Plain, &urls(&server.uri()), 300)).await;
    assert_api_error(check_serviceability(&cli).await, 504, "UPSTREAM_TIMEOUT").await;
}

#[tokio::test]
async fn malformed_5xx_and_4xx_are_502() {
    let server = MockServer::start().await;
    Mock::given(path("/validate-customer-serviceability"))
        .respond_with(ResponseTemplate::new(200).set_body_string("{\"status\": \"SUCC"))
        .mount(&server)
        .await;
    Mock::given(path("/suggest"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&server)
        .await;
    Mock::given(path("/-/api/my.prepaid/dictionary"))
        .respond_with(ResponseTemplate::new(404))
        .mount(&server)
        .await;
    let (cli, _) = client_for(config(Mode::Plain, &urls(&server.uri()), 2000)).await;
    assert_api_error(
        check_serviceability(&cli).await,
        502,
        "UPSTREAM_BAD_RESPONSE",
    )
    .await;
    let r = cli
        .get("/secure/api/v1/address/suggestions")
        .query("q", &"12 Main")
        .query("trackingId", &TRACKING)
        .send()
        .await;
    assert_api_error(r, 502, "UPSTREAM_ERROR").await;
    assert_api_error(
        cli.get("/-/api/my.prepaid/dictionary").send().await,
        502,
        "UPSTREAM_ERROR",
    )
    .await;
}

#[tokio::test]
async fn broadband_facts_forward_the_widget_inputs_and_map_failures() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/broadband-facts"))
        .respond_with(ResponseTemplate::new(200).set_body_json(serde_json::json!({"labels": []})))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(path("/broadband-facts"))
        .respond_with(ResponseTemplate::new(503))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(path("/broadband-facts"))
        .respond_with(ResponseTemplate::new(200).set_body_string("{\"labels\": [{"))
        .mount(&server)
        .await;
    let (cli, _) = client_for(config(Mode::Plain, &urls(&server.uri()), 2000)).await;
    let get = || {
        cli.get("/-/api/my.prepaid/broadband-facts")
            .query("tierIds", &"HSD_030")
            .query("servicePlanType", &"PREPAID")
            .query("lob", &"INTERNET")
            .query("sourceIds", &"prepaid-portal")
            .header("trackingid", TRACKING)
            .send()
    };
    get().await.assert_status_is_ok();
    let reqs = server.received_requests().await.unwrap();
    let query: Vec<(String, String)> = reqs[0].url.query_pairs().into_owned().collect();
    let want = [
        ("tierIds", "HSD_030"),
        ("servicePlanType", "PREPAID"),
        ("lob", "INTERNET"),
        ("sourceIds", "prepaid-portal"),
    ];
    assert_eq!(query, want.map(|(k, v)| (k.to_owned(), v.to_owned())));
    assert_eq!(reqs[0].headers.get("trackingid").unwrap(), TRACKING);
    assert_eq!(reqs[0].headers.get("source").unwrap(), "DIGITAL2.0");
    assert_api_error(get().await, 502, "UPSTREAM_ERROR").await;
    assert_api_error(get().await, 502, "UPSTREAM_BAD_RESPONSE").await;
}

#[tokio::test]
async fn reset_and_refused_are_502_unavailable() {
    // A listener that accepts and drops every connection (reset before any answer).
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            drop(sock);
        }
    });
    let (cli, _) = client_for(config(Mode::Plain, &urls(&format!("http://{addr}")), 2000)).await;
    assert_api_error(
        check_serviceability(&cli).await,
        502,
        "UPSTREAM_UNAVAILABLE",
    )
    .await;

    // Nothing listening at all.
    let free = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let (cli, _) = client_for(config(Mode::Plain, &urls(&format!("http://{free}")), 2000)).await;
    assert_api_error(
        check_serviceability(&cli).await,
        502,
        "UPSTREAM_UNAVAILABLE",
    )
    .await;
}

#[tokio::test]
async fn assign_sends_fixed_retailer_and_source() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/assign"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(serde_json::json!({"status": "SUCCESS"})),
        )
        .mount(&server)
        .await;
    Mock::given(path("/validate-customer-serviceability"))
        .respond_with(ResponseTemplate::new(200).set_body_json(serde_json::json!({
            "status": "SUCCESS", "serviceabilityDetails": [{"lob": "HSD", "tier": "HSD_030"}]})))
        .mount(&server)
        .await;
    let (cli, st) = client_for(config(Mode::Production, &urls(&server.uri()), 2000)).await;
    let (cookie, xsrf) = checked_session(&cli, "LOC-9").await;
    let r = cli
        .post("/van-service-api/assign")
        .header(header::COOKIE, &cookie)
        .header("x-xsrf-token", &xsrf)
        .body_json(&assign_body("LOC-9"))
        .send()
        .await;
    r.assert_status_is_ok();
    assert_eq!(json(r.0).await["outcome"], "assigned");
    let reqs: Vec<_> = server
        .received_requests()
        .await
        .unwrap()
        .into_iter()
        .filter(|r| r.url.path() == "/assign")
        .collect();
    let body: serde_json::Value = serde_json::from_slice(&reqs[0].body).unwrap();
    assert_eq!(body["retailerId"], st.config.retailer_id.as_str());
    assert_eq!(body["source"], "Incomm");
    assert_eq!(body["language"], "English");
    assert_eq!(reqs[0].headers.get("source").unwrap(), "DIGITAL2.0");
    assert_eq!(reqs[0].headers.get("trackingid").unwrap(), TRACKING);
}

#[tokio::test]
async fn production_has_no_harness_and_forwards_no_scenario() {
    let server = MockServer::start().await;
    Mock::given(path("/validate-customer-serviceability"))
        .respond_with(ResponseTemplate::new(200).set_body_json(serde_json::json!({
            "status": "SUCCESS", "serviceabilityDetails": [{"lob": "HSD", "tier": "HSD_030"}]})))
        .mount(&server)
        .await;
    let (cli, _) = client_for(config(Mode::Production, &urls(&server.uri()), 2000)).await;
    assert_eq!(
        cli.get("/harness").send().await.0.status(),
        StatusCode::NOT_FOUND
    );
    for path in [
        "/harness/scenarios.json",
        "/harness/console.json",
        "/harness/active",
    ] {
        assert_eq!(
            cli.get(path).send().await.0.status(),
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    let known = simulators::scenario::all()
        .first()
        .map_or("retail/existing-prepaid".to_owned(), |s| s.id.clone());
    let (sess, xsrf) = session(&cli).await;
    let r = cli
        .get("/secure/api/v1/serviceability/address/validate-customer-serviceability")
        .query("trackingId", &TRACKING)
        .query("locationId", &"LOC-1")
        .header("x-xsrf-token", xsrf)
        .header(header::COOKIE, format!("{sess}; sim_scenario={known}"))
        .header("x-sim-scenario", &known)
        .send()
        .await;
    r.assert_status_is_ok();
    assert_eq!(json(r.0).await["outcome"], "serviceable");
    let reqs = server.received_requests().await.unwrap();
    assert_eq!(reqs.len(), 1);
    assert!(
        reqs[0].headers.get("x-sim-scenario").is_none(),
        "scenario header forwarded in production"
    );
    let (cookie, _) = session(&cli).await;
    let r = cli.get("/token").send().await;
    let set = r.0.headers()[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(set.contains("Secure"), "{set} / {cookie}");
}

/// Harness mode forwards the scenario and run a caller chose: the browser's cookies, or an API
/// tester's `x-sim-scenario` and `x-sim-run` headers (issue 15 §1 "Scripted use"), which win
/// when they name a known scenario or a UUID run; anything else is ignored.
#[tokio::test]
async fn harness_mode_forwards_the_chosen_scenario() {
    let server = MockServer::start().await;
    Mock::given(path("/validate-customer-serviceability"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(serde_json::json!({"status": "SUCCESS"})),
        )
        .mount(&server)
        .await;
    let (cli, _) = client_for(config(Mode::Harness, &urls(&server.uri()), 2000)).await;
    let ids: Vec<String> = simulators::scenario::all()
        .iter()
        .take(2)
        .map(|s| s.id.clone())
        .collect();
    let [cookie_id, header_id] = ids.as_slice() else {
        panic!("the harness has scenarios");
    };
    let (cookie_run, header_run) = (
        uuid::Uuid::new_v4().to_string(),
        uuid::Uuid::new_v4().to_string(),
    );
    let (sess, xsrf) = session(&cli).await;
    let cookies = format!("a=1; {sess}; sim_scenario={cookie_id}; sim_run={cookie_run}");
    // (x-sim-scenario, x-sim-run) sent -> (scenario, run) forwarded
    let cases = [
        (None, None, cookie_id, &cookie_run),
        (
            Some("retail/not-this-one"),
            Some("../run"),
            cookie_id,
            &cookie_run,
        ),
        (
            Some(header_id.as_str()),
            Some(header_run.as_str()),
            header_id,
            &header_run,
        ),
    ];
    for (i, (scenario, run, want_scenario, want_run)) in cases.into_iter().enumerate() {
        let mut r = cli
            .get("/secure/api/v1/serviceability/address/validate-customer-serviceability")
            .query("trackingId", &TRACKING)
            .query("locationId", &"LOC-1")
            .header("x-xsrf-token", &xsrf)
            .header(header::COOKIE, &cookies);
        if let Some(s) = scenario {
            r = r.header("x-sim-scenario", s);
        }
        if let Some(run) = run {
            r = r.header("x-sim-run", run);
        }
        r.send().await.assert_status_is_ok();
        let reqs = server.received_requests().await.unwrap();
        let sent = &reqs[i].headers;
        assert_eq!(
            sent.get("x-sim-scenario").unwrap(),
            want_scenario.as_str(),
            "case {i}"
        );
        assert_eq!(
            sent.get("x-sim-run").unwrap(),
            want_run.as_str(),
            "case {i}"
        );
    }
}

#[tokio::test]
async fn rate_limit_answers_429() {
    let server = MockServer::start().await;
    let mut cfg = config(Mode::Plain, &urls(&server.uri()), 2000);
    cfg.rate_limit_per_min = 2;
    let (cli, _) = client_for(cfg).await;
    let mut last = StatusCode::OK;
    for _ in 0..3 {
        last = cli
            .post("/van-service-api/assign")
            .body_json(&assign_body("L"))
            .send()
            .await
            .0
            .status();
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
    let r = cli
        .post("/van-service-api/assign")
        .body_json(&assign_body("L"))
        .send()
        .await;
    assert_api_error(r, 429, "RATE_LIMITED").await;
}
