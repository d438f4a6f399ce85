//! Activation over HTTP (seed 001 §4 "Activation", §5, §7, §8): every
//! `scenarios/activation/` scenario walked as the page does it and its `expect` checked;
//! CSRF on both writes; the guid check; one activation per attempt under double submit.

use bff::state::Clock;
use poem::http::header;
use serde_json::{Value, json};

use crate::common::*;
use crate::signin::{Browser, app_with_clock};

/// A signed-in browser with a scenario and its own simulator run.
struct Page {
    b: Browser,
    scenario: Option<String>,
    run: String,
}

impl Page {
    fn cookies(&self) -> String {
        let mut c = format!("{}; sim_run={}", self.b.cookie, self.run);
        if let Some(s) = &self.scenario {
            c.push_str(&format!("; sim_scenario={s}"));
        }
        c
    }

    async fn get(&self, cli: &Client, path: &str) -> poem::test::TestResponse {
        cli.get(path)
            .header(header::COOKIE, self.cookies())
            .send()
            .await
    }

    async fn post(&self, cli: &Client, path: &str, body: Value) -> poem::test::TestResponse {
        cli.post(path)
            .header(header::COOKIE, self.cookies())
            .header("x-xsrf-token", &self.b.xsrf)
            .body_json(&body)
            .send()
            .await
    }
}

/// Signs in as `identity` (choosing `account` on the picker when there is one).
async fn signed_in(cli: &Client, identity: &str, account: &str, scenario: Option<&str>) -> Page {
    let mut b = Browser::new(cli).await;
    b.scenario = scenario.map(str::to_owned);
    let next = b.sign_in(cli, identity).await;
    if next["next"] == "accountPicker" {
        b.post(
            cli,
            "/secure2/account-picker",
            json!({"accountId": account}),
        )
        .await
        .assert_status_is_ok();
    }
    Page {
        b,
        scenario: scenario.map(str::to_owned),
        run: uuid::Uuid::new_v4().to_string(),
    }
}

fn path(account: &str, rest: &str) -> String {
    format!("/secure2/accounts/{account}/activation{rest}")
}

/// Walks one scenario as the page does: the entry, the MAC when not located, Activate
/// (with the names for VAN), the ping file behind the modem; the facts `expect` names.
async fn walk(cli: &Client, s: &simulators::scenario::Scenario) -> Value {
    let text = |k: &str| {
        s.input
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let account = text("account");
    let p = signed_in(cli, &text("identity"), &account, Some(&s.id)).await;
    let r = p.get(cli, &path(&account, "")).await;
    if r.0.status().as_u16() == 403 {
        let e = json(r.0).await;
        let stage = match e["errorCode"].as_str() {
            Some("PERMISSION_DENIED") => "permission-error",
            _ => "activation-error",
        };
        return json!({"stage": stage});
    }
    r.assert_status_is_ok();
    let entry = json(r.0).await;
    let mut out =
        json!({"van": entry["van"], "deviceLocated": entry["deviceLocated"], "bhr": entry["bhr"]});
    if entry["next"] == "error" {
        out["stage"] = "activation-error".into();
        return out;
    }
    assert_eq!(entry["accountId"], account.as_str());
    if entry["deviceLocated"] == false {
        let r = p
            .post(cli, &path(&account, "/mac"), json!({"mac": text("mac")}))
            .await;
        r.assert_status_is_ok();
        let m = json(r.0).await;
        out["macStatus"] = m["status"].clone();
        if m["status"] == "failure" {
            out["stage"] = "mac-failure".into();
            // Activate stays disabled
            let r = p
                .post(cli, &path(&account, ""), json!({"language": "ENGLISH"}))
                .await;
            assert_eq!(r.0.status().as_u16(), 409);
            return out;
        }
    }
    let body = json!({"firstName": text("firstName"), "lastName": text("lastName"), "language": "SPANISH"});
    let r = p.post(cli, &path(&account, ""), body).await;
    r.assert_status_is_ok();
    let a = json(r.0).await;
    out["httpStatus"] = a["httpStatus"].clone();
    out["restart"] = a["restart"].clone();
    if a["outcome"] == "failure" {
        out["stage"] = "activation-error".into();
        assert_eq!(a["restart"], "notAttempted");
        return out;
    }
    out["stage"] = "success".into();
    if entry["bhr"] == true && s.expect.get("pings").is_some() {
        let ping = entry["pingUrl"].as_str().unwrap();
        let mut pings = 0;
        loop {
            pings += 1;
            let status = p.get(cli, ping).await.0.status().as_u16();
            if status == 200 || pings > 5 {
                break;
            }
            assert_eq!(status, 503);
        }
        out["pings"] = pings.into();
    }
    out
}

#[tokio::test]
async fn every_activation_scenario_ends_as_it_expects() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let scenarios: Vec<_> = simulators::scenario::all()
        .iter()
        .filter(|s| s.flow == "activation")
        .collect();
    assert!(scenarios.len() >= 8, "{}", scenarios.len());
    for s in scenarios {
        let got = walk(&cli, s).await;
        for (k, want) in s.expect.as_object().unwrap() {
            assert_eq!(&got[k], want, "{}: {k} in {got}", s.id);
        }
    }
}

#[tokio::test]
async fn writes_need_the_token_and_the_guid_must_be_the_identitys() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let account = "8993100000000202";
    let p = signed_in(&cli, "owner-several", account, None).await;
    // the guid of the link, base64: the identity's is accepted, another refused
    let own = "Q0ctMjAwMDAwMDAwMDAy"; // CG-200000000002, owner-several's
    p.get(&cli, &path(account, &format!("?guid={own}")))
        .await
        .assert_status_is_ok();
    let other = "Q0ctMjAwMDAwMDAwMDAz";
    let r = p.get(&cli, &path(account, &format!("?guid={other}"))).await;
    assert_api_error(r, 403, "SESSION_REJECTED").await;
    // another identity's account
    let r = p.get(&cli, &path("8993100000000101", "")).await;
    assert_api_error(r, 403, "SESSION_REJECTED").await;
    for (rest, body) in [
        ("/mac", json!({"mac": "A4:B1:00:00:02:02"})),
        ("", json!({"language": "ENGLISH"})),
    ] {
        let r = cli
            .post(path(account, rest))
            .header(header::COOKIE, p.cookies())
            .body_json(&body)
            .send()
            .await;
        assert_api_error(r, 403, "CSRF_REJECTED").await;
    }
    // a MAC without 12 hex digits is refused before any call
    let r = p
        .post(&cli, &path(account, "/mac"), json!({"mac": "12:34:zz"}))
        .await;
    assert_api_error(r, 400, "VALIDATION_FAILED").await;
}

#[tokio::test]
async fn a_double_submit_activates_once() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let account = "8993100000000202";
    let p = signed_in(&cli, "owner-several", account, None).await;
    p.get(&cli, &path(account, "")).await.assert_status_is_ok();
    let body = json!({"language": "ENGLISH"});
    let url = path(account, "");
    let (a, b) = tokio::join!(
        p.post(&cli, &url, body.clone()),
        p.post(&cli, &url, body.clone())
    );
    a.assert_status_is_ok();
    b.assert_status_is_ok();
    let (a, b) = (json(a.0).await, json(b.0).await);
    assert_eq!(a, b);
    assert_eq!(a["outcome"], "success");
    let again = json(p.post(&cli, &path(account, ""), body).await.0).await;
    assert_eq!(again, a, "a later submit of the attempt gets its answer");
    assert_eq!(
        simulators::activation_account::activations(Some(&p.run), account),
        1
    );
}
