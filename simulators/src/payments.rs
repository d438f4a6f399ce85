//! Payments simulator, prefix `/payments`: the prepaid payment id (call name `paymentId`)
//! and adding a payment instrument (call name `addPaymentInstrument`), the stored instrument
//! of an account (call name `paymentInfo`, seed 001 §3 "PaymentInfo", §7); seed 000 §3
//! "Payment", "Add-payment-instrument payload", §7, §8. The outcome of adding follows the
//! test card behind the token ([`crate::test_cards`]).

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::payments::{
    AddInstrumentRequest, AddInstrumentResponse, PaymentIdBody, PaymentIdResponse,
    PaymentInfoRequest, PaymentInfoResponse,
};

use crate::test_cards::{self, Outcome};
use crate::{account_world, buy_world};

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
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<AddInstrumentResponse> {
        Json(
            match test_cards::outcome_of_token(&body.payment_inst_token) {
                Outcome::AddInstrument(code) => AddInstrumentResponse {
                    status: "FAILURE".into(),
                    business_error_code: Some(code.into()),
                },
                Outcome::Success | Outcome::SubmitOrder(_) => AddInstrumentResponse {
                    status: "SUCCESS".into(),
                    business_error_code: None,
                },
            },
        )
    }

    /// The stored card and auto-refill enrolment of `accountId` (seed 001 §3 "PaymentInfo",
    /// §7): a Visa for the auto-refill account (`enrollAutoPayment: true`) and the expiring
    /// one (auto-refill off); every other account, known or not, 200 with
    /// `businessErrorCode: BUS_PMT_006` (no instrument stored, seed 001 §8).
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
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<PaymentInfoResponse> {
        Json(account_world::payment_info(&body.account_id))
    }
}
