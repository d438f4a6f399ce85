//! Payments of the buy flow (tag payments; seed 000 §3 "Payment", "Card component data",
//! "Add-payment-instrument payload", §4, §7, §8).

use std::sync::Arc;

use poem::{Request, session::Session, web::Data};
use poem_openapi::{OpenApi, payload::Json};
use upstream::payments::{AddInstrumentRequest, InstrumentCustInfo};

pub use super::types::*;
use super::{
    context::{self as buy, BillingData, CardData},
    customer::split_billing_name,
};
use crate::flows::card_entry;
use crate::http::{
    extract::{Csrf, ScenarioSel, locale, tracking_from_header},
    tags::ApiTags,
};
use crate::{
    error_messages,
    http::error::{ApiError, ErrorCode},
    state::AppState,
    upstream as up,
};

pub use crate::flows::card_entry::CARD_ENTRY_HEIGHT;

/// Payment operations.
pub struct PaymentsApi;

#[OpenApi(tag = "ApiTags::Payments")]
impl PaymentsApi {
    /// A new prepaid payment id for this purchase attempt (seed 000 §7); stored in the buy
    /// context (a new call replaces it and drops the card: "update payment method" on the
    /// review page). Needs `x-xsrf-token` (it changes the checkout).
    #[oai(
        path = "/secure/v1/customermanagement/prepaidPaymentID",
        method = "get",
        operation_id = "getPrepaidPaymentId"
    )]
    async fn payment_id(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
    ) -> PaymentIdAnswer {
        let sid = buy::ensure_sid(session);
        let run = async {
            let tracking = buy::load(&state.store, &sid)
                .await?
                .tracking_or(|| tracking_from_header(req));
            let ctx = sel.ctx(tracking);
            let r = up::payments::payment_id(&state.clients, &ctx).await?;
            buy::update(&state.store, &sid, |c| {
                c.start_payment(r.response.prepaid_payment_id.clone())
            })
            .await?;
            Ok(r)
        };
        run.await.into()
    }

    /// What the page needs to embed the card-entry component (seed 000 §7): the iframe URL
    /// (`lang` from `Accept-Language`, `parentOrigin` = the page origin), its height (880)
    /// and the configuration to post with `CPC_CONFIG_SUBMIT` (channel `PREPAID_LITE`,
    /// customer class `residential`, card change disabled, terms in a modal, prefill from
    /// the buy context).
    #[oai(
        path = "/secure/api/v1/payments/card-entry-config",
        method = "get",
        operation_id = "getCardEntryConfig"
    )]
    async fn card_entry_config(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
    ) -> CardEntryConfigResponse {
        let sid = buy::sid(session).unwrap_or_default();
        let c = match buy::current(&state.store, session).await {
            Ok(c) => c,
            Err(e) => return e.into(),
        };
        let tracking = c.tracking_or(|| tracking_from_header(req));
        let prefill = card_entry::Prefill {
            first_name: c.customer.first_name.clone().unwrap_or_default(),
            last_name: c.customer.last_name.clone().unwrap_or_default(),
            address: c.address.clone().unwrap_or_default(),
        };
        CardEntryConfigResponse::Ok(Json(card_entry::build(&state, req, sid, tracking, prefill)))
    }

    /// Adds the tokenised card as the order's payment instrument (seed 000 §3, §4). The BFF
    /// builds the payload (`custInfo.accountId` null, `processingNetwork: CREDIT`, `isCPC`,
    /// the stored payment id, card type as the component reports it; auto-refill enrolment
    /// only when both `enrollAutoPayment` and `termsAccepted`). A refusal is 200 `rejected`
    /// with the code and the catalogue `message` in the `Accept-Language` locale (`en`, `es`).
    #[oai(
        path = "/secure/payment-service/add-secure-prepaid-payment-instrument",
        method = "post",
        operation_id = "addPaymentInstrument"
    )]
    async fn add_instrument(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        body: Json<AddInstrumentBody>,
    ) -> AddInstrumentResponse {
        let b = body.0;
        let sid = buy::ensure_sid(session);
        let lang = locale(req);
        let run = async {
            let snapshot = buy::load(&state.store, &sid).await?;
            let Some(payment_id) = snapshot.payment_id.clone() else {
                return Err(ApiError::new(
                    ErrorCode::OrderNotReady,
                    "the order lacks: paymentId (call getPrepaidPaymentId first)",
                ));
            };
            let ctx = sel.ctx(snapshot.tracking_or(|| tracking_from_header(req)));
            let (first, last) = if b.billing.last_name.trim().is_empty() {
                split_billing_name(&b.billing.first_name)
                    .unwrap_or_else(|| (b.billing.first_name.trim().to_owned(), String::new()))
            } else {
                (
                    b.billing.first_name.trim().to_owned(),
                    b.billing.last_name.trim().to_owned(),
                )
            };
            let billing = BillingData {
                first_name: first,
                last_name: last,
                address_line1: b.billing.address.clone(),
                address_line2: b.billing.address_line2.clone(),
                city: b.billing.city.clone(),
                state: b.billing.state.to_ascii_uppercase(),
                zip: b.billing.zip_code.clone(),
            };
            let payload = AddInstrumentRequest {
                cust_info: InstrumentCustInfo {
                    account_id: None,
                    first_name: billing.first_name.clone(),
                    last_name: billing.last_name.clone(),
                    address_line1: billing.address_line1.clone(),
                    address_line2: billing.address_line2.clone(),
                    city: billing.city.clone(),
                    state: billing.state.clone(),
                    zip: billing.zip.clone(),
                },
                enroll_auto_payment: b.enroll_auto_payment && b.terms_accepted,
                processing_network: "CREDIT".into(),
                add_instrument_to_wallet: false,
                payment_inst_token: b.token.clone(),
                is_cpc: true,
                expiration_date: b.expiration_date.clone(),
                card_type: b.card_type.clone(),
                card_number: b.card_last4_digits.clone(),
                prepaid_payment_id: Some(payment_id),
                save_payment: false,
            };
            let r = up::payments::add_instrument(&state.clients, &ctx, &payload).await?;
            let code = r
                .business_error_code
                .as_deref()
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(str::to_owned);
            let failed = code.is_some() || (!r.status.is_empty() && r.status != "SUCCESS");
            if failed {
                let code = code.unwrap_or_else(|| r.status.clone());
                tracing::warn!(%code, "payment instrument refused");
                let message = error_messages::message(&state.clients, &ctx, lang, &code).await;
                buy::update(&state.store, &sid, |c| c.record_card(None)).await?;
                return Ok(InstrumentResult {
                    outcome: InstrumentOutcome::Rejected,
                    business_error_code: Some(code),
                    message,
                    card: None,
                });
            }
            let card = CardData {
                token: b.token,
                expiration_date: b.expiration_date.clone(),
                card_type: b.card_type.clone(),
                last4: b.card_last4_digits.clone(),
                billing: billing.clone(),
            };
            buy::update(&state.store, &sid, |c| c.record_card(Some(card.clone()))).await?;
            let exp = &b.expiration_date;
            Ok(InstrumentResult {
                outcome: InstrumentOutcome::Added,
                business_error_code: None,
                message: None,
                card: Some(CardSummary {
                    card_type: CardType::from_component(&b.card_type),
                    last4: b.card_last4_digits,
                    expiry: format!("{}/{}", &exp[..2], &exp[2..]),
                    first_name: billing.first_name,
                    last_name: billing.last_name,
                    address_line1: billing.address_line1,
                    address_line2: billing.address_line2,
                    city: billing.city,
                    state: billing.state,
                    zip: billing.zip,
                }),
            })
        };
        run.await.into()
    }
}
