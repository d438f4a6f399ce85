//! The dashboard answer from the upstream answers (seed 001 §4 "Page readiness and
//! checks"; rules in `domain::dashboard`).

use chrono::{DateTime, Utc};
use upstream::{
    account::{AuxAccountResponse, DashboardResponse},
    payments::PaymentInfoResponse,
    promotions::PromoResponse,
};

use super::types::Dashboard;
use crate::{
    http::error::{ApiError, ErrorCode},
    upstream::{self as up, CallCtx, Clients, UpstreamError},
};

/// What the dashboard needs besides the dashboard record and the aux accounts: payment info
/// (auto-refill) and the dashboard promotions; `None` when the record names no customer.
#[derive(Debug, Clone, Default)]
pub struct Extras {
    /// Payment info of the account (`enrollAutoPayment`).
    pub payment: Option<PaymentInfoResponse>,
    /// Dashboard promotions of the account's location.
    pub promos: Option<PromoResponse>,
}

/// Reads the payment info (phone of the record's customer) and the promotions (its
/// location) together; skipped when the record has no customer (an `errorCode` answer).
pub async fn extras(
    c: &Clients,
    ctx: &CallCtx,
    account: &str,
    dash: &DashboardResponse,
) -> Result<Extras, UpstreamError> {
    let Some(customer) = dash
        .customer_info
        .as_ref()
        .filter(|_| dash.error_code.is_none())
    else {
        return Ok(Extras::default());
    };
    let (payment, promos) = futures_util::future::try_join(
        up::payments::payment_info(c, ctx, account, &customer.phone_number),
        up::promotions::dashboard_promos(c, ctx, account, &customer.location_id),
    )
    .await?;
    Ok(Extras {
        payment: Some(payment),
        promos: Some(promos),
    })
}

/// The answer (interim: the rules of `domain::dashboard` are wired in once merged).
pub fn dashboard(
    _dash: &DashboardResponse,
    _aux: &AuxAccountResponse,
    _extras: &Extras,
    _now: DateTime<Utc>,
) -> Result<Dashboard, ApiError> {
    Err(ApiError::new(
        ErrorCode::Internal,
        "dashboard rules not wired yet (domain::dashboard)",
    ))
}
