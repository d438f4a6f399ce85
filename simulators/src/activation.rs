//! Activation simulator, prefix `/activation`: the activation of an existing account
//! (seed 001 §7; answers in [`crate::activation_account`]) and (call name `submitOrder`) the
//! order submission, seed 000 §3 "Submit-order payload", §4 "Order submit", §7
//! `POST .../PinlessActivation/prepaid-customer-activation`.
//!
//! The order ledger ([`ledger`]): every order this simulator placed, with the checkout's
//! identity (tracking id, e-mail), so a test can compare what the upstream did with what each
//! customer was told (`bff/tests/it/campaign.rs`). Off until a test calls [`enable_ledger`].

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use poem_openapi::{
    OpenApi, Tags,
    param::{Header, Query},
    payload::Json,
};
use upstream::activation::account::{
    AccountActivationRequest, AccountActivationResponse, AccountRef, DeviceStatusResponse,
    GetAccountResponse, StatusResponse, ValidateCodeRequest, ValidateCodeResponse,
    ValidateMacRequest, ValidateMacResponse,
};
use upstream::activation::pin::{RedeemRequest, RedeemResponse};
use upstream::activation::{ActivationRequest, ActivationResponse, OrderDetails};

use crate::activation_account as acct;
use crate::buy_world;
use crate::run_state::Run;
use crate::scenario::{self, Call};
use crate::test_cards::{self, Outcome};

#[derive(Tags)]
enum Tag {
    /// Activation: submit the order (prepaid customer activation); activate an existing
    /// account (devices, MAC, activation, activation codes, the public ping file); validate
    /// and redeem refill PINs.
    Activation,
}

/// `POST /activation/prepaid-customer-activation`. Holds the payment ids this instance has
/// placed an order with, per scenario (each scenario is a world of its own).
#[derive(Debug, Clone, Default)]
pub struct ActivationApi {
    placed: Arc<Mutex<HashSet<PlacedKey>>>,
}

/// The scenario (none outside the harness) and the `prepaidPaymentID` of a placed order.
type PlacedKey = (Option<String>, String);

