//! Every retail scenario of `scenarios/retail/*.yaml`, walked through the BFF against the
//! in-process simulators with the harness cookie `sim_scenario`: the stage the BFF's
//! answers lead to must be the scenario's `expect.stage` (and `expect.coldTap`, and the
//! assign message key). Expectations are read from the scenarios, never retyped.

use crate::common::*;
use poem::http::header;
use serde_json::Value;
use simulators::scenario::{self, Scenario};

/// What the web app would show after the BFF's answers (stage ids as in `expect.stage`).
struct Walk {
    stage: String,
    cold_tap: bool,
    message: Option<&'static str>,
}

fn input<'a>(s: &'a Scenario, key: &str) -> Option<&'a str> {
    s.input.get(key).and_then(Value::as_str)
}

async fn walk(cli: &Client, s: &Scenario) -> Walk {
    let cookie = format!("sim_scenario={}", s.id);
    let end = |stage: &str, message| Walk {
        stage: stage.to_owned(),
        cold_tap: false,
        message,
    };
    let resp = cli
        .get("/secure/api/v1/serviceability/address/validate-customer-address")
        .query(
            "addressLine1",
            &input(s, "street").unwrap_or("1200 Peachtree St"),
        )
        .query("addressLine2", &input(s, "unit").unwrap_or(""))
        .query("zip", &input(s, "zip").unwrap_or("30309"))
        .query("trackingId", &TRACKING)
        .header(header::COOKIE, &cookie)
        .send()
        .await;
    if !resp.0.status().is_success() {
        assert!(
            resp.0.status().is_server_error(),
            "{}: {}",
            s.id,
            resp.0.status()
        );
        return end("addressError", Some("addressErrors.connection.title"));
    }
    let v = json(resp.0).await;
    let infos = v["customerInfos"].as_array().unwrap().clone();
    let info = match v["outcome"].as_str().unwrap() {
        "invalidAddress" => return end("addressError", Some("addressErrors.invalidAddress.title")),
        "single" => infos[0].clone(),
        "multiple" => {
            let Some(unit) = input(s, "pickUnit") else {
                return end("addressMultiUnit", None);
            };
            infos
                .iter()
                .find(|i| i["address"]["addressLine2"] == unit)
                .unwrap_or_else(|| panic!("{}: unit {unit} not offered", s.id))
                .clone()
        }
        o => panic!("unknown outcome {o}"),
    };
    let location = info["locationId"].as_str().unwrap().to_owned();
    let (session, xsrf) = session(cli).await;
    let resp = cli
        .get("/secure/api/v1/serviceability/address/validate-customer-serviceability")
        .query("trackingId", &TRACKING)
        .query("locationId", &location)
        .query("source", &"CP_VAN")
        .header(header::COOKIE, format!("{cookie}; {session}"))
        .header("x-xsrf-token", &xsrf)
        .send()
        .await;
    if !resp.0.status().is_success() {
        assert!(resp.0.status().is_server_error());
        return end("addressCheck", None); // seed 000 §4: network failure, no visible change
    }
    let v = json(resp.0).await;
    let cold_tap = match v["outcome"].as_str().unwrap() {
        "existingPrepaid" => return end("existingPrepaidAccount", None),
        "existingPostpaid" => return end("existingPostpaidAccount", None),
        "error" => return end("errorPage", None),
        "unserviceable" => return end("unserviceable", None),
        "serviceable" => false,
        "coldTap" => true,
        o => panic!("unknown outcome {o}"),
    };
    let Some(code) = input(s, "deviceCode") else {
        return Walk {
            stage: "serviceable".into(),
            cold_tap,
            message: None,
        };
    };
    let mut body = assign_body(&location);
    body["address"] = info["address"].clone();
    body["deviceCode"] = code.into();
    body["phoneNo"] = input(s, "phone").unwrap_or("4045550123").into();
    let resp = cli
        .post("/van-service-api/assign")
        .header(header::COOKIE, format!("{cookie}; {session}"))
        .header("x-xsrf-token", xsrf)
        .body_json(&body)
        .send()
        .await;
    if !resp.0.status().is_success() {
        assert!(
            resp.0.status().is_server_error(),
            "{}: {}",
            s.id,
            resp.0.status()
        );
        return Walk {
            stage: "serviceable".into(),
            cold_tap,
            message: Some("addressErrors.connection.title"),
        };
    }
    let v = json(resp.0).await;
    let (stage, message) = match v["outcome"].as_str().unwrap() {
        "assigned" => ("readytobuy", None),
        "deviceCodeNotFound" => ("serviceable", Some("assignErrors.deviceCodeNotFound")),
        "deviceCodeError" => ("serviceable", Some("assignErrors.deviceCodeError")),
        "businessError" => ("serviceable", Some("assignErrors.generic")),
        "contentError" => ("serviceable", Some("addressErrors.connection.title")),
        o => panic!("unknown outcome {o}"),
    };
    Walk {
        stage: stage.into(),
        cold_tap,
        message,
    }
}

#[tokio::test]
async fn every_retail_scenario_reaches_its_expected_stage() {
    let (cli, _sims) = harness_app().await;
    let retail: Vec<&Scenario> = scenario::all()
        .iter()
        .filter(|s| s.flow == "retail")
        .collect();
    assert!(!retail.is_empty(), "no retail scenarios loaded");
    let mut failures = Vec::new();
    for s in retail {
        let w = walk(&cli, s).await;
        let want = s.expect["stage"].as_str().unwrap_or_default();
        if w.stage != want {
            failures.push(format!("{}: stage {} (want {want})", s.id, w.stage));
        }
        if let Some(cold) = s.expect.get("coldTap").and_then(Value::as_bool)
            && cold != w.cold_tap
        {
            failures.push(format!("{}: coldTap {} (want {cold})", s.id, w.cold_tap));
        }
        let want_msg = s.expect.get("message").and_then(Value::as_str);
        if let (Some(got), Some(want)) = (w.message, want_msg)
            && got != want
        {
            failures.push(format!("{}: message {got} (want {want})", s.id));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
