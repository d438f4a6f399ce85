//! The card refill over HTTP (issue 13; seed 002 §2.2, §2.5, §2.6, §3.6, §4.1, §4.8, §9):
//! every `scenarios/refill/*.yaml` walked as the pages do it and checked against its
//! `expect` (and against the refill simulator's ledger), one refill for 10 concurrent
//! submits, a retry after a lost answer, refusals of bad choices, CSRF, and what never
//! leaves the BFF.

use std::collections::VecDeque;

use poem::http::header;
use serde_json::{Value, json};
use simulators::run_state::Run;
use uuid::Uuid;

use crate::common::*;
use crate::signin::{Browser, TestClock, app_with_clock};

pub type Cli = poem::test::TestClient<poem::endpoint::BoxEndpoint<'static, poem::Response>>;

/// A signed-in browser on one account, in a simulator run of its own.
pub struct Refiller {
    pub b: Browser,
    account: String,
    run: String,
    pub tracking: String,
}

impl Refiller {
    pub async fn new(
        cli: &Cli,
        identity: &str,
        account: Option<&str>,
        scenario: Option<&str>,
    ) -> Self {
        Self::in_run(
            cli,
            identity,
            account,
            scenario,
            &Uuid::new_v4().to_string(),
        )
        .await
    }

    /// [`Refiller::new`] in the simulator run `run` (shared with other browsers).
    pub async fn in_run(
        cli: &Cli,
        identity: &str,
        account: Option<&str>,
        scenario: Option<&str>,
        run: &str,
    ) -> Self {
        let mut b = Browser::new(cli).await;
        let run = run.to_owned();
        b.run = Some(run.clone());
        b.scenario = scenario.map(str::to_owned);
        let next = b.sign_in(cli, identity).await["next"]
            .as_str()
            .unwrap()
            .to_owned();
        let account = if next == "accountPicker" {
            let a = account.expect("input.account").to_owned();
            let r = b
                .post(cli, "/secure2/account-picker", json!({"accountId": a}))
                .await;
            r.assert_status_is_ok();
            a
        } else {
            let p = json(b.get(cli, "/secure2/profile").await.0).await;
            p["accountId"].as_str().unwrap().to_owned()
        };
        Self {
            b,
            account,
            run,
            tracking: Uuid::new_v4().to_string(),
        }
    }

    fn path(&self, tail: &str) -> String {
        format!("/secure2/accounts/{}/{tail}", self.account)
    }

    pub async fn send(
        &self,
        cli: &Cli,
        method: &str,
        tail: &str,
        body: Option<Value>,
        key: Option<Uuid>,
    ) -> (u16, Value) {
        let path = self.path(tail);
        let mut rb = match method {
            "get" => cli.get(path),
            "put" => cli.put(path),
            _ => cli.post(path),
        }
        .header(header::COOKIE, self.b.cookies())
        .header("x-xsrf-token", &self.b.xsrf)
        .header("trackingid", &self.tracking)
        .header(header::ACCEPT_LANGUAGE, "en");
        if let Some(k) = key {
            rb = rb.header("Idempotency-Key", k.to_string());
        }
        let r = match body {
            Some(b) => rb.body_json(&b).send().await,
            None => rb.send().await,
        };
        let status = r.0.status().as_u16();
        (status, json(r.0).await)
    }

    pub async fn offer(&self, cli: &Cli) -> (u16, Value) {
        self.send(cli, "get", "refill", None, None).await
    }

    pub async fn cart(&self, cli: &Cli, choices: Value) -> (u16, Value) {
        self.send(cli, "put", "refill/cart", Some(choices), None)
            .await
    }

    pub async fn submit(&self, cli: &Cli, key: Uuid) -> (u16, Value) {
        self.send(
            cli,
            "post",
            "refill/order",
            Some(json!({"termsAccepted": true})),
            Some(key),
        )
        .await
    }

    /// The refills the simulator made for this browser's run and account.
    pub fn ledger(&self) -> Vec<simulators::refill::LedgerEntry> {
        simulators::refill::ledger(&Run::new(Some(&self.run)), &self.account)
    }

