//! Payments service: `GET {base}/prepaidPaymentID` -> `PaymentIdResponse`; `POST
//! {base}/add-secure-prepaid-payment-instrument` `AddInstrumentRequest` ->
//! `AddInstrumentResponse` (seed 000 §7). Business errors come back with 200.

use upstream::{
    payments::{AddInstrumentRequest, AddInstrumentResponse, PaymentIdResponse},
    service::Service,
};

use super::{CallCtx, Clients, UpstreamError};

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
