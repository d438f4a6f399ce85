//! Activation simulator, prefix `/activation` (call name `submitOrder`): the order
//! submission, seed 000 §3 "Submit-order payload", §4 "Order submit", §7
//! `POST .../PinlessActivation/prepaid-customer-activation`.

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::activation::{ActivationRequest, ActivationResponse, OrderDetails};

use crate::buy_world;
use crate::test_cards::{self, Outcome};

#[derive(Tags)]
enum Tag {
    /// Activation: submit the order (prepaid customer activation).
    Activation,
}

/// `POST /activation/prepaid-customer-activation`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ActivationApi;

#[OpenApi(prefix_path = "/activation", tag = "Tag::Activation")]
impl ActivationApi {
    /// Places the order: 200 with `orderDetails.orderNumber` (`PP` + 10 digits) and
    /// `accountId` (16 digits), both derived from `trackingId` (a replay gets the same
    /// numbers). The `PAYMENT-0001` test card's token answers `businessErrorCode:
    /// PAYMENT-0001` and no order. Codes come back with 200, as the real service does
    /// (seed 000 §4: `BUS_CUSTACT_05`, `SYS0010` count as success).
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
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<ActivationResponse> {
        Json(answer(&body))
    }
}

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
