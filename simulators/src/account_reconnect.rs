//! The account service's reconnect of a closed account (seed 002 §2.10, §3.7, §4.5, §7.2
//! "create-aux payload"): `POST /account/create-aux-account` (call `createAuxAccount`,
//! served by `account::AccountApi`) and what a run's reconnects change in the aux-account
//! answer.
//!
//! - The world's closed, reconnect-eligible accounts (`DashboardState::Deactivated`) can be
//!   reconnected; their aux account is [`account_world::reconnect_aux`] (the world knows it as an open
//!   account without plans, so the dashboard and activation of it work).
//! - A create for an account the world does not know is `errorCode: ACCOUNT_NOT_FOUND`; for
//!   one that is not closed and eligible `RECONNECT_NOT_ELIGIBLE`; a payload that is not a
//!   reconnect's (flow not `RECONNECT`, `duplicateOverride` false, `updateCustomer` true, no
//!   card token, no product) `INVALID_REQUEST` (all 200).
//! - The **ledger** ([`RECONNECTS`], per run and account): each create call is counted; an
//!   accepted one records the aux account once (a repeated create answers the same aux
//!   account), and from then on the run's aux-account answer lists it (`RECONNECT`,
//!   `Preactivated`). A scenario's refusal (`scenario::refuses`) is counted, never recorded.

use upstream::account::{
    ACCOUNT_NOT_FOUND, AuxAccountResponse, AuxAcctStatus, AuxAcctType, AuxDetail,
    CreateAuxAccountRequest, CreateAuxAccountResponse, CreatedAuxDetail, FLOW_RECONNECT,
    RECONNECT_NOT_ELIGIBLE,
};

use upstream::serviceability::{
    ServiceabilityDetail, ServiceabilityResponse, ServiceabilityStatus,
};

use crate::{
    account_world,
    identity_world::DashboardState,
    run_state::{Run, RunStore},
};

/// The serviceability of an account's own location (`LOC` + the account's last 8 digits,
/// the dashboard record's `locationId`): `SUCCESS`, `GREEN`, one `HSD`/`HSD_030` detail,
/// house key `HK` + the same digits (the reconnect's check, seed 002 §4.5, §7.3). `None`
/// for any other location (the retail world answers it).
pub fn account_location(location_id: &str) -> Option<ServiceabilityResponse> {
    let digits = location_id.strip_prefix("LOC")?;
    let a = account_world::accounts()
        .into_iter()
        .find(|a| a.number.ends_with(digits) && digits.len() == 8)?;
    Some(ServiceabilityResponse {
        status: "SUCCESS".into(),
        house_key: Some(format!("HK{digits}")),
        business_error_code: None,
        serviceablity_status: Some(ServiceabilityStatus {
            value: "GREEN".into(),
        }),
        serviceability_details: vec![ServiceabilityDetail {
            lob: "HSD".into(),
            tier: "HSD_030".into(),
        }],
        geocode: Some(crate::buy_world::geocode_for_zip(&a.address.zip).to_owned()),
        ..ServiceabilityResponse::default()
    })
}

/// `errorCode` of a create whose payload is not a reconnect's.
pub const INVALID_REQUEST: &str = "INVALID_REQUEST";

/// What a run did to one closed account.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reconnect {
    /// Create calls received (accepted or not).
    pub calls: u32,
    /// The aux account made, once accepted.
    pub aux: Option<String>,
    /// Its confirmation number.
    pub conf_no: Option<String>,
    /// The amount charged, dollars as sent.
    pub amount: String,
    /// The plan bought.
    pub plan: String,
}

/// The reconnects per run and closed account.
pub static RECONNECTS: RunStore<Reconnect> = RunStore::new();

/// The reconnect ledger entry of `account` in `run`.
pub fn ledger(run: &Run, account: &str) -> Reconnect {
    RECONNECTS.get(run, account).unwrap_or_default()
}

/// Confirmation number of the reconnect of `account`.
fn conf_no(account: &str) -> String {
    format!("RC{}", &account[account.len().saturating_sub(8)..])
}

fn refused(code: &str, message: &str) -> CreateAuxAccountResponse {
    CreateAuxAccountResponse {
        error_code: Some(code.into()),
        error_message: Some(message.into()),
        ..CreateAuxAccountResponse::default()
    }
}

/// The world's answer to a create (rules in the module docs), before the ledger.
pub fn answer(body: &CreateAuxAccountRequest) -> CreateAuxAccountResponse {
    let Some(a) = account_world::find(&body.account_id) else {
        return refused(ACCOUNT_NOT_FOUND, account_world::NOT_FOUND_MESSAGE);
    };
    if a.state != DashboardState::Deactivated {
        return refused(
            RECONNECT_NOT_ELIGIBLE,
            "The account is not closed and eligible for reconnection.",
        );
    }
    let Some(p) = body.payment_info.as_ref() else {
        return refused(INVALID_REQUEST, "Not a reconnect payload.");
    };
    if body.flow != FLOW_RECONNECT
        || !p.duplicate_override
        || body.update_customer
        || p.payment.payment_inst_token.trim().is_empty()
        || body.prepaid_products.is_empty()
    {
        return refused(INVALID_REQUEST, "Not a reconnect payload.");
    }
    let aux = account_world::reconnect_aux(&a.number);
    CreateAuxAccountResponse {
        error_code: None,
        error_message: None,
        aux_account_conf_no: Some(conf_no(&a.number)),
        aux_details: vec![CreatedAuxDetail {
            aux_account_id: aux,
            aux_acct_error: None,
        }],
    }
}

