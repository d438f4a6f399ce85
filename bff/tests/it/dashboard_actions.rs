//! The dashboard's actions over HTTP against the embedded simulators (seed 001 §2
//! "Dashboard", §4 "Scheduled move", "Reset router"; seed 002 "update scheduled move"):
//! `cancelScheduledMove` before and after the cutoff (the BFF's clock), twice at once,
//! refused or failing upstream; `restartDevice` restarted or failed; CSRF; and every
//! `scenarios/dashboard/` scenario walked as the web does it.

use std::time::Duration;

use bff::{domain::dashboard::cancel_cutoff, state::Clock};
use chrono::{DateTime, Days, Utc};
use poem::http::header;
use serde_json::{Value, json};
use simulators::account_world::MOVE_IN_DAYS;

use crate::{
    common::*,
    signin::{Browser, app_with_clock},
};

/// The account of `owner-states` with a scheduled move (`MOVE_IN_DAYS` ahead).
const MOVING: &str = "8993100000001304";
/// The one account of `owner-one` (a modem with a MAC).
const ONE: &str = "8993100000000101";

/// The cancel cutoff of the world's scheduled move (the simulators' day is the system's).
fn cutoff() -> DateTime<Utc> {
    cancel_cutoff(Utc::now().date_naive() + Days::new(MOVE_IN_DAYS))
}

/// A clock `at - now` ahead of the system's, so it reads `at` now and runs on.
fn clock_at(at: DateTime<Utc>) -> Clock {
    let offset = at - Utc::now();
    Clock(std::sync::Arc::new(move || Utc::now() + offset))
}

/// A signed-in browser on its own simulator run (and `scenario`, when given) with `account`.
struct Signed {
    b: Browser,
    cookies: String,
    account: String,
}

impl Signed {
    async fn new(
        cli: &Client,
        identity: &str,
        account: Option<&str>,
        scenario: Option<&str>,
    ) -> Self {
        let mut b = Browser::new(cli).await;
        b.scenario = scenario.map(str::to_owned);
        let next = b.sign_in(cli, identity).await["next"].clone();
        let account = match account {
            Some(a) => {
                assert_eq!(next, "accountPicker");
                let r = b
                    .post(cli, "/secure2/account-picker", json!({"accountId": a}))
                    .await;
                r.assert_status_is_ok();
                a.to_owned()
            }
            None => json(b.get(cli, "/secure2/profile").await.0).await["accountId"]
                .as_str()
                .unwrap()
                .to_owned(),
        };
        let mut cookies = format!("{}; sim_run={}", b.cookie, uuid::Uuid::new_v4());
        if let Some(s) = scenario {
            cookies.push_str(&format!("; sim_scenario={s}"));
        }
        Self {
            b,
            cookies,
            account,
        }
    }

    async fn dashboard(&self, cli: &Client) -> Value {
        let r = cli
            .get(format!("/secure2/accounts/{}/dashboard", self.account))
            .header(header::COOKIE, &self.cookies)
            .send()
            .await;
        r.assert_status_is_ok();
        json(r.0).await
    }

    async fn cancel(&self, cli: &Client, key: &str) -> poem::test::TestResponse {
        cli.post(format!(
            "/secure2/accounts/{}/scheduled-move/cancel",
            self.account
        ))
        .header(header::COOKIE, &self.cookies)
        .header("x-xsrf-token", &self.b.xsrf)
        .header("Idempotency-Key", key)
        .header("accept-language", "es")
        .send()
        .await
    }

    async fn restart(&self, cli: &Client) -> poem::test::TestResponse {
        cli.post(format!("/secure2/accounts/{}/device/restart", self.account))
            .header(header::COOKIE, &self.cookies)
            .header("x-xsrf-token", &self.b.xsrf)
            .send()
            .await
    }
}

fn key() -> String {
    uuid::Uuid::new_v4().to_string()
}

#[tokio::test]
async fn a_move_cancels_until_the_cutoff_and_then_is_gone() {
    let (cli, _st, _sims) = app_with_clock(clock_at(cutoff() - Duration::from_secs(60))).await;
    let s = Signed::new(&cli, "owner-states", Some(MOVING), None).await;
    assert!(s.dashboard(&cli).await["scheduledMove"].is_object());
    let r = s.cancel(&cli, &key()).await;
    r.assert_status_is_ok();
    assert_eq!(json(r.0).await, json!({"result": "cancelled"}));
    assert!(s.dashboard(&cli).await.get("scheduledMove").is_none());
    assert_api_error(s.cancel(&cli, &key()).await, 409, "NO_SCHEDULED_MOVE").await;
}

