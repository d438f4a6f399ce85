//! The reconnect context of one account in one sign-in (namespace `reconnect`, id `<sign-in
//! context id>.<account id>`): what `getReconnect` checked (house key, location, tap
//! outcome, both plans priced with their tax details), the attempts, and the reconnect once
//! made. A reload, a second tab or another instance sees the same.

use serde::{Deserialize, Serialize};

use super::types::{ReconnectFailure, ReconnectOutcome, ReconnectResult};
use crate::{
    domain::{
        refill::{order::TaxDetails, price::Priced},
        serviceability::ReconnectServiceability,
    },
    http::{auth::OwnedAccount, error::ApiError},
    store::Store,
};

/// Store namespace.
pub const NS: &str = "reconnect";

/// One plan as priced for this account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HeldPlan {
    /// `HSD_030` or `HSD_007`.
    pub code: String,
    /// Its price with tax.
    pub priced: Priced,
    /// Its tax details, for `prodTaxDetails`.
    pub taxes: TaxDetails,
}

/// What `getReconnect` checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Checked {
    /// The serviceability answer's house key.
    pub house_key: String,
    /// The record's location id.
    pub location_id: String,
    /// The reconnect reading (serviceable or cold tap).
    pub tap: ReconnectServiceability,
    /// Both plans, priced.
    pub plans: Vec<HeldPlan>,
}

/// What the BFF keeps per account for the reconnect page.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReconnectContext {
    /// The last check, once made.
    #[serde(default)]
    pub checked: Option<Checked>,
    /// Attempts that ended without a reconnect: the attempt slot's number.
    #[serde(default)]
    pub attempts: u32,
    /// Creates the provider refused (`errorCode`, an aux-account error): the number in the
    /// payload's `transactionId`. An attempt whose answer was lost, or whose create was taken
    /// but whose fetch failed, keeps it: the next attempt re-sends the same transaction, and
    /// the provider answers the aux account it made instead of making a second (one charge).
    #[serde(default)]
    pub refused: u32,
    /// The reconnect, once made: every later submit gets it.
    #[serde(default)]
    pub done: Option<ReconnectResult>,
}

impl ReconnectContext {
    /// A new check (plans priced again); the attempts go on.
    pub fn check(&mut self, checked: Checked) {
        self.checked = Some(checked);
    }

    /// The answer of an attempt: a reconnect is kept, a failure ends the attempt.
    pub fn record(&mut self, result: &ReconnectResult) {
        if result.outcome == ReconnectOutcome::Reconnected {
            self.done = Some(result.clone());
        } else {
            self.attempts += 1;
            if result.reason != Some(ReconnectFailure::FetchFailed) {
                self.refused += 1;
            }
        }
    }

    /// An attempt whose answer was lost (a failed call): it ended.
    pub fn record_unknown(&mut self) {
        self.attempts += 1;
    }
}

/// The store id of `owned`'s reconnect context.
pub fn id(owned: &OwnedAccount) -> String {
    format!("{}.{}", owned.session.context_id, owned.account_id)
}

/// The context of `id` (the default one when none is stored).
///
/// # Errors
///
/// `STORE_UNAVAILABLE`.
pub async fn load(store: &Store, id: &str) -> Result<ReconnectContext, ApiError> {
    Ok(store.get(NS, id).await?.unwrap_or_default())
}

/// Changes the context of `id` with `f` (a compare-and-set, retried on conflict).
///
/// # Errors
///
/// `STORE_UNAVAILABLE`.
pub async fn update<R: Send>(
    store: &Store,
    id: &str,
    f: impl Fn(&mut ReconnectContext) -> R + Send,
) -> Result<R, ApiError> {
    Ok(store.update(NS, id, f).await?)
}
