//! The buy flow's walk for the recorder (seed 000 §2, in the order the web app calls the BFF):
//! entry (serviceability CP, product details, promotions, cart), internet (the English
//! broadband facts label of the plan-tier widget, promo), session
//! hand-off through the identity router, customer info, payment (card tokenised by the
//! card-entry stand-in, as its iframe does), review and submit. A failed call ends the walk
//! where the app would stop (promotions and tax failures do not: the seed goes on).

use base64::Engine;
use reqwest::Method;
use serde_json::{Value, json};

use crate::browser::{Browser, RecordError, TRACKING_ID, text};

fn decode_lm(start: &str) -> Result<(String, String), RecordError> {
    let lm = start
        .split_once('?')
        .map(|(_, q)| q)
        .unwrap_or_default()
        .split('&')
        .find_map(|kv| kv.strip_prefix("lm="))
        .ok_or_else(|| RecordError(format!("{start}: no lm")))?;
    let lm = lm
        .replace("%3D", "=")
        .replace("%2B", "+")
        .replace("%2F", "/");
    let raw = base64::engine::general_purpose::STANDARD
        .decode(lm.as_bytes())
        .map_err(|e| RecordError(format!("{start}: lm is not base64: {e}")))?;
    let text = String::from_utf8(raw).map_err(|e| RecordError(format!("lm: {e}")))?;
    let (location, market) = text
        .split_once(':')
        .ok_or_else(|| RecordError(format!("lm {text}: no colon")))?;
    Ok((location.to_owned(), market.to_owned()))
}

impl Browser {
    fn last_ok(&self) -> bool {
        self.exchanges_last_status()
            .is_some_and(|s| (200..300).contains(&s))
    }
}

