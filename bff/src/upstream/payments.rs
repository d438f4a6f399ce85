//! Payments service: `GET {base}/prepaidPaymentID` -> `PaymentIdResponse`; `POST
//! {base}/add-secure-prepaid-payment-instrument` `AddInstrumentRequest` ->
//! `AddInstrumentResponse` (seed 000 §7); `POST {base}/get-custpayment-info`
//! `PaymentInfoRequest` -> `PaymentInfoResponse` (seed 001 §7); `get-prepaidpayment-transactions`
//! -> `TransactionsResponse`; `enroll-autopay`, `cancel-autopay` -> `AutopayResponse`;
//! `modify-prepaidpayment-instrument`, `remove-prepaidpayment-instrument` ->
//! `AddInstrumentResponse` (seed 001 §7, seed 002 "Instrument payloads"). Business errors
//! come back with 200 (`businessErrorCode`, e.g. `BUS_PMT_006`: no stored instrument).

use upstream::{
    payments::{
        AddInstrumentRequest, AddInstrumentResponse, AutopayResponse, ModifyInstrumentRequest,
        PaymentIdResponse, PaymentInfoRequest, PaymentInfoResponse, RemoveInstrumentRequest,
        TransactionsResponse,
    },
    service::Service,
};

use super::{CallCtx, Clients, SOURCE, UpstreamError};

/// A new prepaid payment id.
pub async fn payment_id(c: &Clients, ctx: &CallCtx) -> Result<PaymentIdResponse, UpstreamError> {
    let rb = c.request(
        Service::Payments,
        reqwest::Method::GET,
        "/prepaidPaymentID",
        ctx,
    );
    c.send_json(Service::Payments, rb).await
}

/// Adds the card as payment instrument.
pub async fn add_instrument(
    c: &Clients,
    ctx: &CallCtx,
    body: &AddInstrumentRequest,
) -> Result<AddInstrumentResponse, UpstreamError> {
    let rb = c
        .request(
            Service::Payments,
            reqwest::Method::POST,
            "/add-secure-prepaid-payment-instrument",
            ctx,
        )
        .json(body);
    c.send_json(Service::Payments, rb).await
}

/// The stored card and auto-refill enrolment of `account_id`, whose phone number is `tn`
/// (`customerInfo.phoneNumber`, seed 001 §4 "fetches payment info (accountId,
/// phoneNumber)"); the body's tracking id is the call's.
pub async fn payment_info(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
    tn: &str,
) -> Result<PaymentInfoResponse, UpstreamError> {
    let body = PaymentInfoRequest {
        account_id: account_id.to_owned(),
        tn: tn.to_owned(),
        tracking_id: ctx.tracking_id.clone(),
        source: SOURCE.to_owned(),
    };
    let rb = c
        .request(
            Service::Payments,
            reqwest::Method::POST,
            "/get-custpayment-info",
            ctx,
        )
        .json(&body);
    c.send_json(Service::Payments, rb).await
}

fn account_body(ctx: &CallCtx, account_id: &str, tn: &str) -> PaymentInfoRequest {
    PaymentInfoRequest {
        account_id: account_id.to_owned(),
        tn: tn.to_owned(),
        tracking_id: ctx.tracking_id.clone(),
        source: SOURCE.to_owned(),
    }
}

async fn post<B: serde::Serialize, T: serde::de::DeserializeOwned>(
    c: &Clients,
    ctx: &CallCtx,
    path: &str,
    body: &B,
) -> Result<T, UpstreamError> {
    let rb = c
        .request(Service::Payments, reqwest::Method::POST, path, ctx)
        .json(body);
    c.send_json(Service::Payments, rb).await
}

/// The prepaid transactions of `account_id` (phone `tn`), seed 001 §7 "Prepaid transactions".
pub async fn transactions(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
    tn: &str,
) -> Result<TransactionsResponse, UpstreamError> {
    let body = account_body(ctx, account_id, tn);
    post(c, ctx, "/get-prepaidpayment-transactions", &body).await
}

/// Enrols `account_id` in auto-refill (seed 001 §7 "Enrol / cancel auto-refill"); a
/// `businessErrorCode` in the answer (e.g. `BUS_PMT_006`) is a refusal.
pub async fn enroll_autopay(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
    tn: &str,
) -> Result<AutopayResponse, UpstreamError> {
    let body = account_body(ctx, account_id, tn);
    post(c, ctx, "/enroll-autopay", &body).await
}

/// Cancels the auto-refill of `account_id`.
pub async fn cancel_autopay(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
    tn: &str,
) -> Result<AutopayResponse, UpstreamError> {
    let body = account_body(ctx, account_id, tn);
    post(c, ctx, "/cancel-autopay", &body).await
}

/// Replaces the stored card (seed 002 "Instrument payloads": the add payload).
pub async fn modify_instrument(
    c: &Clients,
    ctx: &CallCtx,
    body: &ModifyInstrumentRequest,
) -> Result<AddInstrumentResponse, UpstreamError> {
    post(c, ctx, "/modify-prepaidpayment-instrument", body).await
}

/// Removes the stored card (`custInfo {accountId}`, `paymentInstToken`).
pub async fn remove_instrument(
    c: &Clients,
    ctx: &CallCtx,
    body: &RemoveInstrumentRequest,
) -> Result<AddInstrumentResponse, UpstreamError> {
    post(c, ctx, "/remove-prepaidpayment-instrument", body).await
}
