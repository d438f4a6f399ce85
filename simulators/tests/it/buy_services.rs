//! The buy flow's simulators (catalogue, promotions, tax, payments, card entry, activation,
//! digital session): default answers, the test-card table, and scenario overrides of the
//! new call names (seed 000 §3, §4, §7; `../shared/business-codes.md`).

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::common::{client, json};
use poem::http::{Method, StatusCode};
use serde_json::{Value, json};
use simulators::scenario::{Call, Scenario};
use simulators::test_cards::{self, CARDS, CardType, Outcome};
use simulators::{buy_world, card_entry, fault, middleware};

const TRACKING: &str = "7d0c1c9e-0000-4000-8000-000000000001";

async fn product_details(market: &str) -> Value {
    let resp = client()
        .get("/catalogue/product-detail")
        .query("source", &"DIGITAL2.0")
        .query("marketId", &market)
        .query("trackingId", &TRACKING)
        .send()
        .await;
    resp.assert_status_is_ok();
    json(resp).await
}

#[tokio::test]
async fn product_details_per_market() {
    let atl = product_details("ATL").await;
    let plans = &atl["products"][0]["product"]["plans"];
    assert_eq!(plans[0]["plan"], "HSD_030");
    assert_eq!(plans[0]["rate"], "45.00");
    assert_eq!(plans[0]["chargeCode"], "ECO-HSD-030");
    assert_eq!(plans[1]["plan"], "HSD_007");
    assert_eq!(plans[1]["rate"], "15.00");
    assert_eq!(atl["products"][1]["product"]["name"], "ECO-HSD-XB3");
    assert_eq!(atl["shipping"]["name"], "STD");
    assert_eq!(atl["shipping"]["rate"], "9.99");
    let dec = product_details("DEC").await;
    assert_eq!(dec["shipping"]["rate"], "0.00", "the free-shipping market");
    let mar = product_details("MAR").await;
    assert_eq!(mar["products"][1]["product"]["name"], "ECO-HSD-WIFI");
    assert_eq!(
        product_details("nowhere").await,
        atl,
        "unknown market answers as ATL"
    );
    client()
        .get("/catalogue/product-detail")
        .send()
        .await
        .assert_status(StatusCode::BAD_REQUEST);
}

/// Seed 000 §4 validity rule, with the clock given as digit groups.
fn valid_promo_ids(discounts: &Value, now: &str) -> Vec<String> {
    discounts
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["discStartDate"].as_str().unwrap() <= now)
        .filter(|d| {
            d["discEndDate"]
                .as_str()
                .is_none_or(|end| end.is_empty() || end > now)
        })
        .filter(|d| {
            let details = d["discountDetails"].as_array().unwrap();
            details.len() == 1 && details[0]["product"] == "ECO-HSD-030"
        })
        .map(|d| d["discId"].as_str().unwrap().to_owned())
        .collect()
}

async fn promotions(market: &str) -> Value {
    let resp = client()
        .post("/offers/get-promo")
        .body_json(&json!({"marketId": market, "locationId": "LOC-30309-0001",
            "source": "prepaid-ui-portal", "flow": "BUY", "trackingId": TRACKING}))
        .send()
        .await;
    resp.assert_status_is_ok();
    json(resp).await
}

#[tokio::test]
async fn promotions_give_the_validity_rule_real_input() {
    let body = promotions("ATL").await;
    let discounts = &body["prepaidPromotions"]["discounts"];
    assert_eq!(discounts.as_array().unwrap().len(), 4);
    for d in discounts.as_array().unwrap() {
        let start = d["discStartDate"].as_str().unwrap();
        assert!(start.len() == 14 && start.bytes().all(|b| b.is_ascii_digit()));
    }
    assert_eq!(
        valid_promo_ids(discounts, "20261122120000"),
        [buy_world::VALID_PROMO_ID]
    );
    assert_eq!(
        valid_promo_ids(discounts, "20260601000000"),
        ["P_SUMMER20OFF_0526", buy_world::VALID_PROMO_ID],
        "in June 2026 the summer promotion is still on"
    );
    let valid = &discounts[3]["discountDetails"][0];
    assert_eq!(valid["effectivePrice"], 10.0);
    assert_eq!(
        valid["originPricePerUnit"].as_f64().unwrap()
            + valid["discountedPricePerUnit"].as_f64().unwrap(),
        10.0
    );
    assert_eq!(discounts[1]["discountDetails"].as_array().unwrap().len(), 2);
    assert_eq!(
        promotions("SMY").await,
        json!({"prepaidPromotions": {"discounts": []}})
    );
}

