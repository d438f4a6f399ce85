//! Activation simulator, prefix `/activation` (call name `submitOrder`): the order
//! submission, seed 000 §3 "Submit-order payload", §4 "Order submit", §7
//! `POST .../PinlessActivation/prepaid-customer-activation`.
//!
//! The order ledger ([`ledger`]): every order this simulator placed, with the checkout's
//! identity (tracking id, e-mail), so a test can compare what the upstream did with what each
//! customer was told (`bff/tests/it/campaign.rs`). Off until a test calls [`enable_ledger`].

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::activation::{ActivationRequest, ActivationResponse, OrderDetails};

use crate::buy_world;
use crate::test_cards::{self, Outcome};

#[derive(Tags)]
enum Tag {
    /// Activation: submit the order (prepaid customer activation).
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
    /// answer finds the order by asking again (ARCHITECTURE.md "Buy flow").
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
