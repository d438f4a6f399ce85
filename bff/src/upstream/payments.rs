//! Payments service: `GET {base}/prepaidPaymentID` -> `PaymentIdResponse`; `POST
//! {base}/add-secure-prepaid-payment-instrument` `AddInstrumentRequest` ->
//! `AddInstrumentResponse` (seed 000 §7); `POST {base}/get-custpayment-info`
//! `PaymentInfoRequest` -> `PaymentInfoResponse` (seed 001 §7). Business errors come back
//! with 200 (`businessErrorCode`, e.g. `BUS_PMT_006`: no stored instrument).

use upstream::{
    payments::{
        AddInstrumentRequest, AddInstrumentResponse, PaymentIdResponse, PaymentInfoRequest,
        PaymentInfoResponse,
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
