//! The reconnect of a closed account over HTTP (issue 14; seed 002 §2.10, §3.7, §4.5, §9):
//! every `scenarios/reconnect/*.yaml` walked as the page does it and checked against its
//! `expect` and the account simulator's reconnect ledger, one aux account for 10 concurrent
//! submits, the activation of the new aux account, and what never leaves the BFF.

use std::{sync::Arc, time::Duration};

use bff::{
    config::{Mode, UpstreamUrls},
    startup::endpoint,
    state::{AppState, Clock},
};
use poem::{EndpointExt, http::header, test::TestClient};
use serde_json::{Value, json};
use simulators::run_state::Run;
use uuid::Uuid;

use crate::common::*;
use crate::signin::Browser;

type Cli = TestClient<poem::endpoint::BoxEndpoint<'static, poem::Response>>;

/// The closed, reconnect-eligible account of the `deactivated` identity.
const CLOSED: &str = "8993100000000501";
/// The aux account its reconnect makes (`simulators::account_world::reconnect_aux`).
const AUX: &str = "8993100000000595";

/// A harness BFF whose aux-account fetch waits 50 ms instead of 10 s.
async fn app() -> (Cli, Arc<AppState>, simulators::Embedded) {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let mut cfg = config(Mode::Harness, &urls, 3000);
    cfg.reconnect_aux_fetch = Duration::from_millis(50);
    let st = test_state(cfg, urls, Clock::system()).await;
    (TestClient::new(endpoint(st.clone()).boxed()), st, sims)
}

/// A signed-in browser on one account, in a simulator run of its own.
struct Reconnecter {
    b: Browser,
    account: String,
    run: String,
    tracking: String,
    locale: String,
}

impl Reconnecter {
    async fn new(cli: &Cli, identity: &str, scenario: Option<&str>, locale: &str) -> Self {
        let mut b = Browser::new(cli).await;
        let run = Uuid::new_v4().to_string();
        b.run = Some(run.clone());
        b.scenario = scenario.map(str::to_owned);
        b.sign_in(cli, identity).await;
        let p = json(b.get(cli, "/secure2/profile").await.0).await;
        let account = p["accountId"].as_str().unwrap().to_owned();
        Self {
            b,
            account,
            run,
            tracking: Uuid::new_v4().to_string(),
            locale: locale.to_owned(),
        }
    }

