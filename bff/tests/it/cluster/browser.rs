//! A browser against a live server over HTTP (reqwest): the twin of `signin::Browser` and
//! `buy::Buyer`, which drive an in-process endpoint. It keeps its session cookie as a browser
//! does (every `Set-Cookie` of it replaces the last), sends the CSRF token, its language, its
//! tracking id, and a request id of its own on every request, and remembers those ids in order
//! (so a test can find which instance answered each one).
#![allow(dead_code)]

use std::{net::IpAddr, sync::Mutex, time::Duration};

use reqwest::{Method, header::HeaderMap, redirect::Policy};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::signin::query_of;

/// A client that never follows redirects nor uses a proxy from the environment, bound to
/// `from` when given (the balancer sees that address).
pub fn http_client(from: Option<IpAddr>) -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .redirect(Policy::none())
        .no_proxy()
        .local_address(from)
        .timeout(Duration::from_secs(60))
        .build()
        .expect("reqwest client")
}

/// One answer: status, headers, the body as JSON (`Null` when it is not) and as text.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Value,
    pub text: String,
    /// The `x-request-id` this request was sent with.
    pub request_id: String,
}

impl Answer {
    /// The body, asserting a 2xx.
    pub fn ok(self) -> Value {
        assert!(
            (200..300).contains(&self.status),
            "{} ({}): {}",
            self.status,
            self.request_id,
            self.text
        );
        self.body
    }
}

/// How a request's body is sent.
pub enum Body {
    None,
    Json(Value),
    Form(Vec<(String, String)>),
}

pub struct Browser {
    http: reqwest::Client,
    /// The origin, e.g. `http://127.0.0.1:8080` (the balancer).
    pub base: String,
    cookie: Mutex<String>,
    /// The CSRF token, followed when the BFF rotates it with the session id.
    xsrf: Mutex<String>,
    /// `sim_scenario` cookie.
    pub scenario: Option<String>,
    /// `sim_run` cookie (a UUID: the simulators' memory of this browser).
    pub run: Option<String>,
    pub lang: &'static str,
    /// Buy flow `trackingId` and signed-in `trackingid` header.
    pub tracking: String,
    /// Request ids sent, in order.
    sent: Mutex<Vec<String>>,
    tag: String,
}

impl Browser {
    /// A new session at `base` (`GET /token`) from the loopback address `from`.
    pub async fn new(base: &str, from: IpAddr, lang: &'static str) -> Self {
        let b = Self {
            http: http_client(Some(from)),
            base: base.trim_end_matches('/').to_owned(),
            cookie: Mutex::new(String::new()),
            xsrf: Mutex::new(String::new()),
            scenario: None,
            run: None,
            lang,
            tracking: Uuid::new_v4().to_string(),
            sent: Mutex::new(Vec::new()),
            tag: Uuid::new_v4().simple().to_string()[..8].to_owned(),
        };
        let t = b.get(&format!("/token?trackingId={}", b.tracking)).await;
        assert!(
            b.cookie().starts_with("pp_session="),
            "no session cookie: {t:?}"
        );
        *b.xsrf.lock().unwrap() = t.ok()["xsrfToken"].as_str().unwrap().to_owned();
        b
    }

    /// The session cookie (`pp_session=<id>`).
    pub fn cookie(&self) -> String {
        self.cookie.lock().unwrap().clone()
    }

    /// The `Cookie` header: session, scenario and run.
    fn cookies(&self) -> String {
        let mut c = self.cookie();
        if let Some(s) = &self.scenario {
            c.push_str(&format!("; sim_scenario={s}"));
        }
        if let Some(r) = &self.run {
            c.push_str(&format!("; sim_run={r}"));
        }
        c
    }

    /// The request ids sent so far, in order.
    pub fn sent(&self) -> Vec<String> {
        self.sent.lock().unwrap().clone()
    }

