//! Account payments over HTTP (issue 12; seed 001 §4 "Auto-refill", "Payment instrument", §2
//! "Payment history"; seed 002 §4.2, §4.3): every `scenarios/payments/*.yaml` walked as the
//! page does it and checked against its `expect`, the failure counter with a moving clock,
//! double submit, CSRF, and what never leaves the BFF.

use std::time::Duration;

use poem::http::header;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::common::*;
use crate::signin::{Browser, TestClock, app_with_clock};

type Cli = poem::test::TestClient<poem::endpoint::BoxEndpoint<'static, poem::Response>>;

/// A signed-in browser on one account, in a run of its own.
struct Payer {
    b: Browser,
    account: String,
    lang: &'static str,
}

impl Payer {
    /// Signs in as `identity` (picking `account` on the picker when given) in a new run.
    async fn new(cli: &Cli, identity: &str, account: Option<&str>, scenario: Option<&str>) -> Self {
        let mut b = Browser::new(cli).await;
        b.run = Some(Uuid::new_v4().to_string());
        b.scenario = scenario.map(str::to_owned);
        let next = b.sign_in(cli, identity).await["next"]
            .as_str()
            .unwrap()
            .to_owned();
        let account = if next == "accountPicker" {
            let a = account
                .expect("input.account for a picker identity")
                .to_owned();
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
            lang: "en",
        }
    }

    fn path(&self, tail: &str) -> String {
        format!("/secure2/accounts/{}/{tail}", self.account)
    }

    /// `enrolAutoRefill` with the terms accepted.
    async fn enrol(&self, cli: &Cli) -> (u16, Value) {
        self.post(
            cli,
            "auto-refill/enrol",
            Some(json!({"termsAccepted": true})),
            None,
        )
        .await
    }

    async fn get(&self, cli: &Cli, tail: &str) -> (u16, Value) {
        let r = cli
            .get(self.path(tail))
            .header(header::COOKIE, self.b.cookies())
            .header(header::ACCEPT_LANGUAGE, self.lang)
            .send()
            .await;
        let status = r.0.status().as_u16();
        (status, json(r.0).await)
    }

