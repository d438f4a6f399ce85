//! Account simulator, prefix `/account`: the dashboard record of an account (call name
//! `dashboard`), its aux accounts (call name `auxAccount`) and the restart of its modem
//! (call name `restartDevice`); seed 001 §3 "Dashboard response", "Aux account", §7 (the seed's `{hash}` paths as `POST /dashboard` and
//! `POST /aux-account`). Answers come from [`crate::account_world`] at the system clock,
//! so the days remaining of each account stay the same whatever the day.

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::account::{
    AuxAccountRequest, AuxAccountResponse, DashboardRequest, DashboardResponse,
    RestartDeviceRequest, RestartDeviceResponse,
};

use crate::account_world;

#[derive(Tags)]
enum Tag {
    /// Account: dashboard record and aux accounts of a prepaid account.
    Account,
}

/// `POST /account/dashboard`, `POST /account/aux-account`, `POST /account/restart-device`.
#[derive(Debug, Clone, Copy, Default)]
pub struct AccountApi;

#[OpenApi(prefix_path = "/account", tag = "Tag::Account")]
impl AccountApi {
    /// The dashboard record of `accountId`: customer, devices and plans, plan status with
    /// the expiry (ISO 8601 UTC), available plans, ACP, stored card, service address, each
    /// account in the state of the world's table (ARCHITECTURE.md "Account service"). An
    /// account the world does not know: 200 with `errorCode: ACCOUNT_NOT_FOUND`.
    #[oai(
        path = "/dashboard",
        method = "post",
        operation_id = "getAccountDashboard"
    )]
    async fn dashboard(
        &self,
        body: Json<DashboardRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<DashboardResponse> {
        Json(account_world::dashboard(
            &body.account_id,
            chrono::Utc::now(),
        ))
    }

    /// The aux accounts of `accountId` (a scheduled move: `MOVE`, Preactivated, 10 days
    /// ahead; a closed account's Preactivated or Activated aux account) and its reconnect
    /// eligibility. Unknown account: 200 with `errorCode: ACCOUNT_NOT_FOUND`.
    #[oai(path = "/aux-account", method = "post", operation_id = "getAuxAccount")]
    async fn aux_account(
        &self,
        body: Json<AuxAccountRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<AuxAccountResponse> {
        Json(account_world::aux_account(
            &body.account_id,
            chrono::Utc::now(),
        ))
    }

    /// Restarts the internet modem(s) of `deviceDetails` (seed 001 §7 "Restart device"):
    /// `status: RESTARTED` when each `macId` is a modem of `accountId`, else `FAILED` with
    /// `errorCode` `DEVICE_NOT_FOUND` (or `ACCOUNT_NOT_FOUND`). A scenario answers `FAILED`
    /// for a real modem with `restartDevice: {respond: {status: FAILED}}`.
    #[oai(
        path = "/restart-device",
        method = "post",
        operation_id = "restartDevice"
    )]
    async fn restart_device(
        &self,
        body: Json<RestartDeviceRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<RestartDeviceResponse> {
        Json(account_world::restart_device(&body))
    }
}
