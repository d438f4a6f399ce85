//! Every fault kind, through the built-in scenarios that use it.

use std::time::Duration;

use crate::common::{client, json};
use poem::http::StatusCode;
use simulators::fault::{Fault, TIMEOUT_HANG};

const SCENARIO: &str = "x-sim-scenario";

async fn serviceability(scenario: &str) -> poem::test::TestResponse {
    client()
        .get("/serviceability/validate-customer-serviceability")
        .query("locationId", &"LOC-30308-0002")
        .header(SCENARIO, scenario)
        .send()
        .await
}

async fn validate(scenario: &str) -> poem::test::TestResponse {
    client()
        .get("/serviceability/validate-customer-address")
        .query("addressLine1", &"1200 Peachtree St")
        .query("zip", &"30309")
        .header(SCENARIO, scenario)
        .send()
        .await
}

#[tokio::test(start_paused = true)]
async fn delay_waits_then_answers_normally() {
    let start = tokio::time::Instant::now();
    let resp = serviceability("retail/serviceability-slow").await;
    assert!(start.elapsed() >= Duration::from_millis(1500));
    resp.assert_status_is_ok();
    assert_eq!(json(resp).await["serviceablityStatus"]["value"], "GREEN");
}

#[tokio::test(start_paused = true)]
async fn timeout_hangs_for_120_seconds() {
    let body = serde_json::json!({
        "address": {"addressLine1": "1200 Peachtree St", "zip": "30309"},
        "deviceCode": "482913", "language": "English", "locationId": "LOC-30309-0001",
        "phoneNo": "4045550123", "retailerId": "DG", "source": "Incomm", "trackingId": "t"
    });
    let cli = client();
    let call = cli
        .post("/van/assign")
        .header(SCENARIO, "retail/assign-timeout")
        .body_json(&body);
    let early = tokio::time::timeout(Duration::from_secs(60), call.send()).await;
    assert!(early.is_err(), "still hanging after 60 s");
    assert_eq!(TIMEOUT_HANG, Duration::from_secs(120));
}

#[tokio::test]
async fn error5xx_answers_the_status_with_json() {
    let resp = validate("retail/address-validation-failure").await;
    resp.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(json(resp).await["error"], "SIMULATED_FAULT");
}

#[tokio::test]
async fn error5xx_defaults_to_503_and_rejects_non_5xx() {
    let fault: Fault = serde_json::from_str(r#"{"kind":"error5xx"}"#).unwrap();
    assert_eq!(fault, Fault::Error5xx { status: 503 });
    assert!(Fault::Error5xx { status: 404 }.validate().is_err());
}

#[tokio::test]
async fn malformed_is_200_with_a_truncated_body() {
    let resp = validate("retail/address-validation-malformed").await;
    resp.assert_status_is_ok();
    let text = resp.0.into_body().into_string().await.unwrap();
    assert!(text.starts_with(r#"{"customerInfos":["#), "{text}");
    assert!(serde_json::from_str::<serde_json::Value>(&text).is_err());
}

#[tokio::test]
async fn reset_breaks_the_connection_for_a_real_client() {
    let sim = simulators::spawn_embedded().await.expect("bind");
    let url = format!(
        "{}/serviceability/validate-customer-serviceability?locationId=LOC-30309-0001",
        sim.base_url
    );
    let _ = rustls::crypto::ring::default_provider().install_default();
    let resp = reqwest::Client::new()
        .get(url)
        .header(SCENARIO, "retail/serviceability-network-failure")
        .send()
        .await
        .expect("the status line and headers arrive");
    assert_eq!(resp.status(), reqwest::StatusCode::OK);
    let body = resp.bytes().await;
    eprintln!("reset seen as: {body:?}");
    assert!(
        body.is_err(),
        "reqwest must see the broken body, got {body:?}"
    );
}

#[tokio::test]
async fn unknown_fault_kinds_do_not_parse() {
    assert!(serde_json::from_str::<Fault>(r#"{"kind":"explode"}"#).is_err());
    assert!(
        serde_json::from_str::<Fault>(r#"{"kind":"delay"}"#).is_err(),
        "delay needs ms"
    );
}
