//! The reconnect operations (tag `reconnect`): the check and the plans of one owned closed
//! account, and the reconnect itself (seed 002 §2.10, §3.7, §4.5, §7.2, §7.3, §9).

use crate::telemetry::metrics::Effect;
use std::sync::Arc;

use poem::{Request, web::Data};
use poem_openapi::{
    OpenApi,
    param::{Header, Path},
    payload::Json,
};
use upstream::account::{AuxAcctType, CreateAuxAccountRequest};
use uuid::Uuid;

use super::{
    context::{self, Checked, HeldPlan},
    payload::{self, Operator},
    types::*,
};
use crate::{
    domain::{
        dashboard::{self as rules, Readiness},
        money::dollars,
        refill::reconnect::{DEFAULT_PLAN, RECONNECT_PLANS, reconnect_cart, reconnect_catalogue},
        serviceability::reconnect_outcome,
    },
    error_messages,
    flows::{
        aux_account::{AuxOutcome, create_then_fetch},
        payments::build::saved_card,
        refill::offer,
    },
    http::{
        attempt::{once_per_attempt, paying_account},
        auth::{self, OwnedAccount},
        error::{ApiError, ErrorCode},
        extract::{Csrf, ScenarioSel, locale, tracking_from_header},
        tags::ApiTags,
    },
    state::AppState,
    upstream::{self as up, CallCtx, content::Lang},
};

/// The reconnect operations.
pub struct ReconnectApi;

fn plan_view(p: &HeldPlan) -> ReconnectPlan {
    let pr = &p.priced;
    ReconnectPlan {
        code: p.code.clone(),
        days: if p.code == DEFAULT_PLAN { 30 } else { 7 },
        price: dollars(pr.subtotal_cents),
        taxes: dollars(pr.tax_cents),
        tax_available: pr.tax_available,
        total: dollars(pr.total_cents),
        default: p.code == DEFAULT_PLAN,
    }
}

fn refused_account() -> ApiError {
    ApiError::new(
        ErrorCode::UpstreamError,
        "the account service could not read the account",
    )
}

/// Checks the account and prices the plans (rules in the module docs).
async fn check(
    c: &up::Clients,
    ctx: &CallCtx,
    account: &str,
) -> Result<(Checked, upstream::account::DashboardResponse), ApiError> {
    let (dash, aux) = futures_util::future::try_join(
        up::account::dashboard(c, ctx, account),
        up::account::aux_account(c, ctx, account),
    )
    .await?;
    if dash.error_code.is_some() || aux.error_code.is_some() {
        tracing::warn!("reconnect: account lookup refused");
        return Err(refused_account());
    }
    if rules::readiness(&dash, &aux) != Readiness::Deactivated {
        tracing::info!("reconnect: the account is not closed and reconnect-eligible");
        return Err(ApiError::new(
            ErrorCode::ReconnectNotAvailable,
            "the account is not closed and reconnect-eligible",
        ));
    }
    let location = dash
        .customer_info
        .as_ref()
        .map(|i| i.location_id.clone())
        .unwrap_or_default();
    let sv = up::serviceability::check(c, ctx, &location, up::SOURCE).await?;
    let tap = reconnect_outcome(&sv);
    if !tap.proceeds() {
        tracing::info!(outcome = ?tap, "reconnect: serviceability stops the reconnect");
        return Err(ApiError::new(
            ErrorCode::ReconnectNotServiceable,
            format!("serviceability: {tap:?}"),
        ));
    }
    let facts = offer::Facts {
        catalogue: reconnect_catalogue(&dash.available_plans),
        dash: dash.clone(),
        promo: None,
        acp: None,
        acp_benefit: None,
        days_remaining: 0,
    };
    let priced = futures_util::future::join_all(RECONNECT_PLANS.iter().map(|(code, _)| {
        let facts = &facts;
        async move {
            let h = offer::priced(c, ctx, facts, reconnect_cart(code)).await;
            HeldPlan {
                code: (*code).to_owned(),
                priced: h.priced,
                taxes: h.taxes,
            }
        }
    }))
    .await;
    Ok((
        Checked {
            house_key: sv.house_key.clone().unwrap_or_default(),
            location_id: location,
            tap,
            plans: priced,
        },
        dash,
    ))
}

type SubmitAnswer = Result<ReconnectResult, ApiError>;

fn failed(reason: ReconnectFailure, message: Option<String>) -> ReconnectResult {
    ReconnectResult {
        outcome: ReconnectOutcome::Failed,
        plan: None,
        total: None,
        activation_account_id: None,
        error_code: Some(RECONNECT_FAILED.into()),
        reason: Some(reason),
        message,
    }
}