    async fn send(
        &self,
        cli: &Cli,
        method: &str,
        path: &str,
        body: Option<Value>,
        key: Option<Uuid>,
    ) -> (u16, Value) {
        let mut rb = match method {
            "get" => cli.get(path),
            _ => cli.post(path),
        }
        .header(header::COOKIE, self.b.cookies())
        .header("x-xsrf-token", &self.b.xsrf)
        .header("trackingid", &self.tracking)
        .header(header::ACCEPT_LANGUAGE, &self.locale);
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

    fn path(&self) -> String {
        format!("/secure2/accounts/{}/reconnect", self.account)
    }

    async fn check(&self, cli: &Cli) -> (u16, Value) {
        self.send(cli, "get", &self.path(), None, None).await
    }

    async fn submit(&self, cli: &Cli, plan: &str, key: Uuid) -> (u16, Value) {
        self.send(
            cli,
            "post",
            &self.path(),
            Some(json!({ "plan": plan })),
            Some(key),
        )
        .await
    }

    /// The simulator's reconnect ledger of this run and account.
    fn ledger(&self) -> simulators::account_reconnect::Reconnect {
        simulators::account_reconnect::ledger(&Run::new(Some(&self.run)), &self.account)
    }

    /// Saves `number` (a test card) through the payments flow, as the card entry does.
    async fn add_card(&self, cli: &Cli, number: &str) {
        let r = cli
            .post("/sim/card-entry/tokenize")
            .body_json(&json!({"cardNumber": number, "expirationDate": "1230", "cvv": "123"}))
            .send()
            .await;
        let card = json(r.0).await["cardDetails"].clone();
        let body = json!({
            "token": card["token"], "expirationDate": card["expirationDate"],
            "cardType": card["cardType"], "cardLast4Digits": card["cardLast4Digits"],
            "billing": {"firstName": "Dana", "lastName": "Dorsey", "address": "5 Cypress Rd",
                        "city": "Atlanta", "state": "GA", "zipCode": "30313"},
        });
        let path = format!("/secure2/accounts/{}/payment-instrument", self.account);
        let (s, v) = self
            .send(cli, "post", &path, Some(body), Some(Uuid::new_v4()))
            .await;
        assert_eq!((s, v["outcome"].as_str()), (200, Some("done")), "{v}");
    }
}

fn money(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// What a walk ended with.
struct Walked {
    stage: &'static str,
    check: Value,
    last: Value,
}

async fn walk(cli: &Cli, s: &simulators::scenario::Scenario) -> (Walked, Reconnecter) {
    let text = |k: &str| s.input.get(k).and_then(Value::as_str).map(str::to_owned);
    let identity = text("identity").expect("input.identity");
    let locale = text("locale").unwrap_or_else(|| "en".into());
    let r = Reconnecter::new(cli, &identity, Some(&s.id), &locale).await;
    if let Some(n) = text("addCard") {
        r.add_card(cli, &n).await;
    }
    let (status, check) = r.check(cli).await;
    let mut w = Walked {
        stage: "reconnect",
        check: check.clone(),
        last: check.clone(),
    };
    match (status, check["errorCode"].as_str()) {
        (200, _) => {}
        (409, Some("RECONNECT_NOT_AVAILABLE")) => {
            w.stage = "reconnect/not-available";
            return (w, r);
        }
        (409 | 500..=599, _) => {
            w.stage = "error";
            return (w, r);
        }
        other => panic!("{}: {other:?} {check}", s.id),
    }
    let Some(plan) = text("plan") else {
        return (w, r);
    };
    let (status, v) = r.submit(cli, &plan, Uuid::new_v4()).await;
    w.stage = match (status, v["outcome"].as_str(), v["errorCode"].as_str()) {
        (200, Some("reconnected"), _) => "reconnect/activation",
        (200, Some("failed"), _) => "error",
        (409, _, Some("REFILL_NO_SAVED_CARD")) => "reconnect",
        (500..=599, _, _) => "error",
        other => panic!("{}: {other:?} {v}", s.id),
    };
    w.last = v;
    (w, r)
}

#[tokio::test]
async fn every_reconnect_scenario_ends_as_it_expects() {
    let (cli, _st, _sims) = app().await;
    let scenarios: Vec<_> = simulators::scenario::all()
        .iter()
        .filter(|s| s.id.starts_with("reconnect/"))
        .collect();
    assert_eq!(scenarios.len(), 15);
    for s in scenarios {
        let (w, r) = walk(&cli, s).await;
        let (e, id) = (&s.expect, &s.id);
        assert_eq!(Some(w.stage), e["stage"].as_str(), "{id}: stage {}", w.last);
        for k in ["outcome", "errorCode", "reason"] {
            if let Some(v) = e.get(k) {
                assert_eq!(&w.last[k], v, "{id}: {k} {}", w.last);
            }
        }
        if e.get("message").and_then(Value::as_str) == Some("catalogue") {
            let m = w.last["message"].as_str().unwrap_or_default();
            assert!(
                !m.trim().is_empty() && !m.contains("RECONNECT_") && !m.contains("reconnect-"),
                "{id}: {m}"
            );
        }
        if let Some(v) = e.get("serviceability") {
            assert_eq!(&w.check["serviceability"], v, "{id}: serviceability");
        }
        if let Some(v) = e.get("savedCard") {
            assert_eq!(
                w.check.get("savedCard").is_some(),
                v.as_bool().unwrap(),
                "{id}"
            );
        }
        // the plans: HSD_030 (default) then HSD_007, each total = price + tax
        if w.check["plans"].is_array() {
            let plans = w.check["plans"].as_array().unwrap();
            assert_eq!(plans.len(), 2, "{id}");
            assert_eq!(
                (plans[0]["code"].as_str(), plans[0]["default"].as_bool()),
                (Some("HSD_030"), Some(true))
            );
            assert_eq!(
                (money(&plans[0]["price"]), money(&plans[1]["price"])),
                (45.0, 15.0),
                "{id}"
            );
            for p in plans {
                let sum = money(&p["price"]) + money(&p["taxes"]);
                assert!((sum - money(&p["total"])).abs() < 0.005, "{id}: {p}");
                if p["taxAvailable"] == false {
                    assert_eq!(money(&p["taxes"]), 0.0, "{id}");
                }
            }
            let chosen = e
                .get("plan")
                .or(s.input.get("plan"))
                .and_then(Value::as_str)
                .unwrap_or("HSD_030");
            let p = plans.iter().find(|p| p["code"] == chosen).unwrap();
            if let Some(v) = e.get("price") {
                assert_eq!(money(&p["price"]), money(v), "{id}: price");
            }
            if let Some(v) = e.get("total") {
                assert_eq!(money(&p["total"]), money(v), "{id}: total");
            }
            if let Some(v) = e.get("taxAvailable") {
                assert_eq!(&p["taxAvailable"], v, "{id}: taxAvailable");
            }
            if w.last["outcome"] == "reconnected" {
                assert_eq!(w.last["plan"], chosen, "{id}");
                assert_eq!(
                    money(&w.last["total"]),
                    money(&p["total"]),
                    "{id}: total paid"
                );
                let ledger = r.ledger();
                assert_eq!(ledger.plan, chosen, "{id}: the plan sent");
                assert_eq!(
                    ledger.amount.parse::<f64>().unwrap(),
                    money(&p["total"]),
                    "{id}: the create charged the total"
                );
            }
        }
        if let Some(a) = e.get("activationAccount") {
            assert_eq!(&w.last["activationAccountId"], a, "{id}");
            // the new aux account is usable by this sign-in: its activation opens
            let path = format!("/secure2/accounts/{}/activation", a.as_str().unwrap());
            let (s2, v) = r.send(&cli, "get", &path, None, None).await;
            assert_eq!((s2, v["next"].as_str()), (200, Some("steps")), "{id}: {v}");
            // a reload of the reconnect page shows the reconnect made
            let (s3, again) = r.check(&cli).await;
            assert_eq!(s3, 200, "{id}: {again}");
            assert_eq!(again["reconnected"]["activationAccountId"], *a, "{id}");
        }
        if let Some(n) = e.get("ledger") {
            let made = u64::from(r.ledger().aux.is_some());
            assert_eq!(made, n.as_u64().unwrap(), "{id}: ledger");
        }
        let all = format!("{}{}", w.check, w.last);
        assert!(
            !all.contains("simtok_")
                && !all.contains("PIT-")
                && !all.contains("HK")
                && !all.contains("transactionId")
                && !all.contains("custGuid"),
            "{id}: a token, house key or guid reached the browser: {all}"
        );
    }
}

/// Ten submits at once (double clicks, tabs, each with its own key): one create call and
/// one aux account in the simulator, the same answer for all; later submits get it too.
#[tokio::test]
async fn ten_concurrent_submits_are_one_aux_account() {
    let (cli, _st, _sims) = app().await;
    let r = Reconnecter::new(&cli, "deactivated", None, "en").await;
    assert_eq!(r.account, CLOSED);
    r.add_card(&cli, "4111111111111111").await;
    // before the check: not ready
    let (s, v) = r.submit(&cli, "HSD_030", Uuid::new_v4()).await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (409, Some("RECONNECT_NOT_READY")),
        "{v}"
    );
    let (s, _) = r.check(&cli).await;
    assert_eq!(s, 200);
    // a plan that is not the reconnect's is refused by the contract
    let (s, v) = r.submit(&cli, "HSD_060", Uuid::new_v4()).await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (400, Some("VALIDATION_FAILED")),
        "{v}"
    );
    let answers =
        futures_util::future::join_all((0..10).map(|_| r.submit(&cli, "HSD_030", Uuid::new_v4())))
            .await;
    for a in &answers {
        assert_eq!(a.0, 200, "{}", a.1);
        assert_eq!(a.1["outcome"], "reconnected", "{}", a.1);
        assert_eq!(a.1["activationAccountId"], AUX);
    }
    let ledger = r.ledger();
    assert_eq!(
        (ledger.calls, ledger.aux.as_deref()),
        (1, Some(AUX)),
        "one create for 10 submits"
    );
    // the same key again, and a new key: the reconnect made, no new create
    let (s, v) = r.submit(&cli, "HSD_007", Uuid::new_v4()).await;
    assert_eq!((s, v["plan"].as_str()), (200, Some("HSD_030")), "{v}");
    assert_eq!(r.ledger().calls, 1);
    // the dashboard of the closed account now goes to the activation of the aux account
    let dash = format!("/secure2/accounts/{CLOSED}/dashboard");
    let (s, d) = r.send(&cli, "get", &dash, None, None).await;
    assert_eq!(s, 200, "{d}");
    assert_eq!(d["next"], "activation", "{d}");
}

/// Another identity's account is refused before anything is read; after the reconnect a
/// submit with another plan or a reused key gets the reconnect made, with no second create.
#[tokio::test]
async fn another_identitys_account_and_submits_after_the_reconnect() {
    let (cli, _st, _sims) = app().await;
    let r = Reconnecter::new(&cli, "deactivated", None, "en").await;
    r.add_card(&cli, "4111111111111111").await;
    r.check(&cli).await;
    let stranger = Reconnecter::new(&cli, "owner-one", None, "en").await;
    let other = format!("/secure2/accounts/{CLOSED}/reconnect");
    let (s, v) = stranger.send(&cli, "get", &other, None, None).await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (403, Some("SESSION_REJECTED")),
        "{v}"
    );
    let key = Uuid::new_v4();
    let (s, first) = r.submit(&cli, "HSD_030", key).await;
    assert_eq!(s, 200, "{first}");
    for (plan, k) in [("HSD_007", key), ("HSD_007", Uuid::new_v4())] {
        let (s, v) = r.submit(&cli, plan, k).await;
        assert_eq!((s, &v), (200, &first), "the reconnect made");
    }
    assert_eq!(r.ledger().calls, 1);
}