    /// Saves `number` (a test card) through the payments flow, as the payment page does.
    pub async fn add_card(&self, cli: &Cli, number: &str) {
        let r = cli
            .post("/sim/card-entry/tokenize")
            .body_json(&json!({"cardNumber": number, "expirationDate": "1230", "cvv": "123"}))
            .send()
            .await;
        let card = json(r.0).await["cardDetails"].clone();
        let body = json!({
            "token": card["token"], "expirationDate": card["expirationDate"],
            "cardType": card["cardType"], "cardLast4Digits": card["cardLast4Digits"],
            "billing": {"firstName": "Olivia", "lastName": "Owens", "address": "410 Magnolia Ave",
                        "city": "Atlanta", "state": "GA", "zipCode": "30309"},
        });
        let (s, v) = self
            .send(
                cli,
                "post",
                "payment-instrument",
                Some(body),
                Some(Uuid::new_v4()),
            )
            .await;
        assert_eq!((s, v["outcome"].as_str()), (200, Some("done")), "{v}");
    }
}

/// The cart choices of a held cart (what the page sends when the customer changes nothing).
pub fn choices_of(cart: &Value) -> Value {
    json!({
        "plan": cart["plan"], "packages": cart["packages"], "addOns": cart["addOns"],
        "promo": cart["promoInCart"],
    })
}

