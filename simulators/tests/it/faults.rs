//! Every fault kind, through the built-in scenarios that use it.

use std::time::Duration;

use crate::common::{client, http_client, json};
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
        "address": {"addressLine1": "1200 Peachtree St", "addressLine2": "", "city": "Atlanta",
                    "state": "GA", "zip": "30309"},
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
    let resp = http_client()
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

/// The scenario console's faults (`x-sim-faults`, sent by the BFF) replace the scenario's for
/// their call and leave other calls alone; a header that does not parse is a typed 400.
#[tokio::test]
async fn console_faults_replace_the_scenarios_for_their_call() {
    let cli = client();
    let send = |faults: &'static str| {
        cli.get("/serviceability/validate-customer-address")
            .query("addressLine1", &"1200 Peachtree St")
            .query("zip", &"30309")
            .header(SCENARIO, "retail/address-single")
            .header(upstream::FAULTS_HEADER, faults)
            .send()
    };
    let r = send(r#"{"validateAddress":{"kind":"error5xx","status":502}}"#).await;
    r.assert_status(StatusCode::BAD_GATEWAY);
    assert_eq!(json(r).await["error"], "SIMULATED_FAULT");
    send(r#"{"assign":{"kind":"timeout"}}"#)
        .await
        .assert_status_is_ok();
    for bad in [
        r#"{"nope":{"kind":"timeout"}}"#,
        r#"{"assign":{"kind":"error5xx","status":200}}"#,
        "[",
    ] {
        let r = send(bad).await;
        r.assert_status(StatusCode::BAD_REQUEST);
        let v = json(r).await;
        assert_eq!(
            (v["error"].as_str(), v["header"].as_str()),
            (Some("BAD_HARNESS_HEADER"), Some("x-sim-faults")),
            "{bad}"
        );
    }
}

/// Seeded chaos: the same seed over the same calls in a new run answers the same statuses
/// and bodies in the same order; another seed differs; 0 % is the world's answer.
#[tokio::test(start_paused = true)]
async fn chaos_replays_per_run_and_seed() {
    async fn answers(chaos: &str, run: &str) -> Vec<(u16, String)> {
        let cli = client();
        let mut out = Vec::new();
        for _ in 0..40 {
            let r = cli
                .get("/serviceability/validate-customer-address")
                .query("addressLine1", &"1200 Peachtree St")
                .query("zip", &"30309")
                .header(upstream::CHAOS_HEADER, chaos)
                .header(upstream::RUN_HEADER, run)
                .send();
            // a timeout fault hangs 120 s (paused clock): still pending at 2 s is "timeout"
            match tokio::time::timeout(Duration::from_millis(2000), r).await {
                Ok(r) => {
                    let status = r.0.status().as_u16();
                    let body =
                        r.0.into_body()
                            .into_bytes()
                            .await
                            .map(|b| String::from_utf8_lossy(&b).into_owned())
                            .unwrap_or_else(|_| "reset".into());
                    out.push((status, body));
                }
                Err(_) => out.push((0, "timeout".into())),
            }
        }
        out
    }
    let a = answers("50:4711", "chaos-it-a").await;
    assert_eq!(
        a,
        answers("50:4711", "chaos-it-b").await,
        "same seed, same answers"
    );
    assert_ne!(
        a,
        answers("50:4712", "chaos-it-c").await,
        "another seed, other answers"
    );
    assert!(
        a.iter().any(|(s, _)| *s == 200) && a.iter().any(|(s, _)| *s != 200),
        "{a:?}"
    );
    assert!(
        answers("0:4711", "chaos-it-d")
            .await
            .iter()
            .all(|(s, _)| *s == 200)
    );
    let r = client()
        .get("/serviceability/validate-customer-address")
        .query("addressLine1", &"1200 Peachtree St")
        .query("zip", &"30309")
        .header(upstream::CHAOS_HEADER, "150:1")
        .send()
        .await;
    r.assert_status(StatusCode::BAD_REQUEST);
}

/// The console's YAML of a scenario with added faults parses back to that scenario with
/// those faults, its `respond`s kept.
#[test]
fn console_yaml_parses_back_with_the_faults() {
    use simulators::scenario::{self, Call, Scenario};
    let s = scenario::find("retail/existing-prepaid").expect("scenario");
    let faults = [
        (Call::Assign, Fault::Timeout),
        (Call::Serviceability, Fault::Delay { ms: 700 }),
    ]
    .into_iter()
    .collect();
    let yaml = s.with_faults_yaml(&faults);
    let back =
        Scenario::parse("retail/copied.yaml", &yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    assert_eq!(back.call(Call::Assign).unwrap().fault, Some(Fault::Timeout));
    let svc = back.call(Call::Serviceability).unwrap();
    assert_eq!(svc.fault, Some(Fault::Delay { ms: 700 }));
    assert_eq!(svc.respond, s.call(Call::Serviceability).unwrap().respond);
    assert_eq!(
        (back.expect, back.input),
        (s.expect.clone(), s.input.clone())
    );
    assert!(
        back.title
            .ends_with("(+ serviceability delay, assign timeout)")
            || back.title.contains("assign timeout"),
        "{}",
        back.title
    );
}
