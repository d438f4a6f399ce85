//! Payments simulator, prefix `/payments`: the prepaid payment id (call name `paymentId`)
//! and adding a payment instrument (call name `addPaymentInstrument`), the stored instrument
//! of an account (call name `paymentInfo`, seed 001 §3 "PaymentInfo", §7); seed 000 §3
//! "Payment", "Add-payment-instrument payload", §7, §8. The outcome of adding follows the
//! test card behind the token ([`crate::test_cards`]).
//!
//! The account area (seed 001 §7, issue 12): modify and remove the stored card
//! (`modifyInstrument`, `removeInstrument`), enrol and cancel auto-refill (`enrollAutopay`,
//! `cancelAutopay`), the prepaid transactions (`transactions`,
//! [`crate::payments_world`]). What a run changed ([`crate::run_state`]): an add or modify
//! with an account stores the card (unless it is a one-time instrument: `addInstrumentToWallet`
//! and `savePayment` false, kept apart in [`ONE_TIME`]), a remove drops it (and auto-refill), enrol and cancel set
//! `enrollAutoPayment`; the next `get-custpayment-info` of that run answers them.

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::payments::{
    AccountPaymentsRequest, AddInstrumentRequest, AddInstrumentResponse, AutopayResponse,
    ModifyInstrumentRequest, NO_INSTRUMENT, PaymentIdBody, PaymentIdResponse, PaymentInfoCustInfo,
    PaymentInfoRequest, PaymentInfoResponse, RemoveInstrumentRequest, TransactionsResponse,
};

use crate::run_state::{Run, RunStore};
use crate::scenario::{self, Call};
use crate::test_cards::{self, Outcome};
use crate::{account_world, buy_world, payments_world};

/// The stored card a run set: `Some(info)` after an add or modify, `None` after a remove.
pub(crate) static INSTRUMENT: RunStore<Option<PaymentInfoResponse>> = RunStore::new();
/// `enrollAutoPayment` a run set (enrol, cancel, or a remove turning it off).
pub(crate) static AUTOPAY: RunStore<bool> = RunStore::new();
/// The one-time instruments a run added for an account (an add with `addInstrumentToWallet`
/// and `savePayment` both false, the quick refill's, seed 002 §3.8): tokens a refill of that
/// account may pay with, newest last, at most [`ONE_TIME_KEPT`]; never the stored card.
pub(crate) static ONE_TIME: RunStore<Vec<String>> = RunStore::new();
/// How many one-time instruments an account keeps per run (older ones expire).
const ONE_TIME_KEPT: usize = 8;

/// Whether `token` may pay for `account` in `run`: the stored card's token, or a one-time
/// instrument the run added for that account.
pub fn pays_for(run: &Run, account: &str, token: &str) -> bool {
    current_info(run, account).payment_inst_token.as_deref() == Some(token)
        || ONE_TIME
            .get(run, account)
            .is_some_and(|t| t.iter().any(|t| t == token))
}

/// The payment info of `account` in `run`: the world's, overlaid with the run's card and
/// enrolment.
pub fn current_info(run: &Run, account: &str) -> PaymentInfoResponse {
    let mut info = match INSTRUMENT.get(run, account) {
        Some(Some(card)) => card,
        Some(None) => PaymentInfoResponse {
            business_error_code: Some(NO_INSTRUMENT.into()),
            ..PaymentInfoResponse::default()
        },
        None => account_world::payment_info(account),
    };
    if let Some(on) = AUTOPAY.get(run, account) {
        info.enroll_auto_payment = on;
    }
    info
}

fn success() -> AddInstrumentResponse {
    AddInstrumentResponse {
        status: "SUCCESS".into(),
        business_error_code: None,
    }
}

fn failure(code: &str) -> AddInstrumentResponse {
    AddInstrumentResponse {
        status: "FAILURE".into(),
        business_error_code: Some(code.into()),
    }
}

