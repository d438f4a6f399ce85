//! The card refill operations (tag `refill`): offer, cart, order and confirmation of one owned
//! account (seed 002 §2.2, §2.5, §2.6, §4.1, §4.8, §7.2).

use crate::telemetry::metrics::Effect;
use std::sync::Arc;

use poem::{Request, web::Data};
use poem_openapi::{
    OpenApi,
    param::{Header, Path},
    payload::Json,
};
use upstream::refill::RefillRequest;
use uuid::Uuid;

use super::{
    context::{self, Held},
    offer::{self, Facts},
    order,
    types::*,
};
use crate::{
    domain::{
        money::dollars,
        refill::{
            ItemKind, PLAN_7, PLAN_30, PROMO_OFF_CENTS, PromoKind,
            cart::{ChoiceError, Choices, apply},
        },
    },
    error_messages,
    flows::payments::build::saved_card,
    http::{
        attempt::{once_per_attempt, paying_account},
        auth::OwnedAccount,
        error::{ApiError, ErrorCode, FieldError},
        extract::{Csrf, ScenarioSel, locale, tracking_from_header},
        tags::ApiTags,
    },
    state::AppState,
    upstream::{self as up, CallCtx, content::Lang},
};

/// The card refill operations.
pub struct RefillApi;

/// The valid promo as the offer shows it (the 30-day plan's price and that minus 35).
fn promo_view(f: &Facts) -> Option<PromoView> {
    let p = f.promo.as_ref()?;
    let was = f.catalogue.get(PLAN_30).map_or(0, |i| i.cents);
    Some(PromoView {
        id: p.id.clone(),
        kind: p.kind.into(),
        was_price: dollars(was),
        price: dollars((was - PROMO_OFF_CENTS).max(0)),
        banner_60_days: p.kind == PromoKind::Banner,
    })
}

fn refused_choice(e: ChoiceError) -> ApiError {
    let (field, code, message) = match e {
        ChoiceError::NotOffered { field, code } => (
            field,
            "notOffered",
            format!("{code} is not offered to this account"),
        ),
        ChoiceError::InternetRequired => (
            "plan",
            "internetRequired",
            "the internet plan cannot be cleared without days remaining".to_owned(),
        ),
    };
    ApiError::validation(
        message,
        vec![FieldError {
            field: field.into(),
            code: code.into(),
        }],
    )
}

type SubmitAnswer = Result<RefillResult, ApiError>;

/// The one upstream refill of an attempt and the context update.
async fn place(
    state: Arc<AppState>,
    ctx: CallCtx,
    lang: Lang,
    id: String,
    version: u64,
    held: Held,
    payload: RefillRequest,
) -> SubmitAnswer {
    // once refilled, every further attempt of this cart gets the refill
    let now = context::load(&state.store, &id).await?;
    if now.version == version
        && let Some(placed) = now.placed
    {
        return Ok(placed);
    }
    let r = match up::refill::refill(&state.clients, &ctx, &payload).await {
        Ok(r) => r,
        Err(e) => {
            // the refill may exist upstream: the next attempt re-sends the same transaction
            tracing::warn!(error = %e, "refill answer lost");
            if let Err(se) = context::update(&state.store, &id, |c| c.record_unknown(version)).await
            {
                tracing::error!(error = ?se.error_code, "lost refill answer not recorded");
            }
            return Err(ApiError::from(e));
        }
    };
    let outcome = order::outcome(&r);
    let result = match outcome {
        RefillOutcome::Failed => {
            let code = r.error_code.clone().unwrap_or_default().trim().to_owned();
            tracing::warn!(%code, "refill refused");
            let message = error_messages::message(&state.clients, &ctx, lang, &code).await;
            RefillResult {
                outcome,
                order_number: None,
                error_code: Some(code),
                message,
                confirmation: None,
            }
        }
        RefillOutcome::Refilled | RefillOutcome::Warning => {
            let number = order::order_number(&r);
            let warning = outcome == RefillOutcome::Warning;
            if warning {
                // seed 002 §4.1: only a warning, the refill went through
                tracing::warn!("refill answered without SUCCESS or an order number");
            } else {
                tracing::info!("refill made");
            }
            RefillResult {
                outcome,
                order_number: number.clone(),
                error_code: None,
                message: None,
                confirmation: Some(RefillConfirmation {
                    order_number: number,
                    cart: RefillCart::of(&held.cart, &held.priced),
                    warning,
                    auto_refill_offer: held.cart.internet.as_deref() != Some(PLAN_7),
                    refilled_at: state.clock.now().to_rfc3339(),
                }),
            }
        }
    };
    // the provider has answered: the customer gets that answer even if it cannot be kept
    if let Err(e) = context::update(&state.store, &id, |c| c.record(version, &result)).await {
        tracing::error!(error = ?e.error_code, "refill answer not recorded in the context");
    }
    Ok(result)
}

