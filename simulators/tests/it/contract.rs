//! Drift check: the committed `openapi/upstream.json` must equal [`simulators::openapi_spec`].
//! Regenerate with `cargo run -p xtask -- openapi` (or `UPDATE_CONTRACT=1 cargo test -p
//! simulators --test it contract`).

use std::path::PathBuf;

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../openapi/upstream.json")
}

#[test]
fn upstream_contract_is_up_to_date() {
    let spec = simulators::openapi_spec();
    let path = committed_path();
    if std::env::var_os("UPDATE_CONTRACT").is_some_and(|v| v == "1") {
        std::fs::write(&path, format!("{spec}\n")).expect("write openapi/upstream.json");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed.trim_end() == spec.trim_end(),
        "openapi/upstream.json differs from the simulators' code; regenerate with \
         `cargo run -p xtask -- openapi`"
    );
}

#[test]
fn every_operation_documents_the_scenario_and_tracking_headers() {
    let spec: serde_json::Value = serde_json::from_str(&simulators::openapi_spec()).unwrap();
    assert_eq!(spec["info"]["title"], simulators::TITLE);
    let paths = spec["paths"].as_object().unwrap();
    // 55 + the reconnect's create-aux-account + the quick refill's lookup and ezrefill
    assert_eq!(paths.len(), 58);
    for (path, ops) in paths {
        for (method, op) in ops.as_object().unwrap() {
            let names: Vec<&str> = op["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["in"] == "header")
                .filter_map(|p| p["name"].as_str())
                .collect();
            // operations that read or change what a run remembers also take `x-sim-run`
            let without_run: Vec<&str> = names.into_iter().filter(|n| *n != "x-sim-run").collect();
            assert_eq!(
                without_run,
                ["x-sim-scenario", "trackingid"],
                "{method} {path}"
            );
            assert_eq!(op["tags"].as_array().unwrap().len(), 1, "{method} {path}");
        }
    }
}

/// Issue 15 §5: a request the contract does not allow is 400 `INVALID_REQUEST` naming the
/// field and what is wrong (`simulators::request_check`), before any work and before the
/// scenario's faults: a required query parameter, a required body field (at the top and
/// nested), a number for a string, a value outside its enum, an unknown body field, a list
/// item's field, a body that is not JSON, not `application/json` or missing. A `null`
/// optional field is absent (the null policy) and passes.
#[tokio::test]
async fn requests_outside_the_contract_are_400() {
    use poem::http::StatusCode;
    use serde_json::{Value, json};
    let cli = crate::common::client();
    let refused = |field: &str, reason: &str| json!({"errorCode": "INVALID_REQUEST", "field": field, "reason": reason});
    let answer = |r: poem::test::TestResponse| async move {
        assert_eq!(r.0.status(), StatusCode::BAD_REQUEST);
        crate::common::json(r).await
    };
    let r = cli
        .get("/serviceability/validate-customer-address")
        .query("zip", &"30309")
        .send()
        .await;
    assert_eq!(answer(r).await, refused("addressLine1", "required"));
    let valid = json!({
        "address": {"addressLine1": "1200 Peachtree St", "addressLine2": "", "city": "Atlanta",
                    "state": "GA", "zip": "30309"},
        "deviceCode": "482913", "language": "English", "locationId": "LOC-30309-0001",
        "phoneNo": "4045550123", "retailerId": "DG", "source": "Incomm", "trackingId": "t"
    });
    let assign = |body: Value| cli.post("/van/assign").body_json(&body).send();
    assign(valid.clone()).await.assert_status_is_ok();
    let cases = [
        ("/address", Value::Null, refused("address", "required")),
        (
            "/address/addressLine1",
            Value::Null,
            refused("address.addressLine1", "required"),
        ),
        (
            "/address/addressLine1",
            json!(1200),
            refused("address.addressLine1", "expected string, found number"),
        ),
        (
            "/unitNumber",
            json!("4"),
            refused("unitNumber", "unknown field"),
        ),
    ];
    for (at, value, expected) in cases {
        let mut body = valid.clone();
        match at.rsplit_once('/') {
            Some((parent, key)) if value.is_null() => {
                body.pointer_mut(parent)
                    .and_then(Value::as_object_mut)
                    .unwrap()
                    .remove(key);
            }
            Some((parent, key)) => {
                body.pointer_mut(parent).unwrap()[key] = value;
            }
            None => unreachable!(),
        }
        assert_eq!(answer(assign(body).await).await, expected, "{at}");
    }
    // a scenario's fault does not hide it
    let mut wrong = valid.clone();
    wrong["phoneNo"] = json!(4045550123u64);
    let r = cli
        .post("/van/assign")
        .header(upstream::FAULTS_HEADER, r#"{"assign":{"kind":"error5xx"}}"#)
        .body_json(&wrong)
        .send()
        .await;
    assert_eq!(
        answer(r).await,
        refused("phoneNo", "expected string, found number")
    );
    let update = json!({"accountId": "8993100000000101", "custGuid": "CG-200000000001",
        "languagePreference": "FRENCH", "smsOptIn": "Y", "trackingId": "t", "source": "DIGITAL"});
    let r = cli
        .post("/account/update-customer")
        .body_json(&update)
        .send()
        .await;
    assert_eq!(
        answer(r).await,
        refused("languagePreference", "expected one of ENGLISH, SPANISH")
    );
    let tax = json!({"source": "DIGITAL2.0", "geoCode": "110601130", "trackingId": "t",
        "products": [{"productCode": "ECO-HSD-030", "price": 45.0},
                     {"productCode": "STD", "price": "9.99"}]});
    let mut null_optional = tax.clone();
    null_optional["status"] = Value::Null;
    null_optional["products"][1]["price"] = json!(9.99);
    let r = cli
        .post("/tax/get-tax")
        .body_json(&null_optional)
        .send()
        .await;
    r.assert_status_is_ok();
    let r = cli.post("/tax/get-tax").body_json(&tax).send().await;
    assert_eq!(
        answer(r).await,
        refused("products[1].price", "expected number, found string")
    );
    let raw = |content_type: &'static str, body: &'static str| {
        cli.post("/van/assign")
            .content_type(content_type)
            .body(body)
            .send()
    };
    let r = raw("application/json", "{\"deviceCode\":").await;
    assert_eq!(answer(r).await, refused("body", "not JSON"));
    let r = raw("text/plain", "{}").await;
    assert_eq!(
        answer(r).await,
        refused("body", "expected application/json")
    );
    let r = raw("application/json", "").await;
    assert_eq!(answer(r).await, refused("body", "required"));
}

/// The contract declares the check's 400 (`InvalidRequest`) on exactly the operations the
/// check guards (a JSON body or a required query parameter, no 400 of their own), and the
/// check reads every body schema.
#[test]
fn the_contract_declares_the_request_check() {
    let spec: serde_json::Value = serde_json::from_str(&simulators::openapi_spec()).unwrap();
    assert!(
        simulators::request_check::problems().is_empty(),
        "{:?}",
        simulators::request_check::problems()
    );
    let mut checked = 0;
    for (path, ops) in spec["paths"].as_object().unwrap() {
        let concrete = path.replace("{site}", "my.prepaid");
        for (method, op) in ops.as_object().unwrap() {
            let declared = op["responses"]["400"]["content"]["application/json; charset=utf-8"]["schema"]
                ["$ref"]
                == "#/components/schemas/InvalidRequest";
            let guarded =
                simulators::request_check::operation(&method.to_ascii_uppercase(), &concrete)
                    .is_some_and(|op| op.has_json_body() || op.missing_query("").is_some());
            assert_eq!(declared, guarded, "{method} {path}");
            checked += usize::from(guarded);
        }
    }
    // 29 JSON bodies and 7 GETs with a required query parameter
    assert_eq!(checked, 36);
}
