//! The move of service over HTTP (issue 13 "Move"; seed 002 §2.8, §3.9, §4.4, §7.2, §7.5, §9;
//! seed 001 §3, §4 "Scheduled move"; seed 000 §2, §4 the address check's move variant): every
//! `scenarios/move/*.yaml` walked as the pages do it (address check, unit, date, the required
//! refill through the refill operations, the move, its confirmation, the cancel) and checked
//! against its `expect` and the account simulator's move ledger; one move for 10 concurrent
//! creates; the 7-day rule on the refill offer and cart; the refusals.

use std::{sync::Arc, time::Duration};

use bff::{
    config::{Mode, UpstreamUrls},
    startup::endpoint,
    state::{AppState, Clock},
};
use chrono::NaiveDate;
use poem::{EndpointExt, http::header, test::TestClient};
use serde_json::{Value, json};
use simulators::run_state::Run;
use uuid::Uuid;

use crate::common::*;
use crate::signin::{Browser, TestClock};

type Cli = TestClient<poem::endpoint::BoxEndpoint<'static, poem::Response>>;

/// A harness BFF on `clock` whose aux-account fetch waits 20 ms instead of 10 s.
async fn app_on(clock: Clock) -> (Cli, Arc<AppState>, simulators::Embedded) {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let mut cfg = config(Mode::Harness, &urls, 3000);
    cfg.reconnect_aux_fetch = Duration::from_millis(20);
    let st = test_state(cfg, urls, clock).await;
    (TestClient::new(endpoint(st.clone()).boxed()), st, sims)
}

async fn app() -> (Cli, Arc<AppState>, simulators::Embedded) {
    app_on(Clock::system()).await
}

/// A signed-in browser on one account, in a simulator run of its own.
struct Mover {
    b: Browser,
    account: String,
    run: String,
    tracking: String,
    locale: String,
}