    async fn post(
        &self,
        cli: &Cli,
        tail: &str,
        body: Option<Value>,
        key: Option<Uuid>,
    ) -> (u16, Value) {
        let mut rb = cli
            .post(self.path(tail))
            .header(header::COOKIE, self.b.cookies())
            .header("x-xsrf-token", &self.b.xsrf)
            .header(header::ACCEPT_LANGUAGE, self.lang);
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

    async fn info(&self, cli: &Cli) -> Value {
        let (s, v) = self.get(cli, "payment-info").await;
        assert_eq!(s, 200, "{v}");
        v
    }
}

/// The card-entry stand-in's token for `number` (what the component hands the page).
async fn tokenize(cli: &Cli, number: &str) -> Value {
    let cvv = if number.starts_with('3') {
        "1234"
    } else {
        "123"
    };
    let r = cli
        .post("/sim/card-entry/tokenize")
        .body_json(&json!({"cardNumber": number, "expirationDate": "1230", "cvv": cvv}))
        .send()
        .await;
    let v = json(r.0).await;
    assert_eq!(v["status"], "SUCCESS", "{v}");
    v["cardDetails"].clone()
}

fn card_body(card: &Value) -> Value {
    json!({
        "token": card["token"], "expirationDate": card["expirationDate"],
        "cardType": card["cardType"], "cardLast4Digits": card["cardLast4Digits"],
        "billing": {"firstName": "Olivia", "lastName": "Owens", "address": "410 Magnolia Ave",
                    "city": "Atlanta", "state": "ga", "zipCode": "30309"},
    })
}

/// What a walk ended with.
struct Walked {
    stage: String,
    outcome: Option<String>,
    last: Value,
}

async fn walk(
    cli: &Cli,
    clock: &TestClock,
    s: &simulators::scenario::Scenario,
) -> (Walked, Option<Value>, Payer) {
    let text = |k: &str| s.input.get(k).and_then(Value::as_str).map(str::to_owned);
    let identity = text("identity").expect("input.identity");
    let p = Payer::new(cli, &identity, text("account").as_deref(), Some(&s.id)).await;
    let mut w = Walked {
        stage: text("page").expect("input.page"),
        outcome: None,
        last: Value::Null,
    };
    let steps = s.input["steps"].as_array().expect("input.steps");
    for step in steps {
        // the page waits for the form to be enabled again before the next attempt
        if let Some(ms) = w.last["lock"]["retryInMs"].as_i64() {
            clock.advance(Duration::from_millis(ms as u64 + 1));
        }
        let (status, v) = if let Some(n) = step.get("add").or(step.get("update")) {
            let card = tokenize(cli, n.as_str().unwrap()).await;
            let tail = if step.get("add").is_some() {
                "payment-instrument"
            } else {
                "payment-instrument/update"
            };
            p.post(cli, tail, Some(card_body(&card)), Some(Uuid::new_v4()))
                .await
        } else if step.get("remove").is_some() {
            p.post(cli, "payment-instrument/remove", None, Some(Uuid::new_v4()))
                .await
        } else if step.get("enrol").is_some() {
            p.post(
                cli,
                "auto-refill/enrol",
                Some(json!({"termsAccepted": true})),
                None,
            )
            .await
        } else if step.get("cancel").is_some() {
            p.post(cli, "auto-refill/cancel", Some(json!({})), None)
                .await
        } else if let Some(page) = step.get("history") {
            p.get(
                cli,
                &format!("payment-history?page={}", page.as_u64().unwrap()),
            )
            .await
        } else {
            panic!("{}: unknown step {step}", s.id);
        };
        w.outcome = match status {
            200 => v["outcome"].as_str().map(str::to_owned),
            409 if v["errorCode"] == "AUTO_REFILL_NOT_OFFERED" => Some("notOffered".into()),
            500..=599 => Some("upstreamError".into()),
            other => panic!("{}: {other} {v}", s.id),
        };
        if step.get("history").is_some() && status >= 500 {
            w.stage = "error".into();
        }
        if w.outcome.as_deref() == Some("dashboard") {
            w.stage = "dashboard".into();
        }
        w.last = v;
    }
    let info = if w.stage == "error" {
        None
    } else {
        Some(p.info(cli).await)
    };
    (w, info, p)
}

#[tokio::test]
async fn every_payments_scenario_ends_as_it_expects() {
    let (clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let scenarios: Vec<_> = simulators::scenario::all()
        .iter()
        .filter(|s| s.flow == "payments")
        .collect();
    assert!(scenarios.len() >= 30, "{}", scenarios.len());
    for s in scenarios {
        let (w, info, _) = walk(&cli, &clock, s).await;
        let e = &s.expect;
        let id = &s.id;
        assert_eq!(Some(w.stage.as_str()), e["stage"].as_str(), "{id}: stage");
        if let Some(o) = e.get("outcome") {
            assert_eq!(w.outcome.as_deref(), o.as_str(), "{id}: outcome {}", w.last);
        }
        if let Some(code) = e.get("code") {
            assert_eq!(&w.last["businessErrorCode"], code, "{id}: code");
        }
        if e.get("message").and_then(Value::as_str) == Some("catalogue") {
            let m = w.last["message"].as_str().unwrap_or_default();
            assert!(!m.trim().is_empty(), "{id}: a catalogue message");
        }
        if let Some(ms) = e.get("retryInMs") {
            assert_eq!(&w.last["lock"]["retryInMs"], ms, "{id}: retryInMs");
        }
        for k in ["page", "pages", "totalItems"] {
            if let Some(v) = e.get(k) {
                assert_eq!(&w.last[k], v, "{id}: {k}");
            }
        }
        let Some(info) = info else { continue };
        if let Some(card) = e.get("card") {
            assert_eq!(&info["card"]["last4"], card, "{id}: card {info}");
        }
        if let Some(on) = e.get("autoRefill") {
            assert_eq!(&info["autoRefillEnabled"], on, "{id}: autoRefill");
        }
        if let Some(on) = e.get("offered") {
            assert_eq!(&info["autoEnrolOffered"], on, "{id}: offered");
        }
        if let Some(n) = e.get("failures") {
            assert_eq!(&info["lock"]["failures"], n, "{id}: failures");
        }
        // never a token, a card number or a tracking-free leak in an answer
        let all = format!("{info}{}", w.last);
        assert!(
            !all.contains("simtok_") && !all.contains("PIT-"),
            "{id}: a token reached the browser"
        );
    }
}

#[tokio::test]
async fn the_counter_locks_the_form_survives_a_reload_and_is_per_account() {
    let (clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let p = Payer::new(&cli, "owner-several", Some("8993100000000201"), None).await;
    // the same sign-in's other account keeps a count of its own
    let other = Payer {
        b: p.b.clone(),
        account: "8993100000000202".into(),
        lang: "en",
    };
    let bad = card_body(&tokenize(&cli, "4010115600000000").await);
    let (s, v) = p
        .post(
            &cli,
            "payment-instrument",
            Some(bad.clone()),
            Some(Uuid::new_v4()),
        )
        .await;
    assert_eq!((s, v["outcome"].as_str()), (200, Some("rejected")), "{v}");
    // a reload: the page reads the same wait
    let info = p.info(&cli).await;
    assert_eq!(info["lock"]["failures"], 1);
    assert!(info["lock"]["retryInMs"].as_i64().unwrap() > 29_000);
    let theirs = other.info(&cli).await;
    assert_eq!(
        (&theirs["lock"]["failures"], &theirs["lock"]["retryInMs"]),
        (&json!(0), &json!(0)),
        "{theirs}"
    );
    // while it runs, a change is refused without calling upstream
    let (s, v) = p
        .post(
            &cli,
            "payment-instrument",
            Some(bad.clone()),
            Some(Uuid::new_v4()),
        )
        .await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (409, Some("PAYMENT_FORM_LOCKED")),
        "{v}"
    );
    let (s, v) = p.enrol(&cli).await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (409, Some("PAYMENT_FORM_LOCKED")),
        "{v}"
    );
    clock.advance(Duration::from_secs(30));
    assert_eq!(p.info(&cli).await["lock"]["retryInMs"], 0);
    // a success starts the count again
    let good = card_body(&tokenize(&cli, "4111111111111111").await);
    let (s, v) = p
        .post(&cli, "payment-instrument", Some(good), Some(Uuid::new_v4()))
        .await;
    assert_eq!((s, v["outcome"].as_str()), (200, Some("done")), "{v}");
    assert_eq!(v["lock"]["failures"], 0);
    assert_eq!(v["card"]["cardType"], "Visa");
    assert_eq!(p.info(&cli).await["card"]["last4"], "1111");
}

#[tokio::test]
async fn a_double_submit_is_one_change_and_a_reused_key_with_another_body_is_422() {
    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let p = Payer::new(&cli, "owner-one", None, None).await;
    let bad = card_body(&tokenize(&cli, "4010837300000002").await);
    let key = Uuid::new_v4();
    let (a, b) = futures_util::future::join(
        p.post(&cli, "payment-instrument", Some(bad.clone()), Some(key)),
        p.post(&cli, "payment-instrument", Some(bad.clone()), Some(key)),
    )
    .await;
    assert_eq!(a, b, "the same attempt, the same answer");
    assert_eq!(a.1["outcome"], "rejected");
    // one failure counted, not two
    assert_eq!(p.info(&cli).await["lock"]["failures"], 1);
    let other = card_body(&tokenize(&cli, "4111111111111111").await);
    let (s, v) = p
        .post(&cli, "payment-instrument", Some(other), Some(key))
        .await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (422, Some("IDEMPOTENCY_MISMATCH")),
        "{v}"
    );
}

