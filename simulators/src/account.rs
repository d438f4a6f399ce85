//! Account simulator, prefix `/account`: the dashboard record of an account (call name
//! `dashboard`), its aux accounts (call name `auxAccount`), the customer update (call
//! `updateCustomer`), the sync-up (call `syncUp`), the restart of its modem (call
//! `restartDevice`) and the update of a scheduled move (call `updateScheduledMove`, seed 002
//! "update scheduled move"); seed 001 §3 "Dashboard response", "Aux account", "Customer
//! update payloads", §7 (the seed's `{hash}` paths as `POST /dashboard`, `POST /aux-account`,
//! `POST /sync-up`, `POST /restart-device`, `POST /scheduled-move`). Answers come from
//! [`crate::account_world`] at the system clock, so the days remaining of each account stay
//! the same whatever the day, overlaid with what the run changed ([`PREFERENCES`],
//! [`SYNCED`], [`CANCELLED_MOVES`]; `crate::run_state`).

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::{
    account::{
        ACCOUNT_NOT_FOUND, AuxAccountRequest, AuxAccountResponse, CustomerUpdateResponse,
        DashboardRequest, DashboardResponse, LOB_HSD, LanguagePreference, PlanStatusDetail,
        RestartDeviceRequest, RestartDeviceResponse, SyncUpRequest, UpdateCustomerRequest,
        UpdateScheduledMoveRequest, UpdateScheduledMoveResponse, UpdateStatus,
    },
    call::Call,
};

use crate::{
    account_world,
    run_state::{Run, RunStore},
    scenario,
};

/// Communication preferences an account was given in a run (seed 001 §4 "Communication
/// preferences"): `updateCustomer` or `syncUp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preferences {
    /// Language of service messages.
    pub language: LanguagePreference,
    /// Service and refill text messages.
    pub sms_opt_in: bool,
}

/// New preferences per run and account; the next `dashboard` (`customerInfo.language`,
/// `smsOptIn`) and identity `userinfo` (the account's `prepaidLangPreference`,
/// `prepaidSMSOptIn`) answer them.
pub static PREFERENCES: RunStore<Preferences> = RunStore::new();

/// Accounts synced up per run (`syncUp` succeeded): the identity `userinfo` answers both
/// contact-match flags of that account `true`, so the sync-up modal no longer opens.
pub static SYNCED: RunStore<bool> = RunStore::new();

/// The answer for an account the world does not know.
fn not_found() -> CustomerUpdateResponse {
    CustomerUpdateResponse {
        status: UpdateStatus::Failure,
        error_code: Some(ACCOUNT_NOT_FOUND.into()),
        error_message: Some(account_world::NOT_FOUND_MESSAGE.into()),
    }
}

const SUCCESS: CustomerUpdateResponse = CustomerUpdateResponse {
    status: UpdateStatus::Success,
    error_code: None,
    error_message: None,
};

/// `world` overlaid with the preferences `run` gave its account.
fn with_preferences(mut world: DashboardResponse, run: &Run) -> DashboardResponse {
    if let Some(info) = &mut world.customer_info
        && let Some(p) = PREFERENCES.get(run, &info.account_id)
    {
        info.language = p.language.as_str().into();
        info.sms_opt_in = p.sms_opt_in;
    }
    world
}

/// Days of internet an activation gives: its plan is `HSD_030` (`activation_account`).
pub const ACTIVATED_DAYS: i64 = 30;

/// `world` with the internet plans of an account without plans that `run` activated
/// (`prepaidAccountActivation`): the dashboard no longer sends it to activation (seed 001 §4
/// "Page readiness and checks": an active account with no `availablePlans` goes there), and
/// its internet is `ACTIVE` for [`ACTIVATED_DAYS`] from `now` (so auto-refill is offered:
/// days remaining above 0).
fn with_activation(
    mut world: DashboardResponse,
    run: Option<&str>,
    now: chrono::DateTime<chrono::Utc>,
) -> DashboardResponse {
    if world.available_plans.is_empty()
        && let Some(info) = &world.customer_info
        && crate::activation_account::activations(run, &info.account_id) > 0
    {
        world.available_plans = account_world::internet_plans();
        if world.plan_status_details.is_empty() {
            world.plan_status_details = vec![PlanStatusDetail {
                lob: LOB_HSD.into(),
                plan_status: "ACTIVE".into(),
                expiry_date: account_world::expiry(now, ACTIVATED_DAYS),
            }];
        }
    }
    world
}

