//! The signed-in card refill's cart (seed 002 §3.1 "Cart", §4.1 "Refill flow", §4.8 "Shared
//! cart rules", §9; seed 001 §9 for ACP and the promotions): pure rules, computed once in the
//! BFF, never in the browser.
//!
//! - [`catalogue`]: what the account can buy, priced ONLY from the dashboard's
//!   `availablePlans` (seed 002 §4.8 "each price is taken from the dashboard's available
//!   plans");
//! - [`offer_promo`]: the valid promotion of the account (the dashboard's rule,
//!   `domain::dashboard::dashboard_promo`, plus the litepay banner promo
//!   `REFILL_$45_FOR_60_DAYS`);
//! - [`cart`]: the cart held per account ([`cart::CartState`]) and its transitions (plan
//!   radios, internet checkbox, TV packages and add-ons, promos), and [`cart::apply`], which
//!   turns the browser's choices into those transitions;
//! - [`price`]: lines, promos, ACP credit, tax per product, subtotal, total, the winback
//!   modal condition and Next enabled.
//!
//! Amounts are whole cents (`i64`, `domain::money`); the flow sends dollars rounded to cents.

pub mod cart;
pub mod order;
pub mod price;
pub mod reconnect;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use upstream::{account::AvailablePlan, account::LOB_HSD, promotions::Discount};

use super::{
    dashboard::{self, BASIC_TV},
    money::parse_dollars,
    promotions::parse_date,
};

/// The 30-day internet plan, the default (seed 002 §3.1, §9: 45 USD).
pub const PLAN_30: &str = "HSD_030";
/// The 7-day internet plan (seed 002 §9: 15 USD).
pub const PLAN_7: &str = "HSD_007";
/// The Instant TV basic package kept while any package exists (seed 002 §4.8, §9).
pub const BASIC_PACKAGE: &str = BASIC_TV;
/// Prefix of the TV package codes (seed 002 §9 `VDO_XITV_...`); every other non-internet
/// plan is an add-on.
pub const PACKAGE_PREFIX: &str = "VDO_XITV_";
/// The refill promotion (seed 002 §9).
pub const SALE_PROMO: &str = dashboard::REFILL_PROMO;
/// The winback promotion (seed 002 §9).
pub const WINBACK_PROMO: &str = dashboard::WINBACK_PROMO;
/// The banner promotion of 30 to 60 days (seed 002 §2.11, §4.8, §9).
pub const BANNER_PROMO: &str = "REFILL_$45_FOR_60_DAYS";
/// What a sale or banner promo takes off the 30-day plan, cents: seed 002 §4.8 "the plan
/// price times quantity minus 35", §9 "45.00 struck through and 10.00".
pub const PROMO_OFF_CENTS: i64 = 3500;
/// Internet refills the winback promo sets (seed 002 §4.8).
pub const WINBACK_REFILLS: u32 = 2;
/// Cart count the winback promo sets (seed 002 §4.8: 90 days for the price of 2 refills).
pub const WINBACK_COUNT: u32 = 3;

/// What a catalogue item is in the cart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ItemKind {
    /// An internet plan (`planLob` `HSD`): `HSD_030`, `HSD_007`.
    Internet,
    /// A TV package (`VDO_XITV_...`).
    Package,
    /// A TV add-on (any other plan).
    AddOn,
}

/// One plan the account can buy, priced by the dashboard's `availablePlans`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    /// Product code, e.g. `HSD_030`, `VDO_XITV_30`, `HBO`.
    pub code: String,
    /// Line of business as the account service gives it (`HSD`, `VIDEO`).
    pub lob: String,
    /// Price in cents.
    pub cents: i64,
    /// Internet, package or add-on.
    pub kind: ItemKind,
    /// Days one refill buys: the code's trailing number (`HSD_030` -> 30, `HSD_007` -> 7,
    /// `VDO_XITV_30` -> 30); 30 when the code has none (TV add-ons are monthly).
    pub days: u32,
}

