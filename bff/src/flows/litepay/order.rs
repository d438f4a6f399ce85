//! The quick refill's order (seed 002 §3.8), built by the BFF from what the session holds: the
//! account the lookup found, its priced refill (`domain::refill`), the card added in this
//! session. The browser sends only `termsAccepted`.
//!
//! - `customerInfo`: the located account, the phone typed (digits only) and the zip typed.
//! - `paymentInfo`: `amount` = the total (plan − ACP credit + tax, dollars); the billing address
//!   of the card form (`country: US`); the card's last 4, stored type, expiry `MMYY`, holder;
//!   `processingNetwork: CREDIT`, `isServiceAddress: true`, `isCPC: true`, its token, the
//!   account's `prepaidPaymentID`. Never a card number.
//! - `prepaidProducts`: the internet line (`planQty` 1): `amount` = the line's amount, `rate`
//!   = the plan's price, `prodTaxDetails` from the tax answer.
//! - `acpBenefits`: the first benefit when deducted; `referenceID` of the lookup;
//!   `termsVersion: 1.0`; `transactionId` of the located version.

use upstream::refill::{
    BillingAddress, CHANNEL_ONLINE, COUNTRY_US, EzRefillPaymentInfo, EzRefillRequest,
    FLOW_EZREFILL, PROCESSING_NETWORK, ProdTaxDetail, RefillCharge, RefillCustomerInfo,
    RefillProduct, TERMS_VERSION,
};

use super::context::{HeldCard, Located};
use crate::{
    domain::{money::two_decimals, refill::price::LineKind},
    flows::refill::context::Held,
};

/// The EZREFILL order (rules in the module docs).
pub fn build(
    located: &Located,
    held: &Held,
    card: &HeldCard,
    transaction_id: &str,
) -> EzRefillRequest {
    let p = &held.priced;
    let taxes_of = |code: &str| -> Vec<ProdTaxDetail> {
        held.taxes
            .iter()
            .find(|(c, _)| c == code)
            .map(|(_, t)| {
                t.iter()
                    .map(|(tax_code, cents)| ProdTaxDetail {
                        tax_code: tax_code.clone(),
                        tax_amount: two_decimals(*cents),
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let prepaid_products = p
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::Internet)
        .map(|l| RefillProduct {
            charge_code: vec![RefillCharge {
                amount: two_decimals(l.cents),
                charge_code: l.code.clone(),
                prod_tax_details: taxes_of(&l.code),
            }],
            lob: l.lob.clone(),
            plan_code: l.code.clone(),
            plan_qty: 1,
            rate: two_decimals(l.unit_cents),
        })
        .collect();
    let acp_in_cart = p.lines.iter().any(|l| l.kind == LineKind::Acp);
    let b = &card.view;
    EzRefillRequest {
        channel: CHANNEL_ONLINE.into(),
        flow: FLOW_EZREFILL.into(),
        customer_info: RefillCustomerInfo {
            account_id: located.account_id.clone(),
            phone: located.phone.clone(),
            zip: located.zip.clone(),
        },
        payment_info: EzRefillPaymentInfo {
            amount: two_decimals(p.total_cents),
            billing_address: BillingAddress {
                address_line1: b.address.clone(),
                address_line2: b.address_line2.clone(),
                city: b.city.clone(),
                country: COUNTRY_US.into(),
                state: b.state.clone(),
                zip: b.zip_code.clone(),
            },
            card_number: b.last4.clone(),
            card_type: card.stored_type.clone(),
            expiration_date: card.expiration_date.clone(),
            first_name: card.first_name.clone(),
            last_name: card.last_name.clone(),
            processing_network: PROCESSING_NETWORK.into(),
            is_service_address: true,
            is_cpc: true,
            payment_inst_token: card.token.clone(),
            prepaid_payment_id: located.prepaid_payment_id.clone(),
        },
        prepaid_products,
        acp_benefits: held
            .acp_benefit
            .clone()
            .filter(|_| acp_in_cart)
            .into_iter()
            .collect(),
        reference_id: located.reference_id.clone(),
        terms_version: TERMS_VERSION.into(),
        transaction_id: transaction_id.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{
        card_type::CardType,
        dashboard::acp,
        refill::{cart::CartState, catalogue, price::price},
    };
    use crate::flows::litepay::types::LitepayCard;
    use upstream::refill::RefillAcpBenefit;

    fn card() -> HeldCard {
        HeldCard {
            token: "TOK-1".into(),
            stored_type: "Visa".into(),
            expiration_date: "1230".into(),
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            view: LitepayCard {
                card_type: CardType::Visa,
                last4: "1111".into(),
                expiry: "12/30".into(),
                address: "1 Main St".into(),
                address_line2: String::new(),
                city: "Atlanta".into(),
                state: "GA".into(),
                zip_code: "30309".into(),
            },
        }
    }

    fn located() -> Located {
        Located {
            account_id: "8993100000000101".into(),
            phone: "4045550201".into(),
            zip: "30309".into(),
            prepaid_payment_id: "PPID1".into(),
            reference_id: "REF-1".into(),
        }
    }

    /// Seed 002 §9: litepay price = the plan's price − the first ACP benefit (valid, not
    /// Tribal), then + tax; §3.8: the payload's fields.
    #[test]
    fn the_ezrefill_payload_with_acp_and_tax() {
        let dash = simulators::account_world::dashboard("8993100000001305", chrono::Utc::now());
        let cat = catalogue(&dash.available_plans);
        let a = acp(dash.acp_detail.as_ref());
        let cart = CartState::initial(None);
        let taxes = vec![("HSD_030".to_owned(), 135)];
        let priced = price(&cart, &cat, None, a.as_ref(), Some(&taxes));
        let held = Held {
            cart,
            priced,
            promo: None,
            acp_benefit: Some(RefillAcpBenefit {
                benefit_amount: "30.00".into(),
                benefit_plan: "ACP".into(),
                benefit_code: "B1".into(),
            }),
            taxes: vec![("HSD_030".into(), vec![("STATE".into(), 135)])],
        };
        let r = build(&located(), &held, &card(), "tx-1");
        assert_eq!(
            (r.channel.as_str(), r.flow.as_str()),
            ("ONLINE", "EZREFILL")
        );
        assert_eq!(r.payment_info.amount, "16.35", "45 - 30 + 1.35 tax");
        assert_eq!(r.prepaid_products.len(), 1);
        let p = &r.prepaid_products[0];
        assert_eq!(
            (p.plan_code.as_str(), p.plan_qty, p.rate.as_str()),
            ("HSD_030", 1, "45.00")
        );
        assert_eq!(p.charge_code[0].prod_tax_details[0].tax_amount, "1.35");
        assert_eq!(r.acp_benefits.len(), 1);
        assert!(r.payment_info.is_cpc && r.payment_info.is_service_address);
        assert_eq!(r.payment_info.card_number, "1111");
        assert_eq!(r.payment_info.billing_address.country, "US");
        assert_eq!(r.customer_info.phone, "4045550201");
        assert_eq!(r.terms_version, "1.0");
        assert_eq!(r.transaction_id, "tx-1");
    }
}
