//! New-customer buy flow (tag buy; seed 000 §2-§9; the BFF holds the order: the flow's docs in
//! `flows::buy`). Every operation reads or changes the session's buy context
//! (`super::context`) through its methods; shared rules live in `crate::domain`.

use crate::telemetry::metrics::Effect;
use std::sync::Arc;

use poem::{Request, session::Session, web::Data};
use poem_openapi::{
    OpenApi,
    param::{Header, Query},
    payload::Json,
};
use upstream::{promotions::PromoRequest, tax::TaxRequest};
use uuid::Uuid;

pub use super::types::*;
use super::{
    context::{self as buy, BuyContext},
    customer, order,
};
use crate::http::{
    extract::{Csrf, ScenarioSel, locale, tracking_from_header},
    tags::ApiTags,
};
use crate::{
    domain::{cart, promotions},
    error_messages,
    http::{
        attempt::once_per_attempt,
        error::{ApiError, ErrorCode, FieldError},
    },
    state::AppState,
    upstream as up,
    upstream::UpstreamError,
};

/// `source` of the promotions call (seed 000 §7).
pub const PROMO_SOURCE: &str = "prepaid-ui-portal";
/// `flow` of the promotions call (seed 000 §7).
pub const PROMO_FLOW: &str = "BUY";

/// Buy-flow operations.
pub struct BuyApi;

fn not_ready(what: &str) -> ApiError {
    ApiError::new(ErrorCode::OrderNotReady, format!("the order lacks: {what}"))
}