/// The accounts whose scheduled move a run has cancelled (`updateScheduledMove`, action C).
pub static CANCELLED_MOVES: RunStore<bool> = RunStore::new();

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
        /// Run id (harness mode only): what this run changed is answered.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> Json<DashboardResponse> {
        let now = chrono::Utc::now();
        let world = account_world::dashboard(&body.account_id, now);
        let world = with_activation(world, run.0.as_deref(), now);
        Json(with_preferences(world, &Run::of(&run)))
    }

    /// The quick refill's lookup (seed 002 §7.4 `fetchCustomerDashboard`, flow `EZREFILL`):
    /// the dashboard record of the one account whose holder's phone and service zip are
    /// `phone` and `zip` (`account_world::lookup`: an aux account awaiting activation is
    /// `Preactivated`); none: `errorCode: ACCOUNT_NOT_FOUND`, the same answer for an
    /// unknown phone and a known phone with another zip; several: `errorCode:
    /// LITEPAY_MULTIPLE_ACCOUNTS` (all 200).
    #[oai(
        path = "/lookup",
        method = "post",
        operation_id = "lookupAccountDashboard"
    )]
    async fn lookup(
        &self,
        body: Json<DashboardRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
        /// Run id (harness mode only): what this run changed is answered.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> Json<DashboardResponse> {
        let world = account_world::lookup(&body.phone, &body.zip, chrono::Utc::now());
        Json(with_preferences(world, &Run::of(&run)))
    }

    /// The aux accounts of `accountId` (a scheduled move: `MOVE`, Preactivated, 10 days
    /// ahead; a closed account's Preactivated or Activated aux account; the run's reconnect
    /// and move) and its reconnect eligibility; without the move once the run has cancelled
    /// it (`updateScheduledMove`).
    /// Unknown account: 200 with `errorCode: ACCOUNT_NOT_FOUND`.
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
        /// Run id (UUID, harness mode only): what this run changed is remembered apart.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> Json<AuxAccountResponse> {
        let aux = account_world::aux_account(&body.account_id, chrono::Utc::now());
        let run = Run::of(&run);
        let cancelled = CANCELLED_MOVES.get(&run, &body.account_id) == Some(true);
        let aux = if cancelled {
            account_world::without_move(aux)
        } else {
            aux
        };
        let aux = crate::account_reconnect::with_reconnect(aux, &run, &body.account_id);
        Json(crate::account_move::with_move(aux, &run, &body.account_id))
    }

    /// Creates the aux account of a move (`flow: MOVE`, seed 002 §2.8, §7.2;
    /// `account_move`: an open account with plans gets its move's aux account, listed by this
    /// run's aux-account answers as `MOVE`, `Preactivated` with its date and `toAddress`;
    /// `ACCOUNT_NOT_FOUND`, `MOVE_NOT_ELIGIBLE`, `MOVE_ALREADY_SCHEDULED`, `INVALID_REQUEST`
    /// otherwise) or of a reconnect (seed 002 §3.7, §4.5; `account_reconnect`):
    /// a closed, reconnect-eligible account gets its aux account (`auxDetails`, confirmation
    /// number), which this run's aux-account answers then list as `RECONNECT`,
    /// `Preactivated`; `errorCode` `ACCOUNT_NOT_FOUND`, `RECONNECT_NOT_ELIGIBLE` or
    /// `INVALID_REQUEST` otherwise (all 200). Each call is counted in the run's ledger.
    #[oai(
        path = "/create-aux-account",
        method = "post",
        operation_id = "createAuxAccount"
    )]
    async fn create_aux_account(
        &self,
        body: Json<upstream::account::CreateAuxAccountRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
        /// Run id (harness mode only): where the reconnect is remembered.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> Json<upstream::account::CreateAuxAccountResponse> {
        let refused = scenario::refuses(scenario.0.as_deref(), Call::CreateAuxAccount);
        let run = Run::of(&run);
        if body.flow == upstream::account::FLOW_MOVE {
            let cancelled = CANCELLED_MOVES.get(&run, &body.account_id) == Some(true);
            return Json(crate::account_move::create(
                &run,
                &body,
                refused,
                cancelled,
                chrono::Utc::now(),
            ));
        }
        Json(crate::account_reconnect::create(&run, &body, refused))
    }

    /// Updates the scheduled move of `accountId` (seed 002 "update scheduled move"): action
    /// `C` with the move's `confirmationId` (`auxAcctConfNo`; the world's move or one the run
    /// made, `account_move::update`) cancels it for this run (the next aux-account answer has
    /// no move) and answers `{}`; an unknown or already
    /// cancelled move is `errorCode: MOVE_NOT_FOUND`, another action `INVALID_ACTION`, an
    /// unknown account `ACCOUNT_NOT_FOUND` (all 200).
    #[oai(
        path = "/scheduled-move",
        method = "post",
        operation_id = "updateScheduledMove"
    )]
    async fn update_scheduled_move(
        &self,
        body: Json<UpdateScheduledMoveRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
        /// Run id (UUID, harness mode only): what this run changed is remembered apart.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> Json<UpdateScheduledMoveResponse> {
        // a scenario that refuses the call: the provider would not have cancelled
        let refused = scenario::refuses(scenario.0.as_deref(), Call::UpdateScheduledMove);
        // a move this run made (`account_move`)
        if let Some(answer) = crate::account_move::update(&Run::of(&run), &body, refused) {
            return Json(answer);
        }
        // under one lock: of two concurrent cancels only one succeeds
        Json(
            CANCELLED_MOVES.update(&Run::of(&run), &body.account_id, |done| {
                let answer = account_world::update_scheduled_move(
                    &body,
                    *done == Some(true),
                    chrono::Utc::now(),
                );
                if answer.error_code.is_none() && !refused {
                    *done = Some(true);
                }
                answer
            }),
        )
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

    /// Saves the language and SMS preferences of `accountId` (seed 001 §7 "Update
    /// customer", §4 "Communication preferences"), remembered per run: the next
    /// `dashboard` and `userinfo` answer them. `status: SUCCESS`; an account the world
    /// does not know: `FAILURE` with `errorCode: ACCOUNT_NOT_FOUND` (HTTP 200 either way).
    #[oai(
        path = "/update-customer",
        method = "post",
        operation_id = "updateCustomer"
    )]
    async fn update_customer(
        &self,
        body: Json<UpdateCustomerRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
        /// Run id (harness mode only): where the change is remembered.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> Json<CustomerUpdateResponse> {
        if account_world::find(&body.account_id).is_none() {
            return Json(not_found());
        }
        if !scenario::refuses(scenario.0.as_deref(), Call::UpdateCustomer) {
            let p = Preferences {
                language: body.language_preference,
                sms_opt_in: body.sms_opt_in.yes(),
            };
            PREFERENCES.set(&Run::of(&run), &body.account_id, p);
        }
        Json(SUCCESS)
    }

    /// Copies the identity's contact points to `accountId` with the preferences chosen in
    /// the sync-up modal (seed 001 §3 "sync-up update", §7 "Sync-up update"), remembered
    /// per run: the identity's contact-match flags of that account become both `true` and
    /// its preferences those sent. `status: SUCCESS`; an unknown account: `FAILURE` with
    /// `errorCode: ACCOUNT_NOT_FOUND` (HTTP 200 either way).
    #[oai(path = "/sync-up", method = "post", operation_id = "syncUp")]
    async fn sync_up(
        &self,
        body: Json<SyncUpRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
        /// Run id (harness mode only): where the change is remembered.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> Json<CustomerUpdateResponse> {
        if account_world::find(&body.account_id).is_none() {
            return Json(not_found());
        }
        if !scenario::refuses(scenario.0.as_deref(), Call::SyncUp) {
            let run = Run::of(&run);
            let p = Preferences {
                language: body.language_preference,
                sms_opt_in: body.sms_opt_in.yes(),
            };
            PREFERENCES.set(&run, &body.account_id, p);
            SYNCED.set(&run, &body.account_id, true);
        }
        Json(SUCCESS)
    }
}

