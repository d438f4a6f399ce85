//! The reconnect's refill step (seed 002 §2.10, §4.5, §9): the plans offered when a closed
//! account is reconnected and the cart of the one chosen, priced by [`super::price`] like
//! any refill.
//!
//! - Plans: `HSD_030` "30 Day Refill" at 45 USD (the default) and `HSD_007` "7 Day Refill"
//!   at 15 USD ([`RECONNECT_PLANS`]). Each is priced from the account's `availablePlans`
//!   when the record lists it (seed 002 §4.8 "each price is taken from the dashboard's
//!   available plans"), else at the seed's §2.10 price: a closed, reconnect-eligible
//!   account has no available plans (seed 001 §4 "Page readiness": that is what makes it
//!   deactivated), so in practice the §2.10 prices apply.
//! - The cart: the chosen plan, one refill, count 1, no promo, no TV, no ACP (the seed's
//!   reconnect has none of them); total = price + tax, the subtotal on a failed tax lookup
//!   (§4.5).

use upstream::account::{AvailablePlan, LOB_HSD};

use super::{Catalogue, ItemKind, PLAN_7, PLAN_30, cart::CartState, catalogue};

/// The reconnect's plans and their seed prices in cents, the default first (seed 002
/// §2.10, §9).
pub const RECONNECT_PLANS: [(&str, i64); 2] = [(PLAN_30, 4500), (PLAN_7, 1500)];

/// The default plan of the reconnect (seed 002 §2.10).
pub const DEFAULT_PLAN: &str = PLAN_30;

/// The catalogue the reconnect prices from: exactly [`RECONNECT_PLANS`], each at the
/// record's `availablePlans` price when listed there as an internet plan, else at its seed
/// price (module docs).
pub fn reconnect_catalogue(plans: &[AvailablePlan]) -> Catalogue {
    let listed = catalogue(plans);
    let items = RECONNECT_PLANS
        .iter()
        .map(|(code, cents)| {
            let mut item = super::Item {
                code: (*code).to_owned(),
                lob: LOB_HSD.to_owned(),
                cents: *cents,
                kind: ItemKind::Internet,
                days: if *code == PLAN_30 { 30 } else { 7 },
            };
            if let Some(l) = listed.get(code).filter(|l| l.kind == ItemKind::Internet) {
                item.cents = l.cents;
            }
            item
        })
        .collect();
    Catalogue { items }
}

/// Whether `code` is a reconnect plan.
pub fn is_reconnect_plan(code: &str) -> bool {
    RECONNECT_PLANS.iter().any(|(c, _)| *c == code)
}

/// The cart of a reconnect with `plan`: one refill of it, count 1, nothing else.
pub fn reconnect_cart(plan: &str) -> CartState {
    CartState {
        internet: Some(plan.to_owned()),
        internet_refills: 1,
        packages: Vec::new(),
        add_ons: Vec::new(),
        promos: Vec::new(),
        cart_count: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::super::price::price;
    use super::*;
    use proptest::prelude::*;

    fn plan(code: &str, price: &str) -> AvailablePlan {
        AvailablePlan {
            product_code: code.into(),
            plan_price: price.into(),
            plan_lob: if code.starts_with("HSD") {
                LOB_HSD
            } else {
                "VIDEO"
            }
            .into(),
        }
    }

    #[test]
    fn seed_prices_without_available_plans() {
        let c = reconnect_catalogue(&[]);
        let got: Vec<_> = c.items.iter().map(|i| (i.code.as_str(), i.cents)).collect();
        assert_eq!(got, vec![("HSD_030", 4500), ("HSD_007", 1500)]);
        assert_eq!(c.items[1].days, 7);
    }

    #[test]
    fn available_plans_price_a_listed_plan_only() {
        let c = reconnect_catalogue(&[plan("HSD_007", "12.50"), plan("HBO", "15.00")]);
        let got: Vec<_> = c.items.iter().map(|i| (i.code.as_str(), i.cents)).collect();
        assert_eq!(got, vec![("HSD_030", 4500), ("HSD_007", 1250)]);
    }

    proptest! {
        /// total = price + tax; without a tax answer, the subtotal (seed 002 §2.10, §4.5).
        #[test]
        fn total_is_price_plus_tax(thirty in any::<bool>(), tax in proptest::option::of(0i64..2000)) {
            let code = if thirty { PLAN_30 } else { PLAN_7 };
            let cat = reconnect_catalogue(&[]);
            let taxes = tax.map(|t| vec![(code.to_owned(), t)]);
            let p = price(&reconnect_cart(code), &cat, None, None, taxes.as_ref());
            let list = if thirty { 4500 } else { 1500 };
            prop_assert_eq!(p.subtotal_cents, list);
            prop_assert_eq!(p.total_cents, list + tax.unwrap_or(0));
            prop_assert_eq!(p.tax_available, tax.is_some());
            prop_assert_eq!(p.lines.len(), 1);
            prop_assert_eq!(p.cart_count, 1);
        }
    }
}