fn money(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// What a walk ended with.
struct Walked {
    stage: &'static str,
    offer: Value,
    cart: Value,
    last: Value,
    confirmation: Option<Value>,
}

async fn walk(cli: &Cli, s: &simulators::scenario::Scenario) -> (Walked, Refiller) {
    let text = |k: &str| s.input.get(k).and_then(Value::as_str).map(str::to_owned);
    let identity = text("identity").expect("input.identity");
    let r = Refiller::new(cli, &identity, text("account").as_deref(), Some(&s.id)).await;
    if let Some(n) = text("addCard") {
        r.add_card(cli, &n).await;
    }
    let mut w = Walked {
        stage: "refill",
        offer: Value::Null,
        cart: Value::Null,
        last: Value::Null,
        confirmation: None,
    };
    let (status, offer) = r.offer(cli).await;
    if status >= 500 {
        w.stage = "error";
        w.last = offer;
        return (w, r);
    }
    assert_eq!(status, 200, "{}: {offer}", s.id);
    let choices = match s.input.get("cart") {
        Some(c) => json!({
            "plan": c.get("plan").cloned().unwrap_or(Value::Null),
            "packages": c.get("packages").cloned().unwrap_or(json!([])),
            "addOns": c.get("addOns").cloned().unwrap_or(json!([])),
            "promo": c.get("promo").cloned().unwrap_or(json!(false)),
        }),
        None => choices_of(&offer["cart"]),
    };
    let (status, cart) = r.cart(cli, choices).await;
    assert_eq!(status, 200, "{}: {cart}", s.id);
    w.offer = offer;
    w.cart = cart;
    if s.input.get("submit") == Some(&json!(false)) {
        w.stage = "refill/review";
        return (w, r);
    }
    let (status, v) = r.submit(cli, Uuid::new_v4()).await;
    w.stage = match (status, v["outcome"].as_str(), v["errorCode"].as_str()) {
        (200, Some("refilled" | "warning"), _) => "refill/confirmation",
        (200, Some("failed"), _) => "refill/review",
        (409, _, Some("REFILL_NO_SAVED_CARD")) => "refill/payment",
        (409, _, Some("REFILL_CART_EMPTY")) => "refill",
        (500..=599, _, _) => "error",
        other => panic!("{}: {other:?} {v}", s.id),
    };
    w.last = v;
    if w.stage == "refill/confirmation" {
        let (status, c) = r.send(cli, "get", "refill/confirmation", None, None).await;
        assert_eq!(status, 200, "{}: {c}", s.id);
        w.confirmation = Some(c);
    }
    (w, r)
}

#[tokio::test]
async fn every_refill_scenario_ends_as_it_expects() {
    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let scenarios: Vec<_> = simulators::scenario::all()
        .iter()
        .filter(|s| s.id.starts_with("refill/card-"))
        .collect();
    assert_eq!(scenarios.len(), 19);
    for s in scenarios {
        let (w, r) = walk(&cli, s).await;
        let (e, id) = (&s.expect, &s.id);
        assert_eq!(Some(w.stage), e["stage"].as_str(), "{id}: stage {}", w.last);
        let cart = &w.cart;
        if let Some(o) = e.get("outcome") {
            assert_eq!(&w.last["outcome"], o, "{id}: outcome {}", w.last);
        }
        if let Some(code) = e.get("errorCode") {
            assert_eq!(&w.last["errorCode"], code, "{id}: errorCode {}", w.last);
        }
        if e.get("message").and_then(Value::as_str) == Some("catalogue") {
            let m = w.last["message"].as_str().unwrap_or_default();
            assert!(!m.trim().is_empty() && !m.contains("REFILL_"), "{id}: {m}");
        }
        for k in [
            "plan",
            "cartCount",
            "internetRefills",
            "packages",
            "addOns",
            "winbackModal",
            "taxAvailable",
            "nextEnabled",
        ] {
            if let Some(v) = e.get(k) {
                assert_eq!(&cart[k], v, "{id}: {k} {cart}");
            }
        }
        for k in ["subtotal", "taxes", "total"] {
            if let Some(v) = e.get(k) {
                assert_eq!(money(&cart[k]), money(v), "{id}: {k} {cart}");
            }
        }
        if let Some(p) = e.get("promo") {
            assert_eq!(&cart["promo"]["id"], p, "{id}: promo {cart}");
        }
        if let Some(b) = e.get("banner60Days") {
            assert_eq!(&cart["promo"]["banner60Days"], b, "{id}: banner");
        }
        match e.get("acpCredit") {
            // no valid ACP (Denied, De Enrolled, Tribal): the offer names no credit
            Some(Value::Null) => assert!(w.offer["acpCredit"].is_null(), "{id}: acpCredit"),
            Some(a) => assert_eq!(money(&w.offer["acpCredit"]), money(a), "{id}: acpCredit"),
            None => {}
        }
        if let Some(on) = e.get("internetEnabled") {
            assert_eq!(&w.offer["internetEnabled"], on, "{id}: internetEnabled");
        }
        if let Some(saved) = e.get("savedCard") {
            assert_eq!(
                w.offer.get("savedCard").is_some(),
                saved.as_bool().unwrap(),
                "{id}: savedCard"
            );
        }
        // every cart adds up: lines, taxes, total
        if cart.is_object() {
            let lines = cart["lines"].as_array().unwrap();
            let sum: f64 = lines.iter().map(|l| money(&l["amount"])).sum();
            let tax: f64 = lines.iter().map(|l| money(&l["tax"])).sum();
            assert!(
                (sum - money(&cart["subtotal"])).abs() < 0.005,
                "{id}: {cart}"
            );
            assert!((tax - money(&cart["taxes"])).abs() < 0.005, "{id}: {cart}");
            let total = money(&cart["subtotal"]) + money(&cart["taxes"]);
            assert!(
                (total - money(&cart["total"])).abs() < 0.005,
                "{id}: {cart}"
            );
        }
        // the simulator's ledger: one refill for a refill, none otherwise
        let ledger = r.ledger();
        if let Some(n) = e.get("ledger") {
            assert_eq!(ledger.len() as u64, n.as_u64().unwrap(), "{id}: ledger");
        }
        if let Some(conf) = &w.confirmation {
            assert_eq!(
                conf["cart"]["total"], cart["total"],
                "{id}: confirmation total"
            );
            assert_eq!(&conf["orderNumber"], &w.last["orderNumber"], "{id}");
            if let Some(v) = e.get("autoRefillOffer") {
                assert_eq!(&conf["autoRefillOffer"], v, "{id}: autoRefillOffer");
            }
            if e.get("orderNumber") == Some(&Value::Null) {
                assert!(conf.get("orderNumber").is_none(), "{id}: {conf}");
            }
            let entry = &ledger[0];
            assert_eq!(
                entry.amount.parse::<f64>().unwrap(),
                money(&cart["total"]),
                "{id}: the ledger charged the cart's total"
            );
            if let Some(n) = w.last["orderNumber"].as_str() {
                assert_eq!(entry.order_number, n, "{id}");
            }
            let qty = entry
                .plans
                .iter()
                .find(|(p, _)| p.starts_with("HSD_"))
                .map(|(_, q)| *q);
            assert_eq!(
                qty,
                cart["cartCount"].as_u64().map(|c| c as u32),
                "{id}: planQty"
            );
        } else {
            // no refill: the confirmation is 404 NO_REFILL
            let (status, v) = r.send(&cli, "get", "refill/confirmation", None, None).await;
            assert_eq!(
                (status, v["errorCode"].as_str()),
                (404, Some("NO_REFILL")),
                "{id}"
            );
        }
        let all = format!("{}{}{}", w.offer, w.cart, w.last);
        assert!(
            !all.contains("simtok_") && !all.contains("PIT-") && !all.contains("transactionId"),
            "{id}: a token or the transaction id reached the browser"
        );
    }
}

/// Ten submits at once of the same cart (double clicks, tabs, each with its own key): one
/// refill in the simulator's ledger, the same answer for all; later submits of the same cart
/// get that refill; a new cart is a new refill.
#[tokio::test]
async fn ten_concurrent_submits_are_one_refill() {
    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let r = Refiller::new(&cli, "owner-states", Some("8993100000001301"), None).await;
    let (_, offer) = r.offer(&cli).await;
    let (s, _) = r.cart(&cli, choices_of(&offer["cart"])).await;
    assert_eq!(s, 200);
    let answers =
        futures_util::future::join_all((0..10).map(|_| r.submit(&cli, Uuid::new_v4()))).await;
    let first = &answers[0];
    assert_eq!(first.0, 200, "{}", first.1);
    assert_eq!(first.1["outcome"], "refilled");
    for a in &answers {
        assert_eq!(a.0, 200);
        assert_eq!(
            a.1["orderNumber"], first.1["orderNumber"],
            "one refill, one answer"
        );
    }
    assert_eq!(r.ledger().len(), 1, "exactly one refill for 10 submits");
    // a reload and a submit again: the same refill
    let (s, again) = r.submit(&cli, Uuid::new_v4()).await;
    assert_eq!((s, &again["orderNumber"]), (200, &first.1["orderNumber"]));
    assert_eq!(r.ledger().len(), 1);
    // the agreement unticked is refused before anything else
    let key = Uuid::new_v4();
    let (s, v) = r
        .send(
            &cli,
            "post",
            "refill/order",
            Some(json!({"termsAccepted": false})),
            Some(key),
        )
        .await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (400, Some("VALIDATION_FAILED")),
        "{v}"
    );
    // a new cart is a new refill
    let (s, _) = r
        .cart(
            &cli,
            json!({"plan": "HSD_007", "packages": [], "addOns": [], "promo": false}),
        )
        .await;
    assert_eq!(s, 200);
    let (s, v) = r.submit(&cli, Uuid::new_v4()).await;
    assert_eq!((s, v["outcome"].as_str()), (200, Some("refilled")), "{v}");
    assert_ne!(v["orderNumber"], first.1["orderNumber"]);
    assert_eq!(r.ledger().len(), 2);
}