/// Walks a buy scenario with its `input` (scenarios/README.md, "Buy flow").
pub(crate) async fn walk_buy(
    b: &mut Browser,
    start: &str,
    input: &Value,
) -> Result<(), RecordError> {
    let (location, _market) = decode_lm(start)?;
    let t = TRACKING_ID;
    let check = b
        .call(
            Method::GET,
            "/secure/api/v1/serviceability/address/validate-customer-serviceability",
            &[
                ("trackingId", t),
                ("locationId", &location),
                ("source", "CP"),
            ],
            None,
        )
        .await?;
    if !b.last_ok() {
        return Ok(());
    }
    b.call(
        Method::GET,
        "/secure/api/v1/util-service/product-detail",
        &[("source", "DIGITAL2.0"), ("trackingId", t)],
        None,
    )
    .await?;
    if !b.last_ok() {
        return Ok(());
    }
    let promos = b
        .call(
            Method::POST,
            "/secure/api/v1/offer-service/get-promo",
            &[],
            Some(json!({ "trackingId": t })),
        )
        .await?;
    b.call(Method::GET, "/secure/api/v1/cart", &[], None)
        .await?;
    // The internet page in English fetches the widget's label (in Spanish it is content); the
    // page goes on whatever it answers. Inputs: `BROADBAND_WIDGET` of the web app.
    let widget = [
        ("tierIds", "HSD_030"),
        ("servicePlanType", "PREPAID"),
        ("lob", "INTERNET"),
        ("sourceIds", "prepaid-portal"),
    ];
    b.call(
        Method::GET,
        "/-/api/my.prepaid/broadband-facts",
        &widget,
        None,
    )
    .await?;
    let has_promo = promos.get("validPromotion").is_some_and(|p| !p.is_null());
    if has_promo
        && input
            .get("acceptPromo")
            .and_then(Value::as_bool)
            .unwrap_or(false)
    {
        b.call(
            Method::PUT,
            "/secure/api/v1/cart",
            &[],
            Some(json!({ "promoInCart": true })),
        )
        .await?;
    }
    b.call(
        Method::POST,
        "/oauth/tax/emm-pp-vertex-service/v1/vertex/ctp/get-tax",
        &[],
        Some(json!({ "trackingId": t })),
    )
    .await?;

    // Session hand-off: create, the tester's pick on the identity router, restore.
    let created = b
        .call(
            Method::POST,
            "/secure/session",
            &[],
            Some(json!({ "redirectUrl": "/en/buy/session" })),
        )
        .await?;
    if !b.last_ok() {
        return Ok(());
    }
    let session_id = created["digitalSessionId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    b.volatile
        .push((session_id.clone(), "DS-0000000000000000".into()));
    let router = created["routerUrl"].as_str().unwrap_or_default();
    let router_path = router.split_once('?').map_or(router, |(p, _)| p).to_owned();
    b.external_form(
        &router_path,
        &[
            ("digitalSessionId", &session_id),
            ("identity", text(input, "identity")),
        ],
    )
    .await?;
    let restored = b
        .call(
            Method::GET,
            "/secure/session",
            &[("digitalSessionId", &session_id)],
            None,
        )
        .await?;
    if !b.last_ok() {
        return Ok(());
    }

    let session = &restored["digitalSession"];
    let typed = input.get("customer").cloned().unwrap_or(Value::Null);
    let pick = |typed_key: &str, restored: &Value| {
        typed
            .get(typed_key)
            .and_then(Value::as_str)
            .or(restored.as_str())
            .unwrap_or_default()
            .to_owned()
    };
    let first = pick("firstName", &session["name"]["firstName"]);
    let last = pick("lastName", &session["name"]["lastName"]);
    let email = pick("email", &session["contact"]["email"]);
    let phone = pick("phone", &session["contact"]["phoneNumber"]);
    if !typed.is_null() {
        let body = json!({ "firstName": first, "lastName": last, "email": email, "confirmEmail": email, "tn": phone });
        b.call(Method::PUT, "/secure/api/v1/customer", &[], Some(body))
            .await?;
        if !b.last_ok() {
            return Ok(());
        }
    }

    b.call(
        Method::GET,
        "/secure/v1/customermanagement/prepaidPaymentID",
        &[],
        None,
    )
    .await?;
    if !b.last_ok() {
        return Ok(());
    }
    b.call(
        Method::GET,
        "/secure/api/v1/payments/card-entry-config",
        &[],
        None,
    )
    .await?;
    let expiry = text(input, "expiry").replace('/', "");
    let card = simulators::card_entry::tokenize(&simulators::card_entry::TokenizeRequest {
        card_number: text(input, "card").to_owned(),
        expiration_date: expiry,
        cvv: text(input, "cvv").to_owned(),
    });
    let Some(details) = card.card_details else {
        return Err(RecordError(format!(
            "card {} does not tokenise",
            text(input, "card")
        )));
    };
    let address = &check["address"];
    let auto = input
        .get("autoRefill")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let instrument = json!({
        "token": details.token,
        "expirationDate": details.expiration_date,
        "cardType": details.card_type,
        "cardLast4Digits": details.card_last4_digits,
        "billing": {
            "firstName": first,
            "lastName": last,
            "address": address["addressLine1"],
            "addressLine2": address["addressLine2"],
            "city": address["city"],
            "state": address["state"],
            "zipCode": input.get("billingZip").cloned().unwrap_or_else(|| address["zip"].clone()),
        },
        "enrollAutoPayment": auto,
        "termsAccepted": auto,
    });
    let attempts = input.get("attempts").and_then(Value::as_u64).unwrap_or(1);
    let mut added = false;
    for _ in 0..attempts {
        let answer = b
            .call(
                Method::POST,
                "/secure/payment-service/add-secure-prepaid-payment-instrument",
                &[],
                Some(instrument.clone()),
            )
            .await?;
        added = answer["outcome"].as_str() == Some("added");
        if added {
            break;
        }
    }
    if !added || input.get("submit").and_then(Value::as_bool) == Some(false) {
        return Ok(());
    }
    b.call(Method::GET, "/secure/api/v1/cart", &[], None)
        .await?;
    let order = json!({
        "smsOptIn": input.get("smsOptIn").and_then(Value::as_bool).unwrap_or(false),
        "langPref": input.get("language").and_then(Value::as_str).unwrap_or("ENGLISH"),
        "consent": true,
    });
    let key = uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, session_id.as_bytes()).to_string();
    b.call_with(
        Method::POST,
        "/secure/api/v1/PinlessActivation/prepaid-customer-activation",
        &[],
        Some(order),
        &[("Idempotency-Key", &key)],
    )
    .await?;
    Ok(())
}
