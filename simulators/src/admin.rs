//! The harness's admin API (issue 15 §5), beside the simulated services on the simulators'
//! server and outside the upstream contract (no provider has it):
//!
//! - `GET /admin/scenarios`: every scenario (`scenarios/**/*.yaml`) as JSON;
//! - `POST /admin/reset`: forgets what the simulators remember (the changes of
//!   [`crate::run_state`] stores: saved cards, auto-refill, preferences, sync-ups, cancelled
//!   moves, activations, pings, PIN redemptions, refills, seeded chaos's call counts): of
//!   the run named by `x-sim-run`, or of every run and the buy flow's order ledger without
//!   one. 204. Sign-in codes and the identity router's sessions are protocol state, not the
//!   world's: kept;
//! - `GET /admin/ledgers`: what the run of `x-sim-run` (the default run without one) changed,
//!   as JSON, and the buy flow's placed orders (by checkout, not by run). Card numbers and
//!   PINs are masked but the last 4, tokens and e-mails left out; moves, and how many one-time
//!   instruments (the quick refill's cards) each account holds.
//!
//! The BFF exposes them in harness mode under `/harness/admin/` (CSRF-checked, the caller's
//! run from its header or cookie). Tests and QA read ledgers here instead of private hooks.

use poem::{
    Response, Route, get, handler,
    http::{HeaderMap, StatusCode},
    post,
    web::Json,
};
use serde_json::{Map, Value, json};

use crate::{account, activation, activation_account as pins, payments, refill, run_state::Run};

/// The admin routes (nest under `/admin`).
pub fn routes() -> Route {
    Route::new()
        .at("/scenarios", get(scenarios))
        .at("/reset", post(reset))
        .at("/ledgers", get(ledgers))
}

fn run_of(headers: &HeaderMap) -> Option<Run> {
    headers
        .get(upstream::RUN_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(|v| Run::new(Some(v)))
}

#[handler]
fn scenarios() -> Json<&'static [crate::scenario::Scenario]> {
    Json(crate::scenario::all())
}

#[handler]
fn reset(headers: &HeaderMap) -> Response {
    reset_world(run_of(headers).as_ref());
    Response::builder().status(StatusCode::NO_CONTENT).finish()
}

#[handler]
fn ledgers(headers: &HeaderMap) -> Json<Value> {
    Json(ledgers_of(&run_of(headers).unwrap_or_default()))
}

/// Forgets what `run` changed, or what every run changed and the placed orders with `None`.
pub fn reset_world(run: Option<&Run>) {
    account::PREFERENCES.clear(run);
    account::SYNCED.clear(run);
    account::CANCELLED_MOVES.clear(run);
    crate::account_reconnect::RECONNECTS.clear(run);
    pins::ACTIVATIONS.clear(run);
    pins::PINGS.clear(run);
    pins::REDEEMED.clear(run);
    pins::REDEEM_CALLS.clear(run);
    payments::INSTRUMENT.clear(run);
    payments::AUTOPAY.clear(run);
    payments::ONE_TIME.clear(run);
    crate::account_move::MOVES.clear(run);
    refill::LEDGER.clear(run);
    crate::chaos::reset(run);
    crate::replay::reset(run);
    if run.is_none() {
        activation::clear_ledger();
    }
}

/// The last 4 characters of `s`, the rest as `*`.
fn masked(s: &str) -> String {
    let n = s.chars().count();
    s.chars()
        .enumerate()
        .map(|(i, c)| if i + 4 < n { '*' } else { c })
        .collect()
}

fn by_key<T: Clone>(entries: Vec<(String, T)>, f: impl Fn(T) -> Value) -> Value {
    Value::Object(
        entries
            .into_iter()
            .map(|(k, v)| (k, f(v)))
            .collect::<Map<_, _>>(),
    )
}