#[OpenApi(tag = "ApiTags::Buy")]
impl BuyApi {
    /// Product details of the checkout's market (seed 000 §4, §7): the catalogue's products
    /// plus the derived shipping; stored in the buy context. The market is the one the
    /// serviceability answer named (`validateCustomerServiceability` with `source=CP`), never
    /// the browser's: without it 409 `ORDER_NOT_READY`. Needs `x-xsrf-token` (it changes the
    /// checkout).
    #[oai(
        path = "/secure/api/v1/util-service/product-detail",
        method = "get",
        operation_id = "getProductDetails"
    )]
    async fn product_details(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// Channel; the buy flow sends `CP` (any value up to 32 characters is accepted and
        /// ignored: the BFF sends its own).
        #[oai(validator(max_length = 32))]
        source: Query<Option<String>>,
        /// Tracking id of the flow (UUID v4).
        #[oai(name = "trackingId")]
        tracking_id: Query<Uuid>,
    ) -> ProductDetailsResponse {
        let _ = source;
        let ctx = sel.ctx(tracking_id.0.to_string());
        let sid = buy::ensure_sid(session);
        let run = async {
            let Some(market_id) = buy::load(&state.store, &sid).await?.market_id else {
                return Err(not_ready("serviceability (market)"));
            };
            let d = up::catalogue::product_details(&state.clients, &ctx, &market_id).await?;
            let shipping = cart::shipping(&d.shipping).ok_or_else(|| {
                ApiError::from(UpstreamError::BadResponse {
                    service: upstream::service::Service::Catalogue.name(),
                    reason: format!("shipping rate {:?} is not a decimal", d.shipping.rate),
                })
            })?;
            buy::update(&state.store, &sid, |c| {
                c.record_product_details(&market_id, &ctx.tracking_id, d.clone())
            })
            .await?;
            Ok(ProductDetails {
                products: d.products,
                shipping,
            })
        };
        run.await.into()
    }

    /// Promotions of the checkout's market and location (seed 000 §4, §7), both from the
    /// serviceability answer the BFF holds (409 `ORDER_NOT_READY` without it). The BFF adds
    /// `source: prepaid-ui-portal` and `flow: BUY`, and answers the first valid promotion
    /// (rule in `bff/src/domain/promotions.rs`), which it stores as the cart's promo.
    #[oai(
        path = "/secure/api/v1/offer-service/get-promo",
        method = "post",
        operation_id = "getPromotions"
    )]
    async fn promotions(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        sel: ScenarioSel,
        _csrf: Csrf,
        body: Json<PromoBody>,
    ) -> PromotionsResponse {
        let ctx = sel.ctx(body.tracking_id.to_string());
        let sid = buy::ensure_sid(session);
        let run = async {
            let c = buy::load(&state.store, &sid).await?;
            let (Some(market_id), Some(location_id)) = (c.market_id, c.location_id) else {
                return Err(not_ready("serviceability (market, location)"));
            };
            let req = PromoRequest {
                market_id: Some(market_id.clone()),
                account_id: None,
                location_id: location_id.clone(),
                source: PROMO_SOURCE.to_owned(),
                flow: PROMO_FLOW.to_owned(),
                tracking_id: ctx.tracking_id.clone(),
            };
            let r = up::promotions::promotions(&state.clients, &ctx, &req).await?;
            let valid = promotions::first_valid(&r.prepaid_promotions.discounts, state.clock.now())
                .cloned();
            buy::update(&state.store, &sid, |c| {
                c.record_promotions(valid.clone(), &market_id, &ctx.tracking_id)
            })
            .await?;
            Ok(Promotions {
                prepaid_promotions: r.prepaid_promotions,
                valid_promotion: valid,
            })
        };
        run.await.into()
    }

    /// The cart as the BFF computes it (seed 000 §9; `bff/src/domain/cart.rs`).
    #[oai(path = "/secure/api/v1/cart", method = "get", operation_id = "getCart")]
    async fn get_cart(&self, state: Data<&Arc<AppState>>, session: &Session) -> GetCartResponse {
        buy::current(&state.store, session)
            .await
            .map(|c| c.cart())
            .into()
    }

    /// Puts the valid promotion in the cart or takes it out (seed 000 §4 "Toggle promo");
    /// answers the recomputed cart. A change drops the stored taxes (call `getTax` again).
    #[oai(
        path = "/secure/api/v1/cart",
        method = "put",
        operation_id = "updateCart"
    )]
    async fn update_cart(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        _csrf: Csrf,
        body: Json<CartUpdate>,
    ) -> UpdateCartResponse {
        let sid = buy::ensure_sid(session);
        buy::update(&state.store, &sid, |c| c.toggle_promo(body.promo_in_cart))
            .await
            .into()
    }

    /// Tax of the order (seed 000 §7): the BFF sends each cart item with its price, the
    /// device and the shipping code line with the stored geocode, stores the answer and
    /// returns it with the recomputed cart. A failing tax service is logged and answered
    /// with `taxAvailable: false` (total = subtotal).
    #[oai(
        path = "/oauth/tax/emm-pp-vertex-service/v1/vertex/ctp/get-tax",
        method = "post",
        operation_id = "getTax"
    )]
    async fn get_tax(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        sel: ScenarioSel,
        _csrf: Csrf,
        body: Json<TaxBody>,
    ) -> TaxResponse {
        let ctx = sel.ctx(body.tracking_id.to_string());
        let sid = buy::ensure_sid(session);
        let run = async {
            let snapshot = buy::load(&state.store, &sid).await?;
            let Some(geo) = snapshot.geocode.clone() else {
                return Err(not_ready("serviceability"));
            };
            if snapshot.details.is_none() {
                return Err(not_ready("productDetails"));
            }
            let req = TaxRequest {
                source: up::SOURCE.to_owned(),
                status: None,
                bus_error_code: None,
                message: None,
                sys_error_code: None,
                geo_code: geo,
                tracking_id: ctx.tracking_id.clone(),
                products: order::tax_lines(&snapshot),
            };
            let answer = up::tax::tax(&state.clients, &ctx, &req).await;
            if let Err(e) = &answer {
                tracing::warn!(error = %e, "tax lookup failed; total falls back to the subtotal");
            }
            let answer = answer.ok();
            let cart = buy::update(&state.store, &sid, |c| c.record_tax(answer.clone())).await?;
            Ok(TaxResult {
                tax_available: answer.is_some(),
                total_tax_amt: answer.as_ref().map(|t| t.total_tax_amt),
                products: answer.map(|t| t.products).unwrap_or_default(),
                cart,
            })
        };
        run.await.into()
    }

    /// Customer info (seed 000 §5): validates every field strictly (codes in
    /// `CustomerBody`) and stores the customer (keeping the digital session's guid).
    #[oai(
        path = "/secure/api/v1/customer",
        method = "put",
        operation_id = "updateCustomer"
    )]
    async fn update_customer(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        _csrf: Csrf,
        body: Json<CustomerBody>,
    ) -> UpdateCustomerResponse {
        let b = body.0;
        let errors = customer::validate(&customer::Input {
            first_name: &b.first_name,
            last_name: &b.last_name,
            email: &b.email,
            confirm_email: &b.confirm_email,
            tn: &b.tn,
        });
        if !errors.is_empty() {
            return ApiError::validation("customer info is invalid", errors).into();
        }
        let sid = buy::ensure_sid(session);
        buy::update(&state.store, &sid, |c| {
            c.record_customer(&b.first_name, &b.last_name, &b.email, &b.tn)
        })
        .await
        .map(|()| CustomerAnswer {
            display_tn: customer::display_tn(&b.tn),
            first_name: b.first_name.clone(),
            last_name: b.last_name.clone(),
            email: b.email.clone(),
            tn: b.tn.clone(),
        })
        .into()
    }

    /// Submits the order (seed 000 §3, §4): the BFF builds the whole payload from the buy
    /// context (`bff/src/flows/buy/order.rs`) with the browser's final choices, and maps the
    /// answer: `BUS_CUSTACT_05`, `SYS0010` or no code -> `placed`; `PAYMENT-0001`,
    /// `SYS_CUSTACT_01` -> `unrecoverable` (error page); any other code -> `failed` with the
    /// catalogue `message` (banner). One order attempt per checkout at a time: a submit that
    /// arrives while an attempt is in flight gets that attempt's answer, whatever its key
    /// (double click, two tabs, a retry with a new key); the same `Idempotency-Key` returns
    /// its first answer; the same key with another body is 422 `IDEMPOTENCY_MISMATCH`. Once
    /// an order is placed, any later submit of the checkout returns that placed answer. An
    /// attempt whose answer was lost (5xx) is re-sent by the next submit with the same
    /// payment id, which the provider answers with the existing order. Needs `x-xsrf-token`.
    #[oai(
        path = "/secure/api/v1/PinlessActivation/prepaid-customer-activation",
        method = "post",
        operation_id = "submitOrder"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn submit_order(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// One UUID per order attempt (keep it for retries of the same attempt).
        #[oai(name = "Idempotency-Key")]
        idempotency_key: Header<Uuid>,
        body: Json<SubmitBody>,
    ) -> SubmitOrderResponse {
        let b = body.0;
        if !b.consent {
            return ApiError::validation(
                "consent is required",
                vec![FieldError {
                    field: "consent".into(),
                    code: "consentRequired".into(),
                }],
            )
            .into();
        }
        let sid = buy::ensure_sid(session);
        let snapshot = match buy::load(&state.store, &sid).await {
            Ok(c) => c,
            Err(e) => return e.into(),
        };
        let choices = order::Choices {
            sms_opt_in: b.sms_opt_in,
            email_opt_in: b.email_opt_in,
            lang_pref: b.lang_pref,
        };
        let payload = match order::build(&snapshot, &choices) {
            Ok(p) => p,
            Err(order::NotReady(missing)) => return not_ready(&missing.join(", ")).into(),
        };
        let lang = locale(req);
        let tracking = snapshot.tracking_or(|| tracking_from_header(req));
        let call_ctx = sel.ctx(tracking);
        let fingerprint = serde_json::to_string(&b).unwrap_or_default();
        // one upstream order per attempt, whatever the key (`http::attempt`)
        let key = format!("submitOrder:{sid}:{}", idempotency_key.0);
        let slot = format!("submitOrder:{sid}:attempt:{}", snapshot.order_attempts);
        let st = state.0.clone();
        let place_once = move || async move { place(&st, &sid, &call_ctx, lang, payload).await };
        match once_per_attempt(
            &state.store,
            Effect::Order,
            key,
            &fingerprint,
            slot,
            None, // a new customer: no account yet
            "this Idempotency-Key was used with a different body",
            place_once,
        )
        .await
        {
            Ok(r) => SubmitOrderResponse::Ok(Json(r)),
            Err(e) => e.into(),
        }
    }
}

