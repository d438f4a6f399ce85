//! Property test: generated (often invalid) queries and bodies sent through the BFF (harness
//! mode, in-process simulators) never produce a 500, and every JSON answer validates against
//! the committed `openapi/bff.json` schema of that operation and status.

use std::sync::{Arc, OnceLock};

use crate::common::*;
use poem::http::header;
use proptest::prelude::*;
use serde_json::{Value, json};

fn spec() -> &'static Value {
    static SPEC: OnceLock<Value> = OnceLock::new();
    SPEC.get_or_init(|| {
        let text =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi/bff.json"))
                .unwrap();
        serde_json::from_str(&text).unwrap()
    })
}

/// OpenAPI 3.0 -> JSON Schema: `nullable: true` becomes a `null` alternative.
fn translate(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut out: serde_json::Map<String, Value> = m
                .iter()
                .filter(|(k, _)| *k != "nullable")
                .map(|(k, v)| (k.clone(), translate(v)))
                .collect();
            if m.get("nullable") == Some(&Value::Bool(true)) {
                return json!({"anyOf": [Value::Object(std::mem::take(&mut out)), {"type": "null"}]});
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(translate).collect()),
        other => other.clone(),
    }
}

/// Validates `body` against the schema of `path`/`method`/`status` in the committed spec.
fn check_body(path: &str, method: &str, status: u16, body: &Value) -> Result<(), String> {
    let op = &spec()["paths"][path][method];
    let resp = &op["responses"][status.to_string()];
    if resp.is_null() {
        return Err(format!(
            "{method} {path}: status {status} not in the contract"
        ));
    }
    let content = resp["content"].as_object().ok_or("no content")?;
    let schema = content.values().next().ok_or("no media type")?["schema"].clone();
    let doc = json!({
        "allOf": [translate(&schema)],
        "components": translate(&spec()["components"]),
    });
    let validator = jsonschema::validator_for(&doc).map_err(|e| format!("bad schema: {e}"))?;
    let errors: Vec<String> = validator
        .iter_errors(body)
        .map(|e| format!("{e} at {}", e.instance_path))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!("{method} {path} {status}: {errors:?} in {body}"))
    }
}

struct Env {
    rt: tokio::runtime::Runtime,
    cli: Client,
    cookie: String,
    xsrf: String,
    _sims: simulators::Embedded,
}

fn env() -> &'static Arc<Env> {
    static ENV: OnceLock<Arc<Env>> = OnceLock::new();
    ENV.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let (cli, sims, cookie, xsrf) = rt.block_on(async {
            let (cli, sims) = harness_app().await;
            let (cookie, xsrf) = session(&cli).await;
            (cli, sims, cookie, xsrf)
        });
        Arc::new(Env {
            rt,
            cli,
            cookie,
            xsrf,
            _sims: sims,
        })
    })
}

/// Sends the request and checks: never 500, JSON bodies match the contract.
fn exercise(
    path: &'static str,
    method: &str,
    rb: poem::test::TestRequestBuilder<'_, poem::endpoint::BoxEndpoint<'static, poem::Response>>,
) -> Result<(), TestCaseError> {
    let e = env();
    let (status, body) = e.rt.block_on(async {
        let r = rb.send().await;
        let status = r.0.status().as_u16();
        let bytes = r.0.into_body().into_bytes().await.unwrap();
        (status, bytes)
    });
    prop_assert!(
        status != 500,
        "500 from {method} {path}: {}",
        String::from_utf8_lossy(&body)
    );
    let v: Value = serde_json::from_slice(&body)
        .map_err(|err| TestCaseError::fail(format!("not JSON ({err}) {status}")))?;
    check_body(path, method, status, &v).map_err(TestCaseError::fail)?;
    Ok(())
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[0-9]{0,7}",
        "[a-zA-Z0-9 ,.-]{0,20}",
        "\\PC{0,12}",
        "x{95,105}",
    ]
}

fn tracking() -> impl Strategy<Value = String> {
    prop_oneof![Just(TRACKING.to_owned()), text()]
}

