//! Account information over HTTP through the BFF against the embedded simulators (seed 001
//! §2 "Account info card", "Communication preferences", "Page shell" sync-up modal, §4, §5,
//! §7 "Update customer", "Sync-up update"): every `scenarios/account-information/` scenario's
//! `expect`, the once-per-session sync-up rule, update-only-on-change, upstream failures and
//! CSRF. Each browser gets a simulator run of its own (`sim_run`), as a harness start does.

use serde_json::{Value, json};

use crate::{
    common::*,
    signin::{Browser, app_with_clock},
};
use bff::state::Clock;

/// A browser in a new simulator run, signed in as `identity`: the browser and its account.
async fn signed_in(cli: &Client, identity: &str, run: &str) -> (Browser, String) {
    let mut b = Browser::new(cli).await;
    b.run = Some(run.to_owned());
    b.sign_in(cli, identity).await;
    let profile = json(b.get(cli, "/secure2/profile").await.0).await;
    let account = profile["accountId"]
        .as_str()
        .expect("one account")
        .to_owned();
    (b, account)
}

fn new_run() -> String {
    uuid::Uuid::new_v4().to_string()
}

fn info_path(account: &str) -> String {
    format!("/secure2/accounts/{account}/account-information")
}

fn prefs_path(account: &str) -> String {
    format!("/secure2/accounts/{account}/communication-preferences")
}

fn sync_path(account: &str) -> String {
    format!("/secure2/accounts/{account}/sync-up")
}

/// `GET .../sync-up` with the CSRF token (it marks the modal shown).
async fn get_sync_up(cli: &Client, b: &Browser, account: &str) -> poem::test::TestResponse {
    let cookie = match &b.run {
        Some(r) => format!("{}; sim_run={r}", b.cookie),
        None => b.cookie.clone(),
    };
    let cookie = match &b.scenario {
        Some(s) => format!("{cookie}; sim_scenario={s}"),
        None => cookie,
    };
    cli.get(sync_path(account))
        .header("cookie", cookie)
        .header("x-xsrf-token", &b.xsrf)
        .send()
        .await
}

/// The stage a scenario ends on, walked as the pages do (`scenarios/README.md`
/// "Account information").
async fn walk(cli: &Client, s: &simulators::scenario::Scenario) -> String {
    let mut b = Browser::new(cli).await;
    b.scenario = Some(s.id.clone());
    b.run = Some(new_run());
    let identity = s.input["identity"].as_str().expect("input.identity");
    b.sign_in(cli, identity).await;
    let profile = json(b.get(cli, "/secure2/profile").await.0).await;
    let account = profile["accountId"].as_str().unwrap().to_owned();
    if let Some(language) = s.input.get("language") {
        let r = b.get(cli, &info_path(&account)).await;
        r.assert_status_is_ok();
        let body = json!({"language": language, "smsOptIn": s.input["smsOptIn"]});
        let r = b.post(cli, &prefs_path(&account), body.clone()).await;
        return match r.0.status().as_u16() {
            200 => {
                assert_eq!(json(r.0).await, body, "{}", s.id);
                let after = json(b.get(cli, &info_path(&account)).await.0).await;
                assert_eq!(after["preferences"], body, "{}: saved", s.id);
                "updated"
            }
            502 | 504 => {
                let e = json(r.0).await;
                assert!(e["errorCode"].as_str().unwrap().starts_with("UPSTREAM_"));
                let after = json(b.get(cli, &info_path(&account)).await.0).await;
                assert_ne!(after["preferences"], body, "{}: nothing saved", s.id);
                "update-failed"
            }
            other => panic!("{}: {other}", s.id),
        }
        .into();
    }
    let r = get_sync_up(cli, &b, &account).await;
    r.assert_status_is_ok();
    if json(r.0).await["open"] != true {
        return "no-sync-up".into();
    }
    let Some(choice) = s.input.get("syncUp") else {
        return "sync-up".into();
    };
    let r = b.post(cli, &sync_path(&account), choice.clone()).await;
    match r.0.status().as_u16() {
        200 => {
            assert_eq!(&json(r.0).await, choice, "{}", s.id);
            "synced"
        }
        502 | 504 => "sync-up-failed",
        other => panic!("{}: {other}", s.id),
    }
    .into()
}