/// Adds or replaces the card of `body` for its account in `run` (the test card's failure
/// code instead, nothing stored).
fn store_card(run: &Run, body: &AddInstrumentRequest) -> AddInstrumentResponse {
    if let Outcome::AddInstrument(code) = test_cards::outcome_of_token(&body.payment_inst_token) {
        return failure(code);
    }
    let Some(account) = body.cust_info.account_id.as_deref() else {
        return success(); // the buy flow's new customer: nothing to remember
    };
    // a one-time instrument (neither in the wallet nor saved) pays once and leaves the
    // account's stored card and enrolment as they are
    if !body.add_instrument_to_wallet && !body.save_payment {
        ONE_TIME.update(run, account, |kept| {
            let kept = kept.get_or_insert_with(Vec::new);
            kept.retain(|t| t != &body.payment_inst_token);
            kept.push(body.payment_inst_token.clone());
            let over = kept.len().saturating_sub(ONE_TIME_KEPT);
            kept.drain(..over);
        });
        return success();
    }
    let enrolled = body.enroll_auto_payment || current_info(run, account).enroll_auto_payment;
    let c = &body.cust_info;
    INSTRUMENT.set(
        run,
        account,
        Some(PaymentInfoResponse {
            enroll_auto_payment: enrolled,
            payment_inst_token: Some(body.payment_inst_token.clone()),
            card_number: Some(body.card_number.clone()),
            card_type: Some(body.card_type.clone()),
            expiration_date: Some(body.expiration_date.clone()),
            cust_info: Some(PaymentInfoCustInfo {
                account_id: Some(account.to_owned()),
                first_name: c.first_name.clone(),
                last_name: c.last_name.clone(),
                address_line1: c.address_line1.clone(),
                address_line2: c.address_line2.clone(),
                city: c.city.clone(),
                state: c.state.clone(),
                zip: c.zip.clone(),
            }),
            business_error_code: None,
        }),
    );
    AUTOPAY.set(run, account, enrolled);
    success()
}

#[derive(Tags)]
enum Tag {
    /// Payments: payment id and payment instruments.
    Payments,
}

/// `GET /payments/prepaidPaymentID`, `POST /payments/add-secure-prepaid-payment-instrument`,
/// `POST /payments/get-custpayment-info`.
#[derive(Debug, Clone, Copy, Default)]
pub struct PaymentsApi;

