//! The authorization matrix (ARCHITECTURE.md "Sign-in"; seed 001 §4 "Session and timeout",
//! §5, §6): every operation of `openapi/bff.json` with an `{accountId}` path parameter,
//! read from the spec, is tried as no session, no sign-in, an ended session (the cookie of
//! before the sign-in's rotation, and a sign-in idle over the window), another identity's
//! account, a non-owner's own account, and the owner's account. Only the owner is admitted
//! (neither 401/403 nor 5xx: a POST's empty body may then be a 400 of its own validation);
//! the others get their 403 code, before the body is read. A new account-scoped operation joins by itself, and one
//! without the `OwnedAccount` check fails here.

use std::time::Duration;

use bff::state::Clock;
use poem::http::{Method, header};
use serde_json::{Value, json};

use crate::{
    common::*,
    signin::{Browser, TestClock, app_with_clock},
};

const OWNER: (&str, &str) = ("owner-one", "8993100000000101");
const NON_OWNER: (&str, &str) = ("non-owner", "8993100000000701");
const OTHERS: &str = "8993100000000201";

/// (method, path template, has a body, declares `csrf`) of every account-scoped operation.
fn account_operations() -> Vec<(String, String, bool, bool)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi/bff.json"))
        .expect("openapi/bff.json");
    let spec: Value = serde_json::from_str(&text).unwrap();
    let mut ops = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let scoped = op["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|p| p["in"] == "path" && p["name"] == "accountId");
            assert_eq!(
                scoped,
                path.contains("{accountId}"),
                "{method} {path}: the path parameter and the template agree"
            );
            if scoped {
                assert!(
                    path.starts_with("/secure2/accounts/{accountId}/"),
                    "{path}: account-scoped paths are /secure2/accounts/{{accountId}}/... (http::auth)"
                );
                let csrf = op["security"]
                    .as_array()
                    .is_some_and(|s| s.iter().any(|r| r.get("csrf").is_some()));
                ops.push((
                    method.clone(),
                    path.clone(),
                    op.get("requestBody").is_some(),
                    csrf,
                ));
            }
        }
    }
    ops
}

async fn call(
    cli: &Client,
    b: Option<&Browser>,
    (method, template, body, _): &(String, String, bool, bool),
    account: &str,
) -> poem::test::TestResponse {
    let uri = template.replace("{accountId}", account);
    let m = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
    let mut rb = cli.request(m, uri);
    if let Some(b) = b {
        rb = rb
            .header(header::COOKIE, &b.cookie)
            .header("x-xsrf-token", &b.xsrf);
    }
    if *body {
        rb = rb.body_json(&json!({}));
    }
    rb.send().await
}

#[tokio::test]
async fn every_account_scoped_operation_admits_only_the_owner() {
    let ops = account_operations();
    assert!(
        ops.iter().any(|(_, p, _, _)| p.ends_with("/dashboard")),
        "getDashboard is account-scoped: {ops:?}"
    );
    let (clock, c) = TestClock::new();
    let (cli, _st, _sims) = app_with_clock(c).await;
    let unsigned = Browser::new(&cli).await;
    let mut owner = Browser::new(&cli).await;
    let before_rotation = owner.clone();
    owner.sign_in(&cli, OWNER.0).await;
    let mut non_owner = Browser::new(&cli).await;
    non_owner.sign_in(&cli, NON_OWNER.0).await;
    for op in &ops {
        let what = format!("{} {}", op.0, op.1);
        // a call that declares `csrf` (every POST, and a GET that changes the session) fails
        // the CSRF check first when it has no token, or the token of a session that is gone
        let checks_csrf_first = op.0 != "get" || op.3;
        if !checks_csrf_first {
            let r = call(&cli, None, op, OWNER.1).await;
            assert_api_error(r, 403, "SIGNIN_REQUIRED").await;
        }
        let r = call(&cli, Some(&unsigned), op, OWNER.1).await;
        assert_api_error(r, 403, "SIGNIN_REQUIRED").await;
        let r = call(&cli, Some(&before_rotation), op, OWNER.1).await;
        assert_eq!(r.0.status().as_u16(), 403, "{what}");
        if !checks_csrf_first {
            assert_api_error(r, 403, "SESSION_EXPIRED").await;
        }
        let r = call(&cli, Some(&owner), op, OTHERS).await;
        assert_api_error(r, 403, "SESSION_REJECTED").await;
        let r = call(&cli, Some(&owner), op, "8993100000009999").await;
        assert_api_error(r, 403, "SESSION_REJECTED").await;
        let r = call(&cli, Some(&owner), op, NON_OWNER.1).await;
        assert_api_error(r, 403, "SESSION_REJECTED").await;
        let r = call(&cli, Some(&non_owner), op, NON_OWNER.1).await;
        assert_api_error(r, 403, "PERMISSION_DENIED").await;
        // admitted: what follows (the body's validation, a 409 of the operation's own rule)
        // is the operation's test's business, not the matrix's
        let r = call(&cli, Some(&owner), op, OWNER.1).await;
        let status = r.0.status();
        assert!(
            status != 401 && status != 403 && !status.is_server_error(),
            "{what}: owner {status}"
        );
    }
    // idle over the window: every operation refuses, the owner's too
    clock.advance(Duration::from_secs(841));
    for op in &ops {
        let r = call(&cli, Some(&owner), op, OWNER.1).await;
        assert_api_error(r, 403, "SESSION_EXPIRED").await;
    }
}

#[tokio::test]
async fn an_aux_account_is_authorized_once_learned_from_an_owned_account() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let mut b = Browser::new(&cli).await;
    assert_eq!(
        b.sign_in(&cli, "closed-aux-activated").await["next"],
        "dashboard"
    );
    let aux = "8993100000000491";
    let path = |a: &str| format!("/secure2/accounts/{a}/dashboard");
    assert_api_error(b.get(&cli, &path(aux)).await, 403, "SESSION_REJECTED").await;
    let r = b.get(&cli, &path("8993100000000401")).await;
    assert_eq!(r.0.status().as_u16(), 200, "{}", json(r.0).await);
    let d = json(r.0).await;
    assert_eq!(d["next"], "auxDashboard", "{d}");
    assert_eq!(d["nextAccountId"], aux);
    let r = b.get(&cli, &path(aux)).await;
    r.assert_status_is_ok();
    assert_eq!(json(r.0).await["next"], "show");
    // another identity never gets it
    let mut other = Browser::new(&cli).await;
    other.sign_in(&cli, "owner-one").await;
    assert_api_error(other.get(&cli, &path(aux)).await, 403, "SESSION_REJECTED").await;
}
