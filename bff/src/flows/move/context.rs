//! The move context of one account in one sign-in (namespace `move`, id `<sign-in context
//! id>.<account id>`, as the refill's, so the move reads the refill's mark of the same
//! account): the units of the last `multiple` check, the destination held (address, location,
//! house key, serviceability), the move date, the attempts and the move once made. A reload,
//! a second tab or another instance sees the same.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use upstream::address::Address;

use super::types::{
    DestinationServiceability, MoveConfirmation, MoveOutcome, MoveResult, MoveUnit,
};
use crate::{
    http::{auth::OwnedAccount, error::ApiError},
    store::Store,
};

/// Store namespace.
pub const NS: &str = "move";

/// At most this many units of a building are held for `chooseMoveUnit` (the context stays
/// well under the store's 16 KiB per record).
pub const MAX_UNITS: usize = 100;

/// The destination as the BFF checked it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Destination {
    /// The address moved to.
    pub address: Address,
    /// Its location id.
    pub location_id: String,
    /// The serviceability answer's house key.
    pub house_key: String,
    /// Serviceable or a cold tap.
    pub serviceability: DestinationServiceability,
}

/// What the BFF keeps per account for the move pages.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveContext {
    /// The units of the last `multiple` check.
    #[serde(default)]
    pub units: Vec<MoveUnit>,
    /// The destination held (serviceable or cold tap).
    #[serde(default)]
    pub destination: Option<Destination>,
    /// The move date chosen.
    #[serde(default)]
    pub move_date: Option<NaiveDate>,
    /// Attempts that ended without a move: the attempt slot's number.
    #[serde(default)]
    pub attempts: u32,
    /// The move, once made: every later create gets it.
    #[serde(default)]
    pub done: Option<MoveConfirmation>,
}

impl MoveContext {
    /// A new check: the units of a `multiple` answer (else none), the destination found
    /// (else none).
    pub fn checked(&mut self, units: Vec<MoveUnit>, destination: Option<Destination>) {
        self.units = units.into_iter().take(MAX_UNITS).collect();
        self.destination = destination;
    }

    /// The unit of `location_id` from the last `multiple` check.
    pub fn unit(&self, location_id: &str) -> Option<&MoveUnit> {
        self.units.iter().find(|u| u.location_id == location_id)
    }

    /// The answer of an attempt: a move is kept, a failure ends the attempt.
    pub fn record(&mut self, result: &MoveResult) {
        match (&result.outcome, &result.confirmation) {
            (MoveOutcome::Moved, Some(c)) => self.done = Some(c.clone()),
            _ => self.attempts += 1,
        }
    }

    /// An attempt whose answer was lost (a failed call): it ended.
    pub fn record_unknown(&mut self) {
        self.attempts += 1;
    }

    /// The move made was cancelled since: a new move starts (nothing held).
    pub fn forget(&mut self) {
        let attempts = self.attempts;
        *self = Self {
            attempts,
            ..Self::default()
        };
    }
}

/// The store id of `owned`'s move context (the refill context's id too).
pub fn id(owned: &OwnedAccount) -> String {
    format!("{}.{}", owned.session.context_id, owned.account_id)
}

/// The context of `id` (the default one when none is stored).
///
/// # Errors
///
/// `STORE_UNAVAILABLE`.
pub async fn load(store: &Store, id: &str) -> Result<MoveContext, ApiError> {
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
    f: impl Fn(&mut MoveContext) -> R + Send,
) -> Result<R, ApiError> {
    Ok(store.update(NS, id, f).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_and_forget() {
        let mut c = MoveContext::default();
        c.record(&MoveResult {
            outcome: MoveOutcome::Failed,
            confirmation: None,
            error_code: None,
            reason: None,
            message: None,
        });
        c.record_unknown();
        assert_eq!(c.attempts, 2);
        c.move_date = NaiveDate::from_ymd_opt(2026, 1, 5);
        c.forget();
        assert_eq!((c.attempts, c.move_date), (2, None));
    }
}
