//! The quick refill's operations (tag `litepay`; seed 002 §2.11, §3.8, §4.3, §4.6, §7.4).
//! Rules and what the browser sees: the module docs of `flows::litepay`.

use crate::telemetry::metrics::Effect;
use std::sync::Arc;

use poem::{Request, session::Session, web::Data};
use poem_openapi::{OpenApi, param::Header, payload::Json};
use upstream::refill::RefillAcpBenefit;
use uuid::Uuid;

use super::{
    context::{self, HeldCard, LitepayContext, Located, NS},
    order,
    rules::{self, Lookup},
    types::*,
};
use crate::{
    domain::{
        dashboard::{self as dash_rules, Acp},
        money::dollars,
        payment_failures::AfterFailure,
        refill::{PromoKind, catalogue, offer_promo, price::LineKind},
    },
    error_messages,
    flows::{
        card_entry,
        payments::build as payments_build,
        refill::{
            context::Held,
            offer::{self, Facts},
            order::{order_number, outcome as refill_outcome},
            types::RefillOutcome,
        },
    },
    http::{
        attempt::{once_per_attempt, paying_account},
        auth::now_ms,
        error::{ApiError, ErrorCode, FieldError, keyed_answer},
        extract::{Csrf, ScenarioSel, locale, tracking_from_header},
        rate_limit::{Budget, ClientAddr, RetryAfter},
        session::{context_id, ensure_context_id},
        tags::ApiTags,
    },
    state::AppState,
    upstream::{self as up, CallCtx, content::Lang},
};

/// The quick refill operations.
pub struct LitepayApi;

fn not_ready() -> ApiError {
    ApiError::new(
        ErrorCode::RefillNotReady,
        "no account located in this session",
    )
}

/// Takes one lookup from the session's and the client address's budgets (`Config::litepay`).
/// A refusal is 429 `RATE_LIMITED` with `Retry-After` the time left in the budget's window
/// (`http::rate_limit::RetryAfter`).
async fn within_budgets(state: &AppState, req: &Request, id: &str) -> Result<(), ApiError> {
    let b = &state.lookups;
    let refused = |budget: &Budget, message: &str| {
        if let Some(r) = req.extensions().get::<RetryAfter>() {
            r.set(budget.retry_after());
        }
        ApiError::new(ErrorCode::RateLimited, message)
    };
    if let Some(s) = &b.per_session
        && !s.take(id).await?
    {
        return Err(refused(
            s,
            "too many account lookups in this session; try again later",
        ));
    }
    let addr = req
        .extensions()
        .get::<ClientAddr>()
        .map(|a| a.0.to_string())
        .unwrap_or_default();
    if let Some(a) = &b.per_address
        && !a.take(&addr).await?
    {
        return Err(refused(
            a,
            "too many account lookups from this address; try again later",
        ));
    }
    Ok(())
}

/// What steps 2 and 3 show of the context, if an account is located.
fn view(
    state: &AppState,
    req: &Request,
    id: &str,
    c: &LitepayContext,
    tracking: String,
) -> Option<LitepayRefill> {
    let (located, held) = (c.located.as_ref()?, c.held.as_ref()?);
    let p = &held.priced;
    let internet = p.lines.iter().find(|l| l.kind == LineKind::Internet);
    let acp = p.lines.iter().find(|l| l.kind == LineKind::Acp);
    let now = now_ms(state);
    Some(LitepayRefill {
        plan: internet.map(|l| l.code.clone()).unwrap_or_default(),
        plan_price: dollars(internet.map_or(0, |l| l.unit_cents)),
        acp_credit: acp.map(|l| dollars(-l.cents)),
        subtotal: dollars(p.subtotal_cents),
        taxes: dollars(p.tax_cents),
        tax_available: p.tax_available,
        total: dollars(p.total_cents),
        promo_banner: c.promo_banner,
        acp_learn_tile: c.acp_learn_tile,
        phone: rules::masked_phone(&located.phone),
        zip: located.zip.clone(),
        card: c.card.as_ref().map(|k| k.view.clone()),
        lock: FormLock {
            failures: c.failures.count,
            retry_in_ms: c.failures.retry_in_ms(now),
        },
        // nothing prefilled: the visitor types the billing (the account holder's name and
        // address never reach an anonymous page)
        card_entry: card_entry::build(
            state,
            req,
            id.to_owned(),
            tracking,
            card_entry::Prefill::default(),
        ),
    })
}

