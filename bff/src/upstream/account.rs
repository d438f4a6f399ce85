//! Account service: `POST {base}/dashboard` `DashboardRequest` -> `DashboardResponse`;
//! `POST {base}/aux-account` `AuxAccountRequest` -> `AuxAccountResponse` (seed 001 §7
//! "Dashboard", "Aux account"); `POST {base}/update-customer` `UpdateCustomerRequest` and
//! `POST {base}/sync-up` `SyncUpRequest` -> `CustomerUpdateResponse` (§7 "Update
//! customer", "Sync-up update"). An unknown account or other business failure comes back
//! with 200 and `errorCode` + `errorMessage` (e.g. `ACCOUNT_NOT_FOUND`): the caller decides.

use upstream::{
    account::{
        AuxAccountRequest, AuxAccountResponse, CustomerUpdateResponse, DashboardRequest,
        DashboardResponse, SyncUpRequest, UpdateCustomerRequest,
    },
    service::Service,
};

use super::{CallCtx, Clients, UpstreamError};

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