/// Handles a create in `run`: counts the call and, unless `refused` by the scenario, records
/// an accepted one (under the store's lock: concurrent creates make one aux account).
pub fn create(
    run: &Run,
    body: &CreateAuxAccountRequest,
    refused: bool,
) -> CreateAuxAccountResponse {
    let answer = answer(body);
    RECONNECTS.update(run, &body.account_id, |entry| {
        let e = entry.get_or_insert_with(Reconnect::default);
        e.calls += 1;
        if answer.error_code.is_none() && !refused && e.aux.is_none() {
            e.aux = answer.aux_details.first().map(|d| d.aux_account_id.clone());
            e.conf_no = answer.aux_account_conf_no.clone();
            e.amount = body
                .payment_info
                .as_ref()
                .map(|p| p.payment.amount.clone())
                .unwrap_or_default();
            e.plan = body
                .prepaid_products
                .first()
                .map(|p| p.product.plan_code.clone())
                .unwrap_or_default();
        }
    });
    answer
}

/// `aux` of `account` with the reconnect `run` made, listed as a `RECONNECT` aux account
/// awaiting activation.
pub fn with_reconnect(mut aux: AuxAccountResponse, run: &Run, account: &str) -> AuxAccountResponse {
    let e = ledger(run, account);
    if aux.error_code.is_none()
        && let Some(id) = e.aux
        && !aux.aux_details.iter().any(|d| d.aux_account_id == id)
    {
        aux.aux_details.push(AuxDetail {
            aux_acct_type: AuxAcctType::Reconnect,
            aux_acct_schedule_date: None,
            aux_acct_status: AuxAcctStatus::Preactivated,
            aux_account_id: id,
            aux_acct_conf_no: e.conf_no,
            to_address: None,
        });
    }
    aux
}

#[cfg(test)]
mod tests {
    use upstream::{
        account::{ReconnectPaymentInfo, ReconnectProduct},
        refill::{RefillPaymentInfo, RefillProduct},
    };

    use super::*;

    const CLOSED: &str = "8993100000000501";

    fn body(account: &str) -> CreateAuxAccountRequest {
        CreateAuxAccountRequest {
            channel: "ONLINE".into(),
            flow: FLOW_RECONNECT.into(),
            account_id: account.into(),
            update_customer: false,
            payment_info: Some(ReconnectPaymentInfo {
                payment: RefillPaymentInfo {
                    amount: "48.60".into(),
                    payment_inst_token: "simtok_1".into(),
                    ..RefillPaymentInfo::default()
                },
                duplicate_override: true,
                ..ReconnectPaymentInfo::default()
            }),
            prepaid_products: vec![ReconnectProduct {
                product: RefillProduct {
                    plan_code: "HSD_030".into(),
                    ..RefillProduct::default()
                },
                mac_id: String::new(),
            }],
            ..CreateAuxAccountRequest::default()
        }
    }

    #[test]
    fn a_closed_eligible_account_is_reconnected_once_per_run() {
        let run = Run::new(Some("sim-reconnect-once"));
        let a = create(&run, &body(CLOSED), false);
        assert_eq!(a.error_code, None);
        assert_eq!(a.aux_details[0].aux_account_id, "8993100000000595");
        let again = create(&run, &body(CLOSED), false);
        assert_eq!(again.aux_details, a.aux_details);
        let e = ledger(&run, CLOSED);
        assert_eq!((e.calls, e.aux.as_deref()), (2, Some("8993100000000595")));
        assert_eq!((e.amount.as_str(), e.plan.as_str()), ("48.60", "HSD_030"));
        // the run's aux answer lists it; another run's does not
        let world = account_world::aux_account(CLOSED, chrono::Utc::now());
        let mine = with_reconnect(world.clone(), &run, CLOSED);
        assert_eq!(mine.aux_details.len(), 1);
        assert_eq!(mine.aux_details[0].aux_acct_type, AuxAcctType::Reconnect);
        let other = with_reconnect(world, &Run::new(Some("sim-reconnect-other")), CLOSED);
        assert!(other.aux_details.is_empty());
        // the world knows the aux account: an open account awaiting activation
        let d = account_world::dashboard("8993100000000595", chrono::Utc::now());
        assert!(d.error_code.is_none() && d.available_plans.is_empty());
    }

    #[test]
    fn refusals() {
        let run = Run::new(Some("sim-reconnect-refusals"));
        let open = create(&run, &body("8993100000000101"), false);
        assert_eq!(open.error_code.as_deref(), Some(RECONNECT_NOT_ELIGIBLE));
        let unknown = create(&run, &body("8993100000009999"), false);
        assert_eq!(unknown.error_code.as_deref(), Some(ACCOUNT_NOT_FOUND));
        let mut b = body(CLOSED);
        b.payment_info.as_mut().unwrap().duplicate_override = false;
        assert_eq!(
            create(&run, &b, false).error_code.as_deref(),
            Some(INVALID_REQUEST)
        );
        // a scenario's refusal is counted, never recorded
        create(&run, &body(CLOSED), true);
        let e = ledger(&run, CLOSED);
        assert_eq!((e.calls, e.aux), (2, None));
    }
}
