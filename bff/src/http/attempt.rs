//! One upstream effect per attempt (issue 9; ARCHITECTURE.md "State lives in the store"): the
//! two idempotency layers every paying or redeeming operation uses (`submitOrder`,
//! `submitRefill`, `redeemRefillPin`, the quick refill, the reconnect).

use std::future::Future;

use serde::{Serialize, de::DeserializeOwned};

use crate::{
    http::error::{ApiError, keyed_answer, slot_answer},
    store::Store,
};

/// Runs `place` at most once per attempt and answers every caller with its one answer:
///
/// 1. `keyed` (`<op>:<context>:<Idempotency-Key>`, with `fingerprint` the request it was used
///    for) replays a request's first answer to its retries; the same key for another request
///    is 422 `IDEMPOTENCY_MISMATCH` with `mismatch` as its message;
/// 2. `attempt` (`<op>:<context>:…:attempt:<n>`, no fingerprint) makes every request that
///    overlaps an attempt in flight share it, whatever its key: double clicks, a second tab,
///    retries with new keys, other BFF instances.
///
/// A refusal `place` answers is kept and replayed like a success (with this request's id).
///
/// # Errors
///
/// `place`'s error; 422 `IDEMPOTENCY_MISMATCH`; the store's failures as
/// `From<StoreError> for ApiError` says (503 `STORE_UNAVAILABLE`, 500 `INTERNAL`).
pub async fn once_per_attempt<T, Fut>(
    store: &Store,
    keyed: String,
    fingerprint: &str,
    attempt: String,
    mismatch: &'static str,
    place: impl FnOnce() -> Fut + Send + 'static,
) -> Result<T, ApiError>
where
    T: Serialize + DeserializeOwned + Clone + Send + Sync + 'static,
    Fut: Future<Output = Result<T, ApiError>> + Send + 'static,
{
    let slots = store.clone();
    let run = move || async move {
        slot_answer(
            slots.idempotent(&attempt, "", place).await,
            "attempt slot fingerprint mismatch",
        )
    };
    keyed_answer(store.idempotent(&keyed, fingerprint, run).await, mismatch)
}
