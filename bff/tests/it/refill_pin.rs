//! The PIN refill over HTTP (seed 002 §2.3, §4.3b, §7.2, §8, §9; the docs of
//! `flows::refill::pin`): every `scenarios/refill/pin-*.yaml` walked as the PIN tab does it and its
//! `expect` checked (catalogue messages by locale, the simulator's redemption ledger); one
//! redemption per validated PIN under 10 concurrent redeems, retries and two instances over
//! one Redis; a
//! redeem without a validated PIN; the PIN in no log line.

use bff::{domain::error_catalogue as catalogue, state::Clock};
use poem::http::header;
use serde_json::{Value, json};
use simulators::activation_account::{redeem_calls, redeemed};
use upstream::content::{Buyflow, ErrorCatalogue};

use crate::common::*;
use crate::signin::{Browser, app_with_clock};

/// A signed-in browser with a scenario, its own simulator run and a page language.
struct Page {
    b: Browser,
    scenario: Option<String>,
    run: String,
    locale: String,
}

impl Page {
    fn cookies(&self) -> String {
        let mut c = format!("{}; sim_run={}", self.b.cookie, self.run);
        if let Some(s) = &self.scenario {
            c.push_str(&format!("; sim_scenario={s}"));
        }
        c
    }

    /// `POST path` with the token, the page's language and, when given, an idempotency key.
    async fn post(
        &self,
        cli: &Client,
        path: &str,
        body: Option<Value>,
        key: Option<&str>,
    ) -> poem::test::TestResponse {
        let mut rb = cli
            .post(path)
            .header(header::COOKIE, self.cookies())
            .header("x-xsrf-token", &self.b.xsrf)
            .header("accept-language", &self.locale);
        if let Some(k) = key {
            rb = rb.header("Idempotency-Key", k);
        }
        if let Some(b) = body {
            rb = rb.body_json(&b);
        }
        rb.send().await
    }

    async fn validate(&self, cli: &Client, account: &str, pin: &str) -> (u16, Value) {
        let r = self
            .post(
                cli,
                &path(account, "validate"),
                Some(json!({"pin": pin})),
                None,
            )
            .await;
        let status = r.0.status().as_u16();
        (status, json(r.0).await)
    }

    async fn redeem(&self, cli: &Client, account: &str, key: &str) -> (u16, Value) {
        let r = self
            .post(cli, &path(account, "redeem"), None, Some(key))
            .await;
        let status = r.0.status().as_u16();
        (status, json(r.0).await)
    }
}

fn path(account: &str, op: &str) -> String {
    format!("/secure2/accounts/{account}/refill/pin/{op}")
}

fn key() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Signs in as `identity` (choosing `account` on the picker when there is one).
async fn signed_in(
    cli: &Client,
    identity: &str,
    account: &str,
    scenario: Option<&str>,
    locale: &str,
) -> Page {
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
        locale: locale.to_owned(),
    }
}

/// The error catalogue the BFF serves for `locale` (`en` or `es`).
async fn catalogue_of(cli: &Client, locale: &str) -> ErrorCatalogue {
    let p = if locale == "es" {
        "/-/api/es/my.prepaid/buyflow"
    } else {
        "/-/api/my.prepaid/buyflow"
    };
    let v = json(cli.get(p).send().await.0).await;
    serde_json::from_value::<Buyflow>(v)
        .unwrap()
        .error_catalogue
}

/// `catalogue` when `error`'s message is its code's catalogue message in `locale`, else the
/// message itself (so a mismatch shows it).
async fn message_of(cli: &Client, locale: &str, error: &Value) -> Value {
    let code = error["errorCode"].as_str().unwrap_or_default();
    let en = catalogue_of(cli, "en").await;
    let requested = catalogue_of(cli, locale).await;
    assert!(
        catalogue::knows(&requested, code),
        "{code} not in the {locale} catalogue"
    );
    let want = catalogue::message(&requested, &en, code);
    if error["message"] == want.as_str() {
        "catalogue".into()
    } else {
        error["message"].clone()
    }
}

/// Days from today (UTC) to a `YYYY-MM-DD` date.
fn days_to(date: &Value) -> Value {
    let d = chrono::NaiveDate::parse_from_str(date.as_str().unwrap_or_default(), "%Y-%m-%d")
        .expect("a YYYY-MM-DD date");
    (d - chrono::Utc::now().date_naive()).num_days().into()
}

