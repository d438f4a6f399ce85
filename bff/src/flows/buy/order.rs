//! The submit-order payload (seed 000 §3 "Submit-order payload") built from the buy
//! context, the tax lines of the tax lookup (seed 000 §7), and the order outcome (seed 000
//! §4 "Order submit", §9).
//!
//! Payload rules:
//! - `deviceDetails.prepaidProduct`: the cart's plan, then the device item (the product
//!   named `ECO-HSD-XB3` if present among the products, else the one named `ECO-HSD-WIFI`,
//!   else an `ECO-HSD-WIFI` line at 0.00), then one item per promotion in the cart;
//! - `discountDetails` only with a promotion in the cart (quantity 1, one plan line);
//! - every amount a string with exactly 2 decimals; `paymentinfo.amount` = the cart total;
//! - `paymentinfo.cardType`: the card type map of seed 000 §3 (`card_type.rs`: `mastercard` ->
//!   `MASTER_CARD`, `visa` -> `Visa`, `discover` -> `Discover`, `american-express` ->
//!   `AMERICAN_EXPRESS`), upper-cased; an unknown type is upper-cased with `-` -> `_`;
//! - `lob` `VDO` is sent as `VIDEO` (seed 000 §3); `emailOptin` `Y`/`N`; `activationSource`
//!   `COESALES`; `isCPC` true; country `US`; tax details per charge code from the last tax
//!   answer (empty without one).
//!
//! Outcome: the business code, else the system code (blank counts as none):
//! `BUS_CUSTACT_05`, `SYS0010` or none -> placed; `PAYMENT-0001`, `SYS_CUSTACT_01` ->
//! unrecoverable (error page); any other -> failed (banner message).

use upstream::{
    activation::{
        ActivationCustomerInfo, ActivationPaymentInfo, ActivationRequest, ActivationResponse,
        ChargeCodeLine, DeviceDetails, DiscountPlanDet, OrderDiscountDetails, PaymentCustInfo,
        PersonName, PrepaidProduct, ShippingAddress, ShippingDetails,
    },
    catalogue::{Plan, Product},
    tax::{TaxLine, TaxResponse, TaxType},
};

use super::{
    card_type::CardType,
    context::BuyContext,
    types::{LangPref, OrderOutcome},
};
use crate::domain::{
    cart::{self, DEVICES},
    money::{cents_of, dollars, parse_dollars, two_decimals},
};

/// Default activation source (seed 000 §9).
pub const ACTIVATION_SOURCE: &str = "COESALES";
/// Codes that count as success (seed 000 §9).
pub const SUCCESS_CODES: [&str; 2] = ["BUS_CUSTACT_05", "SYS0010"];
/// Unrecoverable codes (seed 000 §9).
pub const UNRECOVERABLE_CODES: [&str; 2] = ["PAYMENT-0001", "SYS_CUSTACT_01"];

/// The browser's final choices on the review page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choices {
    /// SMS opt-in (not part of the seed's payload; logged only).
    pub sms_opt_in: bool,
    /// E-mail opt-in (`emailOptin` `Y`/`N`).
    pub email_opt_in: bool,
    /// Communication language.
    pub lang_pref: LangPref,
}

/// What the order still lacks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotReady(pub Vec<&'static str>);

/// The code of an answer: business, else system; blank counts as none.
pub fn code_of(r: &ActivationResponse) -> Option<&str> {
    [&r.business_error_code, &r.system_error_code]
        .into_iter()
        .filter_map(|c| c.as_deref().map(str::trim))
        .find(|c| !c.is_empty())
}

/// Outcome of a code (rule in the module docs).
pub fn outcome(code: Option<&str>) -> OrderOutcome {
    match code {
        None => OrderOutcome::Placed,
        Some(c) if SUCCESS_CODES.contains(&c) => OrderOutcome::Placed,
        Some(c) if UNRECOVERABLE_CODES.contains(&c) => OrderOutcome::Unrecoverable,
        Some(_) => OrderOutcome::Failed,
    }
}