/// Prices the located account's refill (seed 002 §9: the plan's price − the first ACP
/// benefit when valid and not Tribal, + tax; no promo price) and reads its promo banner.
async fn price_located(
    state: &AppState,
    ctx: &CallCtx,
    dash: upstream::account::DashboardResponse,
) -> (Held, bool, bool) {
    let c = &state.clients;
    let info = dash.customer_info.clone().unwrap_or_else(unreachable_info);
    let promo =
        match up::promotions::dashboard_promos(c, ctx, &info.account_id, &info.location_id).await {
            Ok(r) => offer_promo(&r.prepaid_promotions.discounts, state.clock.now()),
            Err(e) => {
                tracing::warn!(error = %e, "litepay: promotions lookup failed; no banner");
                None
            }
        };
    let banner = promo.as_ref().is_some_and(|p| p.kind == PromoKind::Banner);
    let acp = dash_rules::acp(dash.acp_detail.as_ref());
    let learn_tile = rules::acp_learn_tile(acp.as_ref());
    let acp_benefit = acp
        .as_ref()
        .and_then(Acp::deduction)
        .and(dash.acp_detail.as_ref())
        .and_then(|d| d.acp_benefits.first())
        .map(|b| RefillAcpBenefit {
            benefit_amount: b.benefit_amount.clone(),
            benefit_plan: b.benefit_plan.clone(),
            benefit_code: b.benefit_code.clone(),
        });
    let facts = Facts {
        catalogue: catalogue(&dash.available_plans),
        promo: None,
        acp,
        acp_benefit,
        days_remaining: 0,
        dash,
    };
    let cart = offer::initial_cart(&facts);
    (
        offer::priced(c, ctx, &facts, cart).await,
        banner,
        learn_tile,
    )
}

fn unreachable_info() -> upstream::account::AccountCustomerInfo {
    upstream::account::AccountCustomerInfo {
        account_id: String::new(),
        first_name: String::new(),
        last_name: String::new(),
        phone_number: String::new(),
        email_address: String::new(),
        email_opt_in: false,
        sms_opt_in: false,
        language: String::new(),
        account_type: String::new(),
        prepaid_account_status: upstream::identity::PrepaidStatus::Open,
        location_id: String::new(),
        geo_code: String::new(),
        prepaid_payment_id: String::new(),
    }
}

/// The lookup itself (the floor is the caller's).
async fn lookup_once(
    state: &AppState,
    session: &Session,
    req: &Request,
    sel: ScenarioSel,
    body: LookupBody,
) -> Result<LitepayLookup, ApiError> {
    let id = ensure_context_id(session, NS);
    within_budgets(state, req, &id).await?;
    let tracking = tracking_from_header(req);
    let ctx = sel.ctx(tracking.clone());
    let phone = rules::digits(&body.phone);
    let zip = body.zip.clone();
    let found = match up::account::lookup(&state.clients, &ctx, &phone, &zip).await {
        Ok(d) => {
            let o = rules::outcome(&d);
            if o != Lookup::Found {
                // the provider's code, never the phone or zip
                tracing::info!(code = d.error_code.as_deref().unwrap_or("-"), outcome = ?o, "litepay lookup");
            }
            (o, Some(d))
        }
        Err(e) => {
            tracing::warn!(error = %e, "litepay lookup failed: cannot-locate notice");
            (Lookup::NotLocated, None)
        }
    };
    let (o, dash) = found;
    let lang = locale(req);
    match (o, dash) {
        (Lookup::Found, Some(dash)) => {
            let info = dash.customer_info.clone().unwrap_or_else(unreachable_info);
            let located = Located {
                account_id: info.account_id.clone(),
                phone,
                zip,
                prepaid_payment_id: info.prepaid_payment_id.clone(),
                reference_id: dash.reference_id.clone().unwrap_or_default(),
            };
            let (held, banner, tile) = price_located(state, &ctx, dash).await;
            let tx = Uuid::new_v4().to_string();
            let c = context::update(&state.store, &id, move |c| {
                c.locate(located.clone(), held.clone(), banner, tile, tx.clone());
                c.clone()
            })
            .await?;
            tracing::info!("litepay lookup: account located");
            Ok(LitepayLookup {
                outcome: LookupOutcome::Found,
                error_code: None,
                message: None,
                refill: view(state, req, &id, &c, tracking),
            })
        }
        (o, _) => {
            context::update(&state.store, &id, LitepayContext::forget).await?;
            let code = o.code().unwrap_or(rules::NOT_LOCATED);
            let message = error_messages::message(&state.clients, &ctx, lang, code).await;
            Ok(LitepayLookup {
                outcome: match o {
                    Lookup::Preactivated => LookupOutcome::Preactivated,
                    Lookup::Multiple => LookupOutcome::MultipleAccounts,
                    _ => LookupOutcome::NotLocated,
                },
                error_code: Some(code.to_owned()),
                message,
                refill: None,
            })
        }
    }
}