#[tokio::test]
async fn changes_need_the_csrf_token_the_terms_and_the_owner() {
    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let p = Payer::new(&cli, "owner-one", None, None).await;
    for (tail, body) in [
        ("payment-instrument", json!({})),
        ("payment-instrument/update", json!({})),
        ("payment-instrument/remove", json!({})),
        ("auto-refill/enrol", json!({"termsAccepted": true})),
        ("auto-refill/cancel", json!({})),
    ] {
        let r = cli
            .post(p.path(tail))
            .header(header::COOKIE, p.b.cookies())
            .header("Idempotency-Key", Uuid::new_v4().to_string())
            .body_json(&body)
            .send()
            .await;
        assert_api_error(r, 403, "CSRF_REJECTED").await;
    }
    let (s, v) = p
        .post(
            &cli,
            "auto-refill/enrol",
            Some(json!({"termsAccepted": false})),
            None,
        )
        .await;
    assert_eq!(
        (s, v["details"][0]["code"].as_str()),
        (400, Some("termsRequired")),
        "{v}"
    );
    let (s, v) = p
        .post(
            &cli,
            "payment-instrument/remove",
            None,
            Some(Uuid::new_v4()),
        )
        .await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (409, Some("NO_SAVED_CARD")),
        "{v}"
    );
    let (s, _) = p.get(&cli, "payment-history?page=0").await;
    assert_eq!(s, 400);
    // another identity's account
    let other = Payer {
        account: "8993100000001303".into(),
        ..p
    };
    let (s, v) = other.get(&cli, "payment-info").await;
    assert_eq!(s, 403, "{v}");
}