/// Card type of the payload (rule in the module docs; the map is `card_type::CardType`).
pub fn card_type(component: &str) -> String {
    match CardType::from_component(component).stored() {
        Some(stored) => stored.to_uppercase(),
        None => component
            .trim()
            .to_ascii_lowercase()
            .replace('-', "_")
            .to_uppercase(),
    }
}

/// Line of business as the order wants it (`VDO` -> `VIDEO`).
pub fn lob(l: &str) -> String {
    if l == "VDO" {
        "VIDEO".into()
    } else {
        l.to_owned()
    }
}

/// The device product of the order and its plan (rule in the module docs).
pub fn device(products: &[&Product]) -> (String, String, Option<Plan>) {
    for name in DEVICES {
        if let Some(p) = products.iter().find(|p| p.name == name) {
            return (p.name.clone(), p.lob.clone(), p.plans.first().cloned());
        }
    }
    (DEVICES[1].to_owned(), "HSD".to_owned(), None)
}

/// The lines of the tax lookup (seed 000 §7): each cart item with its price, the device
/// and the shipping code line.
pub fn tax_lines(ctx: &BuyContext) -> Vec<TaxLine> {
    let c = ctx.cart();
    let mut lines: Vec<TaxLine> = c
        .items
        .iter()
        .map(|i| TaxLine {
            product_code: i.product_code.clone(),
            price: i.price,
        })
        .collect();
    if let Some(d) = &ctx.details {
        let products: Vec<&Product> = d.products.iter().map(|e| &e.product).collect();
        let (code, _, plan) = device(&products);
        lines.push(TaxLine {
            product_code: code,
            price: dollars(plan.and_then(|p| parse_dollars(&p.rate)).unwrap_or(0)),
        });
    }
    if let Some(s) = &c.shipping {
        lines.push(TaxLine {
            product_code: s.code.clone(),
            price: s.rate,
        });
    }
    lines
}

fn taxes_of(tax: Option<&TaxResponse>, code: &str) -> Vec<TaxType> {
    tax.and_then(|t| t.products.iter().find(|p| p.product_code == code))
        .map(|p| p.product_type.clone())
        .unwrap_or_default()
}

fn product_line(
    code: &str,
    name: &str,
    lob_: &str,
    plan_code: &str,
    cents: i64,
    tax: Option<&TaxResponse>,
) -> PrepaidProduct {
    PrepaidProduct {
        prepaid_product_code: code.to_owned(),
        prepaid_product_name: name.to_owned(),
        lob: lob(lob_),
        plan_code: plan_code.to_owned(),
        rate: two_decimals(cents),
        plan_status: "ACTIVE".to_owned(),
        charge_code: vec![ChargeCodeLine {
            charge_code: code.to_owned(),
            prod_tax_details: taxes_of(tax, code),
        }],
    }
}