impl Mover {
    async fn new(
        cli: &Cli,
        identity: &str,
        account: Option<&str>,
        scenario: Option<&str>,
        locale: &str,
    ) -> Self {
        let mut b = Browser::new(cli).await;
        let run = Uuid::new_v4().to_string();
        b.run = Some(run.clone());
        b.scenario = scenario.map(str::to_owned);
        let next = b.sign_in(cli, identity).await["next"]
            .as_str()
            .unwrap_or_default()
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
            locale: locale.to_owned(),
        }
    }

    async fn send(
        &self,
        cli: &Cli,
        method: &str,
        tail: &str,
        body: Option<Value>,
        key: Option<Uuid>,
    ) -> (u16, Value) {
        let path = format!("/secure2/accounts/{}/{tail}", self.account);
        let mut rb = match method {
            "get" => cli.get(path),
            "put" => cli.put(path),
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

    async fn get_move(&self, cli: &Cli) -> (u16, Value) {
        self.send(cli, "get", "move", None, None).await
    }

    async fn address(&self, cli: &Cli, street: &str, unit: &str, zip: &str) -> (u16, Value) {
        let body = json!({"addressLine1": street, "addressLine2": unit, "zip": zip});
        self.send(cli, "post", "move/address", Some(body), None)
            .await
    }

    async fn unit(&self, cli: &Cli, location: &str) -> (u16, Value) {
        let body = json!({"locationId": location});
        self.send(cli, "post", "move/address/unit", Some(body), None)
            .await
    }

    async fn date(&self, cli: &Cli, date: &str) -> (u16, Value) {
        self.send(
            cli,
            "put",
            "move/date",
            Some(json!({"moveDate": date})),
            None,
        )
        .await
    }

    async fn create(&self, cli: &Cli, key: Uuid) -> (u16, Value) {
        self.send(cli, "post", "move", None, Some(key)).await
    }

    async fn confirmation(&self, cli: &Cli) -> (u16, Value) {
        self.send(cli, "get", "move/confirmation", None, None).await
    }

    /// The refill of `plan` with the saved card, as the move's refill pages make it.
    async fn refill(&self, cli: &Cli, plan: &str) -> (Value, Value) {
        let (s, offer) = self.send(cli, "get", "refill", None, None).await;
        assert_eq!(s, 200, "{offer}");
        let choice = json!({"plan": plan, "packages": [], "addOns": [], "promo": false});
        let (s, cart) = self
            .send(cli, "put", "refill/cart", Some(choice), None)
            .await;
        assert_eq!(s, 200, "{cart}");
        let body = json!({"termsAccepted": true});
        let (s, v) = self
            .send(
                cli,
                "post",
                "refill/order",
                Some(body),
                Some(Uuid::new_v4()),
            )
            .await;
        assert_eq!(s, 200, "{v}");
        (offer, v)
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

    /// The simulator's move ledger of this run and account.
    fn ledger(&self) -> simulators::account_move::Move {
        simulators::account_move::ledger(&Run::new(Some(&self.run)), &self.account)
    }

    fn refills(&self) -> usize {
        simulators::refill::ledger(&Run::new(Some(&self.run)), &self.account).len()
    }
}

/// `today` + `days` as `YYYY-MM-DD`.
fn plus(today: &str, days: i64) -> String {
    let t = NaiveDate::parse_from_str(today, "%Y-%m-%d").unwrap();
    (t + chrono::Duration::days(days)).to_string()
}

/// What a walk ended with.
#[derive(Default)]
struct Walked {
    stage: &'static str,
    check: Value,
    schedule: Value,
    next: Value,
    refill: Value,
    result: Value,
    error: Value,
    cancelled: bool,
}

fn stage_of_next(next: &Value) -> &'static str {
    match next.as_str() {
        Some("refillRequired") => "move/refill-required",
        Some("now") => "move/now",
        Some("scheduleFinalize") => "move/schedule-finalize",
        Some("addressConfirmation") => "move/schedule",
        Some("address") => "move",
        other => panic!("next {other:?}"),
    }
}

async fn walk(cli: &Cli, s: &simulators::scenario::Scenario) -> (Walked, Mover) {
    let text = |k: &str| s.input.get(k).and_then(Value::as_str).map(str::to_owned);
    let identity = text("identity").expect("input.identity");
    let locale = text("locale").unwrap_or_else(|| "en".into());
    let m = Mover::new(
        cli,
        &identity,
        text("account").as_deref(),
        Some(&s.id),
        &locale,
    )
    .await;
    let mut w = Walked {
        stage: "move",
        ..Walked::default()
    };
    let (status, first) = m.get_move(cli).await;
    match (status, first["errorCode"].as_str()) {
        (200, _) => {}
        (409, Some("MOVE_NOT_AVAILABLE")) => {
            w.stage = "move/not-available";
            w.error = first;
            return (w, m);
        }
        (409, Some("MOVE_ALREADY_SCHEDULED")) => {
            w.stage = "dashboard/notifications";
            w.error = first;
            return (w, m);
        }
        (500..=599, _) => {
            w.stage = "error";
            w.error = first;
            return (w, m);
        }
        other => panic!("{}: {other:?} {first}", s.id),
    }
    assert_eq!(first["next"], "address", "{}", s.id);
    let today = first["today"].as_str().unwrap().to_owned();
    if let Some(card) = text("addCard") {
        m.add_card(cli, &card).await;
    }
    let Some(street) = text("street") else {
        return (w, m);
    };
    let (status, mut check) = m
        .address(
            cli,
            &street,
            &text("unit").unwrap_or_default(),
            &text("zip").unwrap(),
        )
        .await;
    assert_eq!(status, 200, "{}: {check}", s.id);
    if check["outcome"] == "multiple" {
        let pick = text("pickUnit").expect("input.pickUnit");
        w.check = check.clone();
        let unit = check["units"]
            .as_array()
            .unwrap()
            .iter()
            .find(|u| u["address"]["addressLine2"] == pick.as_str())
            .expect("the unit to pick")
            .clone();
        let (status, c) = m.unit(cli, unit["locationId"].as_str().unwrap()).await;
        assert_eq!(status, 200, "{}: {c}", s.id);
        check = json!({"units": w.check["units"].clone(), "outcome": c["outcome"], "address": c["address"]});
    }
    w.check = check.clone();
    if check["outcome"] == "error" {
        w.stage = "error";
        return (w, m);
    }
    let Some(days) = s.input.get("moveInDays").and_then(Value::as_i64) else {
        return (w, m);
    };
    let held = matches!(check["outcome"].as_str(), Some("serviceable" | "coldTap"));
    let (status, mv) = m.date(cli, &plus(&today, days)).await;
    if status != 200 {
        assert_eq!(status, 400, "{}: {mv}", s.id);
        w.stage = "move/schedule";
        w.error = mv;
        return (w, m);
    }
    w.schedule = mv["schedule"].clone();
    w.next = mv["next"].clone();
    w.stage = if held {
        stage_of_next(&mv["next"])
    } else {
        "move"
    };
    if let Some(plan) = text("refill")
        && mv["schedule"]["refillRequired"] == true
    {
        let (offer, r) = m.refill(cli, &plan).await;
        // the offer follows the 7-day rule of the move
        let seven = offer["plans"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["code"] == "HSD_007");
        assert_eq!(
            Some(seven),
            mv["schedule"]["sevenDayOffered"].as_bool(),
            "{}",
            s.id
        );
        w.refill = r.clone();
        let (_, after) = m.get_move(cli).await;
        if r["outcome"] == "failed" {
            w.stage = "move/refill-review";
            assert_eq!(after["schedule"]["refillRequired"], true, "{}", s.id);
        } else {
            assert_eq!(after["schedule"]["refilled"], true, "{}: {after}", s.id);
            assert_eq!(after["refill"]["plan"], plan.as_str(), "{}", s.id);
            w.stage = stage_of_next(&after["next"]);
        }
    }
    if s.input.get("create") != Some(&Value::Bool(true)) {
        return (w, m);
    }
    let (status, v) = m.create(cli, Uuid::new_v4()).await;
    match (status, v["outcome"].as_str(), v["errorCode"].as_str()) {
        (200, Some("moved"), _) => {
            let c = &v["confirmation"];
            w.stage = if c["when"] == "today" {
                "move/now-confirmation"
            } else {
                "move/schedule-confirmation"
            };
            // the confirmation page re-reads it; the dashboard shows the move
            let (s2, conf) = m.confirmation(cli).await;
            assert_eq!(
                (s2, &conf["confirmationNumber"]),
                (200, &c["confirmationNumber"])
            );
            let (_, dash) = m.send(cli, "get", "dashboard", None, None).await;
            assert_eq!(
                dash["scheduledMove"]["scheduleDate"], c["moveDate"],
                "{}: {dash}",
                s.id
            );
            let (_, again) = m.get_move(cli).await;
            assert_eq!(again["next"], "confirmation", "{}", s.id);
        }
        (200, Some("failed"), _) => w.stage = "error",
        (409, _, Some("MOVE_REFILL_REQUIRED" | "MOVE_NOT_READY")) => {}
        (500..=599, _, _) => w.stage = "error",
        other => panic!("{}: {other:?} {v}", s.id),
    }
    if status == 200 {
        w.result = v.clone();
    } else {
        w.error = v.clone();
    }
    if s.input.get("cancel") == Some(&Value::Bool(true)) {
        let (s2, c) = m
            .send(
                cli,
                "post",
                "scheduled-move/cancel",
                None,
                Some(Uuid::new_v4()),
            )
            .await;
        assert_eq!((s2, c["result"].as_str()), (200, Some("cancelled")), "{c}");
        let (s3, gone) = m.confirmation(cli).await;
        assert_eq!((s3, gone["errorCode"].as_str()), (404, Some("NO_MOVE")));
        let (_, fresh) = m.get_move(cli).await;
        assert_eq!(fresh["next"], "address", "a new move starts: {fresh}");
        w.cancelled = true;
        w.stage = "dashboard";
    }
    (w, m)
}

#[tokio::test]
async fn every_move_scenario_ends_as_it_expects() {
    let (cli, _st, _sims) = app().await;
    let scenarios: Vec<_> = simulators::scenario::all()
        .iter()
        .filter(|s| s.id.starts_with("move/"))
        .collect();
    assert_eq!(scenarios.len(), 22);
    for s in scenarios {
        let (w, m) = walk(&cli, s).await;
        let (e, id) = (&s.expect, &s.id);
        assert_eq!(Some(w.stage), e["stage"].as_str(), "{id}: stage");
        let last = if w.error.is_null() {
            &w.result
        } else {
            &w.error
        };
        for k in ["outcome", "reason"] {
            if let Some(v) = e.get(k) {
                assert_eq!(&w.result[k], v, "{id}: {k} {}", w.result);
            }
        }
        if let Some(v) = e.get("errorCode") {
            assert_eq!(&last["errorCode"], v, "{id}: errorCode {last}");
        }
        if e.get("message").and_then(Value::as_str) == Some("catalogue") {
            let msg = last["message"].as_str().unwrap_or_default();
            // the catalogue's sentence, not the developer text (lower case) nor a code
            assert!(
                msg.chars().next().is_some_and(char::is_uppercase) && !msg.contains("MOVE_"),
                "{id}: {msg}"
            );
        }
        if let Some(v) = e.get("addressOutcome") {
            assert_eq!(&w.check["outcome"], v, "{id}: address {}", w.check);
        }
        for k in ["refillRequired", "sevenDayOffered", "moveDateGap"] {
            if let Some(v) = e.get(k) {
                assert_eq!(&w.schedule[k], v, "{id}: {k} {}", w.schedule);
            }
        }
        if let Some(v) = e.get("next") {
            assert_eq!(&w.next, v, "{id}: next");
        }
        if let Some(v) = e.get("refillOutcome") {
            assert_eq!(&w.refill["outcome"], v, "{id}: refill {}", w.refill);
        }
        for k in ["when", "cancelAllowed"] {
            if let Some(v) = e.get(k) {
                assert_eq!(&w.result["confirmation"][k], v, "{id}: {k}");
            }
        }
        if let Some(n) = e.get("units").and_then(Value::as_u64) {
            assert_eq!(w.check["units"].as_array().map(Vec::len), Some(n as usize));
        }
        if let Some(v) = e.get("toUnit") {
            assert_eq!(
                &w.result["confirmation"]["toAddress"]["addressLine2"], v,
                "{id}"
            );
        }
        let ledger = m.ledger();
        if let Some(n) = e.get("ledger").and_then(Value::as_u64) {
            assert_eq!(u64::from(ledger.created), n, "{id}: moves created");
        }
        if let Some(n) = e.get("refills").and_then(Value::as_u64) {
            assert_eq!(m.refills() as u64, n, "{id}: refills");
        }
        if let Some(v) = e.get("cancelled") {
            assert_eq!(Some(w.cancelled), v.as_bool(), "{id}");
            assert_eq!(Some(ledger.cancelled), v.as_bool(), "{id}: ledger");
        }
        if w.result["outcome"] == "moved" {
            // the create-aux payload the BFF built: flow MOVE, the destination held
            assert_eq!(ledger.move_date, w.result["confirmation"]["moveDate"]);
            assert!(ledger.location_id.starts_with("LOC-"), "{id}");
            let c = &w.result["confirmation"];
            assert_eq!(c["fromAddress"]["zip"].as_str().map(str::len), Some(5));
            assert_ne!(c["toAddress"], c["fromAddress"], "{id}");
        }
    }
}

/// A signed-in owner-one with Spring St held and a date 5 days ahead.
async fn ready(cli: &Cli, scenario: Option<&str>) -> Mover {
    let m = Mover::new(cli, "owner-one", None, scenario, "en").await;
    let (_, first) = m.get_move(cli).await;
    let (s, _) = m.address(cli, "845 Spring St NW", "", "30308").await;
    assert_eq!(s, 200);
    let (s, v) = m
        .date(cli, &plus(first["today"].as_str().unwrap(), 5))
        .await;
    assert_eq!(
        (s, v["next"].as_str()),
        (200, Some("scheduleFinalize")),
        "{v}"
    );
    m
}

#[tokio::test]
async fn one_move_per_attempt_for_concurrent_creates_and_retries() {
    let (cli, _st, _sims) = app().await;
    let m = ready(&cli, None).await;
    let key = Uuid::new_v4();
    let creates = (0..20).map(|i| {
        let (cli, m) = (&cli, &m);
        // half the presses reuse one key (a retry), half bring new ones (double clicks)
        let k = if i % 2 == 0 { key } else { Uuid::new_v4() };
        async move { m.create(cli, k).await }
    });
    let answers = futures_util::future::join_all(creates).await;
    // every press gets the one move: a press overlapping the attempt in flight waits for it
    // (before, one that read the account after the move was made upstream but before the
    // attempt recorded it got 409 MOVE_ALREADY_SCHEDULED: 19 of 20)
    let numbers: Vec<_> = answers
        .iter()
        .map(|(s, v)| {
            assert_eq!((*s, v["outcome"].as_str()), (200, Some("moved")), "{v}");
            v["confirmation"]["confirmationNumber"].clone()
        })
        .collect();
    assert!(!numbers.is_empty(), "one press gets the move");
    assert!(numbers.iter().all(|n| *n == numbers[0]));
    let ledger = m.ledger();
    assert_eq!(
        (ledger.calls, ledger.created),
        (1, 1),
        "one create upstream"
    );
    // later presses get the same move, no new create
    let (s, v) = m.create(&cli, Uuid::new_v4()).await;
    assert_eq!(
        (s, &v["confirmation"]["confirmationNumber"]),
        (200, &numbers[0])
    );
    assert_eq!(m.ledger().calls, 1);
    // the move is made: no address or date change
    let (s, v) = m.address(&cli, "500 Oak Ave", "", "30312").await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (409, Some("MOVE_ALREADY_SCHEDULED"))
    );
}

