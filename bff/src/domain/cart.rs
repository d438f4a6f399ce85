//! The cart of the buy flow, computed by the BFF from the buy context (seed 000 §3 "Cart",
//! §4 "Product details success", "Toggle promo", §9 "Cart subtotal").
//!
//! - Items: the 30-day plan of the internet product (charge code [`PLAN_CHARGE_CODE`], tier
//!   HSD_030; the first plan of the internet product when the market has no such charge
//!   code), then, when the promo is in the cart, the promotion (one item, `productCode` =
//!   its discounted product, `name` = its id, price = origin price per unit + discounted
//!   price per unit). The internet product is the first product that is not a device
//!   ([`DEVICES`]); the gateway is not a cart item (it is an order line, see `order.rs`).
//! - `cartCount`: 1, or 2 with the offer (seed 000 §9), whatever the number of items.
//! - `subtotal` = plan rates + promo effective prices; `total` = subtotal + taxes; taxes are
//!   0 until a tax answer exists (seed 000 §9). The shipping charge is shown in `shipping`
//!   and is not part of `total` (seed 000 §9 defines the total without it; it is taxed
//!   through its own tax line).
//! - Amounts are computed in whole cents and sent as dollars rounded to cents.

use poem_openapi::Object;
use upstream::{
    catalogue::{Plan, Product, ProductDetailsResponse, Shipping},
    promotions::Discount,
};

use super::money::{cents_of, dollars, parse_dollars};

/// Charge code of the plan sold by the buy flow (seed 000 §9 promo product, tier HSD_030).
pub const PLAN_CHARGE_CODE: &str = "ECO-HSD-030";

/// Device product names (seed 000 §9).
pub const DEVICES: [&str; 2] = ["ECO-HSD-XB3", "ECO-HSD-WIFI"];

/// Shipping code used when the catalogue names none (seed 000 §9).
pub const DEFAULT_SHIPPING_CODE: &str = "STD";

/// Shipping of the order, derived from product details (seed 000 §4).
#[derive(Debug, Clone, PartialEq, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ShippingSummary {
    /// Shipping code, e.g. `STD` (default `STD`).
    pub code: String,
    /// Shipping charge in dollars (number, rounded to cents), parsed from the catalogue's
    /// decimal string.
    pub rate: f64,
    /// Description shown with the shipping block.
    pub description: String,
    /// True when the rate is 0 (the free-shipping text is shown).
    pub free: bool,
}

impl ShippingSummary {
    /// The charge in cents.
    pub fn cents(&self) -> i64 {
        cents_of(self.rate)
    }
}

/// The shipping summary of the catalogue's shipping; `None` when the rate is not a decimal.
pub fn shipping(s: &Shipping) -> Option<ShippingSummary> {
    let cents = parse_dollars(&s.rate)?;
    let code = s.name.trim();
    Some(ShippingSummary {
        code: if code.is_empty() {
            DEFAULT_SHIPPING_CODE.to_owned()
        } else {
            code.to_owned()
        },
        rate: dollars(cents),
        description: s.desc.clone(),
        free: cents == 0,
    })
}

/// One item of the cart.
#[derive(Debug, Clone, PartialEq, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CartItem {
    /// Product code: the plan's charge code (`ECO-HSD-030`) or the promotion's discounted
    /// product.
    pub product_code: String,
    /// Display name: the plan's display text (e.g. `30 Days`) or the promotion id.
    pub name: String,
    /// Line of business, e.g. `HSD`.
    pub lob: String,
    /// Price in dollars (number, rounded to cents); negative never for plans, a promotion's
    /// effective price may be anything the service sends.
    pub price: f64,
    /// `plan` or `promo`.
    pub kind: CartItemKind,
}

/// What a cart item is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum, serde::Serialize, serde::Deserialize,
)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum CartItemKind {
    /// An internet plan.
    Plan,
    /// A promotion.
    Promo,
}