/// The one create of an attempt, the wait, the fetch, and the context update.
async fn place(
    state: Arc<AppState>,
    ctx: CallCtx,
    lang: Lang,
    owned: OwnedAccount,
    plan: HeldPlan,
    payload: CreateAuxAccountRequest,
) -> SubmitAnswer {
    let id = context::id(&owned);
    let account = owned.account_id.clone();
    if let Some(done) = context::load(&state.store, &id).await?.done {
        return Ok(done);
    }
    let catalogue_message =
        || async { error_messages::message(&state.clients, &ctx, lang, RECONNECT_FAILED).await };
    let kind = AuxAcctType::Reconnect;
    let outcome = match create_then_fetch(&state, &ctx, "reconnect", &account, &payload, kind).await
    {
        Ok(o) => o,
        Err(e) => {
            if let Err(se) = context::update(&state.store, &id, |c| c.record_unknown()).await {
                tracing::error!(error = ?se.error_code, "reconnect attempt not recorded");
            }
            return Err(ApiError::from(e));
        }
    };
    let result = match outcome {
        AuxOutcome::Listed { detail, .. } => {
            tracing::info!("reconnect made");
            let aux = detail.aux_account_id;
            // the new account becomes usable by this sign-in (activation)
            let (a, of) = (aux.clone(), account.clone());
            if let Err(e) = auth::update(&state.store, &owned.session.context_id, |s| {
                if let Some(si) = &mut s.signed_in {
                    si.learn_aux(&a, &of);
                }
            })
            .await
            {
                tracing::error!(error = ?e.error_code, "reconnect aux account not learned");
            }
            ReconnectResult {
                outcome: ReconnectOutcome::Reconnected,
                plan: Some(plan.code.clone()),
                total: Some(dollars(plan.priced.total_cents)),
                activation_account_id: Some(aux),
                error_code: None,
                reason: None,
                message: None,
            }
        }
        AuxOutcome::Refused => failed(ReconnectFailure::CreateFailed, catalogue_message().await),
        AuxOutcome::AuxError => failed(ReconnectFailure::AuxError, catalogue_message().await),
        AuxOutcome::NotListed => failed(ReconnectFailure::FetchFailed, catalogue_message().await),
    };
    if let Err(e) = context::update(&state.store, &id, |c| c.record(&result)).await {
        tracing::error!(error = ?e.error_code, "reconnect answer not recorded in the context");
    }
    Ok(result)
}