/// What `run` changed, by kind and account (PINs by masked PIN), and the placed orders.
pub fn ledgers_of(run: &Run) -> Value {
    let refills = by_key(refill::LEDGER.of_run(run), |book| {
        Value::Array(
            book.into_iter()
                .map(|e| {
                    json!({
                        "transactionId": e.transaction_id,
                        "orderNumber": e.order_number,
                        "amount": e.amount,
                        "plans": e.plans.iter().map(|(code, qty)| json!({"code": code, "planQty": qty})).collect::<Vec<_>>(),
                    })
                })
                .collect(),
        )
    });
    let pin_key = |entries: Vec<(String, Value)>| {
        Value::Object(
            entries
                .into_iter()
                .map(|(pin, v)| (masked(&pin), v))
                .collect(),
        )
    };
    let redeemed = pins::REDEEMED
        .of_run(run)
        .into_iter()
        .map(|(p, at)| (p, json!(at)))
        .collect();
    let redeem_calls = pins::REDEEM_CALLS
        .of_run(run)
        .into_iter()
        .map(|(p, n)| (p, json!(n)))
        .collect();
    let cards = by_key(payments::INSTRUMENT.of_run(run), |card| match card {
        Some(c) => json!({
            "cardType": c.card_type,
            "last4": c.card_number.as_deref().map(masked),
            "expirationDate": c.expiration_date,
        }),
        None => Value::Null,
    });
    let orders: Vec<Value> = activation::ledger()
        .into_iter()
        .map(|o| json!({"seq": o.seq, "trackingId": o.tracking_id, "orderNumber": o.order_number, "accountId": o.account_id}))
        .collect();
    json!({
        "refills": refills,
        "pinRedemptions": pin_key(redeemed),
        "pinRedeemCalls": pin_key(redeem_calls),
        "activations": by_key(pins::ACTIVATIONS.of_run(run), |n| json!(n)),
        "modemPings": by_key(pins::PINGS.of_run(run), |n| json!(n)),
        "paymentInstruments": cards,
        "autoRefill": by_key(payments::AUTOPAY.of_run(run), |on| json!(on)),
        "preferences": by_key(account::PREFERENCES.of_run(run), |p| json!({"language": format!("{:?}", p.language), "smsOptIn": p.sms_opt_in})),
        "syncedUp": by_key(account::SYNCED.of_run(run), |on| json!(on)),
        "cancelledMoves": by_key(account::CANCELLED_MOVES.of_run(run), |on| json!(on)),
        "reconnects": by_key(crate::account_reconnect::RECONNECTS.of_run(run), |r| {
            json!({"calls": r.calls, "auxAccountId": r.aux, "confirmation": r.conf_no, "amount": r.amount, "plan": r.plan})
        }),
        "moves": by_key(crate::account_move::MOVES.of_run(run), |m| {
            json!({"calls": m.calls, "created": m.created, "auxAccountId": m.aux,
                   "confirmation": m.conf_no, "moveDate": m.move_date, "cancelled": m.cancelled})
        }),
        "oneTimeInstruments": by_key(payments::ONE_TIME.of_run(run), |t| json!(t.len())),
        "orders": orders,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_all_but_the_last_four() {
        assert_eq!(masked("9012345678901234"), "************1234");
        assert_eq!(masked("1234"), "1234");
        assert_eq!(masked(""), "");
    }

    #[test]
    fn a_run_reset_leaves_other_runs() {
        let (a, b) = (Run::new(Some("admin-a")), Run::new(Some("admin-b")));
        account::CANCELLED_MOVES.set(&a, "1", true);
        account::CANCELLED_MOVES.set(&b, "1", true);
        crate::account_reconnect::RECONNECTS.set(&a, "2", Default::default());
        reset_world(Some(&a));
        assert_eq!(ledgers_of(&a)["cancelledMoves"], json!({}));
        assert_eq!(ledgers_of(&a)["reconnects"], json!({}));
        assert_eq!(ledgers_of(&b)["cancelledMoves"], json!({"1": true}));
    }

    #[test]
    fn reset_forgets_the_runs_moves() {
        let (a, b) = (
            Run::new(Some("reset-moves-a")),
            Run::new(Some("reset-moves-b")),
        );
        let moved = crate::account_move::Move {
            calls: 1,
            ..Default::default()
        };
        crate::account_move::MOVES.set(&a, "1", moved.clone());
        crate::account_move::MOVES.set(&b, "1", moved.clone());
        reset_world(Some(&a));
        assert_eq!(crate::account_move::MOVES.get(&a, "1"), None);
        assert_eq!(ledgers_of(&a)["moves"], json!({}));
        assert_eq!(ledgers_of(&b)["moves"]["1"]["calls"], 1);
        assert_eq!(crate::account_move::MOVES.get(&b, "1"), Some(moved));
    }

    /// Nothing a run remembers can be left out of the reset: every `RunStore` static of the
    /// simulators' sources is cleared by [`reset_world`] (directly, or through its module's
    /// `reset`, as `chaos` and `replay` do).
    #[test]
    fn reset_names_every_run_store() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let admin = std::fs::read_to_string(src.join("admin.rs")).unwrap();
        let body = &admin[admin.find("pub fn reset_world").unwrap()..];
        let body = &body[..body.find("\n}\n").unwrap()];
        for entry in std::fs::read_dir(&src).unwrap() {
            let path = entry.unwrap().path();
            let module = path.file_stem().unwrap().to_string_lossy().into_owned();
            if module == "run_state" {
                continue; // the store itself, and its own tests' statics
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for line in text.lines().map(str::trim) {
                let Some(rest) = line
                    .strip_prefix("pub static ")
                    .or_else(|| line.strip_prefix("pub(crate) static "))
                    .or_else(|| line.strip_prefix("static "))
                else {
                    continue;
                };
                let Some((name, ty)) = rest.split_once(':') else {
                    continue;
                };
                if !ty.trim_start().starts_with("RunStore") {
                    continue;
                }
                let cleared = body.contains(&format!("{name}.clear(run)"))
                    || body.contains(&format!("{module}::reset(run)"));
                assert!(cleared, "{module}::{name} is not cleared by reset_world");
            }
        }
    }
}