/// The harness's admin API (issue 15 §5) over the BFF: the run's ledgers show the cancelled
/// move; a reset of the run (CSRF-checked) forgets it, so the move is back on the dashboard.
#[tokio::test]
async fn the_admin_api_reads_and_resets_a_run() {
    let (cli, _st, _sims) = app_with_clock(clock_at(cutoff() - Duration::from_secs(60))).await;
    let s = Signed::new(&cli, "owner-states", Some(MOVING), None).await;
    let ledgers = |cookies: String| {
        let cli = &cli;
        async move {
            let r = cli
                .get("/harness/admin/ledgers")
                .header(header::COOKIE, cookies)
                .send()
                .await;
            r.assert_status_is_ok();
            json(r.0).await
        }
    };
    assert_eq!(
        ledgers(s.cookies.clone()).await["cancelledMoves"],
        json!({})
    );
    s.cancel(&cli, &key()).await.assert_status_is_ok();
    assert_eq!(
        ledgers(s.cookies.clone()).await["cancelledMoves"],
        json!({ MOVING: true })
    );
    // another run (a header wins over the cookie) saw nothing
    let other = cli
        .get("/harness/admin/ledgers")
        .header(header::COOKIE, &s.cookies)
        .header("x-sim-run", key())
        .send()
        .await;
    assert_eq!(json(other.0).await["cancelledMoves"], json!({}));
    let reset = |token: Option<String>| {
        let (cli, cookies) = (&cli, s.cookies.clone());
        async move {
            let mut r = cli
                .post("/harness/admin/reset")
                .header(header::COOKIE, cookies);
            if let Some(t) = token {
                r = r.header("x-xsrf-token", t);
            }
            r.send().await
        }
    };
    assert_api_error(reset(None).await, 403, "CSRF_REJECTED").await;
    reset(Some(s.b.xsrf.clone()))
        .await
        .assert_status(poem::http::StatusCode::NO_CONTENT);
    assert_eq!(
        ledgers(s.cookies.clone()).await["cancelledMoves"],
        json!({})
    );
    assert!(s.dashboard(&cli).await["scheduledMove"].is_object());
    let list = cli.get("/harness/admin/scenarios").send().await;
    list.assert_status_is_ok();
    let list = json(list.0).await;
    assert_eq!(
        list.as_array().map(Vec::len),
        Some(simulators::scenario::all().len())
    );
    assert_eq!(
        cli.get("/harness/admin/nothing").send().await.0.status(),
        404
    );
}

#[tokio::test]
async fn at_the_cutoff_the_move_can_no_longer_be_cancelled() {
    let (cli, _st, _sims) = app_with_clock(clock_at(cutoff())).await;
    let s = Signed::new(&cli, "owner-states", Some(MOVING), None).await;
    assert_api_error(
        s.cancel(&cli, &key()).await,
        409,
        "MOVE_CANCEL_CUTOFF_PASSED",
    )
    .await;
    assert!(s.dashboard(&cli).await["scheduledMove"].is_object());
}

#[tokio::test]
async fn an_account_without_a_move_has_nothing_to_cancel() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let s = Signed::new(&cli, "owner-one", None, None).await;
    assert_api_error(s.cancel(&cli, &key()).await, 409, "NO_SCHEDULED_MOVE").await;
}

#[tokio::test]
async fn a_double_submit_cancels_once_and_both_get_its_answer() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let s = Signed::new(&cli, "owner-states", Some(MOVING), None).await;
    let k = key();
    let (a, b) = tokio::join!(s.cancel(&cli, &k), s.cancel(&cli, &k));
    // a second upstream cancel would have answered MOVE_NOT_FOUND (result failed)
    for r in [a, b] {
        r.assert_status_is_ok();
        assert_eq!(json(r.0).await, json!({"result": "cancelled"}));
    }
    let again = s.cancel(&cli, &k).await;
    again.assert_status_is_ok();
    assert_eq!(json(again.0).await["result"], "cancelled");
}

