//! The priced refill cart (seed 002 §4.8, §9; seed 001 §9 "Internet price = planPrice times
//! refills", ACP, "Total = subtotal + taxes; taxes default 0").
//!
//! - Internet line: the plan's price from `availablePlans` x `internetRefills`.
//! - TV lines: each package and add-on at its `availablePlans` price (quantity 1).
//! - Promo line (a promo in the cart, internet `HSD_030`): sale and banner promos take
//!   [`PROMO_OFF_CENTS`] off (seed 002 §4.8 "plan price times quantity minus 35"); the
//!   winback takes nothing off (its saving is the third 30-day period: 2 refills, count 3).
//!   Every promo line shows the plan price struck through and the plan price minus 35
//!   (seed 002 §9 "45.00 struck through and 10.00"). Never below 0 with the internet line.
//! - ACP line: the first benefit's amount off `HSD_030` when ACP is valid (Approved with a
//!   first benefit code) and the customer is not Tribal (seed 002 §5, seed 001 §9); never
//!   below 0 with the internet and promo lines (our reading).
//! - Tax: one lookup line per product (internet, packages, add-ons) at what the customer
//!   pays for it: its price from the available plans (x refills for the internet), for
//!   `HSD_030` less the promo and the ACP credit, which seed 001 §9 deducts from that plan
//!   (our reading: a credit that brings the plan to 0 leaves no tax, so Next can be
//!   disabled at a 0 total); the answer's tax per product is the sum of its amounts. No
//!   answer (a failed lookup): taxes 0, the total is the subtotal (seed 002 §4.5, §7.5).
//! - Subtotal = the lines' sum; total = subtotal + taxes; Next is enabled when total > 0
//!   (seed 002 §2.2, §5).
//! - Winback modal on Next (seed 002 §2.2): a valid promo exists, none is in the cart, the
//!   cart holds a single internet plan (one refill, no TV) and that plan is `HSD_030`.

use serde::{Deserialize, Serialize};

use super::{Catalogue, OfferPromo, PLAN_30, PROMO_OFF_CENTS, PromoKind, cart::CartState};
use crate::domain::dashboard::Acp;

/// What a priced line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LineKind {
    /// The internet plan.
    Internet,
    /// A TV package.
    Package,
    /// A TV add-on.
    AddOn,
    /// The promotion in the cart.
    Promo,
    /// The ACP credit.
    Acp,
}

/// One line of the priced cart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    /// Product code (`HSD_030`, `VDO_XITV_30`, `HBO`), the discount id for a promo, `ACP`
    /// for the ACP credit.
    pub code: String,
    /// What the line is.
    pub kind: LineKind,
    /// Line of business of a product (`HSD`, `VIDEO`); empty for promo and ACP.
    pub lob: String,
    /// Price of one unit, cents (promo and ACP: the line's amount).
    pub unit_cents: i64,
    /// Units (internet refills; 1 otherwise).
    pub quantity: u32,
    /// The line's amount, cents (negative for promo and ACP).
    pub cents: i64,
    /// Tax of the product, cents (0 for promo and ACP, and without a tax answer).
    pub tax_cents: i64,
}

/// The promo as the cart shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PromoShown {
    /// Discount id.
    pub id: String,
    /// Its kind.
    pub kind: PromoKind,
    /// Price struck through, cents: the 30-day plan's price (45.00).
    pub was_cents: i64,
    /// Price shown, cents: the plan price minus 35 (10.00).
    pub now_cents: i64,
    /// The 30-to-60-days banner (`REFILL_$45_FOR_60_DAYS`).
    pub banner_60_days: bool,
}

/// Tax of the products, cents per product code, from the tax answer.
pub type ProductTaxes = Vec<(String, i64)>;

/// The priced cart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Priced {
    /// Internet, packages, add-ons, promo, ACP, in that order.
    pub lines: Vec<Line>,
    /// Cart count (`planQty` of the internet line).
    pub cart_count: u32,
    /// Refills of the internet plan.
    pub internet_refills: u32,
    /// The promo in the cart, as shown.
    pub promo: Option<PromoShown>,
    /// Sum of the lines, cents.
    pub subtotal_cents: i64,
    /// Sum of the products' taxes, cents.
    pub tax_cents: i64,
    /// Whether a tax answer priced the cart (false: taxes 0, logged).
    pub tax_available: bool,
    /// Subtotal + taxes, cents.
    pub total_cents: i64,
    /// Next is enabled (total > 0).
    pub next_enabled: bool,
    /// The winback modal opens on Next.
    pub winback_modal: bool,
}