/// The one card add of an `Idempotency-Key`.
async fn add_card_once(
    state: Arc<AppState>,
    ctx: CallCtx,
    lang: Lang,
    id: String,
    body: CardBody,
) -> Result<LitepayCardResult, ApiError> {
    let snapshot = context::load(&state.store, &id).await?;
    let Some(located) = snapshot.located.clone() else {
        return Err(not_ready());
    };
    let now = now_ms(&state);
    let wait = snapshot.failures.retry_in_ms(now);
    if wait > 0 {
        return Err(ApiError::new(
            ErrorCode::PaymentFormLocked,
            format!("the payment form is disabled for {wait} ms after a failure"),
        ));
    }
    let c = &state.clients;
    let account = located.account_id.as_str();
    // a one-time instrument: an anonymous visitor never changes the account's stored card
    // or its auto-refill enrolment (seed 002 §3.8)
    // a one-time instrument: an anonymous visitor never changes the account's stored card
    // or its auto-refill enrolment (seed 002 §3.8)
    let payload = payments_build::one_time_instrument(account, &located.prepaid_payment_id, &body);
    let r = up::payments::add_instrument(c, &ctx, &payload).await?;
    let version = snapshot.version;
    if let Some(code) = payments_build::instrument_refusal(&r) {
        tracing::warn!(%code, "litepay card refused");
        let message = error_messages::message(c, &ctx, lang, &code).await;
        let (after, failures) = context::update(&state.store, &id, move |x| {
            let after = x.failures.record(now);
            (after, x.failures)
        })
        .await?;
        return Ok(LitepayCardResult {
            outcome: match after {
                AfterFailure::Wait { .. } => CardOutcome::Rejected,
                AfterFailure::Dashboard => CardOutcome::Marketing,
            },
            business_error_code: Some(code),
            message,
            lock: FormLock {
                failures: failures.count,
                retry_in_ms: failures.retry_in_ms(now),
            },
            card: None,
        });
    }
    let saved = payments_build::card_of(&body);
    let b = &body.billing;
    let held = HeldCard {
        token: body.token.clone(),
        stored_type: payload.card_type.clone(),
        expiration_date: body.expiration_date.clone(),
        first_name: saved.first_name.clone(),
        last_name: saved.last_name.clone(),
        view: LitepayCard {
            card_type: saved.card_type,
            last4: saved.last4.clone(),
            expiry: saved.expiry.clone(),
            address: b.address.trim().to_owned(),
            address_line2: b.address_line2.trim().to_owned(),
            city: b.city.trim().to_owned(),
            state: b.state.to_ascii_uppercase(),
            zip_code: b.zip_code.clone(),
        },
    };
    let view = held.view.clone();
    let kept = context::update(&state.store, &id, move |x| {
        // a lookup meanwhile located another account: the card is not its card
        if x.version != version {
            return false;
        }
        x.failures.clear();
        x.card = Some(held.clone());
        true
    })
    .await?;
    if !kept {
        return Err(not_ready());
    }
    tracing::info!("litepay card added");
    Ok(LitepayCardResult {
        outcome: CardOutcome::Added,
        business_error_code: None,
        message: None,
        lock: FormLock {
            failures: 0,
            retry_in_ms: 0,
        },
        card: Some(view),
    })
}