/// The refill's answer is lost after the refill was made (a reset after the work): the
/// customer is told so (502), the next attempt re-sends the same transaction and the
/// simulator answers the refill it made; the ledger holds one refill; once the refill is
/// known, a retry of the first request gets it too (not its old 502).
#[tokio::test]
async fn a_lost_refill_answer_is_found_by_the_next_attempt() {
    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let r = Refiller::new(&cli, "owner-states", Some("8993100000001301"), None).await;
    let (_, offer) = r.offer(&cli).await;
    r.cart(&cli, choices_of(&offer["cart"])).await;
    let mut plan = simulators::plan::Plan::new();
    plan.insert(
        simulators::scenario::Call::Refill,
        VecDeque::from([simulators::plan::Planned {
            fault: simulators::fault::Fault::Reset,
            after_work: true,
        }]),
    );
    simulators::plan::set(&r.tracking, plan);
    let first = Uuid::new_v4();
    let (s, v) = r.submit(&cli, first).await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (502, Some("UPSTREAM_UNAVAILABLE")),
        "{v}"
    );
    assert_eq!(
        r.ledger().len(),
        1,
        "the refill was made although its answer was lost"
    );
    let (s, v) = r.submit(&cli, Uuid::new_v4()).await;
    assert_eq!((s, v["outcome"].as_str()), (200, Some("refilled")), "{v}");
    assert_eq!(
        v["orderNumber"].as_str(),
        Some(r.ledger()[0].order_number.as_str())
    );
    assert_eq!(r.ledger().len(), 1, "asked again, not charged again");
    let (s, again) = r.submit(&cli, first).await;
    assert_eq!(
        (s, &again["orderNumber"]),
        (200, &v["orderNumber"]),
        "{again}"
    );
    assert_eq!(r.ledger().len(), 1);
    simulators::plan::clear(&r.tracking);
}