/// Walks one scenario as the PIN tab does: validate, then redeem when valid, then (when
/// asked) validate again; the facts `expect` names.
async fn walk(cli: &Client, s: &simulators::scenario::Scenario) -> Value {
    let text = |k: &str| {
        s.input
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let (account, pin) = (text("account"), text("pin"));
    let locale = Some(text("locale"))
        .filter(|l| !l.is_empty())
        .unwrap_or("en".into());
    let p = signed_in(cli, &text("identity"), &account, Some(&s.id), &locale).await;
    let mut out = json!({});
    let ledger = |out: &mut Value| {
        out["redeemed"] = redeemed(Some(&p.run), &pin).into();
        out["redeemCalls"] = redeem_calls(Some(&p.run), &pin).into();
    };
    let (status, v) = p.validate(cli, &account, &pin).await;
    if status != 200 {
        out["stage"] = "refill".into();
        out["code"] = v["errorCode"].clone();
        if status < 500 {
            out["message"] = message_of(cli, &locale, &v).await;
        }
        // nothing is left to redeem
        let (status, r) = p.redeem(cli, &account, &key()).await;
        assert_eq!(
            (status, &r["errorCode"]),
            (409, &json!("PIN_NOT_VALIDATED")),
            "{}",
            s.id
        );
        ledger(&mut out);
        return out;
    }
    out["pin"] = v["pin"].clone();
    out["planQty"] = v["planQty"].clone();
    out["newExpiryInDays"] = days_to(&v["newExpirationDate"]);
    assert!(
        !v.to_string().contains(&pin),
        "{}: the answer names the PIN",
        s.id
    );
    let (status, r) = p.redeem(cli, &account, &key()).await;
    if status == 200 {
        out["stage"] = "refill/confirmation".into();
        assert_eq!(r["planQty"], v["planQty"], "{}", s.id);
        assert_eq!(r["newExpirationDate"], v["newExpirationDate"], "{}", s.id);
        assert_eq!(r["pin"], v["pin"], "{}", s.id);
    } else {
        out["stage"] = if status >= 500 { "error" } else { "refill" }.into();
        out["code"] = r["errorCode"].clone();
        if status < 500 {
            out["message"] = message_of(cli, &locale, &r).await;
        }
    }
    if s.input.get("validateAgain") == Some(&json!(true)) {
        let (_, again) = p.validate(cli, &account, &pin).await;
        out["again"] = again["errorCode"].clone();
    }
    ledger(&mut out);
    out
}

#[tokio::test]
async fn every_pin_scenario_ends_as_it_expects() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let scenarios: Vec<_> = simulators::scenario::all()
        .iter()
        .filter(|s| s.flow == "refill" && s.id.starts_with("refill/pin-"))
        .collect();
    assert_eq!(scenarios.len(), 8);
    let walks = scenarios.iter().map(|s| walk(&cli, s));
    for (s, got) in scenarios
        .iter()
        .zip(futures_util::future::join_all(walks).await)
    {
        for (k, want) in s.expect.as_object().unwrap() {
            assert_eq!(&got[k], want, "{}: {k} in {got}", s.id);
        }
    }
}

#[tokio::test]
async fn ten_concurrent_redeems_of_one_validated_pin_redeem_it_once() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let account = "8993100000000101";
    let pin = "300000000003";
    let p = signed_in(&cli, "owner-one", account, None, "en").await;
    let (status, v) = p.validate(&cli, account, pin).await;
    assert_eq!(status, 200, "{v}");
    // double clicks, a second tab, retries: ten keys at once
    let keys: Vec<String> = (0..10).map(|_| key()).collect();
    let answers =
        futures_util::future::join_all(keys.iter().map(|k| p.redeem(&cli, account, k))).await;
    let first = answers[0].clone();
    assert_eq!(first.0, 200, "{}", first.1);
    assert_eq!(first.1["planQty"], 3);
    for a in &answers {
        assert_eq!(a, &first, "every redeem of the attempt gets its answer");
    }
    assert_eq!(
        redeem_calls(Some(&p.run), pin),
        1,
        "one upstream redemption"
    );
    assert!(redeemed(Some(&p.run), pin));
    // a retry of a key, and a later redeem with a new key, get the same answer
    assert_eq!(p.redeem(&cli, account, &keys[3]).await, first);
    assert_eq!(p.redeem(&cli, account, &key()).await, first);
    assert_eq!(redeem_calls(Some(&p.run), pin), 1);
    // validated again: redeemed (the ledger)
    let (status, again) = p.validate(&cli, account, pin).await;
    assert_eq!(
        (status, &again["errorCode"]),
        (409, &json!("PIN_ALREADY_REDEEMED"))
    );
}