/// The account's priced plans in the service's order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catalogue {
    /// Every readable plan (a price that is not a decimal with 2 places, or negative, is
    /// left out: it cannot be sold).
    pub items: Vec<Item>,
}

impl Catalogue {
    /// The item of `code`, if the account can buy it.
    pub fn get(&self, code: &str) -> Option<&Item> {
        self.items.iter().find(|i| i.code == code)
    }

    /// Whether `code` is offered as an item of `kind`.
    pub fn offers(&self, code: &str, kind: ItemKind) -> bool {
        self.get(code).is_some_and(|i| i.kind == kind)
    }

    /// The items of `kind`, in the service's order.
    pub fn of(&self, kind: ItemKind) -> impl Iterator<Item = &Item> {
        self.items.iter().filter(move |i| i.kind == kind)
    }
}

fn days_of(code: &str) -> u32 {
    code.rsplit('_')
        .next()
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|d| *d > 0)
        .unwrap_or(30)
}

/// The catalogue of `plans` (rule in [`Catalogue`], kinds in [`ItemKind`]); a code listed
/// twice keeps its first price.
pub fn catalogue(plans: &[AvailablePlan]) -> Catalogue {
    let mut items: Vec<Item> = Vec::new();
    for p in plans {
        let code = p.product_code.trim();
        let Some(cents) = parse_dollars(&p.plan_price).filter(|c| *c >= 0) else {
            continue;
        };
        if code.is_empty() || items.iter().any(|i| i.code == code) {
            continue;
        }
        let kind = if p.plan_lob == LOB_HSD {
            ItemKind::Internet
        } else if code.starts_with(PACKAGE_PREFIX) {
            ItemKind::Package
        } else {
            ItemKind::AddOn
        };
        items.push(Item {
            code: code.to_owned(),
            lob: p.plan_lob.clone(),
            cents,
            kind,
            days: days_of(code),
        });
    }
    Catalogue { items }
}

/// How a promotion changes the cart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PromoKind {
    /// `P_SALE35OFF_021522`: 35.00 off the 30-day plan.
    Sale,
    /// `P_WINBACK45OFF_1215`: 2 refills, count 3 (a free 30-day refill, saving 45.00).
    Winback,
    /// `REFILL_$45_FOR_60_DAYS`: plan price x quantity - 35.00, with the 30-to-60-days
    /// banner.
    Banner,
}

/// The account's valid promotion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OfferPromo {
    /// Discount id, e.g. `P_SALE35OFF_021522`.
    pub id: String,
    /// Its effect.
    pub kind: PromoKind,
}

/// The valid promotion among the dashboard's `discounts` at `now`: the dashboard's rule
/// (seed 001 §9: the first discount, on the configured list, started, end empty or not
/// passed; winback when on the winback list), else a first discount `REFILL_$45_FOR_60_DAYS`
/// with the same dates rule (seed 002 §4.8, our reading: the banner promo reaches the
/// signed-in refill through the same promotions answer).
pub fn offer_promo(discounts: &[Discount], now: DateTime<Utc>) -> Option<OfferPromo> {
    if let Some(p) = dashboard::dashboard_promo(discounts, now) {
        let kind = if p.winback {
            PromoKind::Winback
        } else {
            PromoKind::Sale
        };
        return Some(OfferPromo { id: p.id, kind });
    }
    let d = discounts.first()?;
    let started = parse_date(&d.disc_start_date).is_some_and(|s| s <= now);
    let open = match d.disc_end_date.as_deref().map(str::trim) {
        None | Some("") => true,
        Some(e) => parse_date(e).is_some_and(|end| now <= end),
    };
    (d.disc_id.trim() == BANNER_PROMO && started && open).then(|| OfferPromo {
        id: BANNER_PROMO.to_owned(),
        kind: PromoKind::Banner,
    })
}

// Unit and property tests in `refill/tests.rs`.
#[cfg(test)]
mod tests;