#[tokio::test]
async fn every_account_information_scenario_ends_as_it_expects() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let scenarios: Vec<_> = simulators::scenario::all()
        .iter()
        .filter(|s| s.flow == "account-information")
        .collect();
    assert_eq!(scenarios.len(), 8);
    for s in scenarios {
        let got = walk(&cli, s).await;
        assert_eq!(got, s.expect["stage"].as_str().unwrap(), "{}", s.id);
    }
}

#[tokio::test]
async fn the_card_shows_the_identity_and_the_saved_preferences() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let run = new_run();
    let (b, account) = signed_in(&cli, "chosen-name", &run).await;
    let r = b.get(&cli, &info_path(&account)).await;
    r.assert_status_is_ok();
    let v = json(r.0).await;
    assert_eq!(v["accountId"], "8993100000001201");
    let h = &v["holder"];
    assert_eq!(h["firstName"], "Alexandra");
    assert_eq!(h["chosenFirstName"], "Alex");
    assert_eq!(h["pronoun"], "they/them");
    assert_eq!(h["email"]["verified"], false);
    assert_eq!(h["mobile"]["verified"], true);
    assert_eq!(h["mobile"]["value"].as_str().unwrap().len(), 10);
    // verified mobile first (seed 001 §2)
    assert_eq!(h["signInId"]["type"], "mobile");
    assert_eq!(h["signInId"]["value"], h["mobile"]["value"]);
    assert_eq!(
        v["preferences"],
        json!({"language": "ENGLISH", "smsOptIn": false})
    );
    let text = v.to_string();
    assert!(!text.contains("CG-") && !text.contains("access"), "{text}");

    // unverified mobile: the user id is the sign-in id; Spanish and SMS saved upstream
    let (b, account) = signed_in(&cli, "sync-both-na", &run).await;
    let v = json(b.get(&cli, &info_path(&account)).await.0).await;
    assert_eq!(v["holder"]["signInId"]["type"], "userId");
    assert_eq!(v["holder"]["signInId"]["value"], "nestor.nash");
    let (b, account) = signed_in(&cli, "sync-email-na-phone-false", &run).await;
    let v = json(b.get(&cli, &info_path(&account)).await.0).await;
    assert_eq!(
        v["preferences"],
        json!({"language": "SPANISH", "smsOptIn": true})
    );
}

#[tokio::test]
async fn an_update_is_sent_only_on_change_and_remembered_in_its_run() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let run = new_run();
    let (b, account) = signed_in(&cli, "owner-one", &run).await;
    let saved = json!({"language": "ENGLISH", "smsOptIn": false});
    let r = b.post(&cli, &prefs_path(&account), saved.clone()).await;
    assert_api_error(r, 409, "PREFERENCES_UNCHANGED").await;
    let new = json!({"language": "SPANISH", "smsOptIn": false});
    b.post(&cli, &prefs_path(&account), new.clone())
        .await
        .assert_status_is_ok();
    let r = b.post(&cli, &prefs_path(&account), new.clone()).await;
    assert_api_error(r, 409, "PREFERENCES_UNCHANGED").await;

    // another session of the same run sees the change; the dashboard answers it too
    let (b2, _) = signed_in(&cli, "owner-one", &run).await;
    let v = json(b2.get(&cli, &info_path(&account)).await.0).await;
    assert_eq!(v["preferences"], new);
    // another run starts from the world
    let (b3, _) = signed_in(&cli, "owner-one", &new_run()).await;
    let v = json(b3.get(&cli, &info_path(&account)).await.0).await;
    assert_eq!(v["preferences"], saved);

    // the body is exactly the two fields
    for bad in [
        json!({"language": "FRENCH", "smsOptIn": true}),
        json!({"language": "SPANISH"}),
        json!({"language": "SPANISH", "smsOptIn": true, "accountId": "8993100000000201"}),
        json!({"language": "SPANISH", "smsOptIn": "true"}),
    ] {
        let r = b.post(&cli, &prefs_path(&account), bad).await;
        assert_api_error(r, 400, "VALIDATION_FAILED").await;
    }
}