    /// Sends `method path` (path with its query) with `body` and the extra `headers`.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        body: Body,
        headers: &[(&str, &str)],
    ) -> Answer {
        let request_id = {
            let mut sent = self.sent.lock().unwrap();
            let id = format!("{}-{:03}", self.tag, sent.len() + 1);
            sent.push(id.clone());
            id
        };
        let mut rb = self
            .http
            .request(method.clone(), format!("{}{path}", self.base))
            .header("cookie", self.cookies())
            .header("x-xsrf-token", self.xsrf.lock().unwrap().clone())
            .header("accept-language", self.lang)
            .header("trackingid", &self.tracking)
            .header("x-request-id", &request_id);
        for (k, v) in headers {
            rb = rb.header(*k, *v);
        }
        rb = match body {
            Body::None => rb,
            Body::Json(v) => rb.json(&v),
            Body::Form(f) => rb.form(&f),
        };
        let r = rb
            .send()
            .await
            .unwrap_or_else(|e| panic!("{method} {path} ({request_id}): {e}"));
        let status = r.status().as_u16();
        let headers = r.headers().clone();
        if let Some(c) = headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|c| c.starts_with("pp_session="))
        {
            *self.cookie.lock().unwrap() = c.split(';').next().unwrap().to_owned();
        }
        // an answer that rotates the session hands over its new CSRF token
        if let Some(t) = headers.get("x-xsrf-token").and_then(|v| v.to_str().ok()) {
            *self.xsrf.lock().unwrap() = t.to_owned();
        }
        let text = r.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Answer {
            status,
            headers,
            body,
            text,
            request_id,
        }
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.send(Method::GET, path, Body::None, &[]).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.send(Method::POST, path, Body::Json(body), &[]).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Answer {
        self.send(Method::PUT, path, Body::Json(body), &[]).await
    }

    /// A POST under an `Idempotency-Key`.
    pub async fn post_once(&self, path: &str, body: Value, key: &str) -> Answer {
        self.send(
            Method::POST,
            path,
            Body::Json(body),
            &[("idempotency-key", key)],
        )
        .await
    }

    pub async fn form(&self, path: &str, form: Vec<(String, String)>) -> Answer {
        self.send(Method::POST, path, Body::Form(form), &[]).await
    }

    // ---- sign-in (signin.rs `Browser::sign_in`, over HTTP) ----

    /// `startSignIn`, the provider's page and pick, `decodeSignIn`: the decoder's answer.
    pub async fn sign_in(&self, identity: &str) -> Value {
        let a = self
            .post(
                "/secure2/authorize",
                json!({"locale": self.lang, "bhr": true}),
            )
            .await
            .ok();
        let url = a["authorizeUrl"].as_str().unwrap().to_owned();
        let path = url.split_once('?').map_or(url.as_str(), |(p, _)| p);
        assert_eq!(path, "/sim/identity/authorize", "{url}");
        self.get(&url).await.ok();
        let mut form = query_of(&url);
        form.push(("identity".into(), identity.into()));
        let r = self.form(path, form).await;
        assert_eq!(r.status, 303, "authorize pick: {}", r.text);
        let location = r.headers["location"].to_str().unwrap().to_owned();
        let q = query_of(&location);
        let get = |k: &str| q.iter().find(|(n, _)| n == k).unwrap().1.clone();
        self.post(
            "/secure2/decoder",
            json!({"code": get("code"), "state": get("state")}),
        )
        .await
        .ok()
    }

    /// Signed in as `identity` on `account` (through the picker when it is shown).
    pub async fn sign_in_to(&self, identity: &str, account: &str) {
        let d = self.sign_in(identity).await;
        if d["next"] == "accountPicker" {
            self.post("/secure2/account-picker", json!({"accountId": account}))
                .await
                .ok();
        }
        let p = self.get("/secure2/profile").await.ok();
        assert_eq!(p["accountId"], account, "{p}");
    }

    // ---- card refill (refill.rs `Refiller`, over HTTP) ----

    /// The offer, then the cart of its own choices (what the page sends when the customer
    /// changes nothing): the cart.
    pub async fn refill_cart(&self, account: &str) -> Value {
        let offer = self
            .get(&format!("/secure2/accounts/{account}/refill"))
            .await
            .ok();
        let cart = &offer["cart"];
        let choices = json!({
            "plan": cart["plan"], "packages": cart["packages"], "addOns": cart["addOns"],
            "promo": cart["promoInCart"],
        });
        self.put(&format!("/secure2/accounts/{account}/refill/cart"), choices)
            .await
            .ok()
    }

    /// `submitRefill` under `key`.
    pub async fn refill_submit(&self, account: &str, key: &str) -> Answer {
        self.post_once(
            &format!("/secure2/accounts/{account}/refill/order"),
            json!({"termsAccepted": true}),
            key,
        )
        .await
    }

    /// A console fault on one upstream call for this browser (needs its scenario).
    pub async fn fault(&self, call: &str, fault: Value) {
        self.post(
            "/harness/settings/fault",
            json!({"call": call, "fault": fault}),
        )
        .await
        .ok();
    }

    // ---- the purchase (buy.rs `Buyer`, over HTTP) ----

    /// Address, serviceability, product details, promotions (the promotion in the cart when
    /// one is offered), tax: the tax answer.
    pub async fn shop(&self, zip: &str, street: &str) -> Value {
        let t = &self.tracking;
        let q = form_urlencoded::Serializer::new(String::new())
            .append_pair("addressLine1", street)
            .append_pair("zip", zip)
            .append_pair("trackingId", t)
            .finish();
        let v = self
            .get(&format!(
                "/secure/api/v1/serviceability/address/validate-customer-address?{q}"
            ))
            .await
            .ok();
        let loc = v["customerInfos"][0]["locationId"]
            .as_str()
            .unwrap()
            .to_owned();
        let s = self
            .get(&format!(
                "/secure/api/v1/serviceability/address/validate-customer-serviceability?trackingId={t}&locationId={loc}&source=CP"
            ))
            .await
            .ok();
        assert_eq!(s["outcome"], "serviceable", "{s}");
        let d = self
            .get(&format!(
                "/secure/api/v1/util-service/product-detail?source=CP&trackingId={t}"
            ))
            .await
            .ok();
        assert!(d["shipping"]["rate"].is_number(), "{d}");
        let p = self
            .post(
                "/secure/api/v1/offer-service/get-promo",
                json!({"trackingId": t}),
            )
            .await
            .ok();
        if p["validPromotion"].is_object() {
            let c = self
                .put("/secure/api/v1/cart", json!({"promoInCart": true}))
                .await
                .ok();
            assert_eq!(c["offerInCart"], true, "{c}");
        }
        let tax = self
            .post(
                "/oauth/tax/emm-pp-vertex-service/v1/vertex/ctp/get-tax",
                json!({"trackingId": t}),
            )
            .await
            .ok();
        assert_eq!(tax["taxAvailable"], true, "{tax}");
        tax
    }

    /// The digital session, the identity router's page and pick of `identity`, the restore
    /// (the session id rotates): the restore's answer.
    pub async fn hand_off(&self, identity: &str) -> Value {
        let c = self
            .post(
                "/secure/session",
                json!({"redirectUrl": format!("/{}/buy/session", self.lang)}),
            )
            .await
            .ok();
        let id = c["digitalSessionId"].as_str().unwrap().to_owned();
        let router = c["routerUrl"].as_str().unwrap().to_owned();
        assert!(router.starts_with("/sim/session/router?"), "{router}");
        self.get(&router).await.ok();
        let r = self
            .form(
                "/sim/session/router",
                vec![
                    ("digitalSessionId".into(), id.clone()),
                    ("identity".into(), identity.into()),
                    ("returnUrl".into(), String::new()),
                ],
            )
            .await;
        assert_eq!(r.status, 303, "{}", r.text);
        let before = self.cookie();
        let restored = self
            .get(&format!("/secure/session?digitalSessionId={id}"))
            .await
            .ok();
        assert_ne!(self.cookie(), before, "the session id rotates on hand-off");
        restored
    }

    /// The payment id, the card form's tokenization of `number`, the saved card: its answer.
    pub async fn add_card(&self, number: &str) -> Value {
        self.get("/secure/v1/customermanagement/prepaidPaymentID")
            .await
            .ok();
        let t = self
            .post(
                "/sim/card-entry/tokenize",
                json!({"cardNumber": number, "expirationDate": "1230", "cvv": "123"}),
            )
            .await
            .ok();
        assert_eq!(t["status"], "SUCCESS", "{t}");
        let card = &t["cardDetails"];
        self.post(
            "/secure/payment-service/add-secure-prepaid-payment-instrument",
            json!({
                "token": card["token"], "expirationDate": card["expirationDate"],
                "cardType": card["cardType"], "cardLast4Digits": card["cardLast4Digits"],
                "enrollAutoPayment": true, "termsAccepted": true,
                "billing": {"firstName": "Ana María López", "address": "1200 Peachtree St",
                            "city": "Atlanta", "state": "ga", "zipCode": "30309"},
            }),
        )
        .await
        .ok()
    }

    /// `submitOrder` under `key`.
    pub async fn place_order(&self, key: &str) -> Answer {
        self.post_once(
            "/secure/api/v1/PinlessActivation/prepaid-customer-activation",
            json!({"smsOptIn": true, "langPref": "ENGLISH", "consent": true}),
            key,
        )
        .await
    }
}
