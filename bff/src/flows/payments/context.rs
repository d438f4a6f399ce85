//! The failure counter of one account in one sign-in, in the store (namespace `payments`, id
//! `<sign-in context id>.<account id>`), so a reload or another instance sees the same count
//! and wait (rule: `domain::payment_failures`).

use serde::{Deserialize, Serialize};

use super::types::FormLock;
use crate::{
    domain::payment_failures::{AfterFailure, Failures},
    http::{auth::OwnedAccount, error::ApiError},
    store::Store,
};

/// Store namespace.
pub const NS: &str = "payments";

/// What the BFF keeps per account for the payment pages.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentsContext {
    /// The failure counter.
    #[serde(default)]
    pub failures: Failures,
}

/// The store id of `owned`'s counter.
pub fn id(owned: &OwnedAccount) -> String {
    format!("{}.{}", owned.session.context_id, owned.account_id)
}

fn lock_of(f: &Failures, now_ms: i64) -> FormLock {
    FormLock {
        failures: f.count,
        retry_in_ms: f.retry_in_ms(now_ms),
    }
}

/// The counter at `now_ms`.
///
/// # Errors
///
/// `STORE_UNAVAILABLE`.
pub async fn lock(store: &Store, id: &str, now_ms: i64) -> Result<FormLock, ApiError> {
    let c: Option<PaymentsContext> = store.get(NS, id).await?;
    Ok(lock_of(&c.unwrap_or_default().failures, now_ms))
}

/// Counts a failure at `now_ms`.
///
/// # Errors
///
/// `STORE_UNAVAILABLE`.
pub async fn fail(
    store: &Store,
    id: &str,
    now_ms: i64,
) -> Result<(AfterFailure, FormLock), ApiError> {
    Ok(store
        .update(NS, id, |c: &mut PaymentsContext| {
            let after = c.failures.record(now_ms);
            (after, lock_of(&c.failures, now_ms))
        })
        .await?)
}

/// A success: the count starts again.
///
/// # Errors
///
/// `STORE_UNAVAILABLE`.
pub async fn succeed(store: &Store, id: &str) -> Result<FormLock, ApiError> {
    Ok(store
        .update(NS, id, |c: &mut PaymentsContext| {
            c.failures.clear();
            lock_of(&c.failures, 0)
        })
        .await?)
}