fn tax_body(geo: &str) -> Value {
    json!({"source": "DIGITAL2.0", "status": null, "busErrorCode": null, "message": null,
        "sysErrorCode": null, "geoCode": geo, "trackingId": TRACKING,
        "products": [{"productCode": "ECO-HSD-030", "price": 45.0},
                     {"productCode": "ECO-HSD-XB3", "price": 0.0},
                     {"productCode": "STD", "price": 9.99}]})
}

#[tokio::test]
async fn tax_by_geocode() {
    let resp = client()
        .post("/tax/get-tax")
        .body_json(&tax_body("110601130"))
        .send()
        .await;
    resp.assert_status_is_ok();
    let body = json(resp).await;
    assert_eq!(body["totalTaxAmt"], 4.9);
    let plan = &body["products"][0];
    assert_eq!(plan["productCode"], "ECO-HSD-030");
    assert_eq!(
        plan["productType"],
        json!([{"type": "SALES", "vertexCodes": [
            {"vertexCode": "STATE", "amt": 1.8}, {"vertexCode": "COUNTY", "amt": 1.35},
            {"vertexCode": "CITY", "amt": 0.86}]}])
    );
    let sum: f64 = body["products"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| {
            p["productType"][0]["vertexCodes"]
                .as_array()
                .unwrap()
                .clone()
        })
        .map(|v| v["amt"].as_f64().unwrap())
        .sum();
    assert!((sum - 4.9).abs() < 1e-9);
    let unknown = json(
        client()
            .post("/tax/get-tax")
            .body_json(&tax_body("999999999"))
            .send()
            .await,
    )
    .await;
    assert_eq!(unknown["totalTaxAmt"], 0.0);
    client()
        .post("/tax/get-tax")
        .body_json(&json!({"geoCode": 1}))
        .send()
        .await
        .assert_status(StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn payment_id_is_stable_per_tracking_id() {
    let get = |tracking: &'static str| async move {
        json(
            client()
                .get("/payments/prepaidPaymentID")
                .header("trackingid", tracking)
                .send()
                .await,
        )
        .await["response"]["prepaidPaymentID"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let one = get(TRACKING).await;
    assert!(one.starts_with("PPID") && one.len() == 16, "{one}");
    assert_eq!(one, get(TRACKING).await);
    assert_ne!(one, get("another").await);
}

async fn tokenize(number: &str, exp: &str, cvv: &str) -> Value {
    let resp = client()
        .post("/card-entry/tokenize")
        .body_json(&json!({"cardNumber": number, "expirationDate": exp, "cvv": cvv}))
        .send()
        .await;
    resp.assert_status_is_ok();
    json(resp).await
}

fn instrument_body(token: &str, card: &Value) -> Value {
    json!({
        "custInfo": {"accountId": null, "firstName": "Ana", "lastName": "Nguyen",
            "addressLine1": "1200 Peachtree St", "addressLine2": "", "city": "Atlanta",
            "state": "GA", "zip": "30309"},
        "enrollAutoPayment": false, "processingNetwork": "CREDIT",
        "addInstrumentToWallet": false, "paymentInstToken": token, "isCPC": true,
        "expirationDate": card["expirationDate"], "cardType": card["cardType"],
        "cardNumber": card["cardLast4Digits"], "prepaidPaymentID": "PPID000000000001",
        "savePayment": false
    })
}

fn order_body(token: &str) -> Value {
    let address = json!({"addressLine1": "1200 Peachtree St", "addressLine2": "",
        "city": "Atlanta", "state": "GA", "zip": "30309"});
    json!({
        "customerInfo": {"address": address, "locationId": "LOC-30309-0001"},
        "paymentinfo": {"custInfo": {"firstName": "Ana", "lastName": "Nguyen",
            "addressLine1": "1200 Peachtree St", "addressLine2": "", "city": "Atlanta",
            "state": "GA", "zip": "30309", "country": "US"},
            "amount": "59.89", "paymentInstToken": token, "expirationDate": "1230",
            "cardType": "VISA", "cardNumber": "1111"},
        "prepaidPaymentID": "PPID000000000001",
        "shippingAddress": {"firstName": "Ana", "lastName": "Nguyen",
            "addressLine1": "1200 Peachtree St", "addressLine2": "", "city": "Atlanta",
            "state": "GA", "zip": "30309"},
        "trackingId": TRACKING, "activationSource": "COESALES",
        "name": {"firstName": "Ana", "lastName": "Nguyen"}, "emailOptin": "N",
        "geoCode": "110601130", "email": "ana.nguyen@example.com", "tn": "4045550103",
        "langPref": "ENGLISH", "housekey": "303090001", "isCPC": true,
        "serviceabilityBusinessErrorCode": null, "bundleDetails": null,
        "shippingDetails": {"shippingCode": "STD", "shippingRate": "9.99", "shipTaxDetails": []},
        "deviceDetails": {"prepaidProduct": [{"prepaidProductCode": "ECO-HSD-030",
            "prepaidProductName": "Prepaid Internet", "lob": "HSD", "planCode": "HSD_030",
            "rate": "45.00", "planStatus": "ACTIVE",
            "chargeCode": [{"chargeCode": "ECO-HSD-030", "prodTaxDetails": []}]}]},
        "custGuid": "CG-100000000003"
    })
}

async fn submit_order(token: &str) -> Value {
    let resp = client()
        .post("/activation/prepaid-customer-activation")
        .body_json(&order_body(token))
        .send()
        .await;
    resp.assert_status_is_ok();
    json(resp).await
}

#[tokio::test]
async fn every_test_card_leads_to_its_outcome() {
    for card in CARDS {
        let cvv = if card.card_type == CardType::AmericanExpress {
            "1234"
        } else {
            "123"
        };
        let spaced: String = card
            .number
            .chars()
            .enumerate()
            .flat_map(|(i, c)| (i > 0 && i % 4 == 0).then_some(' ').into_iter().chain([c]))
            .collect();
        let tok = tokenize(&spaced, "1230", cvv).await;
        assert_eq!(tok["status"], "SUCCESS", "{}: {tok}", card.number);
        let details = &tok["cardDetails"];
        assert_eq!(details["cardType"], card.card_type.name());
        assert_eq!(
            details["cardLast4Digits"],
            &card.number[card.number.len() - 4..]
        );
        assert_eq!(details["expirationDate"], "1230");
        let token = details["token"].as_str().unwrap();
        assert!(
            !token.contains(&card.number[..12]),
            "the token hides the number"
        );
        let added = json(
            client()
                .post("/payments/add-secure-prepaid-payment-instrument")
                .body_json(&instrument_body(token, details))
                .send()
                .await,
        )
        .await;
        let order = submit_order(token).await;
        match card.outcome {
            Outcome::Success => {
                assert_eq!(added, json!({"status": "SUCCESS"}));
                assert!(order["orderDetails"]["orderNumber"].is_string());
            }
            Outcome::AddInstrument(code) => {
                assert_eq!(added["status"], "FAILURE", "{}", card.number);
                assert_eq!(added["businessErrorCode"], code);
            }
            Outcome::SubmitOrder(code) => {
                assert_eq!(added["status"], "SUCCESS");
                assert_eq!(order["businessErrorCode"], code);
                assert_eq!(order["orderDetails"], Value::Null);
            }
        }
    }
}

#[tokio::test]
async fn tokenize_rejects_bad_cards() {
    let bad = tokenize("4111111111111112", "1330", "12").await;
    assert_eq!(bad["status"], "ERROR");
    let fields: Vec<&str> = bad["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["cardNumber", "expirationDate", "cvv"]);
    let amex = tokenize("378282246310005", "1230", "123").await;
    assert_eq!(amex["errors"], json!([{"field": "cvv", "code": "INVALID"}]));
    let unknown_type = tokenize("9999999999999995", "1230", "123").await;
    assert_eq!(unknown_type["errors"][0]["code"], "UNSUPPORTED_CARD_TYPE");
    let not_in_table = tokenize("4242424242424242", "0131", "123").await;
    assert_eq!(
        not_in_table["status"], "SUCCESS",
        "any Luhn-valid card succeeds"
    );
}

#[tokio::test]
async fn submit_order_numbers_follow_the_tracking_id() {
    let first = submit_order("hand-made-token").await;
    assert_eq!(first["businessErrorCode"], Value::Null);
    let number = first["orderDetails"]["orderNumber"].as_str().unwrap();
    assert!(number.starts_with("PP") && number.len() == 12, "{number}");
    assert_eq!(number, buy_world::order_number(TRACKING));
    assert_eq!(first["accountId"], buy_world::account_id(TRACKING).as_str());
    assert_eq!(
        submit_order("hand-made-token").await,
        first,
        "a replay gets the same answer"
    );
    client()
        .post("/activation/prepaid-customer-activation")
        .body_json(&json!({"trackingId": TRACKING}))
        .send()
        .await
        .assert_status(StatusCode::BAD_REQUEST);
}

fn session_body(consumer: &str) -> Value {
    json!({"affiliate": "PREPAID", "channel": "web", "handOffPayload": {
        "redirectUrl": "http://127.0.0.1:8080/en/buy/session",
        "location": {"locationId": "LOC-30309-0001", "marketId": "ATL"},
        "consumerSessionId": consumer,
        "preOrderView": {"offers": [], "addons_devices": [],
            "invoice": [{"name": "Cart Sub-Total", "price": "45.00"}]}}})
}

async fn create_session(consumer: &str) -> String {
    let resp = client()
        .post("/session/secure/session")
        .body_json(&session_body(consumer))
        .send()
        .await;
    resp.assert_status_is_ok();
    json(resp).await["digitalSessionId"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn restore(id: &str) -> poem::test::TestResponse {
    client()
        .get("/session/secure/session")
        .query("digitalSessionId", &id)
        .send()
        .await
}

async fn pick(id: &str, identity: &str, return_url: &str) -> poem::test::TestResponse {
    client()
        .post("/session/router")
        .content_type("application/x-www-form-urlencoded")
        .body(format!(
            "digitalSessionId={id}&identity={identity}&returnUrl={}",
            return_url.replace(':', "%3A").replace('/', "%2F")
        ))
        .send()
        .await
}

#[tokio::test]
async fn session_hand_off_through_the_identity_router() {
    let id = create_session("consumer-router-1").await;
    assert!(id.starts_with("DS-"), "{id}");
    assert_eq!(
        id,
        create_session("consumer-router-1").await,
        "same hand-off, same id"
    );
    let before = json(restore(&id).await).await;
    assert_eq!(before["digitalSessionId"], id.as_str());
    assert_eq!(
        before["digitalSession"]["identity"]["custGuid"],
        Value::Null
    );
    assert_eq!(before["handOffPayload"]["location"]["marketId"], "ATL");

    let page = client()
        .get("/session/router")
        .query("digitalSessionId", &id)
        .send()
        .await;
    page.assert_status_is_ok();
    let html = page.0.into_body().into_string().await.unwrap();
    assert!(html.starts_with("<!doctype html><html lang=\"en\">"));
    for identity in buy_world::IDENTITIES {
        assert!(
            html.contains(&format!("value=\"{}\"", identity.key)),
            "{}",
            identity.key
        );
    }
    let radios = html.matches("type=\"radio\"").count();
    assert_eq!(
        radios,
        html.matches("<label for=\"identity-").count(),
        "every radio labelled"
    );
    assert!(html.contains("<legend>Choose an identity</legend>"));
    assert!(html.contains("unverified"));

    let back = pick(&id, "existing-email-unverified", "").await;
    back.assert_status(StatusCode::SEE_OTHER);
    back.assert_header(
        "location",
        format!("http://127.0.0.1:8080/en/buy/session?digitalSessionId={id}"),
    );
    let after = json(restore(&id).await).await["digitalSession"].clone();
    assert_eq!(
        after,
        json!({"name": {"firstName": "Ana", "lastName": "Nguyen"},
            "contact": {"phoneNumber": "4045550103", "email": "ana.nguyen@example.com",
                "verificationStatus": {"mobile": true, "email": false}},
            "identity": {"custGuid": "CG-100000000003"}})
    );

    let other = pick(&id, "new", "/es/buy/session").await;
    other.assert_header("location", format!("/es/buy/session?digitalSessionId={id}"));
    let new = json(restore(&id).await).await["digitalSession"].clone();
    assert!(
        new["identity"]["custGuid"]
            .as_str()
            .unwrap()
            .starts_with("CG-NEW-")
    );
    assert_eq!(
        new["contact"]["email"],
        Value::Null,
        "a new identity is incomplete"
    );
}

#[tokio::test]
async fn session_errors() {
    restore("DS-unknown")
        .await
        .assert_status(StatusCode::NOT_FOUND);
    client()
        .get("/session/router")
        .query("digitalSessionId", &"DS-unknown")
        .send()
        .await
        .assert_status(StatusCode::NOT_FOUND);
    let id = create_session("consumer-errors").await;
    pick(&id, "nobody", "")
        .await
        .assert_status(StatusCode::BAD_REQUEST);
    pick(&id, "new", "//evil.example/")
        .await
        .assert_status(StatusCode::BAD_REQUEST);
    client()
        .get("/session/router")
        .query("digitalSessionId", &id)
        .query("returnUrl", &"javascript:alert(1)")
        .send()
        .await
        .assert_status(StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn card_entry_page_speaks_the_protocol_in_both_languages() {
    for (lang, label, title) in [
        ("en", "Card number", "Card details"),
        ("es", "Número de tarjeta", "Datos de la tarjeta"),
    ] {
        let resp = client()
            .get("/card-entry")
            .query("lang", &lang)
            .send()
            .await;
        resp.assert_status_is_ok();
        resp.assert_content_type("text/html; charset=utf-8");
        let html = resp.0.into_body().into_string().await.unwrap();
        assert!(html.contains(&format!("<html lang=\"{lang}\">")));
        assert!(html.contains(&format!("<title>{title}</title>")));
        assert!(html.contains(&format!("<label for=\"cardNumber\">{label}</label>")));
        for action in [
            "CPC_CONFIG_READY",
            "CPC_CONFIG_SUBMIT",
            "CPC_FORM_SUBMIT",
            "CPC_FORM_SUBMIT_RESPONSE",
            "CPC_FORM_PROCESSING",
            "CPC_ERROR",
            "CPC_PAGE_RESIZE",
            "CPC_INFO_EVENT",
        ] {
            assert!(html.contains(&format!("\"{action}\"")), "{lang}: {action}");
        }
        assert!(html.contains("min-height:880px"));
        assert!(
            !html.contains("src=") && !html.contains("href="),
            "no external assets"
        );
        assert!(!html.contains("%%"), "every placeholder filled");
        let inputs = html.matches("<input id=\"").count();
        assert_eq!(
            inputs,
            html.matches("<label for=\"").count(),
            "every input labelled"
        );
        assert_eq!(inputs, 10);
    }
    let ready = card_entry::page("en", Some("http://127.0.0.1:8080"));
    assert!(ready.contains(r#""readyOrigin":"http://127.0.0.1:8080""#));
    assert!(card_entry::page("en", None).contains(r#""readyOrigin":"*""#));
    let hostile = card_entry::page("en", Some("</script><script>alert(1)</script>"));
    assert!(!hostile.contains("</script><script>alert(1)"));
}

#[test]
fn new_call_names_map_from_method_and_path() {
    let cases = [
        (
            Method::GET,
            "/catalogue/product-detail",
            Call::ProductDetails,
            "productDetails",
        ),
        (
            Method::POST,
            "/offers/get-promo",
            Call::Promotions,
            "promotions",
        ),
        (Method::POST, "/tax/get-tax", Call::Tax, "tax"),
        (
            Method::GET,
            "/payments/prepaidPaymentID",
            Call::PaymentId,
            "paymentId",
        ),
        (
            Method::POST,
            "/payments/add-secure-prepaid-payment-instrument",
            Call::AddPaymentInstrument,
            "addPaymentInstrument",
        ),
        (Method::GET, "/card-entry", Call::CardEntry, "cardEntry"),
        (
            Method::GET,
            "/card-entry?lang=es",
            Call::CardEntry,
            "cardEntry",
        ),
        (
            Method::POST,
            "/card-entry/tokenize",
            Call::Tokenize,
            "tokenize",
        ),
        (
            Method::POST,
            "/activation/prepaid-customer-activation",
            Call::SubmitOrder,
            "submitOrder",
        ),
        (
            Method::POST,
            "/session/secure/session",
            Call::CreateSession,
            "createSession",
        ),
        (
            Method::GET,
            "/session/secure/session",
            Call::RestoreSession,
            "restoreSession",
        ),
        (
            Method::GET,
            "/session/router",
            Call::IdentityRouter,
            "identityRouter",
        ),
        (
            Method::POST,
            "/session/router",
            Call::IdentityRouter,
            "identityRouter",
        ),
    ];
    for (method, path, call, name) in cases {
        assert_eq!(
            Call::from_request(method.as_str(), path),
            Some(call),
            "{method} {path}"
        );
        assert_eq!(call.name(), name);
        assert_eq!(serde_json::to_value(call).unwrap(), name);
    }
    assert_eq!(
        Call::from_request("POST", "/van/assign"),
        Some(Call::Assign)
    );
    let names: BTreeSet<&str> = Call::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(names.len(), Call::ALL.len());
    assert!(
        !names.contains("payment"),
        "kept unknown: the scenario tests reject it"
    );
}

const INLINE: &str = r#"
title: Tax lookup fails and the order is refused (inline test scenario)
flow: retail
start: /buy
upstream:
  submitOrder:
    respond:
      businessErrorCode: BUS-PINLESS-ACT-PHONE
      orderDetails: null
  tax:
    fault: {kind: error5xx, status: 502}
  productDetails:
    respond:
      shipping: {name: STD, rate: "0.00", desc: Free}
expect: {stage: errorPage, path: /error}
"#;

#[tokio::test]
async fn an_inline_scenario_overrides_and_faults_the_new_calls() {
    let scenario = Scenario::parse("retail/buy-inline.yaml", INLINE).expect("parses");
    let calls = scenario.calls().unwrap();
    assert_eq!(calls.len(), 3);

    let over = scenario.call(Call::SubmitOrder).unwrap();
    let world = client()
        .post("/activation/prepaid-customer-activation")
        .body_json(&order_body("t"))
        .send()
        .await;
    let bytes = world.0.into_body().into_vec().await.unwrap();
    let merged: Value =
        serde_json::from_slice(&middleware::merge(&bytes, over.respond.as_ref().unwrap())).unwrap();
    assert_eq!(merged["businessErrorCode"], "BUS-PINLESS-ACT-PHONE");
    assert_eq!(merged["orderDetails"], Value::Null);
    assert_eq!(
        merged["accountId"],
        buy_world::account_id(TRACKING).as_str(),
        "kept"
    );

    let shipping = scenario.call(Call::ProductDetails).unwrap();
    let world = serde_json::to_vec(&product_details("ATL").await).unwrap();
    let merged: Value = serde_json::from_slice(&middleware::merge(
        &world,
        shipping.respond.as_ref().unwrap(),
    ))
    .unwrap();
    assert_eq!(merged["shipping"]["rate"], "0.00");
    assert_eq!(
        merged["products"][0]["product"]["plans"][0]["rate"],
        "45.00"
    );

    let tax = scenario.call(Call::Tax).unwrap();
    assert_eq!(tax.fault, Some(fault::Fault::Error5xx { status: 502 }));
    let resp = fault::error_response(502);
    assert_eq!(resp.status(), StatusCode::BAD_GATEWAY);
    assert!(scenario.call(Call::Promotions).is_none());
}

fn business_codes_md() -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/business-codes.md");
    std::fs::read_to_string(path).ok()
}

/// The payment codes of `business-codes.md` (copied here for clones without `../shared`).
const PAYMENT_CODES: &str = "PAYMENT-0001 PAYMENT-1175 PAYMENT-1151 PAYMENT-1009 PAYMENT-1147 \
    PAYMENT-1195 PAYMENT-1239 PAYMENT-1149 PAYMENT-1197 PAYMENT-1194 PAYMENT-1244 PAYMENT-1225 \
    PAYMENT-1243 PAYMENT-1188 PAYMENT-8312 PAYMENT-8094 PAYMENT-1240 PAYMENT-9900 PAYMENT-8319 \
    PAYMENT-8524 PAYMENT-8015 PAYMENT-1156 PAYMENT-1167 PAYMENT-8023 PAYMENT-1003 PAYMENT-1150 \
    PAYMENT-1043 PAYMENT-1001 PAYMENT-8372 PAYMENT-1038 PAYMENT-1004 PAYMENT-8001 PAYMENT-8032 \
    PAYMENT-1164 PAYMENT-8132 PAYMENT-8600 PAYMENT-8373 PAYMENT-1146 PAYMENT-1310 PAYMENT-1309 \
    PAYMENT-8039 PAYMENT-8000 PAYMENT-8017 PAYMENT-8097 PAYMENT-8006 PAYMENT-8096 PAYMENT-8349 \
    PAYMENT-1204 PAYMENT-8813 PAYMENT-9010 PAYMENT-3010 SYS_PMT_003 SYS_PMT_007 SYS_PMT_008 \
    SYS_PMT_009 SYS_PMT_010 BUS_PMT_003 BUS_PMT_004 BUS_PMT_006";

fn is_payment_code(code: &str) -> bool {
    code.starts_with("PAYMENT-") || code.starts_with("SYS_PMT_") || code.starts_with("BUS_PMT_")
}

#[test]
fn the_test_card_table_covers_every_payment_code_exactly_once() {
    let copied: BTreeSet<&str> = PAYMENT_CODES.split_whitespace().collect();
    if let Some(md) = business_codes_md() {
        let listed: BTreeSet<&str> = md
            .lines()
            .filter_map(|l| l.strip_prefix("| "))
            .filter_map(|l| l.split(' ').next())
            .filter(|c| is_payment_code(c))
            .collect();
        assert_eq!(
            listed, copied,
            "business-codes.md changed: update PAYMENT_CODES"
        );
    }
    let mut seen = BTreeSet::new();
    for code in CARDS.iter().filter_map(|c| c.outcome.code()) {
        assert!(seen.insert(code), "{code} has two cards");
    }
    assert_eq!(seen, copied);
    assert_eq!(CARDS.len(), copied.len() + 4);
    let numbers: BTreeSet<&str> = CARDS.iter().map(|c| c.number).collect();
    assert_eq!(numbers.len(), CARDS.len(), "numbers are unique");
}

#[test]
fn success_cards_are_luhn_valid_one_per_type() {
    let success: Vec<_> = CARDS
        .iter()
        .filter(|c| c.outcome == Outcome::Success)
        .collect();
    let types: Vec<CardType> = success.iter().map(|c| c.card_type).collect();
    assert_eq!(types, CardType::ALL);
    for card in CARDS {
        assert!(test_cards::luhn_valid(card.number), "{}", card.number);
        assert_eq!(CardType::of_number(card.number), Some(card.card_type));
    }
}

#[test]
fn test_cards_md_is_generated_from_the_table() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("TEST_CARDS.md");
    let rendered = test_cards::markdown();
    if std::env::var_os("UPDATE_TEST_CARDS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &rendered).expect("write TEST_CARDS.md");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == rendered,
        "simulators/TEST_CARDS.md differs from the table; regenerate with \
         `UPDATE_TEST_CARDS=1 cargo test -p simulators --test it buy_services`"
    );
    assert!(committed.contains("| `4010 1175 0000 0007` | visa | `PAYMENT-1175` |"));
}