#[OpenApi(prefix_path = "/payments", tag = "Tag::Payments")]
impl PaymentsApi {
    /// A payment id for this purchase attempt: `PPID` + 12 digits, derived from the
    /// `trackingid` header (the same tracking id gives the same id). Seed 000 §7.
    #[oai(
        path = "/prepaidPaymentID",
        method = "get",
        operation_id = "getPrepaidPaymentId"
    )]
    async fn payment_id(
        &self,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        tracking: Header<Option<String>>,
    ) -> Json<PaymentIdResponse> {
        let tracking = tracking.0.unwrap_or_default();
        Json(PaymentIdResponse {
            response: PaymentIdBody {
                prepaid_payment_id: buy_world::payment_id(&tracking),
            },
        })
    }

    /// Adds the tokenised card. 200 `status: SUCCESS`, or `status: FAILURE` with the test
    /// card's code in `businessErrorCode` (`PAYMENT-nnnn`, `SYS_PMT_nnn`, `BUS_PMT_nnn`; see
    /// `simulators/TEST_CARDS.md`). Tokens not made by the card-entry stand-in succeed.
    #[oai(
        path = "/add-secure-prepaid-payment-instrument",
        method = "post",
        operation_id = "addPaymentInstrument"
    )]
    async fn add_instrument(
        &self,
        body: Json<AddInstrumentRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Run id (harness mode only): what this run stored is kept apart from other runs.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<AddInstrumentResponse> {
        // a refusal by the scenario replaces this answer: nothing is remembered
        if scenario::refuses(scenario.0.as_deref(), Call::AddPaymentInstrument) {
            return Json(success());
        }
        Json(store_card(&Run::of(&run), &body))
    }

    /// The stored card and auto-refill enrolment of `accountId` (seed 001 §3 "PaymentInfo",
    /// §7): a Visa for the auto-refill account (`enrollAutoPayment: true`) and the expiring
    /// one (auto-refill off); every other account, known or not, 200 with
    /// `businessErrorCode: BUS_PMT_006` (no instrument stored, seed 001 §8); overlaid with
    /// what the run added, modified, removed, enrolled or cancelled.
    #[oai(
        path = "/get-custpayment-info",
        method = "post",
        operation_id = "getCustomerPaymentInfo"
    )]
    async fn payment_info(
        &self,
        body: Json<PaymentInfoRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Run id (harness mode only).
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<PaymentInfoResponse> {
        Json(current_info(&Run::of(&run), &body.account_id))
    }

    /// Replaces the stored card of `custInfo.accountId` (seed 001 §7, seed 002 "Instrument
    /// payloads"): outcome as for add (the test card's code, else `SUCCESS`, remembered by
    /// the run).
    #[oai(
        path = "/modify-prepaidpayment-instrument",
        method = "post",
        operation_id = "modifyPaymentInstrument"
    )]
    async fn modify_instrument(
        &self,
        body: Json<ModifyInstrumentRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Run id (harness mode only).
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<AddInstrumentResponse> {
        // a refusal by the scenario replaces this answer: nothing is remembered
        if scenario::refuses(scenario.0.as_deref(), Call::ModifyInstrument) {
            return Json(success());
        }
        Json(store_card(&Run::of(&run), &body))
    }

    /// Removes the stored card of `custInfo.accountId` (and with it auto-refill): `SUCCESS`;
    /// `FAILURE` with `BUS_PMT_006` when none is stored or the token is not the stored one.
    #[oai(
        path = "/remove-prepaidpayment-instrument",
        method = "post",
        operation_id = "removePaymentInstrument"
    )]
    async fn remove_instrument(
        &self,
        body: Json<RemoveInstrumentRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Run id (harness mode only).
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<AddInstrumentResponse> {
        // a refusal by the scenario replaces this answer: nothing is remembered
        if scenario::refuses(scenario.0.as_deref(), Call::RemoveInstrument) {
            return Json(success());
        }
        let run = Run::of(&run);
        let account = &body.cust_info.account_id;
        let stored = current_info(&run, account).payment_inst_token;
        if stored.as_deref() != Some(body.payment_inst_token.as_str()) {
            return Json(failure(NO_INSTRUMENT));
        }
        INSTRUMENT.set(&run, account, None);
        AUTOPAY.set(&run, account, false);
        Json(success())
    }

    /// Enrols `accountId` in auto-refill: `SUCCESS` (remembered by the run), or `FAILURE`
    /// with `BUS_PMT_006` when no card is stored (seed 001 §4 "Auto-refill", §8).
    #[oai(
        path = "/enroll-autopay",
        method = "post",
        operation_id = "enrollAutopay"
    )]
    async fn enroll_autopay(
        &self,
        body: Json<AccountPaymentsRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Run id (harness mode only).
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<AutopayResponse> {
        // a refusal by the scenario replaces this answer: nothing is remembered
        if scenario::refuses(scenario.0.as_deref(), Call::EnrollAutopay) {
            return Json(AutopayResponse {
                status: "SUCCESS".into(),
                ..AutopayResponse::default()
            });
        }
        let run = Run::of(&run);
        let info = current_info(&run, &body.account_id);
        if info.payment_inst_token.is_none() {
            return Json(AutopayResponse {
                status: "FAILURE".into(),
                business_error_code: Some(NO_INSTRUMENT.into()),
                error_message: Some("No payment instrument details found".into()),
            });
        }
        AUTOPAY.set(&run, &body.account_id, true);
        Json(AutopayResponse {
            status: "SUCCESS".into(),
            ..AutopayResponse::default()
        })
    }

    /// Cancels the auto-refill of `accountId`: `SUCCESS` (remembered by the run).
    #[oai(
        path = "/cancel-autopay",
        method = "post",
        operation_id = "cancelAutopay"
    )]
    async fn cancel_autopay(
        &self,
        body: Json<AccountPaymentsRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        scenario: Header<Option<String>>,
        /// Run id (harness mode only).
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<AutopayResponse> {
        // a refusal by the scenario replaces this answer: nothing is remembered
        if scenario::refuses(scenario.0.as_deref(), Call::CancelAutopay) {
            return Json(AutopayResponse {
                status: "SUCCESS".into(),
                ..AutopayResponse::default()
            });
        }
        AUTOPAY.set(&Run::of(&run), &body.account_id, false);
        Json(AutopayResponse {
            status: "SUCCESS".into(),
            ..AutopayResponse::default()
        })
    }

    /// The prepaid transactions of `accountId` at the system clock
    /// ([`payments_world::transactions`]; unknown account: `errorCode`).
    #[oai(
        path = "/get-prepaidpayment-transactions",
        method = "post",
        operation_id = "getPrepaidTransactions"
    )]
    async fn transactions(
        &self,
        body: Json<AccountPaymentsRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<TransactionsResponse> {
        Json(payments_world::transactions(
            &body.account_id,
            chrono::Utc::now(),
        ))
    }
}
