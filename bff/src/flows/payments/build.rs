//! Upstream payloads from what the BFF holds, and answers from upstream answers (seed 001
//! §3, §7; seed 002 "Instrument payloads").

use chrono::{DateTime, SecondsFormat, Utc};
use upstream::{
    account::DashboardResponse,
    payments::{
        AddInstrumentRequest, AddInstrumentResponse, AutopayResponse, InstrumentCustInfo,
        PaymentInfoResponse,
    },
};

use super::types::*;
use crate::domain::{
    dashboard::{self as rules, Readiness},
    money::two_decimals,
    payment_history::{self as history, Line},
};
use crate::upstream::{self as up, CallCtx, Clients, UpstreamError};

/// What the account's records say about auto-refill (seed 001 §4 "Auto-refill").
#[derive(Debug, Clone, Default)]
pub struct Facts {
    /// The account's phone (`customerInfo.phoneNumber`), the payment calls' `tn`.
    pub tn: String,
    /// Internet days remaining (0 without an internet plan).
    pub days: i64,
    /// Closed and reconnect-eligible.
    pub deactivated: bool,
    /// The customer and service address of the record (the card entry's prefill when no
    /// card holder is on file).
    pub customer: crate::flows::card_entry::Prefill,
}

/// The phone of the dashboard record (empty when it names no customer).
pub fn tn(dash: &DashboardResponse) -> String {
    dash.customer_info
        .as_ref()
        .map(|c| c.phone_number.clone())
        .unwrap_or_default()
}

/// Reads the dashboard record and the aux accounts together.
pub async fn facts(
    c: &Clients,
    ctx: &CallCtx,
    account: &str,
    now: DateTime<Utc>,
) -> Result<Facts, UpstreamError> {
    let (dash, aux) = futures_util::future::try_join(
        up::account::dashboard(c, ctx, account),
        up::account::aux_account(c, ctx, account),
    )
    .await?;
    Ok(Facts {
        tn: tn(&dash),
        days: rules::internet(&dash, now)
            .map(|i| i.days_remaining)
            .unwrap_or(0),
        deactivated: rules::readiness(&dash, &aux) == Readiness::Deactivated,
        customer: crate::flows::card_entry::Prefill {
            first_name: dash
                .customer_info
                .as_ref()
                .map(|c| c.first_name.clone())
                .unwrap_or_default(),
            last_name: dash
                .customer_info
                .as_ref()
                .map(|c| c.last_name.clone())
                .unwrap_or_default(),
            address: dash.service_address.clone().unwrap_or_default(),
        },
    })
}

/// Whether enrolment is offered (the dashboard's rule).
pub fn offered(f: &Facts, info: &PaymentInfoResponse) -> bool {
    rules::auto_enrol_offered(info.enroll_auto_payment, f.deactivated, f.days)
}

fn expiry(mmyy: &str) -> String {
    if mmyy.len() == 4 && mmyy.bytes().all(|b| b.is_ascii_digit()) {
        format!("{}/{}", &mmyy[..2], &mmyy[2..])
    } else {
        String::new()
    }
}

/// The saved card of a payment info; `None` with a `businessErrorCode` (`BUS_PMT_006`: no card
/// stored, logged by code only) or without a card number.
pub fn saved_card(info: &PaymentInfoResponse) -> Option<SavedCard> {
    if let Some(code) = info.business_error_code.as_deref() {
        tracing::info!(code, "payment info: no stored instrument");
        return None;
    }
    let last4 = info.card_number.clone().filter(|n| !n.is_empty())?;
    let holder = info.cust_info.clone().unwrap_or_default();
    Some(SavedCard {
        card_type: CardType::from_stored(info.card_type.as_deref().unwrap_or_default()),
        last4,
        expiry: expiry(info.expiration_date.as_deref().unwrap_or_default()),
        first_name: holder.first_name,
        last_name: holder.last_name,
    })
}

/// The card of a successful add or update, as the page shows it.
pub fn card_of(body: &CardBody) -> SavedCard {
    SavedCard {
        card_type: CardType::from_component(&body.card_type),
        last4: body.card_last4_digits.clone(),
        expiry: expiry(&body.expiration_date),
        first_name: body.billing.first_name.trim().to_owned(),
        last_name: body.billing.last_name.trim().to_owned(),
    }
}