/// Bad choices are typed 400s; the order needs a cart and the agreement; the browser cannot
/// send a price (unknown field).
#[tokio::test]
async fn refusals_are_typed() {
    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let r = Refiller::new(&cli, "owner-states", Some("8993100000001301"), None).await;
    let (s, v) = r.submit(&cli, Uuid::new_v4()).await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (409, Some("REFILL_NOT_READY")),
        "{v}"
    );
    let (s, v) = r.send(&cli, "get", "refill/confirmation", None, None).await;
    assert_eq!((s, v["errorCode"].as_str()), (404, Some("NO_REFILL")));
    let field = |v: &Value| {
        (
            v["details"][0]["field"].clone(),
            v["details"][0]["code"].clone(),
        )
    };
    let (s, v) = r
        .cart(
            &cli,
            json!({"plan": "HSD_999", "packages": [], "addOns": [], "promo": false}),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(field(&v), (json!("plan"), json!("notOffered")));
    let (s, v) = r
        .cart(
            &cli,
            json!({"plan": "HSD_030", "packages": ["VDO_XITV_30"], "addOns": [], "promo": false}),
        )
        .await;
    assert_eq!(s, 400, "the account has no TV: {v}");
    assert_eq!(field(&v), (json!("packages"), json!("notOffered")));
    let (s, v) = r
        .cart(
            &cli,
            json!({"plan": "HSD_030", "packages": [], "addOns": [], "promo": false, "price": 1}),
        )
        .await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (400, Some("VALIDATION_FAILED")),
        "{v}"
    );
    let (s, _) = r
        .cart(&cli, json!({"plan": "HSD_030", "promo": false}))
        .await;
    assert_eq!(s, 200);
    let (s, v) = r
        .send(
            &cli,
            "post",
            "refill/order",
            Some(json!({"termsAccepted": false})),
            Some(Uuid::new_v4()),
        )
        .await;
    assert_eq!(s, 400);
    assert_eq!(field(&v), (json!("terms"), json!("termsRequired")));
    // the expired account: the internet checkbox is disabled, the plan stays
    let x = Refiller::new(&cli, "owner-states", Some("8993100000001302"), None).await;
    let (s, v) = x
        .cart(&cli, json!({"packages": [], "addOns": [], "promo": false}))
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(field(&v), (json!("plan"), json!("internetRequired")));
    // without the token: 403
    let (s, _) = {
        let resp = cli
            .put(r.path("refill/cart"))
            .header(header::COOKIE, r.b.cookies())
            .body_json(&json!({"plan": "HSD_030"}))
            .send()
            .await;
        (resp.0.status().as_u16(), ())
    };
    assert_eq!(s, 403);
    assert!(r.ledger().is_empty());
}