/// Creates that arrive while the first one's aux account exists upstream but its answer is
/// not back yet (the create's answer 800 ms late, after the work): each waits for the attempt
/// in flight and gets the move, whatever its key; before, each read the account, found the
/// move just made scheduled and answered 409 `MOVE_ALREADY_SCHEDULED`.
#[tokio::test]
async fn creates_overlapping_the_one_in_flight_get_its_move() {
    use simulators::{fault::Fault, plan::Planned, scenario::Call};
    use std::collections::VecDeque;
    let (cli, _st, _sims) = app().await;
    let m = ready(&cli, None).await;
    let late = Planned {
        fault: Fault::Delay { ms: 800 },
        after_work: true,
    };
    simulators::plan::set(
        &m.tracking,
        [(Call::CreateAuxAccount, VecDeque::from([late]))].into(),
    );
    let key = Uuid::new_v4();
    let first = m.create(&cli, key);
    let later = async {
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        futures_util::future::join_all((0..10).map(|i| {
            let k = if i % 2 == 0 { key } else { Uuid::new_v4() };
            m.create(&cli, k)
        }))
        .await
    };
    let (first, later) = futures_util::future::join(first, later).await;
    simulators::plan::clear(&m.tracking);
    assert_eq!(
        (first.0, first.1["outcome"].as_str()),
        (200, Some("moved")),
        "{}",
        first.1
    );
    let number = &first.1["confirmation"]["confirmationNumber"];
    for (s, v) in &later {
        assert_eq!((*s, v["outcome"].as_str()), (200, Some("moved")), "{v}");
        assert_eq!(&v["confirmation"]["confirmationNumber"], number);
    }
    assert_eq!(m.ledger().created, 1, "one aux account");
}