#[OpenApi(prefix_path = "/activation", tag = "Tag::Activation")]
impl ActivationApi {
    /// Places the order: 200 with `orderDetails.orderNumber` (`PP` + 10 digits) and
    /// `accountId` (16 digits), both derived from `trackingId` (a replay gets the same
    /// numbers). The `PAYMENT-0001` test card's token answers `businessErrorCode:
    /// PAYMENT-0001` and no order. Codes come back with 200, as the real service does
    /// (seed 000 §4: `BUS_CUSTACT_05`, `SYS0010` count as success).
    ///
    /// An order with a `prepaidPaymentID` that already placed one places nothing more: the
    /// answer is that order with `businessErrorCode: BUS_CUSTACT_05` (customer already
    /// activated, counted as placed by seed 000 §4). This is how a BFF that lost the first
    /// answer finds the order by asking again (ARCHITECTURE.md "Paid attempts").
    #[oai(
        path = "/prepaid-customer-activation",
        method = "post",
        operation_id = "submitOrder"
    )]
    async fn activate(
        &self,
        body: Json<ActivationRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<ActivationResponse> {
        let mut answer = answer(&body);
        if answer.order_details.is_some() {
            let key = (scenario.0.clone(), body.prepaid_payment_id.clone());
            let first = self
                .placed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(key);
            if first {
                record(&body, &answer);
            } else {
                answer.business_error_code = Some(ALREADY_PLACED.into());
            }
        }
        Json(answer)
    }

    /// The account being activated (seed 001 §7 "Get account"): `accountId` and
    /// `prepaidAccountStatus: Open`. Unknown account: 200 with `errorCode: ACCOUNT_NOT_FOUND`.
    #[oai(
        path = "/get-account",
        method = "get",
        operation_id = "getActivationAccount"
    )]
    async fn get_account(
        &self,
        /// The account, 16 digits.
        #[oai(name = "accountId")]
        account_id: Query<String>,
        /// `DIGITAL2.0`.
        #[oai(name = "source")]
        _source: Query<Option<String>>,
        /// Tracking id of the flow.
        #[oai(name = "trackingId")]
        _tracking_id: Query<Option<String>>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<GetAccountResponse> {
        Json(acct::get_account(&account_id))
    }

    /// Loads the account for activation: `status: SUCCESS`; unknown account: `errorCode`.
    #[oai(
        path = "/load-prepaid-account",
        method = "post",
        operation_id = "loadPrepaidAccount"
    )]
    async fn load_prepaid_account(
        &self,
        body: Json<AccountRef>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<StatusResponse> {
        Json(acct::load_prepaid_account(&body))
    }

    /// The device status (seed 001 §3 `deviceStatus`): `sroYN: N` and the modem `FOUND`
    /// with its MAC and serial. Unknown account: `errorCode`. Scenarios answer a device
    /// `NOT_FOUND` or `sroYN: Y` (not ready).
    #[oai(
        path = "/validate-prepaid-device",
        method = "post",
        operation_id = "validatePrepaidDevice"
    )]
    async fn validate_device(
        &self,
        body: Json<AccountRef>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<DeviceStatusResponse> {
        Json(acct::device_status(&body))
    }

    /// Looks up a MAC: `SUCCESS` with the device's serial for any well-formed
    /// `XX:XX:XX:XX:XX:XX` (upper-case hex), else `FAILURE`.
    #[oai(path = "/validate-mac", method = "post", operation_id = "validateMac")]
    async fn validate_mac(
        &self,
        body: Json<ValidateMacRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<ValidateMacResponse> {
        Json(acct::validate_mac(body.0))
    }

    /// Activates an existing account (`prepaidAccountActivation`, seed 001 §7 "Activate"):
    /// `status: ACTIVATED`, remembered per run; a second activation of the account in the
    /// run answers `errorCode: ALREADY_ACTIVATED`. Other failures (200 with `errorCode` +
    /// `errorMessage`): `ACCOUNT_NOT_FOUND`, `NO_DEVICE` (no device serial),
    /// `INVALID_CUSTOMER_INFO` (`updateCustomerInfo` without both names).
    #[oai(
        path = "/prepaid-account-activation",
        method = "post",
        operation_id = "prepaidAccountActivation"
    )]
    async fn activate_account(
        &self,
        body: Json<AccountActivationRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
        /// Run id of the scenario start (harness mode only): what this run activated.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> Json<AccountActivationResponse> {
        Json(acct::activate(&Run::of(&run), &body))
    }

    /// Validates activation codes and refill PINs (`pinDetails`, seed 001 §7, seed 002
    /// §7.2): the PIN's value decides (`simulators/TEST_PINS.md`): a valid PIN answers its
    /// `planQty` and expiry (ISO 8601 UTC, one year on; `formattedExpirationDate`
    /// `MM/DD/YYYY`), with its `redemptionDate` once redeemed (this run's ledger, or a PIN
    /// starting `91`); a rejected PIN (not 12 to 16 digits, or starting `92`) answers
    /// `errorCode: INVALID_PIN`, an unrecognised one (`93`) `PIN_NOT_FOUND`.
    #[oai(
        path = "/validate-activation-code",
        method = "post",
        operation_id = "validateActivationCode"
    )]
    async fn validate_activation_code(
        &self,
        body: Json<ValidateCodeRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
        /// Run id of the scenario start (harness mode only): the PINs this run redeemed.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> Json<ValidateCodeResponse> {
        Json(acct::validate_code(
            &Run::of(&run),
            &body,
            chrono::Utc::now(),
        ))
    }

    /// Redeems refill PINs on the account's internet device (seed 002 §7.2
    /// `{hash}-refill-activation`: version `1.0`, `codes[{refillCode, lob HSD, deviceId,
    /// deviceSerialNumber, deviceStatus, deviceLob, transactionStatus SUCCESS}]`): `status:
    /// SUCCESS` with the `redemptionDate`, recorded in the run's redemption ledger. A PIN
    /// redeemed before answers `status: FAILURE`, `businessErrorCode: BUS_PIN_REDEEMED`; a PIN
    /// starting `94` `businessErrorCode: BUS_PMT_006`, `95` `status: FAILURE`; request errors
    /// `errorCode` (`ACCOUNT_NOT_FOUND`, `INVALID_REQUEST`, `NO_DEVICE`, `INVALID_PIN`,
    /// `PIN_NOT_FOUND`). A scenario's refusal is not recorded.
    #[oai(
        path = "/refill-activation",
        method = "post",
        operation_id = "redeemRefill"
    )]
    async fn redeem_refill(
        &self,
        body: Json<RedeemRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
        /// Run id of the scenario start (harness mode only): the run's redemption ledger.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> Json<RedeemResponse> {
        let refused = scenario::refuses(scenario.0.as_deref(), Call::RedeemRefill);
        Json(acct::redeem(
            &Run::of(&run),
            &body,
            chrono::Utc::now(),
            refused,
        ))
    }

    /// The public ping file the browser polls behind the modem after the device restart
    /// (seed 001 §4 "Activation", every 10 s): the first fetch of a run answers 503, every
    /// later one 200 `OK`. Plain text; browser-facing through the BFF's
    /// `/sim/activation/ping` in harness mode.
    #[oai(path = "/ping", method = "get", operation_id = "activationPing")]
    async fn ping(
        &self,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
        /// Run id of the scenario start (harness mode only): fetches are counted per run.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> acct::PingFile {
        acct::ping(&Run::of(&run))
    }
}