#[tokio::test]
async fn redeems_split_across_two_instances_redeem_once() {
    let (url, _srv) = crate::instances::redis();
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = bff::upstream::UpstreamUrls::under(&sims.base_url);
    let (a, _) = crate::instances::instance(&urls, &url).await;
    let (b, _) = crate::instances::instance(&urls, &url).await;
    let account = "8993100000000101";
    let pin = "100000000009";
    let p = signed_in(&a, "owner-one", account, None, "en").await;
    // validated on one instance, redeemed on both at once with ten keys
    assert_eq!(p.validate(&b, account, pin).await.0, 200);
    let keys: Vec<String> = (0..10).map(|_| key()).collect();
    let answers = futures_util::future::join_all(
        keys.iter()
            .enumerate()
            .map(|(i, k)| p.redeem(if i % 2 == 0 { &a } else { &b }, account, k)),
    )
    .await;
    assert_eq!(answers[0].0, 200, "{}", answers[0].1);
    for x in &answers {
        assert_eq!(x, &answers[0]);
    }
    assert_eq!(
        redeem_calls(Some(&p.run), pin),
        1,
        "one upstream redemption"
    );
}

#[tokio::test]
async fn a_redeem_without_a_validated_pin_is_a_typed_409() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let account = "8993100000000101";
    let p = signed_in(&cli, "owner-one", account, None, "es").await;
    let (status, e) = p.redeem(&cli, account, &key()).await;
    assert_eq!(
        (status, &e["errorCode"]),
        (409, &json!("PIN_NOT_VALIDATED")),
        "{e}"
    );
    assert_eq!(message_of(&cli, "es", &e).await, "catalogue", "{e}");
    // a valid PIN, then a rejected one: the kept PIN is dropped
    assert_eq!(p.validate(&cli, account, "100000000001").await.0, 200);
    assert_eq!(p.validate(&cli, account, "920000000001").await.0, 422);
    let (status, e) = p.redeem(&cli, account, &key()).await;
    assert_eq!(
        (status, &e["errorCode"]),
        (409, &json!("PIN_NOT_VALIDATED")),
        "{e}"
    );
    assert_eq!(redeem_calls(Some(&p.run), "100000000001"), 0);
    // a key used for one validated PIN cannot redeem another
    let k = key();
    assert_eq!(p.validate(&cli, account, "100000000001").await.0, 200);
    assert_eq!(p.redeem(&cli, account, &k).await.0, 200);
    assert_eq!(p.validate(&cli, account, "100000000007").await.0, 200);
    let (status, e) = p.redeem(&cli, account, &k).await;
    assert_eq!(
        (status, &e["errorCode"]),
        (422, &json!("IDEMPOTENCY_MISMATCH")),
        "{e}"
    );
    assert_eq!(redeem_calls(Some(&p.run), "100000000007"), 0);
    // an empty PIN: 400 PIN_INVALID with its field, in Spanish
    let (status, e) = p.validate(&cli, account, "   ").await;
    assert_eq!(
        (status, &e["errorCode"]),
        (400, &json!("PIN_INVALID")),
        "{e}"
    );
    assert_eq!(e["details"], json!([{"field": "pin", "code": "required"}]));
    assert_eq!(message_of(&cli, "es", &e).await, "catalogue", "{e}");
}

#[tokio::test]
async fn another_identity_or_a_request_without_the_token_redeems_nothing() {
    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let p = signed_in(&cli, "owner-one", "8993100000000101", None, "en").await;
    // another identity's account
    let (status, e) = p.validate(&cli, "8993100000000201", "100000000001").await;
    assert_eq!(
        (status, &e["errorCode"]),
        (403, &json!("SESSION_REJECTED")),
        "{e}"
    );
    let r = cli
        .post(path("8993100000000101", "redeem"))
        .header(header::COOKIE, p.cookies())
        .header("Idempotency-Key", key())
        .send()
        .await;
    assert_api_error(r, 403, "CSRF_REJECTED").await;
}

#[tokio::test(flavor = "current_thread")]
async fn no_pin_in_the_log() {
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
    // as logs.rs: a second dispatcher makes tracing ask ours for every callsite
    let _second = tracing::Dispatch::new(tracing::subscriber::NoSubscriber::default());
    let _guard = tracing::subscriber::set_default(subscriber);

    let (cli, _st, _sims) = app_with_clock(Clock::system()).await;
    let account = "8993100000000101";
    let p = signed_in(&cli, "owner-one", account, None, "en").await;
    // a valid 16-digit PIN redeemed, a refused one, a failed redemption, a too-long one
    let pins = ["2718281828459045", "9271828182845904", "9571828182845904"];
    for pin in pins {
        if p.validate(&cli, account, pin).await.0 == 200 {
            p.redeem(&cli, account, &key()).await;
        }
    }
    let long = "27182818284590452";
    assert_eq!(p.validate(&cli, account, long).await.0, 400);
    let log = captured.text();
    assert!(log.contains("refill PIN redeemed"), "{log}");
    assert!(log.contains("refill PIN refused at validation"), "{log}");
    assert!(log.contains("refill PIN redemption failed"), "{log}");
    for pin in pins.iter().chain([&long]) {
        assert!(!log.contains(pin), "the log names the PIN {pin}");
    }
}