/// The one upstream call of an order attempt and the context update.
async fn place(
    state: &AppState,
    sid: &str,
    ctx: &up::CallCtx,
    lang: up::content::Lang,
    payload: upstream::activation::ActivationRequest,
) -> SubmitAnswer {
    // Once placed, every further attempt of the checkout gets the placed answer.
    if let Some(placed) = buy::load(&state.store, sid).await?.placed {
        return Ok(placed);
    }
    let email = payload.email.clone();
    let r = match up::activation::activate(&state.clients, ctx, &payload).await {
        Ok(r) => r,
        Err(e) => {
            // the order may exist upstream: the next attempt asks again with the same payment id
            if let Err(se) = buy::update(&state.store, sid, BuyContext::record_order_unknown).await
            {
                tracing::error!(error = ?se.error_code, "lost order answer not recorded");
            }
            return Err(ApiError::from(e));
        }
    };
    let code = order::code_of(&r).map(str::to_owned);
    let outcome = order::outcome(code.as_deref());
    let message = match (&code, outcome) {
        (Some(c), OrderOutcome::Failed | OrderOutcome::Unrecoverable) => {
            tracing::warn!(code = %c, ?outcome, "order not placed");
            error_messages::message(&state.clients, ctx, lang, c).await
        }
        _ => None,
    };
    let result = OrderResult {
        outcome,
        order_number: r.order_details.map(|o| o.order_number),
        account_id: r.account_id,
        business_error_code: code.clone(),
        message,
        email,
    };
    // The provider has answered: the customer gets that answer even if it cannot be kept.
    if let Err(e) = buy::update(&state.store, sid, |c: &mut BuyContext| {
        c.record_order(&result)
    })
    .await
    {
        tracing::error!(error = ?e.error_code, "order answer not recorded in the buy context");
    }
    Ok(result)
}
