//! The reconnect's create-aux payload, built by the BFF from what it holds and reads (seed
//! 002 §3.7): `channel: ONLINE`, `flow: RECONNECT`, the account of the path, the
//! identity's `custGuid`, `updateCustomer: false`; `customerInfo` from the dashboard record
//! (e-mail and its opt-in, SMS opt-in, names, language, phone) with the record's service
//! address, the serviceability answer's `houseKey` and the record's `locationID`;
//! `paymentInfo` as the refill's (`domain::refill::order::payment_info`, the saved card)
//! plus `duplicateOverride: true` and the card holder's names; one product
//! (`domain::refill::order::products` of the priced plan: `lob: HSD`, `planQty: 1`) with
//! the modem's `macId`; `isCPC: true`; `operatorUserName` the identity's login id;
//! `transactionId` per attempt (ours). The browser sends only the plan.

use upstream::{
    account::{
        CreateAuxAccountRequest, DashboardResponse, FLOW_RECONNECT, LOB_HSD, ReconnectCustomerInfo,
        ReconnectPaymentInfo, ReconnectProduct, ReconnectServiceAddress,
    },
    payments::PaymentInfoResponse,
    refill::CHANNEL_ONLINE,
};

use super::context::{Checked, HeldPlan};
use crate::domain::refill::order::{NoSavedCard, payment_info, products};

/// Who is reconnecting: the identity's guid and login id.
pub struct Operator<'a> {
    /// `custGuid`.
    pub cust_guid: &'a str,
    /// `operatorUserName`.
    pub user_name: &'a str,
}