#[tokio::test]
async fn the_sync_up_modal_opens_once_per_session_until_synced() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let run = new_run();
    let (b, account) = signed_in(&cli, "sync-email-false-phone-true", &run).await;
    let first = json(get_sync_up(&cli, &b, &account).await.0).await;
    assert_eq!(first["open"], true);
    assert_eq!(
        first["defaults"],
        json!({"language": "ENGLISH", "smsOptIn": false})
    );
    assert_eq!(first["holder"]["firstName"], "Emma");
    assert_eq!(first["holder"]["signInId"]["type"], "mobile");
    // shown: not again in this session (closing counts as shown)
    let again = json(get_sync_up(&cli, &b, &account).await.0).await;
    assert_eq!(again["open"], false);

    // a new session opens it again: nothing was synced
    let (b2, account2) = signed_in(&cli, "sync-email-false-phone-true", &run).await;
    assert_eq!(
        json(get_sync_up(&cli, &b2, &account2).await.0).await["open"],
        true
    );
    let choice = json!({"language": "SPANISH", "smsOptIn": true});
    b2.post(&cli, &sync_path(&account2), choice.clone())
        .await
        .assert_status_is_ok();
    // the sync-up's preferences are the account's now
    let v = json(b2.get(&cli, &info_path(&account2)).await.0).await;
    assert_eq!(v["preferences"], choice);
    let r = b2.post(&cli, &sync_path(&account2), choice.clone()).await;
    assert_api_error(r, 409, "SYNC_UP_NOT_OFFERED").await;

    // after the sync-up, a new sign-in of the run is not offered one; another run is
    let (b3, account3) = signed_in(&cli, "sync-email-false-phone-true", &run).await;
    assert_eq!(
        json(get_sync_up(&cli, &b3, &account3).await.0).await["open"],
        false
    );
    let (b4, account4) = signed_in(&cli, "sync-email-false-phone-true", &new_run()).await;
    assert_eq!(
        json(get_sync_up(&cli, &b4, &account4).await.0).await["open"],
        true
    );
}

#[tokio::test]
async fn no_sync_up_when_both_match_or_both_are_unknown() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    for identity in ["sync-both-true", "sync-both-na", "owner-one"] {
        let (b, account) = signed_in(&cli, identity, &new_run()).await;
        let v = json(get_sync_up(&cli, &b, &account).await.0).await;
        assert_eq!(v["open"], false, "{identity}");
        let r = b
            .post(
                &cli,
                &sync_path(&account),
                json!({"language": "ENGLISH", "smsOptIn": false}),
            )
            .await;
        assert_api_error(r, 409, "SYNC_UP_NOT_OFFERED").await;
    }
}

#[tokio::test]
async fn writes_need_the_csrf_token() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let (b, account) = signed_in(&cli, "sync-email-false-phone-true", &new_run()).await;
    let body = json!({"language": "SPANISH", "smsOptIn": true});
    for path in [prefs_path(&account), sync_path(&account)] {
        let r = cli
            .post(&path)
            .header("cookie", &b.cookie)
            .body_json(&body)
            .send()
            .await;
        assert_api_error(r, 403, "CSRF_REJECTED").await;
    }
    // the GET that marks the modal shown needs it too, and without it shows nothing
    let r = b.get(&cli, &sync_path(&account)).await;
    assert_api_error(r, 403, "CSRF_REJECTED").await;
    assert_eq!(
        json(get_sync_up(&cli, &b, &account).await.0).await["open"],
        true
    );
}

#[tokio::test]
async fn another_identitys_account_is_refused() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let (b, _) = signed_in(&cli, "owner-one", &new_run()).await;
    let other = "8993100000000801";
    let r = b.get(&cli, &info_path(other)).await;
    assert_api_error(r, 403, "SESSION_REJECTED").await;
    let r = b
        .post(
            &cli,
            &sync_path(other),
            json!({"language": "ENGLISH", "smsOptIn": false}),
        )
        .await;
    assert_api_error(r, 403, "SESSION_REJECTED").await;
}

#[tokio::test]
async fn upstream_failures_are_catalogue_codes() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    // a dashboard lookup failing: the page's read is a 502 the UI maps to its message
    let (mut b, account) = signed_in(&cli, "owner-one", &new_run()).await;
    b.scenario = Some("signin/dashboard-failure".into());
    let r = b.get(&cli, &info_path(&account)).await;
    let e: Value = assert_api_error(r, 502, "UPSTREAM_ERROR").await;
    assert!(e["requestId"].is_string());
    b.scenario = Some("signin/dashboard-error-code".into());
    let r = b.get(&cli, &info_path(&account)).await;
    assert_api_error(r, 502, "UPSTREAM_ERROR").await;
}