/// The cart (answer of `getCart`, `updateCart`, and part of `getTax`).
#[derive(Debug, Clone, PartialEq, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Cart {
    /// Plan first, then the promotion when in the cart; empty before product details.
    pub items: Vec<CartItem>,
    /// 1, or 2 with the offer (seed 000 §9).
    pub cart_count: u32,
    /// True when the valid promotion is in the cart.
    pub offer_in_cart: bool,
    /// Plan rates + promo effective prices, dollars rounded to cents.
    pub subtotal: f64,
    /// Taxes of the last tax answer, dollars; 0 when none.
    pub taxes: f64,
    /// Subtotal + taxes, dollars rounded to cents.
    pub total: f64,
    /// Shipping, when product details are known.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default)]
    pub shipping: Option<ShippingSummary>,
}

/// Whether a product is a device (the gateway).
pub fn is_device(p: &Product) -> bool {
    DEVICES.contains(&p.name.as_str())
}

/// The internet product and the plan the cart sells, if the catalogue has one.
pub fn cart_plan(details: &ProductDetailsResponse) -> Option<(&Product, &Plan)> {
    let product = details
        .products
        .iter()
        .map(|e| &e.product)
        .find(|p| !is_device(p) && !p.plans.is_empty())?;
    let plan = product
        .plans
        .iter()
        .find(|p| p.charge_code == PLAN_CHARGE_CODE)
        .unwrap_or(&product.plans[0]);
    Some((product, plan))
}

/// Effective price of a promotion in cents: origin price per unit + discounted price per
/// unit of its (first) discount detail (seed 000 §9: a sum; the discount is negative).
pub fn promo_cents(d: &Discount) -> i64 {
    d.discount_details.first().map_or(0, |x| {
        cents_of(x.origin_price_per_unit) + cents_of(x.discounted_price_per_unit)
    })
}

