//! The quick refill's context, in the store (namespace `litepay`, id from the session's
//! `ctx.litepay` entry: it lives and ends with the session): the account the last lookup
//! found, its priced refill, the card added in this session, the attempts and the last refill.
//! None of it leaves the BFF but what `types` shows; no `Debug` output names the account,
//! phone, zip or token.

use serde::{Deserialize, Serialize};

use super::types::{LitepayCard, LitepayConfirmation, LitepayOutcome, LitepayResult};
use crate::{
    domain::payment_failures::Failures, flows::refill::context::Held, http::error::ApiError,
    store::Store,
};

/// Store namespace and the session's context entry.
pub const NS: &str = "litepay";

/// The account a lookup found (seed 002 §3.8 "State slices": tn, billingZipLookup, the
/// dashboard's accountId, prepaidPaymentID, referenceID).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Located {
    /// The account, 16 digits (never sent to the browser).
    pub account_id: String,
    /// The billing phone typed, 10 digits.
    pub phone: String,
    /// The zip typed, 5 digits.
    pub zip: String,
    /// The account's prepaid payment id.
    pub prepaid_payment_id: String,
    /// The lookup's `referenceID`.
    pub reference_id: String,
}

impl std::fmt::Debug for Located {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Located { .. }")
    }
}

/// The card added in this session (seed 002 §3.5 `cpcData`): what the EZREFILL payment info
/// needs (token, last 4, stored type, expiry `MMYY`, holder, billing) and the recap.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HeldCard {
    /// The component's token.
    pub token: String,
    /// Stored card type (`Visa`, `MASTER_CARD`, ...).
    pub stored_type: String,
    /// Expiry `MMYY`.
    pub expiration_date: String,
    /// Holder's first name.
    pub first_name: String,
    /// Holder's last name.
    pub last_name: String,
    /// What the recap shows (last 4, type, billing address).
    pub view: LitepayCard,
}

impl std::fmt::Debug for HeldCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HeldCard { .. }")
    }
}

/// The session's quick refill.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LitepayContext {
    /// The account the last lookup found (a later lookup that finds none forgets it).
    #[serde(default)]
    pub located: Option<Located>,
    /// Its refill, priced with tax.
    #[serde(default)]
    pub held: Option<Held>,
    /// The `REFILL_$45_FOR_60_DAYS` banner.
    #[serde(default)]
    pub promo_banner: bool,
    /// The acp learn tile impression.
    #[serde(default)]
    pub acp_learn_tile: bool,
    /// The card added for this account in this session.
    #[serde(default)]
    pub card: Option<HeldCard>,
    /// Located version: each lookup bumps it (attempt slots are per version).
    #[serde(default)]
    pub version: u64,
    /// The order's `transactionId` of this version.
    #[serde(default)]
    pub transaction_id: String,
    /// Attempts of this version that ended without a refill.
    #[serde(default)]
    pub attempts: u32,
    /// The refill of this version, once made.
    #[serde(default)]
    pub placed: Option<LitepayResult>,
    /// The last quick refill of the session (the confirmation page).
    #[serde(default)]
    pub confirmation: Option<LitepayConfirmation>,
    /// The card form's failure counter.
    #[serde(default)]
    pub failures: Failures,
}

impl LitepayContext {
    /// A lookup found `located`, priced as `held`: a new version; the card, attempts and
    /// refill of the account before are dropped (a card added for one account never pays for
    /// another).
    pub fn locate(
        &mut self,
        located: Located,
        held: Held,
        promo_banner: bool,
        acp_learn_tile: bool,
        transaction_id: String,
    ) {
        self.located = Some(located);
        self.held = Some(held);
        self.promo_banner = promo_banner;
        self.acp_learn_tile = acp_learn_tile;
        self.card = None;
        self.version += 1;
        self.transaction_id = transaction_id;
        self.attempts = 0;
        self.placed = None;
    }

    /// A lookup found nothing usable: nothing located any more.
    pub fn forget(&mut self) {
        self.located = None;
        self.held = None;
        self.card = None;
        self.version += 1;
        self.attempts = 0;
        self.placed = None;
    }

    /// The answer of an attempt of `version` (as the signed-in refill's context).
    pub fn record(&mut self, version: u64, result: &LitepayResult) {
        let refilled = matches!(
            result.outcome,
            LitepayOutcome::Refilled | LitepayOutcome::Warning
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

    /// An attempt of `version` whose answer was lost.
    pub fn record_unknown(&mut self, version: u64) {
        if version == self.version {
            self.attempts += 1;
        }
    }
}

/// The context of `id` (the default one when none is stored).
///
/// # Errors
///
/// `STORE_UNAVAILABLE`.
pub async fn load(store: &Store, id: &str) -> Result<LitepayContext, ApiError> {
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
    f: impl Fn(&mut LitepayContext) -> R + Send,
) -> Result<R, ApiError> {
    Ok(store.update(NS, id, f).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn located(account: &str) -> Located {
        Located {
            account_id: account.into(),
            phone: "4045550201".into(),
            zip: "30309".into(),
            prepaid_payment_id: String::new(),
            reference_id: String::new(),
        }
    }

    #[test]
    fn a_new_lookup_drops_the_card_and_a_miss_forgets_the_account() {
        let mut c = LitepayContext::default();
        let held = Held {
            cart: Default::default(),
            priced: crate::domain::refill::price::price(
                &Default::default(),
                &Default::default(),
                None,
                None,
                None,
            ),
            promo: None,
            acp_benefit: None,
            taxes: vec![],
        };
        c.locate(located("1"), held.clone(), false, true, "t1".into());
        c.card = Some(HeldCard {
            token: "tok".into(),
            stored_type: "Visa".into(),
            expiration_date: "1230".into(),
            first_name: String::new(),
            last_name: String::new(),
            view: LitepayCard {
                card_type: crate::domain::card_type::CardType::Visa,
                last4: "1111".into(),
                expiry: "12/30".into(),
                address: String::new(),
                address_line2: String::new(),
                city: String::new(),
                state: String::new(),
                zip_code: String::new(),
            },
        });
        c.locate(located("2"), held, false, true, "t2".into());
        assert!(c.card.is_none());
        assert_eq!(c.version, 2);
        c.forget();
        assert!(c.located.is_none() && c.held.is_none());
        assert!(!format!("{c:?}").contains("4045550201"));
    }
}