#[tokio::test]
async fn a_failed_attempt_ends_and_the_next_one_creates() {
    let (cli, _st, _sims) = app().await;
    let m = ready(&cli, Some("move/create-refused")).await;
    let (s, v) = m.create(&cli, Uuid::new_v4()).await;
    assert_eq!((s, v["outcome"].as_str()), (200, Some("failed")));
    // the same key replays the failure; a new attempt without the scenario succeeds
    let key = Uuid::new_v4();
    let mut plain = m;
    plain.b.scenario = None;
    let (s, v) = plain.create(&cli, key).await;
    assert_eq!((s, v["outcome"].as_str()), (200, Some("moved")), "{v}");
    assert_eq!(plain.ledger().created, 1);
}

#[tokio::test]
async fn the_seven_day_plan_follows_the_move_date_gap() {
    let (cli, _st, _sims) = app().await;
    // ExpiringSoon: 5 days left; with a saved card
    let m = Mover::new(&cli, "owner-states", Some("8993100000001301"), None, "en").await;
    let (_, first) = m.get_move(&cli).await;
    let today = first["today"].as_str().unwrap().to_owned();
    assert_eq!(first["sevenDayPlan"], true);
    let seven = |offer: &Value| {
        offer["plans"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["code"] == "HSD_007")
    };
    // no move date yet: the plain refill offers it
    let (_, offer) = m.send(&cli, "get", "refill", None, None).await;
    assert!(seven(&offer));
    // choose 7 days first, then a date 30 days ahead (gap over 7): the 7-day cart is dropped
    let choice = json!({"plan": "HSD_007", "packages": [], "addOns": [], "promo": false});
    let (s, _) = m
        .send(&cli, "put", "refill/cart", Some(choice.clone()), None)
        .await;
    assert_eq!(s, 200);
    let (_, mv) = m.date(&cli, &plus(&today, 30)).await;
    assert_eq!(
        (
            &mv["schedule"]["refillRequired"],
            &mv["schedule"]["sevenDayOffered"]
        ),
        (&json!(true), &json!(false)),
        "{mv}"
    );
    assert!(mv["schedule"]["moveDateGap"].as_i64().unwrap() > 7);
    let (_, offer) = m.send(&cli, "get", "refill", None, None).await;
    assert!(!seven(&offer), "{offer}");
    assert_eq!(
        offer["cart"]["plan"], "HSD_030",
        "the 7-day cart was dropped"
    );
    let (s, v) = m
        .send(&cli, "put", "refill/cart", Some(choice.clone()), None)
        .await;
    assert_eq!(
        (s, v["details"][0]["code"].as_str()),
        (400, Some("notOffered")),
        "{v}"
    );
    // a date 3 days after the expiry: offered again
    let (_, mv) = m.date(&cli, &plus(&today, 8)).await;
    assert_eq!(mv["schedule"]["sevenDayOffered"], true, "{mv}");
    let (_, offer) = m.send(&cli, "get", "refill", None, None).await;
    assert!(seven(&offer));
    // a date the service covers: no refill, nothing withheld
    let (_, mv) = m.date(&cli, &plus(&today, 2)).await;
    assert_eq!(
        (
            &mv["schedule"]["refillRequired"],
            &mv["schedule"]["moveDateGap"]
        ),
        (&json!(false), &json!(0))
    );
    let (s, _) = m.send(&cli, "put", "refill/cart", Some(choice), None).await;
    assert_eq!(s, 200);
}

