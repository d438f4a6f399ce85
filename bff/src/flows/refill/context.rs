//! The refill context of one account in one sign-in, in the store (namespace `refill`, id
//! `<sign-in context id>.<account id>`, as the payments counter): the cart the customer chose,
//! its price and tax details, the order attempts and the last refill. A reload, a second tab
//! or another BFF instance sees the same cart, attempt and confirmation.
//!
//! Each cart change is a new **version** with a new `transactionId` (the refill order's
//! duplicate key): the attempts of one version share it, so an attempt whose answer was lost
//! is re-sent as the same refill, and the provider answers the refill it already made.

use serde::{Deserialize, Serialize};
use upstream::refill::RefillAcpBenefit;

use super::types::{RefillConfirmation, RefillOutcome, RefillResult};
use crate::{
    domain::refill::{OfferPromo, cart::CartState, price::Priced},
    http::{auth::OwnedAccount, error::ApiError},
    store::Store,
};

/// Store namespace.
pub const NS: &str = "refill";

/// Taxes of one product: `(taxCode, cents)` from the tax answer's vertex codes.
pub type TaxDetails = Vec<(String, Vec<(String, i64)>)>;

/// What the order needs of a priced cart, kept together so a refill pays exactly what the
/// customer saw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Held {
    /// The cart.
    pub cart: CartState,
    /// Its price.
    pub priced: Priced,
    /// The promo the price assumed (its id and kind), if any was valid.
    pub promo: Option<OfferPromo>,
    /// The ACP benefit deducted (valid, not Tribal), for `acpBenefits`.
    pub acp_benefit: Option<RefillAcpBenefit>,
    /// Taxes per product, for `prodTaxDetails`.
    pub taxes: TaxDetails,
}

/// What the BFF keeps per account for the refill pages.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefillContext {
    /// The priced cart, once the customer chose one.
    #[serde(default)]
    pub held: Option<Held>,
    /// Cart version (each change bumps it).
    #[serde(default)]
    pub version: u64,
    /// The refill order's `transactionId` of this version.
    #[serde(default)]
    pub transaction_id: String,
    /// Attempts of this version that ended without a refill (failed, or answer lost): the
    /// attempt slot's number.
    #[serde(default)]
    pub attempts: u32,
    /// The refill of this version, once made: every later submit of the version gets it.
    #[serde(default)]
    pub placed: Option<RefillResult>,
    /// The last refill of the sign-in (the confirmation page).
    #[serde(default)]
    pub confirmation: Option<RefillConfirmation>,
}

impl RefillContext {
    /// A new cart: a new version and `transactionId`, no attempts, nothing placed.
    pub fn choose(&mut self, held: Held, transaction_id: String) {
        self.held = Some(held);
        self.version += 1;
        self.transaction_id = transaction_id;
        self.attempts = 0;
        self.placed = None;
    }

    /// The answer of an attempt of `version`: a refill becomes the confirmation (whatever
    /// the cart did meanwhile) and, for the current version, is kept (later submits get
    /// it); a failure ends the attempt.
    pub fn record(&mut self, version: u64, result: &RefillResult) {
        let refilled = matches!(
            result.outcome,
            RefillOutcome::Refilled | RefillOutcome::Warning
        );
        if refilled {
            self.confirmation = result.confirmation.clone();
        }
        if version != self.version {
            return;
        }
        if refilled {
            self.placed = Some(result.clone());
        } else {
            self.attempts += 1;
        }
    }

    /// An attempt of `version` whose answer was lost: it ended, and the next one re-sends
    /// the same `transactionId`.
    pub fn record_unknown(&mut self, version: u64) {
        if version == self.version {
            self.attempts += 1;
        }
    }
}

/// The store id of `owned`'s refill context.
pub fn id(owned: &OwnedAccount) -> String {
    format!("{}.{}", owned.session.context_id, owned.account_id)
}

/// The context of `id` (the default one when none is stored).
///
/// # Errors
///
/// `STORE_UNAVAILABLE`.
pub async fn load(store: &Store, id: &str) -> Result<RefillContext, ApiError> {
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
    f: impl Fn(&mut RefillContext) -> R + Send,
) -> Result<R, ApiError> {
    Ok(store.update(NS, id, f).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(outcome: RefillOutcome) -> RefillResult {
        RefillResult {
            outcome,
            order_number: None,
            error_code: None,
            message: None,
            confirmation: None,
        }
    }

    #[test]
    fn attempts_and_placed_follow_the_version() {
        let mut c = RefillContext::default();
        c.version = 2;
        c.record(2, &result(RefillOutcome::Failed));
        c.record_unknown(2);
        assert_eq!(c.attempts, 2);
        c.record(1, &result(RefillOutcome::Refilled));
        assert!(
            c.placed.is_none(),
            "an old version's answer changes nothing"
        );
        c.record(2, &result(RefillOutcome::Warning));
        assert!(c.placed.is_some());
    }
}