#[OpenApi(tag = "ApiTags::Reconnect")]
impl ReconnectApi {
    /// The reconnect of `accountId` (seed 002 §2.10, §4.5, §7.3): the account must be
    /// closed and reconnect-eligible (the dashboard's Reactivate rule; else 409
    /// `RECONNECT_NOT_AVAILABLE`); its location's serviceability read with the reconnect
    /// reading (`BUS0078`, `BUS0077` or not serviceable: 409 `RECONNECT_NOT_SERVICEABLE`;
    /// a cold tap goes on with `serviceability: coldTap`, the warning); then `HSD_030` (45
    /// USD, the default) and `HSD_007` (15 USD) priced with tax (a failed lookup: the
    /// total is the price, `taxAvailable: false`) and the saved card. After a reconnect in
    /// this sign-in, that reconnect (`reconnected`) with what was checked. Changes nothing
    /// upstream; keeps the check in the reconnect context.
    #[oai(
        path = "/secure2/accounts/:accountId/reconnect",
        method = "get",
        operation_id = "getReconnect"
    )]
    async fn get_reconnect(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
    ) -> ReconnectResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let lang = locale(req);
        let account = owned.account_id.clone();
        let id = context::id(&owned);
        let run = async {
            let c = &state.clients;
            let snapshot = context::load(&state.store, &id).await?;
            let (checked, tn) = match (snapshot.done.is_some(), snapshot.checked) {
                (true, Some(checked)) => {
                    let dash = up::account::dashboard(c, &ctx, &account).await?;
                    (checked, offer_tn(&dash))
                }
                _ => {
                    let (checked, dash) = match check(c, &ctx, &account).await {
                        Ok(v) => v,
                        Err(mut e) => {
                            // the page shows these codes' catalogue message (en, es)
                            if matches!(
                                e.error_code,
                                ErrorCode::ReconnectNotAvailable
                                    | ErrorCode::ReconnectNotServiceable
                            ) {
                                let code = serde_json::to_value(e.error_code)
                                    .ok()
                                    .and_then(|v| v.as_str().map(str::to_owned))
                                    .unwrap_or_default();
                                e.message = error_messages::message(c, &ctx, lang, &code)
                                    .await
                                    .unwrap_or(e.message);
                            }
                            return Err(e);
                        }
                    };
                    let keep = checked.clone();
                    context::update(&state.store, &id, move |c| c.check(keep.clone())).await?;
                    (checked, offer_tn(&dash))
                }
            };
            let info = up::payments::payment_info(c, &ctx, &account, &tn).await?;
            Ok::<_, ApiError>(Reconnect {
                serviceability: checked.tap,
                plans: checked.plans.iter().map(plan_view).collect(),
                saved_card: saved_card(&info),
                reconnected: snapshot.done,
            })
        };
        run.await.into()
    }

    /// Reconnects `accountId` with `plan` paid by the saved card (seed 002 §2.10, §3.7,
    /// §4.5): the BFF builds the create-aux payload (flow `RECONNECT`, `duplicateOverride`
    /// true, `updateCustomer` false, the service address with `houseKey` and `locationID`,
    /// the plan priced by `getReconnect`), creates the aux account, waits 10 s
    /// (`BFF_RECONNECT_AUX_FETCH_MS`) and fetches it. `reconnected` carries the account to
    /// activate (the new aux account, now usable by this sign-in); `failed` (`RECONNECT_FAILED`,
    /// `reason` `createFailed`, `auxError` or `fetchFailed`) is the error page. One reconnect
    /// per attempt: the same `Idempotency-Key` returns its first answer (another body: 422),
    /// a submit overlapping an attempt in flight gets its answer, and once reconnected every
    /// submit gets the reconnect. 409 `RECONNECT_NOT_READY` before `getReconnect` checked the
    /// account, `REFILL_NO_SAVED_CARD` without a saved card. Needs `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/reconnect",
        method = "post",
        operation_id = "submitReconnect"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn submit_reconnect(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        /// One UUID per reconnect attempt (keep it for retries of the same request).
        #[oai(name = "Idempotency-Key")]
        key: Header<Uuid>,
        body: Json<ReconnectBody>,
    ) -> SubmitReconnectResponse {
        let b = body.0;
        let ctx = sel.ctx(tracking_from_header(req));
        let account = owned.account_id.clone();
        let id = context::id(&owned);
        let snapshot = match context::load(&state.store, &id).await {
            Ok(c) => c,
            Err(e) => return e.into(),
        };
        if let Some(done) = snapshot.done.clone() {
            return SubmitReconnectResponse::Ok(Json(done));
        }
        let Some(checked) = snapshot.checked.clone() else {
            return ApiError::new(
                ErrorCode::ReconnectNotReady,
                "the account has not been checked yet",
            )
            .into();
        };
        let Some(plan) = checked.plans.iter().find(|p| p.code == b.plan).cloned() else {
            return ApiError::new(ErrorCode::ReconnectNotReady, "the plan was not priced").into();
        };
        let attempt = snapshot.attempts;
        let built = async {
            let c = &state.clients;
            let dash = up::account::dashboard(c, &ctx, &account).await?;
            if dash.error_code.is_some() {
                return Err(refused_account());
            }
            let info = up::payments::payment_info(c, &ctx, &account, &offer_tn(&dash)).await?;
            let person = &owned.session.record;
            let who = Operator {
                cust_guid: &person.cust_guid,
                user_name: &person.person.uid,
            };
            // one provider transaction until the provider refuses it (`ReconnectContext::refused`)
            let tx = format!("{id}:tx:{}", snapshot.refused);
            payload::build(&account, &who, &dash, &info, &checked, &plan, &tx).map_err(|_| {
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
        // one aux account per attempt, whatever the key (`http::attempt`)
        let slot_key = format!("reconnect:{id}:{}", key.0);
        let slot = format!("reconnect:{id}:attempt:{attempt}");
        let st = state.0.clone();
        let shown_ctx = ctx.clone();
        let once = move || async move { place(st, ctx, lang, owned, plan, payload).await };
        match once_per_attempt(
            &state.store,
            Effect::Reconnect,
            slot_key,
            &fingerprint,
            slot,
            Some(&paying_account(&shown_ctx, &account)),
            "this Idempotency-Key was used with a different body",
            once,
        )
        .await
        {
            Ok(r) => SubmitReconnectResponse::Ok(Json(r)),
            Err(e) => error_messages::localized(&state.clients, &shown_ctx, lang, e)
                .await
                .into(),
        }
    }
}

/// The phone of the record (the payment calls' `tn`).
fn offer_tn(dash: &upstream::account::DashboardResponse) -> String {
    dash.customer_info
        .as_ref()
        .map(|c| c.phone_number.clone())
        .unwrap_or_default()
}