type SubmitAnswer = Result<LitepayResult, ApiError>;

/// The one upstream quick refill of an attempt and the context update.
async fn place(
    state: Arc<AppState>,
    ctx: CallCtx,
    lang: Lang,
    id: String,
    version: u64,
    snapshot: LitepayContext,
    payload: upstream::refill::EzRefillRequest,
) -> SubmitAnswer {
    let now = context::load(&state.store, &id).await?;
    if now.version == version
        && let Some(placed) = now.placed
    {
        return Ok(placed);
    }
    let r = match up::refill::ez_refill(&state.clients, &ctx, &payload).await {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(error = %e, "litepay refill answer lost");
            if let Err(se) = context::update(&state.store, &id, |c| c.record_unknown(version)).await
            {
                tracing::error!(error = ?se.error_code, "lost litepay answer not recorded");
            }
            return Err(ApiError::from(e));
        }
    };
    let result = match refill_outcome(&r) {
        RefillOutcome::Failed => {
            let code = r.error_code.clone().unwrap_or_default().trim().to_owned();
            tracing::warn!(%code, "litepay refill refused");
            let message = error_messages::message(&state.clients, &ctx, lang, &code).await;
            LitepayResult {
                outcome: LitepayOutcome::Failed,
                order_number: None,
                error_code: Some(code),
                message,
                confirmation: None,
            }
        }
        o => {
            let warning = o == RefillOutcome::Warning;
            let number = order_number(&r);
            if warning {
                tracing::warn!("litepay refill answered without SUCCESS or an order number");
            } else {
                tracing::info!("litepay refill made");
            }
            let (located, held) = (
                snapshot
                    .located
                    .clone()
                    .unwrap_or_else(|| unreachable!("checked by the caller")),
                snapshot
                    .held
                    .clone()
                    .unwrap_or_else(|| unreachable!("checked by the caller")),
            );
            let p = &held.priced;
            let internet = p.lines.iter().find(|l| l.kind == LineKind::Internet);
            LitepayResult {
                outcome: if warning {
                    LitepayOutcome::Warning
                } else {
                    LitepayOutcome::Refilled
                },
                order_number: number.clone(),
                error_code: None,
                message: None,
                confirmation: Some(LitepayConfirmation {
                    order_number: number,
                    plan: internet.map(|l| l.code.clone()).unwrap_or_default(),
                    plan_price: dollars(internet.map_or(0, |l| l.unit_cents)),
                    acp_credit: p
                        .lines
                        .iter()
                        .find(|l| l.kind == LineKind::Acp)
                        .map(|l| dollars(-l.cents)),
                    subtotal: dollars(p.subtotal_cents),
                    taxes: dollars(p.tax_cents),
                    total: dollars(p.total_cents),
                    warning,
                    phone: rules::masked_phone(&located.phone),
                    zip: located.zip.clone(),
                    acp_learn_tile: snapshot.acp_learn_tile,
                    refilled_at: state.clock.now().to_rfc3339(),
                }),
            }
        }
    };
    if let Err(e) = context::update(&state.store, &id, |c| c.record(version, &result)).await {
        tracing::error!(error = ?e.error_code, "litepay answer not recorded in the context");
    }
    Ok(result)
}