/// One order placed by the activation simulator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerEntry {
    /// Position in the ledger (from 1, over the whole process).
    pub seq: u64,
    /// `trackingId` of the order payload: the checkout (buy context) that placed it.
    pub tracking_id: String,
    /// The customer's e-mail in the payload.
    pub email: String,
    /// The order number answered.
    pub order_number: String,
    /// The account id answered.
    pub account_id: Option<String>,
}

static LEDGER_ON: AtomicBool = AtomicBool::new(false);
static LEDGER_SEQ: AtomicU64 = AtomicU64::new(0);
/// By tracking id.
static LEDGER: LazyLock<Mutex<HashMap<String, Vec<LedgerEntry>>>> = LazyLock::new(Default::default);

/// Starts recording placed orders in the [`ledger`] (for the rest of the process).
pub fn enable_ledger() {
    LEDGER_ON.store(true, Ordering::SeqCst);
}

/// Every order placed since [`enable_ledger`], in order.
pub fn ledger() -> Vec<LedgerEntry> {
    let ledger = LEDGER.lock().unwrap_or_else(|e| e.into_inner());
    let mut all: Vec<LedgerEntry> = ledger.values().flatten().cloned().collect();
    all.sort_by_key(|e| e.seq);
    all
}

/// Forgets every order of the ledger (the admin API's reset of the whole world).
pub(crate) fn clear_ledger() {
    LEDGER.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// The orders placed for the checkout `tracking_id`, in order.
pub fn orders_of(tracking_id: &str) -> Vec<LedgerEntry> {
    LEDGER
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(tracking_id)
        .cloned()
        .unwrap_or_default()
}

/// Records `answer` in the ledger when it placed an order (and the ledger is on). Called
/// before the answer leaves: a fault that breaks or delays the answer afterwards (see
/// [`crate::plan`]) leaves a placed order the caller may never hear about.
fn record(req: &ActivationRequest, answer: &ActivationResponse) {
    if !LEDGER_ON.load(Ordering::Relaxed) {
        return;
    }
    let Some(order) = &answer.order_details else {
        return;
    };
    let mut ledger = LEDGER.lock().unwrap_or_else(|e| e.into_inner());
    let entries = ledger.entry(req.tracking_id.clone()).or_default();
    entries.push(LedgerEntry {
        seq: LEDGER_SEQ.fetch_add(1, Ordering::SeqCst) + 1,
        tracking_id: req.tracking_id.clone(),
        email: req.email.clone(),
        order_number: order.order_number.clone(),
        account_id: answer.account_id.clone(),
    });
}

/// Code of an order whose payment already placed one (seed 000 §4: counted as placed).
pub const ALREADY_PLACED: &str = "BUS_CUSTACT_05";

/// The world's answer to an order.
pub fn answer(req: &ActivationRequest) -> ActivationResponse {
    if let Outcome::SubmitOrder(code) =
        test_cards::outcome_of_token(&req.paymentinfo.payment_inst_token)
    {
        return ActivationResponse {
            business_error_code: Some(code.into()),
            ..ActivationResponse::default()
        };
    }
    ActivationResponse {
        business_error_code: None,
        system_error_code: None,
        order_details: Some(OrderDetails {
            order_number: buy_world::order_number(&req.tracking_id),
        }),
        account_id: Some(buy_world::account_id(&req.tracking_id)),
    }
}
