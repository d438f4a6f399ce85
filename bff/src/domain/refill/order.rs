//! The parts of the refill order payload (seed 002 §3.6) that every flow paying for a plan
//! builds alike: the signed-in refill (`flows::refill::order`) and the reconnect's
//! create-aux payload (§3.7, `flows::reconnect`), from what the BFF holds and reads.
//!
//! - [`payment_info`]: `amount` = the total; the saved card's token and billing address
//!   (`country: US`), `processingNetwork: CREDIT`, `isServiceAddress` when the billing street
//!   and zip are the service address's, `saveCardInfo: false` (it is saved), the record's
//!   `prepaidPaymentID`. Never a card number.
//! - [`products`]: one per product line (internet, packages, add-ons) with one charge:
//!   `amount` = the line's amount, `rate` = the unit price, both with the instant discount of
//!   the promo added for `HSD_030` (§3.6); `planQty` = the cart count for `HSD`, else 1;
//!   `prodTaxDetails` from the tax answer.

use upstream::{
    account::{DashboardResponse, LOB_HSD},
    payments::PaymentInfoResponse,
    refill::{
        BillingAddress, COUNTRY_US, PROCESSING_NETWORK, ProdTaxDetail, RefillCharge,
        RefillPaymentInfo, RefillProduct,
    },
};

use super::{
    PLAN_30,
    price::{LineKind, Priced},
};
use crate::domain::money::two_decimals;

/// Taxes per product: `(productCode, [(taxCode, cents)])` from the tax answer.
pub type TaxDetails = Vec<(String, Vec<(String, i64)>)>;

/// The account has no saved card to pay with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoSavedCard;

/// The saved card's token of `info`, if it has one (`BUS_PMT_006`: none).
pub fn saved_token(info: &PaymentInfoResponse) -> Result<&str, NoSavedCard> {
    info.payment_inst_token
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty() && info.business_error_code.is_none())
        .ok_or(NoSavedCard)
}

/// `paymentInfo` paying `total_cents` with the saved card of `info` (module docs).
///
/// # Errors
///
/// [`NoSavedCard`] when the payment info has no token.
pub fn payment_info(
    dash: &DashboardResponse,
    info: &PaymentInfoResponse,
    total_cents: i64,
) -> Result<RefillPaymentInfo, NoSavedCard> {
    let token = saved_token(info)?;
    let service = dash.service_address.clone().unwrap_or_default();
    let holder = info.cust_info.clone().unwrap_or_default();
    Ok(RefillPaymentInfo {
        amount: two_decimals(total_cents),
        billing_address: BillingAddress {
            address_line1: holder.address_line1.clone(),
            address_line2: holder.address_line2.clone(),
            city: holder.city.clone(),
            country: COUNTRY_US.into(),
            state: holder.state.clone(),
            zip: holder.zip.clone(),
        },
        processing_network: PROCESSING_NETWORK.into(),
        is_service_address: holder.address_line1.trim() == service.address_line1.trim()
            && holder.zip.trim() == service.zip.trim(),
        save_card_info: false,
        payment_inst_token: token.to_owned(),
        prepaid_payment_id: dash
            .customer_info
            .as_ref()
            .map(|c| c.prepaid_payment_id.clone())
            .unwrap_or_default(),
    })
}

/// `prepaidProducts` of a priced cart with its taxes (module docs).
pub fn products(p: &Priced, taxes: &TaxDetails) -> Vec<RefillProduct> {
    let discount: i64 = p
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::Promo)
        .map(|l| l.cents)
        .sum();
    let taxes_of = |code: &str| -> Vec<ProdTaxDetail> {
        taxes
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
    p.lines
        .iter()
        .filter(|l| {
            matches!(
                l.kind,
                LineKind::Internet | LineKind::Package | LineKind::AddOn
            )
        })
        .map(|l| {
            let instant = if l.code == PLAN_30 { discount } else { 0 };
            RefillProduct {
                charge_code: vec![RefillCharge {
                    amount: two_decimals(l.cents + instant),
                    charge_code: l.code.clone(),
                    prod_tax_details: taxes_of(&l.code),
                }],
                lob: l.lob.clone(),
                plan_code: l.code.clone(),
                plan_qty: if l.lob == LOB_HSD { p.cart_count } else { 1 },
                rate: two_decimals(l.unit_cents + instant),
            }
        })
        .collect()
}
