//! Account simulator, prefix `/account`: the dashboard record of an account (call name
//! `dashboard`) and its aux accounts (call name `auxAccount`); seed 001 §3 "Dashboard
//! response", "Aux account", §7 (the seed's `{hash}` paths as `POST /dashboard` and
//! `POST /aux-account`). Answers come from [`crate::account_world`] at the system clock,
//! so the days remaining of each account stay the same whatever the day.

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::account::{
    AuxAccountRequest, AuxAccountResponse, DashboardRequest, DashboardResponse,
};

use crate::account_world;

#[derive(Tags)]
enum Tag {
    /// Account: dashboard record and aux accounts of a prepaid account.
    Account,
}

/// `POST /account/dashboard`, `POST /account/aux-account`.
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
}
