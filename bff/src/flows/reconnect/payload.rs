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

/// `customerInfo` of a create-aux payload (seed 002 §3.7; the reconnect's and the move's):
/// e-mail and its opt-in, SMS opt-in, names, language and phone of the dashboard record, with
/// `service_address` (the reconnect: the record's; the move: the address moved to).
pub fn customer_info(
    dash: &DashboardResponse,
    service_address: ReconnectServiceAddress,
) -> ReconnectCustomerInfo {
    let c = dash.customer_info.as_ref();
    let text = |f: fn(&upstream::account::AccountCustomerInfo) -> &String| {
        c.map(|c| f(c).clone()).unwrap_or_default()
    };
    ReconnectCustomerInfo {
        email: text(|c| &c.email_address),
        email_optin: c.is_some_and(|c| c.email_opt_in),
        sms_optin: c.is_some_and(|c| c.sms_opt_in),
        first_name: text(|c| &c.first_name),
        last_name: text(|c| &c.last_name),
        lang_pref: text(|c| &c.language),
        phone: text(|c| &c.phone_number),
        service_address,
    }
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
    let service = dash.service_address.clone().unwrap_or_default();
    let holder = info.cust_info.clone().unwrap_or_default();
    let mac = dash
        .subscription_details
        .iter()
        .find(|s| s.device_lob == LOB_HSD)
        .and_then(|d| d.mac_id.clone())
        .unwrap_or_default();
    Ok(CreateAuxAccountRequest {
        channel: CHANNEL_ONLINE.into(),
        flow: FLOW_RECONNECT.into(),
        account_id: account.to_owned(),
        cust_guid: who.cust_guid.to_owned(),
        update_customer: false,
        customer_info: customer_info(
            dash,
            ReconnectServiceAddress {
                address_line1: service.address_line1,
                address_line2: service.address_line2,
                city: service.city,
                state: service.state,
                zip: service.zip,
                house_key: checked.house_key.clone(),
                location_id: checked.location_id.clone(),
            },
        ),
        payment_info: Some(ReconnectPaymentInfo {
            payment,
            duplicate_override: true,
            card_first_name: holder.first_name,
            card_last_name: holder.last_name,
        }),
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
        move_date: None,
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
        assert!(r.payment_info.as_ref().unwrap().duplicate_override);
        assert_eq!(r.payment_info.as_ref().unwrap().card_first_name, "Card");
        assert_eq!(
            r.payment_info.as_ref().unwrap().payment.amount,
            "48.60",
            "45 + 3.60 tax"
        );
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