#[tokio::test]
async fn history_groups_by_utc_date_with_totals_and_spanish_messages() {
    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let p = Payer::new(&cli, "payment-history", Some("8993100000001405"), None).await;
    let (s, h) = p.get(&cli, "payment-history?page=1").await;
    assert_eq!(s, 200, "{h}");
    let groups = h["groups"].as_array().unwrap();
    let lines: usize = groups
        .iter()
        .map(|g| g["items"].as_array().unwrap().len())
        .sum();
    assert_eq!(lines, 12);
    let dates: Vec<&str> = groups.iter().map(|g| g["date"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|w| w[0] > w[1]), "{dates:?}");
    for g in groups {
        for i in g["items"].as_array().unwrap() {
            assert!(
                i["paidAt"]
                    .as_str()
                    .unwrap()
                    .starts_with(g["date"].as_str().unwrap()),
                "{g}"
            );
        }
    }
    let (_, last) = p.get(&cli, "payment-history?page=99").await;
    assert_eq!(
        (last["page"].as_u64(), last["pages"].as_u64()),
        (Some(9), Some(9))
    );
    // the catalogue message follows the locale
    let mut es = Payer::new(&cli, "owner-one", None, None).await;
    es.lang = "es";
    let bad = card_body(&tokenize(&cli, "4010115600000000").await);
    let (_, v_es) = es
        .post(
            &cli,
            "payment-instrument",
            Some(bad.clone()),
            Some(Uuid::new_v4()),
        )
        .await;
    let mut en = Payer::new(&cli, "owner-one", None, None).await;
    en.lang = "en";
    let (_, v_en) = en
        .post(&cli, "payment-instrument", Some(bad), Some(Uuid::new_v4()))
        .await;
    assert_ne!(v_es["message"], v_en["message"], "{v_es} {v_en}");
}