#[tokio::test]
async fn upstream_refusal_is_a_catalogue_message_and_a_failure_a_5xx() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let refused = Signed::new(
        &cli,
        "owner-states",
        Some(MOVING),
        Some("dashboard/cancel-move-refused"),
    )
    .await;
    let r = refused.cancel(&cli, &key()).await;
    r.assert_status_is_ok();
    let a = json(r.0).await;
    assert_eq!(a["result"], "failed");
    assert_eq!(a["errorCode"], "MOVE_NOT_FOUND");
    let message = a["message"].as_str().unwrap();
    assert!(
        !message.is_empty() && !message.contains("No scheduled move"),
        "{message}"
    );
    let down = Signed::new(
        &cli,
        "owner-states",
        Some(MOVING),
        Some("dashboard/cancel-move-failure"),
    )
    .await;
    assert_api_error(down.cancel(&cli, &key()).await, 502, "UPSTREAM_ERROR").await;
}

#[tokio::test]
async fn the_modem_restarts_or_fails_as_the_device_answers() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let ok = Signed::new(&cli, "owner-one", None, None).await;
    assert_eq!(ok.account, ONE);
    let r = ok.restart(&cli).await;
    r.assert_status_is_ok();
    assert_eq!(json(r.0).await, json!({"result": "restarted"}));
    let failed = Signed::new(&cli, "owner-one", None, Some("dashboard/restart-failed")).await;
    let r = failed.restart(&cli).await;
    r.assert_status_is_ok();
    assert_eq!(json(r.0).await, json!({"result": "failed"}));
}

#[tokio::test]
async fn both_actions_need_the_csrf_token_and_a_key() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let s = Signed::new(&cli, "owner-states", Some(MOVING), None).await;
    for path in ["scheduled-move/cancel", "device/restart"] {
        let r = cli
            .post(format!("/secure2/accounts/{MOVING}/{path}"))
            .header(header::COOKIE, &s.cookies)
            .header("Idempotency-Key", key())
            .send()
            .await;
        assert_api_error(r, 403, "CSRF_REJECTED").await;
    }
    let r = cli
        .post(format!("/secure2/accounts/{MOVING}/scheduled-move/cancel"))
        .header(header::COOKIE, &s.cookies)
        .header("x-xsrf-token", &s.b.xsrf)
        .send()
        .await;
    assert_api_error(r, 400, "VALIDATION_FAILED").await;
    assert!(s.dashboard(&cli).await["scheduledMove"].is_object());
}

/// Where a dashboard scenario ends, walked as the web does it (`scenarios/README.md`
/// "Dashboard actions").
async fn walk(cli: &Client, s: &simulators::scenario::Scenario) -> String {
    let text = |k: &str| s.input.get(k).and_then(Value::as_str);
    let signed = Signed::new(
        cli,
        text("identity").expect("input.identity"),
        text("account"),
        Some(&s.id),
    )
    .await;
    match text("action").expect("input.action") {
        "cancelMove" => {
            let r = signed.cancel(cli, &key()).await;
            if r.0.status() != 200 {
                return "error".into();
            }
            match json(r.0).await["result"].as_str() {
                Some("cancelled") => {
                    let d = signed.dashboard(cli).await;
                    assert!(d.get("scheduledMove").is_none(), "{}", s.id);
                    "dashboard".into()
                }
                _ => "error".into(),
            }
        }
        "restartDevice" => {
            let r = signed.restart(cli).await;
            if r.0.status() != 200 {
                return "restart-failed".into();
            }
            match json(r.0).await["result"].as_str() {
                Some("restarted") => "restarted".into(),
                _ => "restart-failed".into(),
            }
        }
        other => panic!("{}: unknown action {other}", s.id),
    }
}

#[tokio::test]
async fn every_dashboard_scenario_ends_as_it_expects() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let scenarios: Vec<_> = simulators::scenario::all()
        .iter()
        .filter(|s| s.flow == "dashboard")
        .collect();
    assert!(scenarios.len() >= 4, "{}", scenarios.len());
    for s in scenarios {
        assert_eq!(walk(&cli, s).await, s.expect["stage"], "{}", s.id);
    }
}