/// The tax lookup's products of a cart priced without taxes: code and price in cents (rule
/// in the module docs).
pub fn tax_products(untaxed: &Priced) -> Vec<(String, i64)> {
    let off: i64 = untaxed
        .lines
        .iter()
        .filter(|l| matches!(l.kind, LineKind::Promo | LineKind::Acp))
        .map(|l| l.cents)
        .sum();
    untaxed
        .lines
        .iter()
        .filter(|l| {
            matches!(
                l.kind,
                LineKind::Internet | LineKind::Package | LineKind::AddOn
            )
        })
        .map(|l| {
            let deducted = if l.code == PLAN_30 { off } else { 0 };
            (l.code.clone(), l.cents + deducted)
        })
        .collect()
}

fn product_lines(cart: &CartState, cat: &Catalogue) -> Vec<Line> {
    let mut out = Vec::new();
    let mut push = |code: &str, quantity: u32| {
        if let Some(i) = cat.get(code) {
            out.push(Line {
                code: i.code.clone(),
                kind: match i.kind {
                    super::ItemKind::Internet => LineKind::Internet,
                    super::ItemKind::Package => LineKind::Package,
                    super::ItemKind::AddOn => LineKind::AddOn,
                },
                lob: i.lob.clone(),
                unit_cents: i.cents,
                quantity,
                cents: i.cents * i64::from(quantity),
                tax_cents: 0,
            });
        }
    };
    if let Some(code) = &cart.internet {
        push(code, cart.internet_refills.max(1));
    }
    for code in cart.packages.iter().chain(&cart.add_ons) {
        push(code, 1);
    }
    out
}

/// Whether the winback modal opens on Next (seed 002 §2.2).
pub fn winback_modal(cart: &CartState, promo: Option<&OfferPromo>) -> bool {
    promo.is_some()
        && cart.promos.is_empty()
        && cart.internet.as_deref() == Some(PLAN_30)
        && cart.internet_refills == 1
        && cart.packages.is_empty()
        && cart.add_ons.is_empty()
}

/// The priced cart of `cart` (rules in the module docs). `promo` is the account's valid
/// promotion; `acp` its ACP; `taxes` the tax answer per product (`None`: no answer).
pub fn price(
    cart: &CartState,
    cat: &Catalogue,
    promo: Option<&OfferPromo>,
    acp: Option<&Acp>,
    taxes: Option<&ProductTaxes>,
) -> Priced {
    let mut lines = product_lines(cart, cat);
    if let Some(t) = taxes {
        for l in &mut lines {
            l.tax_cents = t
                .iter()
                .filter(|(code, _)| *code == l.code)
                .map(|(_, c)| *c)
                .sum();
        }
    }
    let internet = lines
        .iter()
        .find(|l| l.kind == LineKind::Internet && l.code == PLAN_30)
        .map(|l| (l.unit_cents, l.cents));
    let mut shown = None;
    let mut left = internet.map_or(0, |(_, c)| c);
    if let (Some((unit, _)), Some(p)) = (internet, promo)
        && cart.promos.contains(&p.id)
    {
        let off = match p.kind {
            PromoKind::Sale | PromoKind::Banner => PROMO_OFF_CENTS.min(left),
            PromoKind::Winback => 0,
        };
        left -= off;
        lines.push(Line {
            code: p.id.clone(),
            kind: LineKind::Promo,
            lob: String::new(),
            unit_cents: -off,
            quantity: 1,
            cents: -off,
            tax_cents: 0,
        });
        shown = Some(PromoShown {
            id: p.id.clone(),
            kind: p.kind,
            was_cents: unit,
            now_cents: (unit - PROMO_OFF_CENTS).max(0),
            banner_60_days: p.kind == PromoKind::Banner,
        });
    }
    if internet.is_some()
        && let Some(a) = acp
        && let Some(benefit) = a.deduction()
    {
        let off = benefit.clamp(0, left);
        lines.push(Line {
            code: "ACP".to_owned(),
            kind: LineKind::Acp,
            lob: String::new(),
            unit_cents: -off,
            quantity: 1,
            cents: -off,
            tax_cents: 0,
        });
    }
    let subtotal_cents: i64 = lines.iter().map(|l| l.cents).sum();
    let tax_cents: i64 = lines.iter().map(|l| l.tax_cents).sum();
    let total_cents = subtotal_cents + tax_cents;
    Priced {
        lines,
        cart_count: cart.cart_count,
        internet_refills: cart.internet_refills,
        promo: shown,
        subtotal_cents,
        tax_cents,
        tax_available: taxes.is_some(),
        total_cents,
        next_enabled: total_cents > 0,
        winback_modal: winback_modal(cart, promo),
    }
}
