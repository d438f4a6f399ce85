//! The refill order payload, built by the BFF from what it holds (seed 002 §3.6), and the
//! reading of its answer (§3.9, §4.1, §7.5).
//!
//! - `customerInfo`: the account of the path (plain: the seed encrypts it in the browser;
//!   here the browser never sends it), the record's phone and the service address's zip.
//! - `paymentInfo`: `amount` = the cart's total; the saved card's token and billing address
//!   (`country: US`), `processingNetwork: CREDIT`, `isServiceAddress` when the billing street
//!   and zip are the service address's, `saveCardInfo: false` (it is saved), the record's
//!   `prepaidPaymentID`. The payload never carries a card number.
//! - `prepaidProducts`: one per product line (internet, packages, add-ons) with one charge:
//!   `amount` = the line's amount, `rate` = the unit price, both with the instant discount
//!   of the promo added for `HSD_030` (seed 002 §3.6); `planQty` = the cart count for `HSD`,
//!   else 1; `prodTaxDetails` from the tax answer.
//! - `acpBenefits` when the ACP credit is in the cart; `discountDetails` `{A, id, INSTANT}`
//!   when a promo is; `referenceID` of the record; `termsVersion: 1.0`; `macId` and
//!   `serialNo` of the internet device; `transactionId` of the cart version.

use upstream::{
    account::{DashboardResponse, LOB_HSD},
    payments::PaymentInfoResponse,
    refill::{
        CHANNEL_ONLINE, DISC_STATUS_ACTIVE, FLOW_REFILL, OFFER_TYPE_INSTANT, RefillCustomerInfo,
        RefillDiscount, RefillRequest, RefillResponse, STATUS_SUCCESS, TERMS_VERSION,
    },
};

use super::{context::Held, types::RefillOutcome};
pub use crate::domain::refill::order::NoSavedCard;
use crate::domain::refill::order::{payment_info, products};

/// The refill order of `held` for `account` (rules in the module docs; the payment and
/// product parts are `domain::refill::order`'s, shared with the reconnect).
///
/// # Errors
///
/// [`NoSavedCard`] when the payment info has no token (`BUS_PMT_006`).
pub fn build(
    account: &str,
    dash: &DashboardResponse,
    info: &PaymentInfoResponse,
    held: &Held,
    transaction_id: &str,
) -> Result<RefillRequest, NoSavedCard> {
    let customer = dash.customer_info.as_ref();
    let service = dash.service_address.clone().unwrap_or_default();
    let p = &held.priced;
    let payment_info = payment_info(dash, info, p.total_cents)?;
    let acp_in_cart = p
        .lines
        .iter()
        .any(|l| l.kind == crate::domain::refill::price::LineKind::Acp);
    let internet = dash
        .subscription_details
        .iter()
        .find(|s| s.device_lob == LOB_HSD);
    Ok(RefillRequest {
        channel: CHANNEL_ONLINE.into(),
        flow: FLOW_REFILL.into(),
        customer_info: RefillCustomerInfo {
            account_id: account.to_owned(),
            phone: customer.map(|c| c.phone_number.clone()).unwrap_or_default(),
            zip: service.zip.clone(),
        },
        payment_info,
        prepaid_products: products(p, &held.taxes),
        acp_benefits: held
            .acp_benefit
            .clone()
            .filter(|_| acp_in_cart)
            .into_iter()
            .collect(),
        discount_details: held
            .cart
            .promos
            .iter()
            .map(|id| RefillDiscount {
                disc_status: DISC_STATUS_ACTIVE.into(),
                discount_id: id.clone(),
                offer_type: OFFER_TYPE_INSTANT.into(),
            })
            .collect(),
        reference_id: dash.reference_id.clone().unwrap_or_default(),
        terms_version: TERMS_VERSION.into(),
        mac_id: internet.and_then(|d| d.mac_id.clone()).unwrap_or_default(),
        serial_no: internet
            .and_then(|d| d.device_serial_number.clone())
            .unwrap_or_default(),
        transaction_id: transaction_id.to_owned(),
    })
}

/// The outcome of a refill answer (seed 002 §4.1): `errorCode` is a failure; otherwise a
/// status other than `SUCCESS` or no order number is a warning; else refilled.
pub fn outcome(r: &RefillResponse) -> RefillOutcome {
    if r.error_code
        .as_deref()
        .is_some_and(|c| !c.trim().is_empty())
    {
        return RefillOutcome::Failed;
    }
    let ok = r.response.as_ref().is_some_and(|a| {
        a.status == STATUS_SUCCESS
            && a.order_details
                .as_ref()
                .is_some_and(|o| !o.order_number.trim().is_empty())
    });
    if ok {
        RefillOutcome::Refilled
    } else {
        RefillOutcome::Warning
    }
}

