//! Buy-flow upstream services (seed 000 §7; ARCHITECTURE.md "Upstream contract"):
//! catalogue `GET /product-detail`, promotions `POST /get-promo`, tax `POST /get-tax`,
//! payments `GET /prepaidPaymentID` and `POST /add-secure-prepaid-payment-instrument`,
//! activation `POST /prepaid-customer-activation`, digital session `POST`/`GET
//! /secure/session`. Business errors come back with 200.

use upstream::{
    activation::{ActivationRequest, ActivationResponse},
    catalogue::ProductDetailsResponse,
    digital_session::{CreateSessionRequest, CreateSessionResponse, RestoreSessionResponse},
    payments::{AddInstrumentRequest, AddInstrumentResponse, PaymentIdResponse},
    promotions::{PromoRequest, PromoResponse},
    tax::{TaxRequest, TaxResponse},
};

use super::{CallCtx, Clients, send_json};
use crate::error::UpstreamError;

/// Source sent to the catalogue (seed 000 §7 `source`).
pub const CATALOGUE_SOURCE: &str = "DIGITAL2.0";

/// Product details of a market.
pub async fn product_details(
    c: &Clients,
    ctx: &CallCtx,
    market_id: &str,
) -> Result<ProductDetailsResponse, UpstreamError> {
    let url = format!("{}/product-detail", c.urls.catalogue);
    let rb = c.request(reqwest::Method::GET, url, ctx).query(&[
        ("source", CATALOGUE_SOURCE),
        ("marketId", market_id),
        ("trackingId", &ctx.tracking_id),
    ]);
    send_json("catalogue", rb).await
}

/// Promotions of a market and location.
pub async fn promotions(
    c: &Clients,
    ctx: &CallCtx,
    body: &PromoRequest,
) -> Result<PromoResponse, UpstreamError> {
    let url = format!("{}/get-promo", c.urls.promotions);
    send_json(
        "promotions",
        c.request(reqwest::Method::POST, url, ctx).json(body),
    )
    .await
}

/// Tax of the order lines.
pub async fn tax(
    c: &Clients,
    ctx: &CallCtx,
    body: &TaxRequest,
) -> Result<TaxResponse, UpstreamError> {
    let url = format!("{}/get-tax", c.urls.tax);
    send_json("tax", c.request(reqwest::Method::POST, url, ctx).json(body)).await
}

/// A new prepaid payment id.
pub async fn payment_id(c: &Clients, ctx: &CallCtx) -> Result<PaymentIdResponse, UpstreamError> {
    let url = format!("{}/prepaidPaymentID", c.urls.payments);
    send_json("payments", c.request(reqwest::Method::GET, url, ctx)).await
}

/// Adds the card as payment instrument.
pub async fn add_instrument(
    c: &Clients,
    ctx: &CallCtx,
    body: &AddInstrumentRequest,
) -> Result<AddInstrumentResponse, UpstreamError> {
    let url = format!("{}/add-secure-prepaid-payment-instrument", c.urls.payments);
    send_json(
        "payments",
        c.request(reqwest::Method::POST, url, ctx).json(body),
    )
    .await
}

/// Submits the order.
pub async fn activate(
    c: &Clients,
    ctx: &CallCtx,
    body: &ActivationRequest,
) -> Result<ActivationResponse, UpstreamError> {
    let url = format!("{}/prepaid-customer-activation", c.urls.activation);
    send_json(
        "activation",
        c.request(reqwest::Method::POST, url, ctx).json(body),
    )
    .await
}

/// Creates a digital session.
pub async fn create_session(
    c: &Clients,
    ctx: &CallCtx,
    body: &CreateSessionRequest,
) -> Result<CreateSessionResponse, UpstreamError> {
    let url = format!("{}/secure/session", c.urls.session);
    send_json(
        "session",
        c.request(reqwest::Method::POST, url, ctx).json(body),
    )
    .await
}

/// Restores a digital session (404: unknown id, as `UpstreamError::Status`).
pub async fn restore_session(
    c: &Clients,
    ctx: &CallCtx,
    id: &str,
) -> Result<RestoreSessionResponse, UpstreamError> {
    let url = format!("{}/secure/session", c.urls.session);
    let rb = c
        .request(reqwest::Method::GET, url, ctx)
        .query(&[("digitalSessionId", id)]);
    send_json("session", rb).await
}
