//! Account service: `POST {base}/dashboard` `DashboardRequest` -> `DashboardResponse`;
//! `POST {base}/aux-account` `AuxAccountRequest` -> `AuxAccountResponse` (seed 001 §7
//! "Dashboard", "Aux account"); `POST {base}/restart-device` `RestartDeviceRequest` ->
//! `RestartDeviceResponse` (seed 001 §7 "Restart device"). An unknown account or other business failure comes back
//! with 200 and `errorCode` + `errorMessage` (e.g. `ACCOUNT_NOT_FOUND`): the caller decides.

use upstream::{
    account::{
        AuxAccountRequest, AuxAccountResponse, DashboardRequest, DashboardResponse,
        RestartDeviceRequest, RestartDeviceResponse,
    },
    service::Service,
};

use super::{CallCtx, Clients, SOURCE, UpstreamError};

/// The dashboard record of `account_id`: customer, devices and plans, plan status, available
/// plans, ACP, service address (every part asked for, seed 001 §7).
pub async fn dashboard(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
) -> Result<DashboardResponse, UpstreamError> {
    let rb = c
        .request(Service::Account, reqwest::Method::POST, "/dashboard", ctx)
        .json(&DashboardRequest::for_account(account_id));
    c.send_json(Service::Account, rb).await
}

/// The aux accounts of `account_id` (scheduled move, reconnect) and its reconnect
/// eligibility (seed 001 §7 "Aux account", both eligibility checks asked for).
pub async fn aux_account(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
) -> Result<AuxAccountResponse, UpstreamError> {
    let rb = c
        .request(Service::Account, reqwest::Method::POST, "/aux-account", ctx)
        .json(&AuxAccountRequest::for_account(account_id));
    c.send_json(Service::Account, rb).await
}

/// Restarts the internet modem `mac_id` of `account_id` (seed 001 §7 "Restart device":
/// `resetOnly: true`, `prepaidProduct.lob: HSD`, `source: DIGITAL2.0`, the call's tracking
/// id). The answer's `status` is `RESTARTED` or `FAILED` (a business failure also carries
/// `errorCode`): the caller decides.
pub async fn restart_device(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
    mac_id: &str,
) -> Result<RestartDeviceResponse, UpstreamError> {
    let body = RestartDeviceRequest::modem(account_id, mac_id, SOURCE, &ctx.tracking_id);
    let rb = c
        .request(
            Service::Account,
            reqwest::Method::POST,
            "/restart-device",
            ctx,
        )
        .json(&body);
    c.send_json(Service::Account, rb).await
}