/// Issue 12 "Done when", over HTTP: an account needing activation is activated, its dashboard
/// shows, and it saves a card, enrols in auto-refill and reads its payment history.
#[tokio::test]
async fn an_account_activated_here_saves_a_card_enrols_and_reads_its_history() {
    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let p = Payer::new(&cli, "owner-several", Some("8993100000000202"), None).await;
    let (_, d) = p.get(&cli, "dashboard").await;
    assert_eq!(d["next"], "activation", "{d}");
    let (s, a) = p.get(&cli, "activation").await;
    assert_eq!((s, a["next"].as_str()), (200, Some("steps")), "{a}");
    assert_eq!(a["deviceLocated"], true, "{a}");
    let names = json!({"firstName": "", "lastName": "", "language": "ENGLISH"});
    let (s, r) = p.post(&cli, "activation", Some(names), None).await;
    assert_eq!((s, r["outcome"].as_str()), (200, Some("success")), "{r}");
    let (_, d) = p.get(&cli, "dashboard").await;
    assert_eq!(d["next"], "show", "{d}");
    let info = p.info(&cli).await;
    assert_eq!(
        (&info["card"], &info["autoEnrolOffered"]),
        (&Value::Null, &json!(true)),
        "{info}"
    );
    let card = card_body(&tokenize(&cli, "4111111111111111").await);
    let (s, v) = p
        .post(&cli, "payment-instrument", Some(card), Some(Uuid::new_v4()))
        .await;
    assert_eq!((s, v["outcome"].as_str()), (200, Some("done")), "{v}");
    let (s, v) = p.enrol(&cli).await;
    assert_eq!((s, v["outcome"].as_str()), (200, Some("done")), "{v}");
    let info = p.info(&cli).await;
    assert_eq!(
        (&info["card"]["last4"], &info["autoRefillEnabled"]),
        (&json!("1111"), &json!(true)),
        "{info}"
    );
    let (s, h) = p.get(&cli, "payment-history").await;
    assert_eq!(s, 200, "{h}");
    assert!(h["totalItems"].as_u64().unwrap() > 0, "{h}");
}

/// Enrolments that arrive while the first one has turned auto-refill on upstream but its
/// answer is not back yet (800 ms late, after the work): each waits for it and gets its
/// answer; before, each read the account, found auto-refill on and answered 409
/// `AUTO_REFILL_NOT_OFFERED`. A press after the run settled is refused as the enrolment of an
/// enrolled account is.
#[tokio::test]
async fn enrolments_overlapping_the_one_in_flight_get_its_answer() {
    use simulators::{fault::Fault, plan::Planned, scenario::Call};
    use std::collections::VecDeque;
    let (_clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let p = Payer::new(&cli, "owner-one", None, None).await;
    let card = card_body(&tokenize(&cli, "6011111111111117").await);
    let (s, v) = p
        .post(&cli, "payment-instrument", Some(card), Some(Uuid::new_v4()))
        .await;
    assert_eq!((s, v["outcome"].as_str()), (200, Some("done")), "{v}");
    let tracking = Uuid::new_v4().to_string();
    let late = Planned {
        fault: Fault::Delay { ms: 800 },
        after_work: true,
    };
    simulators::plan::set(
        &tracking,
        [(Call::EnrollAutopay, VecDeque::from([late]))].into(),
    );
    let press = || async {
        let r = cli
            .post(p.path("auto-refill/enrol"))
            .header(header::COOKIE, p.b.cookies())
            .header("x-xsrf-token", &p.b.xsrf)
            .header("trackingid", &tracking)
            .body_json(&json!({"termsAccepted": true}))
            .send()
            .await;
        let status = r.0.status().as_u16();
        (status, json(r.0).await)
    };
    let later = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        futures_util::future::join_all((0..10).map(|_| press())).await
    };
    let (first, later) = futures_util::future::join(press(), later).await;
    simulators::plan::clear(&tracking);
    for (s, v) in std::iter::once(&first).chain(&later) {
        assert_eq!((*s, v["outcome"].as_str()), (200, Some("done")), "{v}");
        assert_eq!(v["autoRefillEnabled"], true, "{v}");
    }
    tokio::time::sleep(bff::store::Store::SHARED_ANSWER + Duration::from_millis(200)).await;
    let (s, v) = p.enrol(&cli).await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (409, Some("AUTO_REFILL_NOT_OFFERED")),
        "{v}"
    );
}