/// The add (and modify) payload of seed 001 §7: `custInfo` {account, names, address},
/// `enrollAutoPayment` kept as it is, `processingNetwork: CREDIT`, the component's token
/// (`isCPC`), expiry, the stored card type (the map; the component's spelling when the map
/// does not name it), the last 4 digits, saved to the wallet.
pub fn instrument(account: &str, body: &CardBody, enrolled: bool) -> AddInstrumentRequest {
    let b = &body.billing;
    let card_type = CardType::from_component(&body.card_type);
    AddInstrumentRequest {
        cust_info: InstrumentCustInfo {
            account_id: Some(account.to_owned()),
            first_name: b.first_name.trim().to_owned(),
            last_name: b.last_name.trim().to_owned(),
            address_line1: b.address.trim().to_owned(),
            address_line2: b.address_line2.trim().to_owned(),
            city: b.city.trim().to_owned(),
            state: b.state.to_ascii_uppercase(),
            zip: b.zip_code.clone(),
        },
        enroll_auto_payment: enrolled,
        processing_network: "CREDIT".into(),
        add_instrument_to_wallet: true,
        payment_inst_token: body.token.clone(),
        is_cpc: true,
        expiration_date: body.expiration_date.clone(),
        card_type: card_type
            .stored()
            .map_or_else(|| body.card_type.clone(), str::to_owned),
        card_number: body.card_last4_digits.clone(),
        prepaid_payment_id: None,
        save_payment: true,
    }
}

/// The quick refill's add payload (seed 002 §3.8, seed 001 §7 flags): the account's add
/// payload as a **one-time instrument**, neither added to the wallet nor saved, carrying the
/// account's `prepaidPaymentID`, not enrolled; the payment service keeps the account's stored
/// card and auto-refill enrolment as they are, whoever sends it.
pub fn one_time_instrument(
    account: &str,
    prepaid_payment_id: &str,
    body: &CardBody,
) -> AddInstrumentRequest {
    AddInstrumentRequest {
        add_instrument_to_wallet: false,
        save_payment: false,
        prepaid_payment_id: Some(prepaid_payment_id.to_owned()).filter(|id| !id.is_empty()),
        ..instrument(account, body, false)
    }
}

fn code_of(code: Option<&str>, status: &str) -> Option<String> {
    let code = code.map(str::trim).filter(|c| !c.is_empty());
    match code {
        Some(c) => Some(c.to_owned()),
        None if !status.is_empty() && status != "SUCCESS" => Some(status.to_owned()),
        None => None,
    }
}

/// The refusal code of an instrument answer (seed 002 §4.2: a `businessErrorCode` is a
/// failure; a status other than `SUCCESS` too).
pub fn instrument_refusal(r: &AddInstrumentResponse) -> Option<String> {
    code_of(r.business_error_code.as_deref(), &r.status)
}

/// The refusal code of an autopay answer (`BUS_PMT_006` on enrol: no card).
pub fn autopay_refusal(r: &AutopayResponse) -> Option<String> {
    code_of(r.business_error_code.as_deref(), &r.status)
}

fn item(l: &Line) -> HistoryItem {
    HistoryItem {
        product_code: l.product_code.clone(),
        plan_days: l.plan_days,
        amount: two_decimals(l.amount_cents),
        paid_at: l.at.to_rfc3339_opts(SecondsFormat::Secs, true),
        expiration_date: l.expires.map(|e| e.format("%Y-%m-%d").to_string()),
    }
}

/// The history page `page` of the transactions' lines (`domain::payment_history`).
pub fn history_page(lines: &[Line], page: u32) -> PaymentHistory {
    let p = history::page(lines, page as usize);
    PaymentHistory {
        page: p.page as u32,
        pages: p.pages as u32,
        total_items: p.lines as u32,
        groups: p
            .groups
            .iter()
            .map(|g| HistoryGroup {
                date: g.date.format("%Y-%m-%d").to_string(),
                total: two_decimals(g.total_cents),
                items: g.lines.iter().map(item).collect(),
            })
            .collect(),
    }
}