/// The cart of a context: product details (if known), the promotion in the cart (if any)
/// and the taxes in cents (0 when unknown).
pub fn compute(
    details: Option<&ProductDetailsResponse>,
    promo_in_cart: Option<&Discount>,
    tax_cents: i64,
) -> Cart {
    let mut items = Vec::new();
    let mut subtotal = 0i64;
    if let Some((product, plan)) = details.and_then(cart_plan) {
        let c = parse_dollars(&plan.rate).unwrap_or(0);
        subtotal += c;
        items.push(CartItem {
            product_code: plan.charge_code.clone(),
            name: if plan.plan_display_text.is_empty() {
                product.name.clone()
            } else {
                plan.plan_display_text.clone()
            },
            lob: product.lob.clone(),
            price: dollars(c),
            kind: CartItemKind::Plan,
        });
    }
    if let Some(d) = promo_in_cart {
        let c = promo_cents(d);
        subtotal += c;
        let detail = d.discount_details.first();
        items.push(CartItem {
            product_code: detail.map(|x| x.product.clone()).unwrap_or_default(),
            name: d.disc_id.clone(),
            lob: detail.map(|x| x.lob.clone()).unwrap_or_default(),
            price: dollars(c),
            kind: CartItemKind::Promo,
        });
    }
    Cart {
        items,
        cart_count: if promo_in_cart.is_some() { 2 } else { 1 },
        offer_in_cart: promo_in_cart.is_some(),
        subtotal: dollars(subtotal),
        taxes: dollars(tax_cents),
        total: dollars(subtotal + tax_cents),
        shipping: details.and_then(|d| shipping(&d.shipping)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use upstream::{catalogue::ProductEntry, promotions::DiscountDetail};

    fn details(rate: &str, ship: &str) -> ProductDetailsResponse {
        let mut d = simulators::buy_world::product_details("ATL");
        d.products[0].product.plans[0].rate = rate.into();
        d.shipping.rate = ship.into();
        d
    }

    fn promo(origin: f64, disc: f64) -> Discount {
        Discount {
            disc_id: "P1".into(),
            disc_start_date: "20260101".into(),
            disc_end_date: None,
            offer_type: "DISCOUNT".into(),
            discount_details: vec![DiscountDetail {
                product: "ECO-HSD-030".into(),
                lob: "HSD".into(),
                plan: "HSD_030".into(),
                origin_price_per_unit: origin,
                discounted_price_per_unit: disc,
                effective_price: 999.0,
            }],
        }
    }

    #[test]
    fn world_cart_with_and_without_promo() {
        let d = details("45.00", "9.99");
        let c = compute(Some(&d), None, 0);
        assert_eq!(
            (c.cart_count, c.offer_in_cart, c.subtotal, c.total),
            (1, false, 45.0, 45.0)
        );
        assert_eq!(c.items.len(), 1);
        assert_eq!(c.items[0].product_code, "ECO-HSD-030");
        let s = c.shipping.unwrap();
        assert_eq!((s.code.as_str(), s.rate, s.free), ("STD", 9.99, false));
        let p = promo(45.0, -35.0);
        let c = compute(Some(&d), Some(&p), 489);
        assert_eq!((c.cart_count, c.offer_in_cart), (2, true));
        assert_eq!((c.subtotal, c.taxes, c.total), (55.0, 4.89, 59.89));
        assert_eq!(
            c.items[1].price, 10.0,
            "origin + discounted, not effectivePrice"
        );
        let free = compute(Some(&details("45.00", "0.00")), None, 0);
        assert!(free.shipping.unwrap().free);
        let none = compute(None, None, 0);
        assert!(none.items.is_empty() && none.total == 0.0 && none.shipping.is_none());
    }

    #[test]
    fn shipping_rules() {
        let s = |name: &str, rate: &str| {
            shipping(&Shipping {
                name: name.into(),
                rate: rate.into(),
                desc: String::new(),
            })
        };
        assert_eq!(s("", "0").unwrap().code, "STD");
        assert!(s("EXP", "0.0").unwrap().free);
        assert!(s("STD", "abc").is_none());
        assert_eq!(s("STD", "12.5").unwrap().rate, 12.5);
    }

    #[test]
    fn plan_choice_falls_back_to_first_plan() {
        let mut d = details("45.00", "0");
        d.products[0]
            .product
            .plans
            .retain(|p| p.charge_code != PLAN_CHARGE_CODE);
        d.products.swap(0, 1);
        let (_, plan) = cart_plan(&d).unwrap();
        assert_eq!(plan.charge_code, "ECO-HSD-007");
        let only_device = ProductDetailsResponse {
            products: vec![d.products[0].clone()],
            shipping: d.shipping.clone(),
        };
        assert!(cart_plan(&only_device).is_none());
        let _ = ProductEntry {
            product: d.products[0].product.clone(),
        };
    }

    proptest! {
        #[test]
        fn totals_add_up(
            rate in 0i64..100_000, ship in 0i64..5_000, origin in 0i64..100_000, disc in -100_000i64..0,
            tax in 0i64..10_000, with_promo in any::<bool>(),
        ) {
            let d = details(&super::super::money::two_decimals(rate), &super::super::money::two_decimals(ship));
            let p = promo(origin as f64 / 100.0, disc as f64 / 100.0);
            let c = compute(Some(&d), with_promo.then_some(&p), tax);
            let want_sub = rate + if with_promo { origin + disc } else { 0 };
            prop_assert_eq!(cents_of(c.subtotal), want_sub);
            prop_assert_eq!(cents_of(c.total), want_sub + tax);
            prop_assert_eq!(cents_of(c.taxes), tax);
            prop_assert_eq!(c.cart_count, if with_promo { 2 } else { 1 });
            prop_assert_eq!(c.offer_in_cart, with_promo);
            let items: i64 = c.items.iter().map(|i| cents_of(i.price)).sum();
            prop_assert_eq!(items, want_sub);
            for v in [c.subtotal, c.total, c.taxes] {
                prop_assert_eq!((v * 100.0).round() / 100.0, v);
            }
            let s = c.shipping.unwrap();
            prop_assert_eq!(s.free, ship == 0);
            prop_assert_eq!(cents_of(s.rate), ship);
        }
    }
}