#[tokio::test]
async fn refusals_before_a_move_can_be_made() {
    let (cli, _st, _sims) = app().await;
    let m = Mover::new(&cli, "owner-one", None, None, "en").await;
    // nothing held yet
    let (s, v) = m.create(&cli, Uuid::new_v4()).await;
    assert_eq!((s, v["errorCode"].as_str()), (409, Some("MOVE_NOT_READY")));
    let (s, v) = m.confirmation(&cli).await;
    assert_eq!((s, v["errorCode"].as_str()), (404, Some("NO_MOVE")));
    // a date that is not one, a unit never listed
    let (s, v) = m.date(&cli, "2026-02-30").await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (400, Some("VALIDATION_FAILED")),
        "{v}"
    );
    let (s, v) = m.date(&cli, "tomorrow").await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (400, Some("VALIDATION_FAILED"))
    );
    let (s, v) = m.unit(&cli, "LOC-30312-0104").await;
    assert_eq!(
        (s, v["details"][0]["code"].as_str()),
        (400, Some("notOffered")),
        "{v}"
    );
    // a bad zip never reaches the address service
    let (s, v) = m.address(&cli, "845 Spring St NW", "", "3030").await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (400, Some("VALIDATION_FAILED"))
    );
    // a date alone (no destination): the move is not ready
    let (_, first) = m.get_move(&cli).await;
    let (s, v) = m.date(&cli, first["today"].as_str().unwrap()).await;
    assert_eq!((s, v["next"].as_str()), (200, Some("address")));
    let (s, v) = m.create(&cli, Uuid::new_v4()).await;
    assert_eq!((s, v["errorCode"].as_str()), (409, Some("MOVE_NOT_READY")));
    // a write without the CSRF token
    let r = cli
        .post(format!("/secure2/accounts/{}/move", m.account))
        .header(header::COOKIE, m.b.cookies())
        .header("Idempotency-Key", Uuid::new_v4().to_string())
        .send()
        .await;
    assert_eq!(r.0.status().as_u16(), 403);
    assert_eq!(m.ledger().calls, 0);
}