/// The order number of an answer, if any.
pub fn order_number(r: &RefillResponse) -> Option<String> {
    r.response
        .as_ref()
        .and_then(|a| a.order_details.as_ref())
        .map(|o| o.order_number.trim().to_owned())
        .filter(|n| !n.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::refill::{
        OfferPromo, PromoKind, SALE_PROMO, WINBACK_PROMO, cart::CartState, catalogue, price::price,
    };
    use upstream::refill::{RefillAnswer, RefillOrderDetails};

    fn world(account: &str) -> (DashboardResponse, PaymentInfoResponse) {
        (
            simulators::account_world::dashboard(account, chrono::Utc::now()),
            simulators::account_world::payment_info(account),
        )
    }

    fn held(dash: &DashboardResponse, promo: Option<OfferPromo>, taxes: bool) -> Held {
        let cat = catalogue(&dash.available_plans);
        let cart = CartState::initial(promo.as_ref());
        let cart = match &promo {
            Some(p) if p.kind == PromoKind::Winback => {
                let mut c = cart;
                c.add_promo(p);
                c
            }
            _ => cart,
        };
        let t = vec![("HSD_030".to_owned(), 360)];
        let priced = price(&cart, &cat, promo.as_ref(), None, taxes.then_some(&t));
        Held {
            cart,
            priced,
            promo,
            acp_benefit: None,
            taxes: vec![(
                "HSD_030".into(),
                vec![("STATE".into(), 180), ("COUNTY".into(), 180)],
            )],
        }
    }

    #[test]
    fn payload_of_the_world_with_the_sale_promo() {
        let account = "8993100000001301";
        let (dash, info) = world(account);
        let promo = OfferPromo {
            id: SALE_PROMO.into(),
            kind: PromoKind::Sale,
        };
        let h = held(&dash, Some(promo), true);
        let r = build(account, &dash, &info, &h, "tx-1").unwrap();
        assert_eq!((r.channel.as_str(), r.flow.as_str()), ("ONLINE", "REFILL"));
        assert_eq!(r.customer_info.account_id, account);
        assert_eq!(r.payment_info.amount, "13.60", "45 - 35 + 3.60 tax");
        assert_eq!(r.payment_info.payment_inst_token, format!("PIT-{account}"));
        assert_eq!(r.payment_info.billing_address.country, "US");
        assert!(r.payment_info.is_service_address);
        assert!(!r.payment_info.save_card_info);
        let p = &r.prepaid_products[0];
        assert_eq!(
            (p.plan_code.as_str(), p.plan_qty, p.rate.as_str()),
            ("HSD_030", 1, "10.00")
        );
        assert_eq!(p.charge_code[0].amount, "10.00");
        assert_eq!(p.charge_code[0].prod_tax_details.len(), 2);
        assert_eq!(r.discount_details[0].discount_id, SALE_PROMO);
        assert_eq!(r.discount_details[0].offer_type, "INSTANT");
        assert_eq!(r.terms_version, "1.0");
        assert_eq!(r.reference_id, format!("REF-{account}"));
        assert!(!r.mac_id.is_empty());
        assert_eq!(r.transaction_id, "tx-1");
        assert!(r.acp_benefits.is_empty());
        let json = serde_json::to_string(&r).unwrap();
        assert!(
            !json.contains("cardNumber") && !json.contains("4111"),
            "{json}"
        );
    }

    #[test]
    fn winback_plan_qty_is_the_cart_count() {
        let account = "8993100000001301";
        let (dash, info) = world(account);
        let promo = OfferPromo {
            id: WINBACK_PROMO.into(),
            kind: PromoKind::Winback,
        };
        let h = held(&dash, Some(promo), false);
        let r = build(account, &dash, &info, &h, "tx").unwrap();
        let p = &r.prepaid_products[0];
        assert_eq!((p.plan_qty, p.rate.as_str()), (3, "45.00"));
        assert_eq!(p.charge_code[0].amount, "90.00");
        assert_eq!(r.payment_info.amount, "90.00");
    }

    #[test]
    fn no_saved_card() {
        let (dash, info) = world("8993100000000101");
        let h = held(&dash, None, false);
        assert_eq!(
            build("8993100000000101", &dash, &info, &h, "t"),
            Err(NoSavedCard)
        );
    }

    #[test]
    fn outcomes() {
        let ok = |status: &str, number: Option<&str>| RefillResponse {
            response: Some(RefillAnswer {
                status: status.into(),
                order_details: number.map(|n| RefillOrderDetails {
                    order_number: n.into(),
                }),
            }),
            error_code: None,
            error_message: None,
        };
        assert_eq!(
            outcome(&ok("SUCCESS", Some("RF1"))),
            RefillOutcome::Refilled
        );
        assert_eq!(outcome(&ok("PENDING", Some("RF1"))), RefillOutcome::Warning);
        assert_eq!(outcome(&ok("SUCCESS", None)), RefillOutcome::Warning);
        assert_eq!(outcome(&ok("SUCCESS", Some(" "))), RefillOutcome::Warning);
        assert_eq!(outcome(&RefillResponse::default()), RefillOutcome::Warning);
        let mut failed = ok("SUCCESS", Some("RF1"));
        failed.error_code = Some("REFILL_SYSTEM_ERROR".into());
        assert_eq!(outcome(&failed), RefillOutcome::Failed);
        assert_eq!(
            order_number(&ok("SUCCESS", Some(" RF2 "))).as_deref(),
            Some("RF2")
        );
    }
}
