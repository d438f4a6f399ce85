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
    domain::refill::{OfferPromo, PLAN_7, cart::CartState, price::Priced},
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

/// The move's mark on the refill (set by the move flow, `flows::move`, while the move's date
/// needs a refill; the refill operations stay the same for the move's refill pages): whether
/// the 7-day plan is withheld (seed 002 §2.8, §9: offered only when the move date gap is 7
/// days or fewer) and the internet refill made while the mark was set.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveMark {
    /// `HSD_007` is not offered (the offer omits it, a cart choosing it is refused).
    #[serde(default)]
    pub withhold_seven_day: bool,
    /// The internet refill made during the move (its confirmation).
    #[serde(default)]
    pub refill: Option<RefillConfirmation>,
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
    /// The move's mark, while a move needs a refill ([`MoveMark`]).
    #[serde(default)]
    pub move_mark: Option<MoveMark>,
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
            // an internet refill made while a move needs one is the move's refill
            if let Some(m) = &mut self.move_mark
                && let Some(c) = result
                    .confirmation
                    .as_ref()
                    .filter(|c| c.cart.plan.is_some())
            {
                m.refill = Some(c.clone());
            }
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

    /// The move's date needs a refill: mark the refill for the move, withholding the 7-day
    /// plan when `withhold_seven_day`; a held 7-day cart is then dropped (the cart starts
    /// again from the default). A refill made earlier in the move is kept.
    pub fn mark_move(&mut self, withhold_seven_day: bool) {
        let m = self.move_mark.get_or_insert_with(MoveMark::default);
        m.withhold_seven_day = withhold_seven_day;
        if withhold_seven_day
            && self
                .held
                .as_ref()
                .is_some_and(|h| h.cart.internet.as_deref() == Some(PLAN_7))
        {
            self.held = None;
        }
    }

    /// The move no longer restricts the refill (its date needs none, or the move is made or
    /// forgotten); `keep_refill` keeps the refill made during the move.
    pub fn unmark_move(&mut self, keep_refill: bool) {
        match (&mut self.move_mark, keep_refill) {
            (Some(m), true) => m.withhold_seven_day = false,
            _ => self.move_mark = None,
        }
    }

    /// Whether the move withholds the 7-day plan.
    pub fn withholds_seven_day(&self) -> bool {
        self.move_mark
            .as_ref()
            .is_some_and(|m| m.withhold_seven_day)
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
        let mut c = RefillContext {
            version: 2,
            ..RefillContext::default()
        };
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
