//! The contract says what the server does (issue 9 item 13): a wrong method on a contract path
//! is 405 `METHOD_NOT_ALLOWED` with `Allow` (before CSRF and the rate limit), every request
//! body the contract marks `additionalProperties: false` really rejects an unknown field, at
//! the top and in every nested object, and a JSON number or boolean where the contract says
//! string is rejected (poem-openapi alone would read it as text).

use poem::http::{Method, header};
use serde_json::{Value, json};

use crate::common::{TRACKING, assert_api_error, harness_app, session};

fn spec() -> Value {
    serde_json::from_str(&bff::openapi_spec()).unwrap()
}

/// A concrete path for a contract template (`{site}` is the real site).
fn concrete(template: &str) -> String {
    template
        .split('/')
        .map(|s| match s {
            "{site}" => "my.prepaid",
            s if s.starts_with('{') => "x",
            s => s,
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn a_wrong_method_on_every_contract_path_is_405_with_allow() {
    let (cli, _sims) = harness_app().await;
    let spec = spec();
    let mut checked = 0;
    for (template, item) in spec["paths"].as_object().unwrap() {
        let declared: Vec<String> = item
            .as_object()
            .unwrap()
            .keys()
            .map(|m| m.to_uppercase())
            .collect();
        let mut allow = declared.clone();
        if declared.iter().any(|m| m == "GET") {
            allow.push("HEAD".into());
        }
        let path = concrete(template);
        for method in ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"] {
            if declared.iter().any(|m| m == method) {
                continue;
            }
            // no session and no CSRF token: the 405 comes first
            let resp = cli
                .request(Method::from_bytes(method.as_bytes()).unwrap(), &path)
                .send()
                .await;
            let got_allow = resp
                .0
                .headers()
                .get(header::ALLOW)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned();
            assert_api_error(resp, 405, "METHOD_NOT_ALLOWED").await;
            let mut got: Vec<&str> = got_allow.split(", ").collect();
            let mut want: Vec<&str> = allow.iter().map(String::as_str).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{method} {path}");
            checked += 1;
        }
    }
    assert!(checked > 50, "checked {checked}");
}

#[tokio::test]
async fn unknown_paths_stay_404_and_head_follows_get() {
    let (cli, _sims) = harness_app().await;
    assert_api_error(
        cli.post("/secure/api/v1/nothing-here").send().await,
        403,
        "CSRF_REJECTED",
    )
    .await;
    assert_api_error(
        cli.get("/secure/api/v1/nothing-here").send().await,
        404,
        "NOT_FOUND",
    )
    .await;
    cli.head("/healthz").send().await.assert_status_is_ok();
}

/// A body each operation accepts (the parse succeeds; what the handler then answers does not
/// matter here).
fn valid_body(operation_id: &str) -> Value {
    match operation_id {
        "assignDevice" => crate::common::assign_body("L1"),
        "getPromotions" => json!({"trackingId": TRACKING}),
        "updateCart" => json!({"promoInCart": true}),
        "getTax" => json!({"trackingId": TRACKING}),
        "updateCustomer" => json!({}),
        "createDigitalSession" => json!({"redirectUrl": "/en/buy/session"}),
        "addPaymentInstrument" => json!({
            "token": "tok", "expirationDate": "1230", "cardType": "visa", "cardLast4Digits": "1111",
            "billing": {"firstName": "Ana", "address": "1 Main St", "city": "Atlanta",
                        "state": "GA", "zipCode": "30309"},
        }),
        "submitOrder" => json!({"langPref": "ENGLISH", "consent": true}),
        "startSignIn" => json!({"locale": "en"}),
        "decodeSignIn" => json!({"code": "c", "state": "s"}),
        "chooseAccount" => json!({"accountId": "8993100000000101"}),
        "ping" => json!({"force": false}),
        "signOut" => json!({"locale": "es", "expired": true}),
        "lookupLitepayAccount" => json!({"phone": "4045559999", "zip": "30309"}),
        "addLitepayPaymentInstrument" => json!({
            "token": "tok", "expirationDate": "1230", "cardType": "visa", "cardLast4Digits": "1111",
            "billing": {"firstName": "Ana", "lastName": "Ruiz", "address": "1 Main St",
                        "city": "Atlanta", "state": "GA", "zipCode": "30309"},
        }),
        "submitLitepayRefill" => json!({"termsAccepted": true}),
        other => panic!("no valid body for {other}: add one to this table"),
    }
}

/// `body` with an unknown field added at `at` (a path of object members; empty: the top).
fn with_unknown(mut body: Value, at: &[&str]) -> Value {
    let mut target = &mut body;
    for key in at {
        target = &mut target[*key];
    }
    target["zzUnknownField"] = json!(1);
    body
}

#[tokio::test]
async fn every_closed_request_body_rejects_an_unknown_field() {
    let (cli, _sims) = harness_app().await;
    let (cookie, token) = session(&cli).await;
    let spec = spec();
    let schemas = &spec["components"]["schemas"];
    let mut checked = 0;
    for (template, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let Some(reference) =
                op["requestBody"]["content"]["application/json; charset=utf-8"]["schema"]["$ref"]
                    .as_str()
                    .or(
                        op["requestBody"]["content"]["application/json"]["schema"]["$ref"].as_str(),
                    )
            else {
                continue;
            };
            let name = reference.trim_start_matches("#/components/schemas/");
            let schema = &schemas[name];
            assert_eq!(schema["additionalProperties"], false, "{name}");
            // account-scoped operations answer 403 to a session without the account before
            // reading the body (`OwnedAccount` first): the schema check above is theirs
            if template.starts_with("/secure2/accounts/") {
                continue;
            }
            let id = op["operationId"].as_str().unwrap();
            if template.contains("/accounts/{accountId}/") {
                // account-scoped: the owner check answers 403 before the body is read (the
                // authorization matrix); the schema's closedness is asserted above
                continue;
            }
            let body = valid_body(id);
            // the top level and every nested object the schema declares
            let mut places: Vec<Vec<&str>> = vec![vec![]];
            for (prop, prop_schema) in schema["properties"].as_object().unwrap() {
                if let Some(r) = prop_schema["$ref"]
                    .as_str()
                    .or(prop_schema["allOf"][0]["$ref"].as_str())
                    && schemas[r.trim_start_matches("#/components/schemas/")]["type"] == "object"
                    && body.get(prop).is_some()
                {
                    assert_eq!(
                        schemas[r.trim_start_matches("#/components/schemas/")]["additionalProperties"],
                        false,
                        "{name}.{prop}"
                    );
                    places.push(vec![prop.as_str()]);
                }
            }
            for at in places {
                let resp = cli
                    .request(
                        Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(),
                        template,
                    )
                    .header(header::COOKIE, &cookie)
                    .header("x-xsrf-token", &token)
                    .header("Idempotency-Key", "5b0b4a3e-2f6c-4a51-9d2b-0c1f3e4d5a6b")
                    .body_json(&with_unknown(body.clone(), &at))
                    .send()
                    .await;
                let err = assert_api_error(resp, 400, "VALIDATION_FAILED").await;
                assert_eq!(
                    err["details"][0],
                    json!({"field": "zzUnknownField", "code": "unknownField"}),
                    "{id} at {at:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "checked {checked}");
}

#[test]
fn submit_order_declares_that_consent_must_be_true() {
    let spec = spec();
    assert_eq!(
        spec["components"]["schemas"]["SubmitBody"]["properties"]["consent"]["enum"],
        json!([true])
    );
}

#[tokio::test]
async fn a_number_or_boolean_where_the_contract_says_string_is_400_type() {
    let (cli, _sims) = harness_app().await;
    let (cookie, token) = session(&cli).await;
    let mut assign = crate::common::assign_body("L1");
    assign["locationId"] = json!(false);
    assign["address"]["zip"] = json!(30309);
    let promo = json!({"trackingId": 7});
    for (path, body, fields) in [
        ("/van-service-api/assign", assign, vec!["locationId", "zip"]),
        (
            "/secure/api/v1/offer-service/get-promo",
            promo,
            vec!["trackingId"],
        ),
    ] {
        let resp = cli
            .post(path)
            .header(header::COOKIE, &cookie)
            .header("x-xsrf-token", &token)
            .body_json(&body)
            .send()
            .await;
        let err = assert_api_error(resp, 400, "VALIDATION_FAILED").await;
        let mut got: Vec<&str> = err["details"]
            .as_array()
            .unwrap()
            .iter()
            .inspect(|d| assert_eq!(d["code"], "type", "{d}"))
            .map(|d| d["field"].as_str().unwrap())
            .collect();
        got.sort();
        assert_eq!(got, fields, "{path}");
    }
}