fn some(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// Builds the submit-order payload, or lists what the context lacks (`serviceability`,
/// `productDetails`, `customer`, `paymentId`, `paymentInstrument`).
pub fn build(ctx: &BuyContext, choices: &Choices) -> Result<ActivationRequest, NotReady> {
    let mut missing = Vec::new();
    if ctx.address.is_none() || some(&ctx.location_id).is_none() {
        missing.push("serviceability");
    }
    let plan = ctx.details.as_ref().and_then(cart::cart_plan);
    if plan.is_none() {
        missing.push("productDetails");
    }
    if !ctx.customer.complete() {
        missing.push("customer");
    }
    if some(&ctx.payment_id).is_none() {
        missing.push("paymentId");
    }
    if ctx.card.is_none() {
        missing.push("paymentInstrument");
    }
    let (
        Some(address),
        Some(location_id),
        Some((product, plan)),
        Some(payment_id),
        Some(card),
        true,
    ) = (
        ctx.address.clone(),
        some(&ctx.location_id),
        plan,
        some(&ctx.payment_id),
        ctx.card.as_ref(),
        missing.is_empty(),
    )
    else {
        return Err(NotReady(missing));
    };
    let details = ctx.details.as_ref().expect("plan implies details");
    let tax = ctx.tax.as_ref();
    let cart = ctx.cart();
    let cu = &ctx.customer;
    let first = cu.first_name.clone().unwrap_or_default();
    let last = cu.last_name.clone().unwrap_or_default();

    let mut items = vec![product_line(
        &plan.charge_code,
        &product.name,
        &product.lob,
        &plan.plan,
        parse_dollars(&plan.rate).unwrap_or(0),
        tax,
    )];
    let products: Vec<&Product> = details.products.iter().map(|e| &e.product).collect();
    let (dev_code, dev_lob, dev_plan) = device(&products);
    items.push(product_line(
        &dev_code,
        &dev_code,
        &dev_lob,
        dev_plan
            .as_ref()
            .map_or(dev_code.as_str(), |p| p.plan.as_str()),
        dev_plan
            .as_ref()
            .and_then(|p| parse_dollars(&p.rate))
            .unwrap_or(0),
        tax,
    ));
    let promo = ctx.promo_in_cart();
    let mut discount_details = None;
    if let Some(d) = promo {
        for x in &d.discount_details {
            let eff = cents_of(x.origin_price_per_unit) + cents_of(x.discounted_price_per_unit);
            items.push(product_line(
                &x.product, &d.disc_id, &x.lob, &x.plan, eff, tax,
            ));
        }
        discount_details = Some(OrderDiscountDetails {
            discount_id: d.disc_id.clone(),
            offer_type: d.offer_type.clone(),
            product_quantity: 1,
            discount_plan_det: d
                .discount_details
                .iter()
                .map(|x| DiscountPlanDet {
                    plan_code: x.plan.clone(),
                    product_code: x.product.clone(),
                    original_price: two_decimals(cents_of(x.origin_price_per_unit)),
                    discount_price: two_decimals(cents_of(x.discounted_price_per_unit)),
                    plan_qty: 1,
                })
                .collect(),
        });
    }
    let shipping = cart.shipping.clone();
    let b = &card.billing;
    Ok(ActivationRequest {
        customer_info: ActivationCustomerInfo {
            address: address.clone(),
            location_id,
        },
        paymentinfo: ActivationPaymentInfo {
            cust_info: PaymentCustInfo {
                first_name: b.first_name.clone(),
                last_name: b.last_name.clone(),
                address_line1: b.address_line1.clone(),
                address_line2: b.address_line2.clone(),
                city: b.city.clone(),
                state: b.state.clone(),
                zip: b.zip.clone(),
                country: "US".to_owned(),
            },
            amount: two_decimals(cents_of(cart.total)),
            payment_inst_token: card.token.clone(),
            expiration_date: card.expiration_date.clone(),
            card_type: card_type(&card.card_type),
            card_number: card.last4.clone(),
        },
        prepaid_payment_id: payment_id,
        shipping_address: ShippingAddress {
            first_name: first.clone(),
            last_name: last.clone(),
            address_line1: address.address_line1.clone(),
            address_line2: address.address_line2.clone(),
            city: address.city.clone(),
            state: address.state.clone(),
            zip: address.zip.clone(),
        },
        tracking_id: ctx.tracking_id.clone().unwrap_or_default(),
        activation_source: ACTIVATION_SOURCE.to_owned(),
        name: PersonName {
            first_name: first,
            last_name: last,
        },
        email_optin: if choices.email_opt_in { "Y" } else { "N" }.to_owned(),
        geo_code: ctx.geocode.clone().unwrap_or_default(),
        email: cu.email.clone().unwrap_or_default(),
        tn: cu.tn.clone().unwrap_or_default(),
        lang_pref: match choices.lang_pref {
            LangPref::English => "ENGLISH",
            LangPref::Spanish => "SPANISH",
        }
        .to_owned(),
        housekey: ctx.house_key.clone().unwrap_or_default(),
        is_cpc: true,
        serviceability_business_error_code: ctx.serviceability_code.clone(),
        bundle_details: None,
        shipping_details: ShippingDetails {
            shipping_code: shipping
                .as_ref()
                .map_or(cart::DEFAULT_SHIPPING_CODE.to_owned(), |s| s.code.clone()),
            shipping_rate: two_decimals(shipping.as_ref().map_or(0, |s| s.cents())),
            ship_tax_details: shipping
                .as_ref()
                .map(|s| taxes_of(tax, &s.code))
                .unwrap_or_default(),
        },
        device_details: DeviceDetails {
            prepaid_product: items,
        },
        cust_guid: cu.cust_guid.clone().unwrap_or_default(),
        error_code: ctx.last_order_error.clone(),
        discount_details,
    })
}

#[cfg(test)]
mod tests {
    use super::super::context::{BillingData, CardData, CustomerData};
    use super::*;
    use proptest::prelude::*;
    use upstream::address::Address;

    fn ctx(market: &str, promo: bool) -> BuyContext {
        let promos = simulators::buy_world::promotions("ATL")
            .prepaid_promotions
            .discounts;
        BuyContext {
            tracking_id: Some("t".into()),
            location_id: Some("LOC-1".into()),
            market_id: Some(market.into()),
            address: Some(Address {
                address_line1: "1200 Peachtree St".into(),
                address_line2: String::new(),
                city: "Atlanta".into(),
                state: "GA".into(),
                zip: "30309".into(),
            }),
            geocode: Some("110601130".into()),
            house_key: Some("HK".into()),
            details: Some(simulators::buy_world::product_details(market)),
            valid_promo: promos.last().cloned(),
            promo_in_cart: promo,
            customer: CustomerData {
                first_name: Some("Ana".into()),
                last_name: Some("Lopez".into()),
                email: Some("ana@example.com".into()),
                tn: Some("4045550123".into()),
                cust_guid: Some("CG-1".into()),
            },
            payment_id: Some("PP-1".into()),
            card: Some(CardData {
                token: "tok".into(),
                expiration_date: "1230".into(),
                card_type: "mastercard".into(),
                last4: "4444".into(),
                billing: BillingData::default(),
            }),
            ..BuyContext::default()
        }
    }

    fn choices() -> Choices {
        Choices {
            sms_opt_in: true,
            email_opt_in: false,
            lang_pref: LangPref::Spanish,
        }
    }

    #[test]
    fn outcomes() {
        assert_eq!(outcome(None), OrderOutcome::Placed);
        assert_eq!(outcome(Some("BUS_CUSTACT_05")), OrderOutcome::Placed);
        assert_eq!(outcome(Some("SYS0010")), OrderOutcome::Placed);
        assert_eq!(outcome(Some("PAYMENT-0001")), OrderOutcome::Unrecoverable);
        assert_eq!(outcome(Some("SYS_CUSTACT_01")), OrderOutcome::Unrecoverable);
        assert_eq!(outcome(Some("BUS-PINLESS-ACT-PHONE")), OrderOutcome::Failed);
        let r = ActivationResponse {
            business_error_code: Some(" ".into()),
            system_error_code: Some("SYS0010".into()),
            ..Default::default()
        };
        assert_eq!(code_of(&r), Some("SYS0010"));
    }

    #[test]
    fn card_types() {
        assert_eq!(card_type("mastercard"), "MASTER_CARD");
        assert_eq!(card_type("visa"), "VISA");
        assert_eq!(card_type("discover"), "DISCOVER");
        assert_eq!(card_type("american-express"), "AMERICAN_EXPRESS");
        assert_eq!(card_type("diners-club"), "DINERS_CLUB");
    }

    #[test]
    fn payload_of_the_world() {
        let p = build(&ctx("ATL", true), &choices()).unwrap();
        let codes: Vec<&str> = p
            .device_details
            .prepaid_product
            .iter()
            .map(|x| x.prepaid_product_code.as_str())
            .collect();
        assert_eq!(codes, ["ECO-HSD-030", "ECO-HSD-XB3", "ECO-HSD-030"]);
        assert_eq!(p.paymentinfo.amount, "55.00");
        assert_eq!(p.paymentinfo.card_type, "MASTER_CARD");
        assert_eq!(p.lang_pref, "SPANISH");
        assert_eq!(p.email_optin, "N");
        assert_eq!(p.shipping_details.shipping_rate, "9.99");
        assert_eq!(
            p.discount_details.as_ref().unwrap().discount_plan_det[0].discount_price,
            "-35.00"
        );
        let p = build(&ctx("MAR", false), &choices()).unwrap();
        assert_eq!(
            p.device_details.prepaid_product[1].prepaid_product_code,
            "ECO-HSD-WIFI"
        );
        assert!(p.discount_details.is_none());
        assert_eq!(p.device_details.prepaid_product.len(), 2);
        let mut c = ctx("ATL", false);
        c.card = None;
        c.customer.email = None;
        assert_eq!(
            build(&c, &choices()).unwrap_err(),
            NotReady(vec!["customer", "paymentInstrument"])
        );
        assert_eq!(
            build(&BuyContext::default(), &choices())
                .unwrap_err()
                .0
                .len(),
            5
        );
    }

    #[test]
    fn tax_lines_cover_cart_device_and_shipping() {
        let lines = tax_lines(&ctx("ATL", true));
        let codes: Vec<&str> = lines.iter().map(|l| l.product_code.as_str()).collect();
        assert_eq!(codes, ["ECO-HSD-030", "ECO-HSD-030", "ECO-HSD-XB3", "STD"]);
        assert_eq!(lines[1].price, 10.0);
        assert_eq!(lines[3].price, 9.99);
    }

    fn two_dp(s: &str) -> bool {
        let s = s.strip_prefix('-').unwrap_or(s);
        matches!(s.split_once('.'), Some((i, f)) if !i.is_empty() && i.bytes().all(|b| b.is_ascii_digit()) && f.len() == 2 && f.bytes().all(|b| b.is_ascii_digit()))
    }

    proptest! {
        #[test]
        fn payload_invariants(
            rate in 0i64..100_000, ship in 0i64..3_000, origin in 0.0f64..500.0, disc in -500.0f64..0.0,
            promo in any::<bool>(), xb3 in any::<bool>(), wifi in any::<bool>(), tax in 0.0f64..50.0,
        ) {
            let mut c = ctx("ATL", promo);
            let d = c.details.as_mut().unwrap();
            d.products[0].product.plans[0].rate = two_decimals(rate);
            d.shipping.rate = two_decimals(ship);
            d.products.retain(|e| e.product.name != "ECO-HSD-XB3");
            if xb3 { d.products.push(simulators::buy_world::product_details("ATL").products[1].clone()); }
            if wifi { d.products.push(simulators::buy_world::product_details("MAR").products[1].clone()); }
            let v = c.valid_promo.as_mut().unwrap();
            v.discount_details[0].origin_price_per_unit = origin;
            v.discount_details[0].discounted_price_per_unit = disc;
            c.tax = Some(TaxResponse { total_tax_amt: tax, products: vec![] });
            let p = build(&c, &choices()).unwrap();
            let items = &p.device_details.prepaid_product;
            prop_assert_eq!(&items[0].prepaid_product_code, "ECO-HSD-030");
            prop_assert_eq!(&items[1].prepaid_product_code, if xb3 { "ECO-HSD-XB3" } else { "ECO-HSD-WIFI" });
            prop_assert_eq!(items.len(), if promo { 3 } else { 2 });
            prop_assert_eq!(p.discount_details.is_some(), promo);
            if promo {
                prop_assert_eq!(&items[2].prepaid_product_name, &c.valid_promo.as_ref().unwrap().disc_id);
            }
            let mut amounts = vec![p.paymentinfo.amount.clone(), p.shipping_details.shipping_rate.clone()];
            amounts.extend(items.iter().map(|i| i.rate.clone()));
            if let Some(dd) = &p.discount_details {
                for x in &dd.discount_plan_det { amounts.push(x.original_price.clone()); amounts.push(x.discount_price.clone()); }
            }
            for a in &amounts { prop_assert!(two_dp(a), "{a}"); }
            let want_total = rate + if promo { cents_of(origin) + cents_of(disc) } else { 0 } + cents_of(tax);
            prop_assert_eq!(parse_dollars(&p.paymentinfo.amount), Some(want_total));
            prop_assert_eq!(p.paymentinfo.card_type.clone(), p.paymentinfo.card_type.to_uppercase());
        }
    }
}