/// The held cart survives a reload (the offer shows it) and the browser's choices never
/// change a price: the same plan costs the same whatever else is sent.
#[tokio::test]
async fn the_held_cart_is_the_offer_after_a_reload() {
    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let r = Refiller::new(&cli, "owner-states", Some("8993100000001308"), None).await;
    let (s, offer) = r.offer(&cli).await;
    assert_eq!(s, 200, "{offer}");
    let codes: Vec<&str> = offer["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"VDO_XITV_30") && codes.contains(&"VDO_XITV_KID_FAMILY_30"));
    assert_eq!(offer["addOns"][0]["code"], "HBO");
    assert_eq!(offer["plans"][0]["price"], 45.0);
    assert_eq!(offer["plans"][1]["days"], 7);
    assert_eq!(offer["cart"]["promo"]["wasPrice"], 45.0);
    assert_eq!(offer["cart"]["promo"]["price"], 10.0);
    // the first cart ticks the TV the account owns, with the basic package (seed 001 §4)
    assert_eq!(
        offer["cart"]["packages"],
        json!(["VDO_XITV_30", "VDO_XITV_SPORTS_NEWS_30"]),
        "{offer}"
    );
    assert_eq!(offer["cart"]["addOns"], json!(["HBO"]));
    // the TV left out: the cart holds only the internet plan
    let (_, bare) = r
        .cart(
            &cli,
            json!({"plan": "HSD_030", "packages": [], "addOns": [], "promo": true}),
        )
        .await;
    assert_eq!(
        (bare["packages"].clone(), bare["addOns"].clone()),
        (json!([]), json!([]))
    );
    let (_, cart) = r
        .cart(
            &cli,
            json!({"plan": "HSD_030", "packages": [], "addOns": ["HBO"], "promo": true}),
        )
        .await;
    assert_eq!(
        cart["packages"],
        json!(["VDO_XITV_30"]),
        "an add-on forces the basic package"
    );
    let (_, again) = r.offer(&cli).await;
    assert_eq!(again["cart"], cart, "the held cart after a reload");
    let (_, cleared) = r
        .cart(
            &cli,
            json!({"plan": "HSD_030", "packages": [], "addOns": ["HBO"], "promo": true}),
        )
        .await;
    assert_eq!(
        cleared["addOns"],
        json!([]),
        "add-ons emptied with the last package"
    );
    let internet = |c: &Value| c["lines"][0]["price"].clone();
    assert_eq!(internet(&cart), internet(&cleared));
    assert_eq!(internet(&cart), json!(45.0));
}

/// The BFF's log at TRACE over a refused and a completed refill names no card token,
/// phone, e-mail, name or street (the capture as `logs.rs` does it: current-thread runtime,
/// the simulators' own lines left out).
#[tokio::test(flavor = "current_thread")]
async fn no_customer_data_in_the_refill_log() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new(
            "trace,simulators=off,poem::middleware::tracing_mw=off",
        ))
        .with_span_events(tracing_subscriber::fmt::format::FmtSpan::NEW)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _second = tracing::Dispatch::new(tracing::subscriber::NoSubscriber::default());
    let _guard = tracing::subscriber::set_default(subscriber);

    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let account = "8993100000001301";
    for scenario in [Some("refill/card-refused-payment-declined"), None] {
        let r = Refiller::new(&cli, "owner-states", Some(account), scenario).await;
        let (_, offer) = r.offer(&cli).await;
        r.cart(&cli, choices_of(&offer["cart"])).await;
        let (s, v) = r.submit(&cli, Uuid::new_v4()).await;
        assert_eq!(s, 200, "{v}");
    }
    let log = captured.text();
    assert!(
        log.contains("refill refused") && log.contains("refill made"),
        "{log}"
    );
    let dash = simulators::account_world::dashboard(account, chrono::Utc::now());
    let who = dash.customer_info.unwrap();
    let street = dash.service_address.unwrap().address_line1;
    for secret in [
        format!("PIT-{account}"),
        who.phone_number,
        who.email_address,
        who.first_name,
        who.last_name,
        street,
    ] {
        assert!(!secret.is_empty());
        assert!(!log.contains(&secret), "{secret} in the log");
    }
}

/// Ten submits of one cart split over two BFF instances sharing one Redis (a load balancer
/// sending double clicks to both): one refill in the ledger, one answer for all.
#[tokio::test]
async fn submits_split_over_two_instances_make_one_refill() {
    use bff::{
        config::Mode,
        state::{Clock, state_with_store},
        store::{Store, testing::RedisServer},
        upstream::UpstreamUrls,
    };
    use poem::EndpointExt;
    let (url, _srv) = match std::env::var("BFF_TEST_REDIS_URL") {
        Ok(u) if !u.is_empty() => (u, None),
        _ => {
            let srv = RedisServer::start();
            (srv.url.clone(), Some(srv))
        }
    };
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let mut clients = Vec::new();
    for _ in 0..2 {
        let cfg = config(Mode::Harness, &urls, 3000);
        let store = Store::redis(&url, cfg.store.clone()).await.expect("redis");
        let st = state_with_store(cfg, urls.clone(), Clock::system(), store).unwrap();
        clients.push(poem::test::TestClient::new(
            bff::startup::endpoint(st).boxed(),
        ));
    }
    let (a, b) = (&clients[0], &clients[1]);
    let r = Refiller::new(a, "owner-states", Some("8993100000001301"), None).await;
    let (_, offer) = r.offer(b).await;
    let (s, _) = r.cart(a, choices_of(&offer["cart"])).await;
    assert_eq!(s, 200);
    let answers = futures_util::future::join_all(
        (0..10).map(|i| r.submit(if i % 2 == 0 { a } else { b }, Uuid::new_v4())),
    )
    .await;
    for (s, v) in &answers {
        assert_eq!((*s, v["outcome"].as_str()), (200, Some("refilled")), "{v}");
        assert_eq!(v["orderNumber"], answers[0].1["orderNumber"]);
    }
    assert_eq!(r.ledger().len(), 1, "one refill over two instances");
    let (s, c) = r.send(b, "get", "refill/confirmation", None, None).await;
    assert_eq!((s, &c["orderNumber"]), (200, &answers[0].1["orderNumber"]));
}
