//! Account service: `POST {base}/dashboard` `DashboardRequest` -> `DashboardResponse`;
//! `POST {base}/aux-account` `AuxAccountRequest` -> `AuxAccountResponse` (seed 001 §7
//! "Dashboard", "Aux account"); `POST {base}/update-customer` `UpdateCustomerRequest` and
//! `POST {base}/sync-up` `SyncUpRequest` -> `CustomerUpdateResponse` (§7 "Update
//! customer", "Sync-up update"); `POST {base}/restart-device` `RestartDeviceRequest` ->
//! `RestartDeviceResponse` (seed 001 §7 "Restart device"); `POST {base}/scheduled-move`
//! `UpdateScheduledMoveRequest` -> `UpdateScheduledMoveResponse` (seed 002 "update scheduled
//! move"). An unknown account or other business failure comes back
//! with 200 and `errorCode` + `errorMessage` (e.g. `ACCOUNT_NOT_FOUND`): the caller decides.

use upstream::{
    account::{
        AuxAccountRequest, AuxAccountResponse, CustomerUpdateResponse, DashboardRequest,
        DashboardResponse, MOVE_ACTION_CANCEL, RestartDeviceRequest, RestartDeviceResponse,
        SyncUpRequest, UpdateCustomerRequest, UpdateScheduledMoveRequest,
        UpdateScheduledMoveResponse,
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

/// Cancels the scheduled move `confirmation_id` of `account_id` (seed 002 "update scheduled
/// move": action `C` with the confirmation id). An answer with `errorCode` is a business
/// failure: the caller decides.
pub async fn cancel_scheduled_move(
    c: &Clients,
    ctx: &CallCtx,
    account_id: &str,
    confirmation_id: &str,
) -> Result<UpdateScheduledMoveResponse, UpstreamError> {
    let body = UpdateScheduledMoveRequest {
        account_id: account_id.to_owned(),
        action: MOVE_ACTION_CANCEL.to_owned(),
        confirmation_id: confirmation_id.to_owned(),
    };
    let rb = c
        .request(
            Service::Account,
            reqwest::Method::POST,
            "/scheduled-move",
            ctx,
        )
        .json(&body);
    c.send_json(Service::Account, rb).await
}

/// Saves the language and SMS preferences of an account (seed 001 §7 "Update customer"):
/// `POST {base}/update-customer`. A refusal is 200 with `status: FAILURE` and/or
/// `errorCode` ([`CustomerUpdateResponse::succeeded`]); the caller decides.
pub async fn update_customer(
    c: &Clients,
    ctx: &CallCtx,
    body: &UpdateCustomerRequest,
) -> Result<CustomerUpdateResponse, UpstreamError> {
    let rb = c
        .request(
            Service::Account,
            reqwest::Method::POST,
            "/update-customer",
            ctx,
        )
        .json(body);
    c.send_json(Service::Account, rb).await
}

/// Copies the identity's contact points and the chosen preferences to an account (seed 001
/// §7 "Sync-up update"): `POST {base}/sync-up`; answer as [`update_customer`].
pub async fn sync_up(
    c: &Clients,
    ctx: &CallCtx,
    body: &SyncUpRequest,
) -> Result<CustomerUpdateResponse, UpstreamError> {
    let rb = c
        .request(Service::Account, reqwest::Method::POST, "/sync-up", ctx)
        .json(body);
    c.send_json(Service::Account, rb).await
}

/// Creates the aux account of a reconnect with its payment (seed 002 §3.7, §4.5, §7.2
/// "create-aux payload"): `POST {base}/create-aux-account`. An answer with `errorCode`, or
/// an aux account with `auxAcctError`, is a failure: the caller decides.
pub async fn create_aux_account(
    c: &Clients,
    ctx: &CallCtx,
    body: &upstream::account::CreateAuxAccountRequest,
) -> Result<upstream::account::CreateAuxAccountResponse, UpstreamError> {
    let rb = c
        .request(
            Service::Account,
            reqwest::Method::POST,
            "/create-aux-account",
            ctx,
        )
        .json(body);
    c.send_json(Service::Account, rb).await
}

/// The quick refill's lookup by billing `phone` (10 digits) and `zip` (5 digits) (seed 002
/// §7.4 `fetchCustomerDashboard`, flow `EZREFILL`; `DashboardRequest::ezrefill`): `POST
/// {base}/lookup`. No account located, or several: 200 with `errorCode` (`ACCOUNT_NOT_FOUND`,
/// `LITEPAY_MULTIPLE_ACCOUNTS`); the caller decides.
pub async fn lookup(
    c: &Clients,
    ctx: &CallCtx,
    phone: &str,
    zip: &str,
) -> Result<DashboardResponse, UpstreamError> {
    let rb = c
        .request(Service::Account, reqwest::Method::POST, "/lookup", ctx)
        .json(&DashboardRequest::ezrefill(phone, zip));
    c.send_json(Service::Account, rb).await
}