/// The create-aux payload of `plan` for `account` (module docs).
///
/// # Errors
///
/// [`NoSavedCard`] when the payment info has no token.
pub fn build(
    account: &str,
    who: &Operator<'_>,
    dash: &DashboardResponse,
    info: &PaymentInfoResponse,
    checked: &Checked,
    plan: &HeldPlan,
    transaction_id: &str,
) -> Result<CreateAuxAccountRequest, NoSavedCard> {
    let payment = payment_info(dash, info, plan.priced.total_cents)?;
    let c = dash.customer_info.clone();
    let service = dash.service_address.clone().unwrap_or_default();
    let holder = info.cust_info.clone().unwrap_or_default();
    let mac = dash
        .subscription_details
        .iter()
        .find(|s| s.device_lob == LOB_HSD)
        .and_then(|d| d.mac_id.clone())
        .unwrap_or_default();
    let customer = c.unwrap_or_else(|| upstream::account::AccountCustomerInfo {
        account_id: account.to_owned(),
        first_name: String::new(),
        last_name: String::new(),
        phone_number: String::new(),
        email_address: String::new(),
        email_opt_in: false,
        sms_opt_in: false,
        language: String::new(),
        account_type: String::new(),
        prepaid_account_status: upstream::identity::PrepaidStatus::Closed,
        location_id: String::new(),
        geo_code: String::new(),
        prepaid_payment_id: String::new(),
    });
    Ok(CreateAuxAccountRequest {
        channel: CHANNEL_ONLINE.into(),
        flow: FLOW_RECONNECT.into(),
        account_id: account.to_owned(),
        cust_guid: who.cust_guid.to_owned(),
        update_customer: false,
        customer_info: ReconnectCustomerInfo {
            email: customer.email_address.clone(),
            email_optin: customer.email_opt_in,
            sms_optin: customer.sms_opt_in,
            first_name: customer.first_name.clone(),
            last_name: customer.last_name.clone(),
            lang_pref: customer.language.clone(),
            phone: customer.phone_number.clone(),
            service_address: ReconnectServiceAddress {
                address_line1: service.address_line1,
                address_line2: service.address_line2,
                city: service.city,
                state: service.state,
                zip: service.zip,
                house_key: checked.house_key.clone(),
                location_id: checked.location_id.clone(),
            },
        },
        payment_info: ReconnectPaymentInfo {
            payment,
            duplicate_override: true,
            card_first_name: holder.first_name,
            card_last_name: holder.last_name,
        },
        prepaid_products: products(&plan.priced, &plan.taxes)
            .into_iter()
            .map(|product| ReconnectProduct {
                product,
                mac_id: mac.clone(),
            })
            .collect(),
        is_cpc: true,
        operator_user_name: who.user_name.to_owned(),
        transaction_id: transaction_id.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{
        refill::{price::price, reconnect},
        serviceability::ReconnectServiceability,
    };

    const CLOSED: &str = "8993100000000501";

    fn held(code: &str) -> HeldPlan {
        let cat = reconnect::reconnect_catalogue(&[]);
        let taxes = vec![(code.to_owned(), 360)];
        HeldPlan {
            code: code.into(),
            priced: price(
                &reconnect::reconnect_cart(code),
                &cat,
                None,
                None,
                Some(&taxes),
            ),
            taxes: vec![(code.into(), vec![("STATE".into(), 360)])],
        }
    }

    fn checked() -> Checked {
        Checked {
            house_key: "HK-1".into(),
            location_id: "LOC-1".into(),
            tap: ReconnectServiceability::Serviceable,
            plans: vec![held("HSD_030"), held("HSD_007")],
        }
    }

    #[test]
    fn the_seed_payload_from_the_world() {
        let now = chrono::Utc::now();
        let dash = simulators::account_world::dashboard(CLOSED, now);
        let mut info = simulators::account_world::payment_info("8993100000001301");
        info.cust_info.as_mut().unwrap().first_name = "Card".into();
        let who = Operator {
            cust_guid: "guid-1",
            user_name: "dana.dorsey",
        };
        let r = build(
            CLOSED,
            &who,
            &dash,
            &info,
            &checked(),
            &held("HSD_030"),
            "tx",
        )
        .unwrap();
        assert_eq!(
            (r.channel.as_str(), r.flow.as_str()),
            ("ONLINE", "RECONNECT")
        );
        assert_eq!(r.account_id, CLOSED);
        assert!(!r.update_customer && r.is_cpc);
        assert!(r.payment_info.duplicate_override);
        assert_eq!(r.payment_info.card_first_name, "Card");
        assert_eq!(r.payment_info.payment.amount, "48.60", "45 + 3.60 tax");
        let a = &r.customer_info.service_address;
        assert_eq!(
            (a.house_key.as_str(), a.location_id.as_str()),
            ("HK-1", "LOC-1")
        );
        assert_eq!(a.zip, "30313");
        let p = &r.prepaid_products[0];
        assert_eq!(r.prepaid_products.len(), 1);
        assert_eq!(
            (
                p.product.plan_code.as_str(),
                p.product.plan_qty,
                p.product.lob.as_str()
            ),
            ("HSD_030", 1, "HSD")
        );
        assert_eq!(p.product.rate, "45.00");
        assert_eq!(
            p.product.charge_code[0].prod_tax_details[0].tax_amount,
            "3.60"
        );
        let json = serde_json::to_value(&r).unwrap();
        for k in [
            "accountID",
            "custGuid",
            "updateCustomer",
            "isCPC",
            "operatorUserName",
        ] {
            assert!(json.get(k).is_some(), "{k}: {json}");
        }
        assert_eq!(json["paymentInfo"]["duplicateOverride"], true);
        assert!(
            json["paymentInfo"]["paymentInstToken"].is_string(),
            "flattened"
        );
        assert!(json["customerInfo"]["serviceAddress"]["locationID"].is_string());
        assert!(json["prepaidProducts"][0]["macId"].is_string());
        assert!(!json.to_string().contains("cardNumber"));
    }

    #[test]
    fn no_saved_card() {
        let now = chrono::Utc::now();
        let dash = simulators::account_world::dashboard(CLOSED, now);
        let info = simulators::account_world::payment_info(CLOSED);
        let who = Operator {
            cust_guid: "g",
            user_name: "u",
        };
        assert_eq!(
            build(
                CLOSED,
                &who,
                &dash,
                &info,
                &checked(),
                &held("HSD_007"),
                "t"
            ),
            Err(NoSavedCard)
        );
    }
}
