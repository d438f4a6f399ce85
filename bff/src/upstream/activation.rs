//! Activation service. Submit order: `POST {base}/prepaid-customer-activation`
//! `ActivationRequest` -> `ActivationResponse` (seed 000 §3, §7). Activation of an existing
//! account (seed 001 §7): `GET {base}/get-account`, `POST {base}/load-prepaid-account`,
//! `POST {base}/validate-prepaid-device`, `POST {base}/validate-mac`, `POST
//! {base}/prepaid-account-activation`, `POST {base}/validate-activation-code`
//! (`upstream::activation::account`; the PIN refill validates with the same call, seed 002
//! §7.2). PIN refill: `POST {base}/refill-activation` (`upstream::activation::pin`). Business
//! errors come back with 200 (`errorCode`, `errorMessage`, or `businessErrorCode` for the
//! order and the redemption): the caller decides.

use upstream::{
    activation::{
        ActivationRequest, ActivationResponse,
        account::{
            AccountActivationRequest, AccountActivationResponse, AccountRef, DeviceStatusResponse,
            GetAccountResponse, StatusResponse, ValidateCodeRequest, ValidateCodeResponse,
            ValidateMacRequest, ValidateMacResponse,
        },
        pin::{RedeemRequest, RedeemResponse},
    },
    service::Service,
};

use super::{CallCtx, Clients, SOURCE, UpstreamError};

/// Submits the order.
pub async fn activate(
    c: &Clients,
    ctx: &CallCtx,
    body: &ActivationRequest,
) -> Result<ActivationResponse, UpstreamError> {
    post(c, ctx, "/prepaid-customer-activation", body).await
}

async fn post<B: serde::Serialize, T: serde::de::DeserializeOwned>(
    c: &Clients,
    ctx: &CallCtx,
    path: &str,
    body: &B,
) -> Result<T, UpstreamError> {
    let rb = c
        .request(Service::Activation, reqwest::Method::POST, path, ctx)
        .json(body);
    c.send_json(Service::Activation, rb).await
}

fn account_ref(ctx: &CallCtx, account_id: &str, cpe_ip: Option<String>) -> AccountRef {
    AccountRef {
        account_id: account_id.to_owned(),
        tracking_id: ctx.tracking_id.clone(),
        source: SOURCE.to_owned(),
        cpe_ip,
    }
}

/// The account being activated (`GET /get-account?accountId&source&trackingId`).
pub async fn get_account(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
) -> Result<GetAccountResponse, UpstreamError> {
    let rb = c
        .request(
            Service::Activation,
            reqwest::Method::GET,
            "/get-account",
            ctx,
        )
        .query(&[
            ("accountId", account_id),
            ("source", SOURCE),
            ("trackingId", ctx.tracking_id.as_str()),
        ]);
    c.send_json(Service::Activation, rb).await
}

/// Loads the prepaid account for activation (`{accountId, trackingId, source}`).
pub async fn load_prepaid_account(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
) -> Result<StatusResponse, UpstreamError> {
    let body = account_ref(ctx, account_id, None);
    post(c, ctx, "/load-prepaid-account", &body).await
}

/// The device status of `account_id` (`sroYN`, devices; `cpeIP` empty).
pub async fn validate_device(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
) -> Result<DeviceStatusResponse, UpstreamError> {
    let body = account_ref(ctx, account_id, Some(String::new()));
    post(c, ctx, "/validate-prepaid-device", &body).await
}

/// Looks up `mac` (formatted `AA:BB:CC:DD:EE:FF`): `SUCCESS` or `FAILURE`.
pub async fn validate_mac(
    c: &Clients,
    ctx: &CallCtx,
    mac: &str,
) -> Result<ValidateMacResponse, UpstreamError> {
    let body = ValidateMacRequest {
        mac: mac.to_owned(),
    };
    post(c, ctx, "/validate-mac", &body).await
}

/// Activates the account (`prepaidAccountActivation`): the HTTP status of the answer (the
/// flow adds it to its result, seed 001 §7) and the answer. A non-2xx answer is
/// [`UpstreamError::Status`] with its status.
pub async fn activate_account(
    c: &Clients,
    ctx: &CallCtx,
    body: &AccountActivationRequest,
) -> Result<(u16, AccountActivationResponse), UpstreamError> {
    let rb = c
        .request(
            Service::Activation,
            reqwest::Method::POST,
            "/prepaid-account-activation",
            ctx,
        )
        .json(body);
    c.send_json_status(Service::Activation, rb).await
}

/// Validates activation codes (`pinDetails`); `errorCode` in the answer is a failure.
pub async fn validate_activation_code(
    c: &Clients,
    ctx: &CallCtx,
    body: &ValidateCodeRequest,
) -> Result<ValidateCodeResponse, UpstreamError> {
    post(c, ctx, "/validate-activation-code", body).await
}

/// Redeems refill PINs on the account's internet device (seed 002 §7.2
/// `{hash}-refill-activation`); the answer's `failed()` says whether it went through (seed
/// 002 §4.3b). The body carries the PIN: never log it.
pub async fn redeem_refill(
    c: &Clients,
    ctx: &CallCtx,
    body: &RedeemRequest,
) -> Result<RedeemResponse, UpstreamError> {
    post(c, ctx, "/refill-activation", body).await
}