#[OpenApi(tag = "ApiTags::Litepay")]
impl LitepayApi {
    /// Finds the account of a billing phone and zip (seed 002 §4.6, §7.4 `fetchCustomerDashboard`,
    /// flow `EZREFILL`) and binds it to this session: `found` with what steps 2 and 3 show
    /// (`refill`), `preactivated` (`PREACTIVATED_ERROR`), `multipleAccounts`
    /// (`LITEPAY_MULTIPLE_ACCOUNTS`) or `notLocated` (`LITEPAY_ACCOUNT_NOT_LOCATED`: an
    /// unknown phone, a known phone with another zip, a failed lookup: one answer), each
    /// failure with the catalogue message. A miss forgets the account located before.
    /// At most `BFF_LITEPAY_SESSION_LOOKUPS_PER_HOUR` (10) per session and
    /// `BFF_LITEPAY_LOOKUPS_PER_HOUR` (30) per client address in each fixed hour window (from
    /// one full hour to the next; 429 `RATE_LIMITED` with `Retry-After` the seconds left in
    /// it); no answer comes sooner than `BFF_LITEPAY_LOOKUP_MIN_MS` (400 ms). Needs
    /// `x-xsrf-token`.
    #[oai(
        path = "/secure/v1/customermanagement/fetchCustomerDashboard",
        method = "post",
        operation_id = "lookupLitepayAccount"
    )]
    async fn lookup(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        body: Json<LookupBody>,
    ) -> LookupResponse {
        let until = tokio::time::Instant::now() + state.config.litepay.min_answer;
        let answer = lookup_once(&state, session, req, sel, body.0).await;
        tokio::time::sleep_until(until).await;
        match answer {
            Ok(a) => LookupResponse::Ok(Json(a)),
            Err(e) => e.into(),
        }
    }

    /// What the payment and confirm steps show of the account located in this session
    /// (seed 002 §2.11): the plan, its price, the ACP credit, taxes and total (dollars), the
    /// promo banner, the card added in this session (masked) and the card-entry
    /// configuration. 409 `REFILL_NOT_READY` when no account is located. Changes nothing.
    #[oai(
        path = "/secure/litepay/refill",
        method = "get",
        operation_id = "getLitepayRefill"
    )]
    async fn get_refill(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
    ) -> LitepayRefillResponse {
        let Some(id) = context_id(session, NS) else {
            return not_ready().into();
        };
        let run = async {
            let c = context::load(&state.store, &id).await?;
            view(&state, req, &id, &c, tracking_from_header(req)).ok_or_else(not_ready)
        };
        run.await.into()
    }

    /// Adds the card-entry component's card to the located account (seed 002 §4.6 "the
    /// instrument is added") as a one-time instrument, neither added to the wallet nor saved
    /// (seed 002 §3.8): the account's stored card and auto-refill enrolment stay as they are,
    /// and the card is kept for this session's refill only. A refusal is 200 `rejected` with the code and the catalogue
    /// message, the form waiting 30 s (10 s from the second); the third is `marketing`
    /// (seed 002 §4.3: to the public marketing site). One add per `Idempotency-Key`. 409
    /// `REFILL_NOT_READY` (no account located), `PAYMENT_FORM_LOCKED`. Needs `x-xsrf-token`.
    #[oai(
        path = "/secure/litepay/payment-instrument",
        method = "post",
        operation_id = "addLitepayPaymentInstrument"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn add_card(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// One UUID per attempt (keep it for retries of the same attempt).
        #[oai(name = "Idempotency-Key")]
        key: Header<Uuid>,
        body: Json<CardBody>,
    ) -> LitepayCardResponse {
        let Some(id) = context_id(session, NS) else {
            return not_ready().into();
        };
        let fingerprint = serde_json::to_string(&body.0).unwrap_or_default();
        let slot = format!("litepayCard:{id}:{}", key.0);
        let ctx = sel.ctx(tracking_from_header(req));
        let run = {
            let (st, lang, b) = (state.0.clone(), locale(req), body.0);
            move || add_card_once(st, ctx, lang, id, b)
        };
        match keyed_answer(
            state
                .store
                .idempotent_keeping::<Result<LitepayCardResult, ApiError>, _>(
                    &slot,
                    &fingerprint,
                    |_| true,
                    true, // anonymous: kept as long as the quick refill's context
                    run,
                )
                .await,
            "this Idempotency-Key was used with a different card",
        ) {
            Ok(r) => LitepayCardResponse::Ok(Json(r)),
            Err(e) => e.into(),
        }
    }

    /// Refills the located account with the card added in this session (seed 002 §3.8,
    /// §4.6): the BFF builds the EZREFILL order (`order.rs`); the terms must be ticked.
    /// `refilled` or `warning` carry the confirmation; `failed` the refill service's
    /// `errorCode` and its catalogue `message` (the page reopens step 2). One refill per
    /// attempt, as `submitRefill`: overlapping submits share an attempt, the same
    /// `Idempotency-Key` gets its first answer, a lost answer is re-sent with the same
    /// `transactionId`. 409 `REFILL_NOT_READY` (no account located), `REFILL_NO_SAVED_CARD`
    /// (no card added), `REFILL_CART_EMPTY` (total 0). Needs `x-xsrf-token`.
    #[oai(
        path = "/secure/litepay/refill",
        method = "post",
        operation_id = "submitLitepayRefill"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn submit(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// One UUID per refill attempt (keep it for retries of the same request).
        #[oai(name = "Idempotency-Key")]
        key: Header<Uuid>,
        body: Json<LitepayRefillBody>,
    ) -> SubmitLitepayResponse {
        let b = body.0;
        if !b.terms_accepted {
            return ApiError::validation(
                "the terms must be accepted",
                vec![FieldError {
                    field: "terms".into(),
                    code: "termsRequired".into(),
                }],
            )
            .into();
        }
        let Some(id) = context_id(session, NS) else {
            return not_ready().into();
        };
        let snapshot = match context::load(&state.store, &id).await {
            Ok(c) => c,
            Err(e) => return e.into(),
        };
        let (Some(located), Some(held)) = (snapshot.located.clone(), snapshot.held.clone()) else {
            return not_ready().into();
        };
        if let Some(placed) = snapshot.placed.clone() {
            return SubmitLitepayResponse::Ok(Json(placed));
        }
        let Some(card) = snapshot.card.clone() else {
            return ApiError::new(
                ErrorCode::RefillNoSavedCard,
                "no card added in this session",
            )
            .into();
        };
        if held.priced.total_cents <= 0 {
            return ApiError::new(ErrorCode::RefillCartEmpty, "the refill total is 0").into();
        }
        let payload = order::build(&located, &held, &card, &snapshot.transaction_id);
        let fingerprint = serde_json::to_string(&b).unwrap_or_default();
        let ctx = sel.ctx(tracking_from_header(req));
        let lang = locale(req);
        // one upstream refill per attempt, whatever the key (`http::attempt`)
        let slot_key = format!("litepay:{id}:{}", key.0);
        let (version, attempt) = (snapshot.version, snapshot.attempts);
        let slot = format!("litepay:{id}:v{version}:attempt:{attempt}");
        let st = state.0.clone();
        let shown_ctx = ctx.clone();
        let place_once =
            move || async move { place(st, ctx, lang, id, version, snapshot, payload).await };
        match once_per_attempt(
            &state.store,
            Effect::QuickRefill,
            slot_key,
            &fingerprint,
            slot,
            Some(&paying_account(&shown_ctx, &located.account_id)),
            "this Idempotency-Key was used with a different body",
            place_once,
        )
        .await
        {
            Ok(r) => SubmitLitepayResponse::Ok(Json(r)),
            Err(e) => error_messages::localized(&state.clients, &shown_ctx, lang, e)
                .await
                .into(),
        }
    }

    /// The last quick refill of this session (seed 002 §2.11 "Litepay confirmation"): order
    /// number, plan, price, ACP credit, taxes, total (dollars), the masked phone and the zip,
    /// the warning flag and the acp learn tile. 404 `NO_REFILL` when there was none (the page
    /// goes to `/{locale}/litepay`).
    #[oai(
        path = "/secure/litepay/confirmation",
        method = "get",
        operation_id = "getLitepayConfirmation"
    )]
    async fn get_confirmation(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
    ) -> LitepayConfirmationResponse {
        let none = || ApiError::new(ErrorCode::NoRefill, "no quick refill in this session");
        let Some(id) = context_id(session, NS) else {
            return none().into();
        };
        let run = async {
            context::load(&state.store, &id)
                .await?
                .confirmation
                .ok_or_else(none)
        };
        run.await.into()
    }
}