#[cfg(test)]
mod tests {
    use upstream::activation::account::{
        AccountActivationRequest, ActivationDevice, ActivationProduct,
    };

    use super::*;

    #[test]
    fn an_account_activated_in_the_run_has_plans_in_that_run_only() {
        let account = "8993100000000202";
        let now = chrono::Utc::now();
        let run = "run-activation-plans-test";
        assert!(
            account_world::dashboard(account, now)
                .available_plans
                .is_empty()
        );
        let before = with_activation(account_world::dashboard(account, now), Some(run), now);
        assert!(before.available_plans.is_empty());
        let body = AccountActivationRequest {
            account_id: account.into(),
            channel: "Online".into(),
            devices: vec![ActivationDevice {
                device_serial: "SNMA4B100000202".into(),
                prepaid_products: vec![ActivationProduct {
                    lob: "HSD".into(),
                    product_code: "HSD_030".into(),
                }],
            }],
            update_customer_info: None,
            customer_info: None,
        };
        crate::activation_account::activate(&Run::new(Some(run)), &body);
        let after = with_activation(account_world::dashboard(account, now), Some(run), now);
        assert_eq!(after.available_plans, account_world::internet_plans());
        assert_eq!(
            after.plan_status_details,
            [PlanStatusDetail {
                lob: LOB_HSD.into(),
                plan_status: "ACTIVE".into(),
                expiry_date: account_world::expiry(now, ACTIVATED_DAYS),
            }]
        );
        let other = with_activation(
            account_world::dashboard(account, now),
            Some("another-run"),
            now,
        );
        assert!(other.available_plans.is_empty());
    }
}