#[OpenApi(tag = "ApiTags::Refill")]
impl RefillApi {
    /// The refill offer of `accountId` (seed 002 §2.2, §3.2, §4.1, §4.8; the move's refill
    /// too, §2.8: while the account's move needs a refill with a date gap over 7 days,
    /// `HSD_007` is not offered and `updateRefillCart` refuses it): internet plans, TV
    /// packages and add-ons priced from the account's available plans (dollars), the valid
    /// promo (`P_SALE35OFF_021522`, winback `P_WINBACK45OFF_1215`, banner
    /// `REFILL_$45_FOR_60_DAYS`), the ACP credit (valid and not Tribal), the internet
    /// checkbox (days remaining > 0), the saved card, and the cart held for the account (the
    /// default 30-day cart, with the valid non-winback promo, before any choice). Changes
    /// nothing.
    #[oai(
        path = "/secure2/accounts/:accountId/refill",
        method = "get",
        operation_id = "getRefillOffer"
    )]
    async fn get_offer(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
    ) -> RefillOfferResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let account = owned.account_id.as_str();
        let id = context::id(&owned);
        let run = async {
            let c = &state.clients;
            let mut f = offer::facts(c, &ctx, account, state.clock.now()).await?;
            let info = up::payments::payment_info(c, &ctx, account, &f.tn()).await?;
            let held_ctx = context::load(&state.store, &id).await?;
            if held_ctx.withholds_seven_day() {
                offer::withhold_seven_day(&mut f);
            }
            let held = match held_ctx.held {
                Some(h) => h,
                None => offer::priced(c, &ctx, &f, offer::refill_initial_cart(&f)).await,
            };
            Ok::<_, ApiError>(RefillOffer {
                plans: items(&f.catalogue, ItemKind::Internet),
                packages: items(&f.catalogue, ItemKind::Package),
                add_ons: items(&f.catalogue, ItemKind::AddOn),
                promo: promo_view(&f),
                winback: f
                    .promo
                    .as_ref()
                    .is_some_and(|p| p.kind == PromoKind::Winback),
                acp_credit: f.acp.as_ref().and_then(|a| a.deduction()).map(dollars),
                days_remaining: f.days_remaining,
                internet_enabled: f.internet_enabled(),
                saved_card: saved_card(&info),
                cart: RefillCart::of(&held.cart, &held.priced),
            })
        };
        run.await.into()
    }

    /// Sets the refill cart from the browser's choices (seed 002 §4.1, §4.8): the plan
    /// radio (30-day: clears the cart and re-adds the valid promo; 7-day: clears it), the
    /// internet checkbox (absent `plan`; refused without days remaining), TV packages
    /// (`VDO_XITV_30` kept while any package exists; add-ons emptied with the last one) and
    /// add-ons (an add-on forces the basic package), the promo on or off (winback: 2 refills,
    /// count 3). Answers the cart priced by the BFF with tax per product (dollars); a failed
    /// tax lookup is `taxAvailable: false` with the total = the subtotal. Needs
    /// `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/refill/cart",
        method = "put",
        operation_id = "updateRefillCart"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn update_cart(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        body: Json<CartChoices>,
    ) -> RefillCartResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let account = owned.account_id.as_str();
        let id = context::id(&owned);
        let b = body.0;
        let choices = Choices {
            plan: b.plan,
            packages: b.packages,
            add_ons: b.add_ons,
            promo: b.promo,
        };
        let run = async {
            let c = &state.clients;
            let mut f = offer::facts(c, &ctx, account, state.clock.now()).await?;
            let held_ctx = context::load(&state.store, &id).await?;
            if held_ctx.withholds_seven_day() {
                // a move whose date gap is over 7 days (seed 002 §2.8, §9)
                offer::withhold_seven_day(&mut f);
            }
            let prev = match held_ctx.held {
                Some(h) => h.cart,
                None => offer::refill_initial_cart(&f),
            };
            let cart = apply(
                &prev,
                &choices,
                &f.catalogue,
                f.promo.as_ref(),
                f.internet_enabled(),
            )
            .map_err(refused_choice)?;
            let held = offer::priced(c, &ctx, &f, cart).await;
            let answer = RefillCart::of(&held.cart, &held.priced);
            let tx = Uuid::new_v4().to_string();
            context::update(&state.store, &id, move |c| {
                c.choose(held.clone(), tx.clone());
            })
            .await?;
            Ok::<_, ApiError>(answer)
        };
        run.await.into()
    }

    /// Refills the account with the held cart and the saved card (seed 002 §2.5, §3.6,
    /// §4.1): the BFF builds the whole payload (`order.rs`); the purchase agreement must be
    /// ticked. `refilled` or `warning` (status not `SUCCESS` or no order number: refilled
    /// all the same) carry the confirmation; `failed` carries the refill service's
    /// `errorCode` and its catalogue `message` in the `Accept-Language` locale. One refill
    /// per attempt: a submit that overlaps an attempt in flight (double click, two tabs,
    /// another instance, a retry with a new key) gets that attempt's answer; the same
    /// `Idempotency-Key` returns its first answer (another body: 422); once refilled, every
    /// submit of the same cart gets the refill; an attempt whose answer was lost is re-sent
    /// with the same `transactionId`, which the refill service answers with the refill it
    /// made. 409 `REFILL_NOT_READY` before a cart was chosen, `REFILL_CART_EMPTY` at a 0
    /// total, `REFILL_NO_SAVED_CARD` without a saved card. Needs `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/refill/order",
        method = "post",
        operation_id = "submitRefill"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn submit(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        /// One UUID per refill attempt (keep it for retries of the same request).
        #[oai(name = "Idempotency-Key")]
        key: Header<Uuid>,
        body: Json<RefillBody>,
    ) -> SubmitRefillResponse {
        let b = body.0;
        if !b.terms_accepted {
            return ApiError::validation(
                "the purchase agreement must be accepted",
                vec![FieldError {
                    field: "terms".into(),
                    code: "termsRequired".into(),
                }],
            )
            .into();
        }
        let ctx = sel.ctx(tracking_from_header(req));
        let account = owned.account_id.clone();
        let id = context::id(&owned);
        let snapshot = match context::load(&state.store, &id).await {
            Ok(c) => c,
            Err(e) => return e.into(),
        };
        let Some(held) = snapshot.held.clone() else {
            return ApiError::new(ErrorCode::RefillNotReady, "no refill cart chosen yet").into();
        };
        if let Some(placed) = snapshot.placed.clone() {
            return SubmitRefillResponse::Ok(Json(placed));
        }
        if held.priced.total_cents <= 0 {
            return ApiError::new(ErrorCode::RefillCartEmpty, "the refill total is 0").into();
        }
        // the payload from what the BFF holds and reads: the record and the saved card
        let built = async {
            let c = &state.clients;
            let dash = up::account::dashboard(c, &ctx, &account).await?;
            if dash.error_code.is_some() {
                return Err(ApiError::new(
                    ErrorCode::UpstreamError,
                    "the account service could not read the account",
                ));
            }
            let tn = dash
                .customer_info
                .as_ref()
                .map(|c| c.phone_number.clone())
                .unwrap_or_default();
            let info = up::payments::payment_info(c, &ctx, &account, &tn).await?;
            order::build(&account, &dash, &info, &held, &snapshot.transaction_id).map_err(|_| {
                ApiError::new(
                    ErrorCode::RefillNoSavedCard,
                    "the account has no saved card",
                )
            })
        };
        let payload = match built.await {
            Ok(p) => p,
            Err(e) => return e.into(),
        };
        let fingerprint = serde_json::to_string(&b).unwrap_or_default();
        let lang = locale(req);
        // one upstream refill per attempt, whatever the key (`http::attempt`)
        let slot_key = format!("refill:{id}:{}", key.0);
        let (version, attempt) = (snapshot.version, snapshot.attempts);
        let slot = format!("refill:{id}:v{version}:attempt:{attempt}");
        let st = state.0.clone();
        let shown_ctx = ctx.clone();
        let place_once =
            move || async move { place(st, ctx, lang, id, version, held, payload).await };
        match once_per_attempt(
            &state.store,
            Effect::Refill,
            slot_key,
            &fingerprint,
            slot,
            Some(&paying_account(&shown_ctx, &owned.account_id)),
            "this Idempotency-Key was used with a different body",
            place_once,
        )
        .await
        {
            Ok(r) => SubmitRefillResponse::Ok(Json(r)),
            Err(e) => error_messages::localized(&state.clients, &shown_ctx, lang, e)
                .await
                .into(),
        }
    }

    /// The last refill of this sign-in for `accountId` (seed 002 §2.6, §3.9): order number,
    /// the cart paid for with its taxes, total and promo, the warning flag and whether to
    /// offer auto-refill (not for `HSD_007`). 404 `NO_REFILL` when there was none (the web
    /// goes to the dashboard).
    #[oai(
        path = "/secure2/accounts/:accountId/refill/confirmation",
        method = "get",
        operation_id = "getRefillConfirmation"
    )]
    async fn get_confirmation(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
    ) -> RefillConfirmationResponse {
        let id = context::id(&owned);
        let run = async {
            context::load(&state.store, &id)
                .await?
                .confirmation
                .ok_or_else(|| ApiError::new(ErrorCode::NoRefill, "no refill in this sign-in"))
        };
        run.await.into()
    }
}