#[test]
fn schema_check_is_not_vacuous() {
    let p = "/van-service-api/assign";
    assert!(
        check_body(
            p,
            "post",
            200,
            &json!({"status": "SUCCESS", "outcome": "assigned"})
        )
        .is_ok()
    );
    assert!(
        check_body(
            p,
            "post",
            200,
            &json!({"status": "SUCCESS", "outcome": "maybe"})
        )
        .is_err()
    );
    assert!(check_body(p, "post", 200, &json!({"status": 1, "outcome": "assigned"})).is_err());
    assert!(
        check_body(
            p,
            "post",
            400,
            &json!({"errorCode": "VALIDATION_FAILED", "message": "m"})
        )
        .is_err()
    );
    assert!(
        check_body(p, "post", 500, &json!({})).is_err(),
        "500 is not in the contract"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn suggestions(q in text(), t in tracking()) {
        let rb = env().cli.get("/secure/api/v1/address/suggestions").query("q", &q).query("trackingId", &t);
        exercise("/secure/api/v1/address/suggestions", "get", rb)?;
    }

    #[test]
    fn validate_address(l1 in text(), l2 in prop::option::of(text()), zip in text(), st in prop::option::of(text()), t in tracking()) {
        let mut rb = env().cli.get("/secure/api/v1/serviceability/address/validate-customer-address")
            .query("addressLine1", &l1).query("zip", &zip).query("trackingId", &t);
        if let Some(l2) = l2 { rb = rb.query("addressLine2", &l2); }
        if let Some(st) = st { rb = rb.query("state", &st); }
        exercise("/secure/api/v1/serviceability/address/validate-customer-address", "get", rb)?;
    }

    #[test]
    fn serviceability(loc in text(), src in prop::option::of(prop_oneof![Just("CP_VAN".to_owned()), text()]), t in tracking()) {
        let mut rb = env().cli.get("/secure/api/v1/serviceability/address/validate-customer-serviceability")
            .query("locationId", &loc).query("trackingId", &t);
        if let Some(s) = src { rb = rb.query("source", &s); }
        exercise("/secure/api/v1/serviceability/address/validate-customer-serviceability", "get", rb)?;
    }

    #[test]
    fn assign(
        code in prop_oneof![Just("482913".to_owned()), text()],
        phone in prop_oneof![Just("4045550123".to_owned()), text()],
        zip in prop_oneof![Just("30309".to_owned()), text()],
        lang in prop_oneof![Just("English".to_owned()), Just("Spanish".to_owned()), text()],
        extra in prop::option::of("[a-z]{1,8}"),
        drop_field in prop::option::of(prop::sample::select(vec!["deviceCode", "address", "language", "trackingId"])),
        good_token in any::<bool>(),
    ) {
        let e = env();
        let mut body = assign_body("LOC-1");
        body["deviceCode"] = code.into();
        body["phoneNo"] = phone.into();
        body["address"]["zip"] = zip.into();
        body["language"] = lang.into();
        if let Some(x) = extra { body[x] = json!(1); }
        if let Some(f) = drop_field { body.as_object_mut().unwrap().remove(f); }
        let token = if good_token { e.xsrf.clone() } else { "bad".to_owned() };
        let rb = e.cli.post("/van-service-api/assign").header(header::COOKIE, &e.cookie).header("x-xsrf-token", token).body_json(&body);
        exercise("/van-service-api/assign", "post", rb)?;
    }

    #[test]
    fn content_and_token(site in prop_oneof![Just("my.prepaid".to_owned()), "[a-z][a-z.]{0,9}"], t in tracking()) {
        let e = env();
        let rb = e.cli.get(format!("/-/api/{site}/merchant-flow"));
        exercise("/-/api/{site}/merchant-flow", "get", rb)?;
        let rb = e.cli.get(format!("/-/api/es/{site}/dictionary"));
        exercise("/-/api/es/{site}/dictionary", "get", rb)?;
        let rb = e.cli.get("/token").query("trackingId", &t);
        exercise("/token", "get", rb)?;
    }

    #[test]
    fn broadband_facts(
        site in prop_oneof![Just("my.prepaid".to_owned()), "[a-z][a-z.]{0,9}"],
        tiers in prop::option::of(prop_oneof![Just("HSD_030".to_owned()), text()]),
        plan in prop::option::of(prop_oneof![Just("PREPAID".to_owned()), text()]),
        lob in prop::option::of(prop_oneof![Just("INTERNET".to_owned()), text()]),
        sources in prop::option::of(prop_oneof![Just("prepaid-portal".to_owned()), text()]),
    ) {
        let mut rb = env().cli.get(format!("/-/api/{site}/broadband-facts"));
        for (name, value) in [("tierIds", tiers), ("servicePlanType", plan), ("lob", lob), ("sourceIds", sources)] {
            if let Some(v) = value { rb = rb.query(name, &v); }
        }
        exercise("/-/api/{site}/broadband-facts", "get", rb)?;
    }
}

fn buy_env() -> &'static (String, String) {
    static B: OnceLock<(String, String)> = OnceLock::new();
    B.get_or_init(|| {
        let e = env();
        e.rt.block_on(async {
            let (cookie, xsrf) = session(&e.cli).await;
            (cookie, xsrf)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn buy_reads(market in prop_oneof![Just("ATL".to_owned()), text()], t in tracking(), id in text(), loc in text()) {
        let e = env();
        let (cookie, _) = buy_env();
        let rb = e.cli.get("/secure/api/v1/util-service/product-detail").header(header::COOKIE, cookie).query("marketId", &market).query("trackingId", &t);
        exercise("/secure/api/v1/util-service/product-detail", "get", rb)?;
        let rb = e.cli.get("/secure/api/v1/cart").header(header::COOKIE, cookie);
        exercise("/secure/api/v1/cart", "get", rb)?;
        let rb = e.cli.get("/secure/session").header(header::COOKIE, cookie).query("digitalSessionId", &id);
        exercise("/secure/session", "get", rb)?;
        let rb = e.cli.get("/secure/api/v1/payments/card-entry-config").header(header::COOKIE, cookie);
        exercise("/secure/api/v1/payments/card-entry-config", "get", rb)?;
        let rb = e.cli.get("/secure/api/v1/serviceability/address/validate-customer-serviceability")
            .header(header::COOKIE, cookie).query("locationId", &loc).query("trackingId", &t).query("source", &"CP");
        exercise("/secure/api/v1/serviceability/address/validate-customer-serviceability", "get", rb)?;
        let rb = e.cli.get("/-/api/es/cart");
        exercise("/-/api/es/cart", "get", rb)?;
    }

    #[test]
    fn buy_writes(
        s1 in text(), s2 in text(), email in prop_oneof![Just("a@b.co".to_owned()), text()], tn in prop_oneof!["[0-9]{10}", text()],
        promo in any::<bool>(), key in prop_oneof![Just(uuid::Uuid::new_v4().to_string()), text()],
        lang in prop_oneof![Just("ENGLISH".to_owned()), text()], consent in any::<bool>(),
        exp in prop_oneof![Just("1230".to_owned()), text()], redirect in prop_oneof![Just("/en/buy/session".to_owned()), text()],
        extra in prop::option::of("[a-z]{1,8}"), good_token in any::<bool>(),
    ) {
        let e = env();
        let (cookie, xsrf) = buy_env();
        let token = if good_token { xsrf.clone() } else { "bad".to_owned() };
        let with_extra = |mut v: Value| { if let Some(x) = &extra { v[x.as_str()] = json!(1); } v };
        let post = |p: &'static str, body: Value| e.cli.post(p).header(header::COOKIE, cookie).header("x-xsrf-token", &token).body_json(&body);
        let put = |p: &'static str, body: Value| e.cli.put(p).header(header::COOKIE, cookie).header("x-xsrf-token", &token).body_json(&body);
        exercise("/secure/api/v1/customer", "put", put("/secure/api/v1/customer",
            with_extra(json!({"firstName": s1, "lastName": s2, "email": email, "confirmEmail": email, "tn": tn}))))?;
        exercise("/secure/api/v1/cart", "put", put("/secure/api/v1/cart", with_extra(json!({"promoInCart": promo}))))?;
        exercise("/secure/api/v1/offer-service/get-promo", "post", post("/secure/api/v1/offer-service/get-promo",
            with_extra(json!({"marketId": s1, "locationId": s2, "trackingId": TRACKING}))))?;
        exercise("/oauth/tax/emm-pp-vertex-service/v1/vertex/ctp/get-tax", "post",
            post("/oauth/tax/emm-pp-vertex-service/v1/vertex/ctp/get-tax", with_extra(json!({"trackingId": TRACKING}))))?;
        exercise("/secure/session", "post", post("/secure/session", with_extra(json!({"redirectUrl": redirect}))))?;
        exercise("/secure/payment-service/add-secure-prepaid-payment-instrument", "post",
            post("/secure/payment-service/add-secure-prepaid-payment-instrument", with_extra(json!({
                "token": s1, "expirationDate": exp, "cardType": "visa", "cardLast4Digits": "1111",
                "billing": {"firstName": "Ana Lopez", "address": "1 Main St", "city": "Atlanta", "state": "GA", "zipCode": "30309"}}))))?;
        let rb = post("/secure/api/v1/PinlessActivation/prepaid-customer-activation",
            with_extra(json!({"smsOptIn": true, "langPref": lang, "consent": consent}))).header("Idempotency-Key", &key);
        exercise("/secure/api/v1/PinlessActivation/prepaid-customer-activation", "post", rb)?;
    }
}
