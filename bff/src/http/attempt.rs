//! One upstream effect per attempt (issue 9; ARCHITECTURE.md "State lives in the store"): the
//! two idempotency layers every paying or redeeming operation uses (`submitOrder`,
//! `submitRefill`, `redeemRefillPin`, the quick refill, the reconnect).

use std::future::Future;

use serde::{Serialize, de::DeserializeOwned};

use crate::{
    http::error::{ApiError, ErrorCode, keyed_answer, slot_answer},
    store::{Store, StoreError},
    telemetry::metrics::{Effect, business_attempt},
    upstream::CallCtx,
};

/// Runs `place` at most once per attempt and answers every caller with its one answer:
///
/// 0. with `account`, `place` runs only while no other attempt pays or redeems for that
///    account (a store lock `money:<account>`, any session, any instance): a second attempt
///    gets 409 `PAYMENT_IN_PROGRESS` at once, which is not kept, so its retry runs later;
/// 1. `keyed` (`<op>:<context>:<Idempotency-Key>`, with `fingerprint` the request it was used
///    for) replays a request's first answer to its retries; the same key for another request
///    is 422 `IDEMPOTENCY_MISMATCH` with `mismatch` as its message;
/// 2. `attempt` (`<op>:<context>:…:attempt:<n>`, no fingerprint) makes every request that
///    overlaps an attempt in flight share it, whatever its key: double clicks, a second tab,
///    retries with new keys, other BFF instances.
///
/// The records of an anonymous effect (a kit order, a quick refill: no signed-in identity)
/// are kept as long as a flow context (14 min), those of a signed-in one 24 h.
///
/// A refusal `place` answers is kept and replayed like a success (with this request's id).
/// Each run of `place` (never a replay) counts once in `bff_business_attempts_total` as
/// `effect`, by its outcome ([`outcome_of`]).
///
/// # Errors
///
/// `place`'s error; 409 `PAYMENT_IN_PROGRESS`; 422 `IDEMPOTENCY_MISMATCH`; the store's failures as
/// `From<StoreError> for ApiError` says (503 `STORE_UNAVAILABLE`, 500 `INTERNAL`).
#[allow(clippy::too_many_arguments)]
pub async fn once_per_attempt<T, Fut>(
    store: &Store,
    effect: Effect,
    keyed: String,
    fingerprint: &str,
    attempt: String,
    account: Option<&str>,
    mismatch: &'static str,
    place: impl FnOnce() -> Fut + Send + 'static,
) -> Result<T, ApiError>
where
    T: Serialize + DeserializeOwned + Clone + Send + Sync + 'static,
    Fut: Future<Output = Result<T, ApiError>> + Send + 'static,
{
    let slots = store.clone();
    let locks = store.clone();
    let lock = account.map(|a| format!("money:{a}"));
    let anonymous = effect.anonymous();
    let place = move || async move {
        let result = match lock {
            // one money attempt per account, whatever the session or instance
            Some(lock) => match locks.exclusive(&lock, place).await {
                Ok(Some(result)) => result,
                Ok(None) => Err(ApiError::new(
                    ErrorCode::PaymentInProgress,
                    "another payment of this account is in progress",
                )),
                Err(e) => Err(e.into()),
            },
            None => place().await,
        };
        business_attempt(effect, outcome_of(&result));
        result
    };
    let run = move || async move {
        slot_answer(
            slots
                .idempotent_keeping(&attempt, "", not_in_progress, anonymous, place)
                .await,
            "attempt slot fingerprint mismatch",
        )
    };
    keyed_answer(
        store
            .idempotent_keeping(&keyed, fingerprint, not_in_progress, anonymous, run)
            .await,
        mismatch,
    )
}

/// The name under which `account`'s money attempts exclude each other
/// ([`once_per_attempt`]'s `account`): the account, and in harness mode the simulator run too,
/// since each browser's run has a world of its own with the same test accounts.
pub fn paying_account(ctx: &CallCtx, account: &str) -> String {
    match &ctx.run {
        Some(run) => format!("{account}:run:{run}"),
        None => account.to_owned(),
    }
}

/// Whether an attempt's result is kept for replay: every answer but 409
/// `PAYMENT_IN_PROGRESS` (another session's payment of the account was in flight), which a
/// retry must be free to run past once that payment is done.
fn not_in_progress<T>(result: &Result<T, ApiError>) -> bool {
    !matches!(result, Err(e) if e.error_code == ErrorCode::PaymentInProgress)
}

/// The `outcome` label of an attempt's result: the answer's `outcome` field when it has one
/// (`placed`, `failed`, ...), `done` when it has none, or the error's code (`UPSTREAM_TIMEOUT`):
/// finite sets of the contract, never a customer's data.
pub fn outcome_of<T: Serialize>(result: &Result<T, ApiError>) -> String {
    let named = match result {
        Ok(answer) => serde_json::to_value(answer)
            .ok()
            .and_then(|v| v.get("outcome").and_then(|o| o.as_str()).map(str::to_owned)),
        Err(e) => serde_json::to_value(e.error_code)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned)),
    };
    named.unwrap_or_else(|| if result.is_ok() { "done" } else { "error" }.to_owned())
}

/// The answer of a [`Store::shared`] run: its own, or, for a caller that joined it, the
/// run's answer with this request's id on an error.
///
/// # Errors
///
/// The run's error; the store's failures as `From<StoreError> for ApiError` says.
pub fn shared_answer<T>(got: Result<Result<T, ApiError>, StoreError>) -> Result<T, ApiError> {
    match got {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(mut e)) => {
            e.request_id = crate::telemetry::current_request_id();
            Err(e)
        }
        Err(e) => Err(e.into()),
    }
}