#[tokio::test]
async fn the_date_held_can_pass_and_a_move_today_cannot_be_cancelled() {
    // the BFF clock 2 minutes before the next midnight in US Eastern time (the move day's
    // start), so a date held passes within the sign-in's idle window
    let (clock, c) = TestClock::new();
    let now = chrono::Utc::now();
    let midnight = bff::domain::dashboard::cancel_cutoff(
        bff::flows::r#move::rules::today(now) + chrono::Duration::days(1),
    );
    clock.advance(
        (midnight - now - chrono::Duration::seconds(120))
            .to_std()
            .unwrap(),
    );
    let (cli, _st, _sims) = app_on(c).await;
    let m = Mover::new(&cli, "owner-one", None, None, "en").await;
    let (_, first) = m.get_move(&cli).await;
    let today = first["today"].as_str().unwrap().to_owned();
    m.address(&cli, "845 Spring St NW", "", "30308").await;
    let (s, v) = m.date(&cli, &today).await;
    assert_eq!((s, v["next"].as_str()), (200, Some("now")), "{v}");
    // three minutes later the move day held is yesterday
    clock.advance(Duration::from_secs(180));
    let (s, v) = m.create(&cli, Uuid::new_v4()).await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (400, Some("MOVE_DATE_IN_PAST")),
        "{v}"
    );
    assert_eq!(v["details"][0]["code"], "past");
    let (_, after) = m.get_move(&cli).await;
    assert_eq!(after["today"], plus(&today, 1).as_str());
    // today on the new day: moved, and its day has begun, so no cancel
    let (s, _) = m.date(&cli, after["today"].as_str().unwrap()).await;
    assert_eq!(s, 200);
    let (s, v) = m.create(&cli, Uuid::new_v4()).await;
    assert_eq!((s, v["outcome"].as_str()), (200, Some("moved")), "{v}");
    assert_eq!(v["confirmation"]["cancelAllowed"], false);
    assert_eq!(v["confirmation"]["when"], "today");
    let (s, v) = m
        .send(
            &cli,
            "post",
            "scheduled-move/cancel",
            None,
            Some(Uuid::new_v4()),
        )
        .await;
    assert_eq!(
        (s, v["errorCode"].as_str()),
        (409, Some("MOVE_CANCEL_CUTOFF_PASSED")),
        "{v}"
    );
}
