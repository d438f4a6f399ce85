//! The move operations (tag `move`): the move of one owned account to a new address: the
//! address check (the retail flow's, move variant), the date, the move (the aux account of
//! flow `MOVE`) and its confirmation (seed 002 §2.1, §2.8, §3.9, §4.4, §7.2, §7.5; seed 001 §3
//! "Aux account", "Scheduled move"; seed 000 §2, §4 "Retail flow"). Rules in `super::rules`;
//! the refill a move needs is made with the refill operations (`flows::refill`), marked by
//! `setMoveDate` in the refill context of the same account.

use crate::telemetry::metrics::Effect;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use poem::{Request, web::Data};
use poem_openapi::{
    OpenApi,
    param::{Header, Path},
    payload::Json,
};
use upstream::{
    account::{
        AuxAccountResponse, AuxAcctStatus, AuxAcctType, CreateAuxAccountRequest, DashboardResponse,
        FLOW_MOVE, ReconnectServiceAddress,
    },
    address::{Address, CustomerInfo},
    refill::CHANNEL_ONLINE,
};
use uuid::Uuid;

use super::{
    context::{self, Destination, MoveContext},
    rules::{self, DateError, When},
    types::*,
};
use crate::{
    domain::{
        dashboard::{self as dash_rules, Readiness},
        refill::{PLAN_7, catalogue},
        serviceability::{ServiceabilityOutcome, outcome as serviceability_outcome},
    },
    error_messages,
    flows::{
        aux_account::{AuxOutcome, create_then_fetch},
        reconnect::payload::customer_info,
        refill::context::{self as refill_context, RefillContext},
        retail::address,
    },
    http::{
        attempt::{once_per_attempt, shared_answer},
        auth::OwnedAccount,
        error::{ApiError, ErrorCode, FieldError},
        extract::{Csrf, ScenarioSel, locale, tracking_from_header},
        tags::ApiTags,
    },
    state::AppState,
    upstream::{self as up, CallCtx, content::Lang},
};

/// The move operations.
pub struct MoveApi;

fn iso(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn refused_account() -> ApiError {
    ApiError::new(
        ErrorCode::UpstreamError,
        "the account service could not read the account",
    )
}

/// `e` with the error catalogue's message of its code in `lang` (the codes the page shows).
async fn with_catalogue(state: &AppState, ctx: &CallCtx, lang: Lang, mut e: ApiError) -> ApiError {
    let code = serde_json::to_value(e.error_code)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    if let Some(m) = error_messages::message(&state.clients, ctx, lang, &code).await {
        e.message = m;
    }
    e
}

/// What every move operation reads first: the record, the aux accounts and the context.
struct Read {
    dash: DashboardResponse,
    ctx: MoveContext,
}

/// Reads the account and checks that it may move (module docs of `flows::move`): an open
/// account the dashboard shows (else `MOVE_NOT_AVAILABLE`) without a scheduled move other
/// than the one this sign-in made (else `MOVE_ALREADY_SCHEDULED`); a move made in this
/// sign-in and cancelled since is forgotten (a new move starts).
async fn read(
    state: &AppState,
    ctx: &CallCtx,
    lang: Lang,
    owned: &OwnedAccount,
) -> Result<Read, ApiError> {
    let c = &state.clients;
    let account = owned.account_id.as_str();
    let id = context::id(owned);
    let (dash, aux) = futures_util::future::try_join(
        up::account::dashboard(c, ctx, account),
        up::account::aux_account(c, ctx, account),
    )
    .await?;
    if dash.error_code.is_some() || aux.error_code.is_some() {
        tracing::warn!("move: account lookup refused");
        return Err(refused_account());
    }
    if dash_rules::readiness(&dash, &aux) != Readiness::Show {
        tracing::info!("move: the account cannot move online");
        let e = ApiError::new(
            ErrorCode::MoveNotAvailable,
            "the account cannot move online",
        );
        return Err(with_catalogue(state, ctx, lang, e).await);
    }
    let mut mctx = context::load(&state.store, &id).await?;
    let scheduled = scheduled_conf(&aux);
    if let Some(done) = &mctx.done
        && scheduled.as_deref() != Some(done.confirmation_number.as_str())
    {
        // cancelled since (the dashboard's cancel): forget it, a new move starts
        tracing::info!("move: the move made in this sign-in is no longer scheduled");
        mctx = context::update(&state.store, &id, |c| {
            c.forget();
            c.clone()
        })
        .await?;
        refill_context::update(&state.store, &id, |r| r.unmark_move(false)).await?;
    }
    if mctx.done.is_none() && scheduled.is_some() {
        tracing::info!("move: a scheduled move exists");
        let e = ApiError::new(
            ErrorCode::MoveAlreadyScheduled,
            "the account already has a scheduled move",
        );
        return Err(with_catalogue(state, ctx, lang, e).await);
    }
    Ok(Read { dash, ctx: mctx })
}

/// The confirmation number of the account's scheduled move, if any (empty: `""`).
fn scheduled_conf(aux: &AuxAccountResponse) -> Option<String> {
    dash_rules::scheduled_move(aux).map(|m| m.conf_no.unwrap_or_default())
}

/// The internet expiration date and days remaining of the record at `now`.
fn service(dash: &DashboardResponse, now: DateTime<Utc>) -> (Option<NaiveDate>, i64) {
    dash_rules::internet(dash, now)
        .map_or((None, 0), |i| (Some(i.expiration_date()), i.days_remaining))
}

/// The expiration date a move counts from: none once the service has expired (so even a
/// move today needs a refill; `rules::schedule` counts from yesterday).
fn move_expiration(dash: &DashboardResponse, now: DateTime<Utc>) -> Option<NaiveDate> {
    dash_rules::internet(dash, now)
        .filter(|i| i.expiry >= now)
        .map(|i| i.expiration_date())
}

fn seven_day_plan(dash: &DashboardResponse) -> bool {
    dash.available_plans
        .iter()
        .any(|p| p.product_code == PLAN_7)
}

/// The schedule of the context's date, if one is chosen.
fn schedule_of(
    dash: &DashboardResponse,
    mctx: &MoveContext,
    refill: &RefillContext,
    now: DateTime<Utc>,
) -> Option<rules::Schedule> {
    let refilled = refill
        .move_mark
        .as_ref()
        .is_some_and(|m| m.refill.is_some());
    let exp = move_expiration(dash, now);
    mctx.move_date
        .map(|d| rules::schedule(rules::today(now), exp, d, seven_day_plan(dash), refilled))
}

/// The move as the pages show it.
fn view(
    dash: &DashboardResponse,
    mctx: &MoveContext,
    refill: &RefillContext,
    now: DateTime<Utc>,
) -> Move {
    let today = rules::today(now);
    let (exp, days) = service(dash, now);
    let schedule = schedule_of(dash, mctx, refill, now);
    let cat = catalogue(&dash.available_plans);
    let refill_view = refill
        .move_mark
        .as_ref()
        .and_then(|m| m.refill.as_ref())
        .map(|r| {
            let plan_days = r
                .cart
                .plan
                .as_deref()
                .and_then(|p| cat.get(p))
                .map_or(0, |i| u64::from(i.days));
            let bought = plan_days * u64::from(r.cart.cart_count.max(1));
            MoveRefill {
                order_number: r.order_number.clone(),
                plan: r.cart.plan.clone(),
                total: r.cart.total,
                refilled_at: r.refilled_at.clone(),
                expiration_date: iso(rules::refill_expiration(
                    move_expiration(dash, now),
                    today,
                    bought,
                )),
            }
        });
    Move {
        today: iso(today),
        latest_date: iso(rules::latest_date(today)),
        from_address: dash.service_address.clone().unwrap_or_default(),
        expiration_date: exp.map(iso),
        days_remaining: days,
        seven_day_plan: seven_day_plan(dash),
        destination: mctx.destination.as_ref().map(|d| MoveDestination {
            address: d.address.clone(),
            serviceability: d.serviceability,
        }),
        schedule: schedule.as_ref().map(|s| MoveSchedule {
            move_date: iso(s.move_date),
            when: s.when,
            move_date_gap: s.gap,
            refill_required: s.refill_required,
            refilled: s.refilled,
            seven_day_offered: s.seven_day_offered,
        }),
        refill: refill_view,
        moved: mctx.done.clone().map(|c| refresh(c, now)),
        next: rules::next(
            mctx.done.is_some(),
            mctx.destination.is_some(),
            schedule.as_ref(),
        ),
    }
}

/// A confirmation of a move on `move_date` at `now` (cancel rule: `domain::dashboard`).
fn confirmation(
    number: String,
    move_date: NaiveDate,
    to_address: Address,
    from_address: Address,
    now: DateTime<Utc>,
) -> MoveConfirmation {
    refresh(
        MoveConfirmation {
            confirmation_number: number,
            move_date: iso(move_date),
            when: When::Later,
            to_address,
            from_address,
            cancel_allowed: false,
            cancel_until: dash_rules::cancel_cutoff(move_date).to_rfc3339(),
            cancel_date: iso(dash_rules::cancel_date_shown(move_date)),
            moved_at: now.to_rfc3339(),
        },
        now,
    )
}

/// `c` with `when` and `cancelAllowed` at `now`.
fn refresh(mut c: MoveConfirmation, now: DateTime<Utc>) -> MoveConfirmation {
    if let Ok(d) = NaiveDate::parse_from_str(&c.move_date, "%Y-%m-%d") {
        c.when = if d <= rules::today(now) {
            When::Today
        } else {
            When::Later
        };
        c.cancel_allowed = dash_rules::can_cancel(d, now);
    }
    c
}

/// The address check's answer for one matched address: its serviceability (the retail
/// reading) and the destination to hold.
async fn serviceability(
    c: &up::Clients,
    ctx: &CallCtx,
    info: CustomerInfo,
    unit_dropped: bool,
) -> Result<(MoveAddressCheck, Option<Destination>), ApiError> {
    let r = up::serviceability::check(c, ctx, &info.location_id, up::SOURCE).await?;
    let outcome = match serviceability_outcome(&r) {
        ServiceabilityOutcome::ExistingPrepaid => MoveAddressOutcome::ExistingPrepaid,
        ServiceabilityOutcome::ExistingPostpaid => MoveAddressOutcome::ExistingPostpaid,
        ServiceabilityOutcome::Error => MoveAddressOutcome::Error,
        ServiceabilityOutcome::Serviceable => MoveAddressOutcome::Serviceable,
        ServiceabilityOutcome::ColdTap => MoveAddressOutcome::ColdTap,
        ServiceabilityOutcome::Unserviceable => MoveAddressOutcome::Unserviceable,
    };
    let held = match outcome {
        MoveAddressOutcome::Serviceable => Some(DestinationServiceability::Serviceable),
        MoveAddressOutcome::ColdTap => Some(DestinationServiceability::ColdTap),
        _ => None,
    };
    tracing::info!(outcome = ?outcome, "move: serviceability of the destination");
    let destination = held.map(|serviceability| Destination {
        address: info.address.clone(),
        location_id: info.location_id.clone(),
        house_key: r.house_key.clone().unwrap_or_default(),
        serviceability,
    });
    Ok((
        MoveAddressCheck {
            outcome,
            unit_dropped,
            units: Vec::new(),
            address: Some(info.address),
            business_error_code: r.business_error_code.filter(|c| !c.trim().is_empty()),
        },
        destination,
    ))
}

/// Validates the typed address (the retail rules: once more without the unit, units
/// sorted) and, for one match, checks its serviceability.
async fn check_address(
    c: &up::Clients,
    ctx: &CallCtx,
    b: MoveAddressBody,
) -> Result<(MoveAddressCheck, Vec<MoveUnit>, Option<Destination>), ApiError> {
    let mut addr = Address {
        address_line1: b.address_line1.trim().to_owned(),
        address_line2: b.address_line2.unwrap_or_default().trim().to_owned(),
        city: String::new(),
        state: String::new(),
        zip: b.zip,
    };
    let mut answer = up::serviceability::validate_address(c, ctx, &addr).await?;
    let mut unit_dropped = false;
    if address::should_retry_without_unit(&addr.address_line2, &answer) {
        addr.address_line2.clear();
        answer = up::serviceability::validate_address(c, ctx, &addr).await?;
        unit_dropped = true;
    }
    let mut infos = answer.customer_infos;
    address::sort_by_unit(&mut infos);
    let units: Vec<MoveUnit> = infos
        .iter()
        .map(|i| MoveUnit {
            location_id: i.location_id.clone(),
            address: i.address.clone(),
        })
        .collect();
    match address::validation_outcome(infos.len()) {
        address::ValidationOutcome::InvalidAddress => Ok((
            MoveAddressCheck {
                outcome: MoveAddressOutcome::InvalidAddress,
                unit_dropped,
                units: Vec::new(),
                address: None,
                business_error_code: answer.business_error_code,
            },
            Vec::new(),
            None,
        )),
        address::ValidationOutcome::Multiple => Ok((
            MoveAddressCheck {
                outcome: MoveAddressOutcome::Multiple,
                unit_dropped,
                units: units.clone(),
                address: None,
                business_error_code: None,
            },
            units,
            None,
        )),
        address::ValidationOutcome::Single => {
            let Some(info) = infos.into_iter().next() else {
                return Err(ApiError::new(ErrorCode::Internal, "one match expected"));
            };
            let (check, dest) = serviceability(c, ctx, info, unit_dropped).await?;
            Ok((check, Vec::new(), dest))
        }
    }
}

/// Keeps a new check in the context (the units of a `multiple` answer, the destination of a
/// serviceable one; each replaces the last).
async fn keep_check(
    state: &AppState,
    id: &str,
    units: Vec<MoveUnit>,
    destination: Option<Destination>,
) -> Result<(), ApiError> {
    context::update(&state.store, id, move |c| {
        c.checked(units.clone(), destination.clone());
    })
    .await
}

type CreateAnswer = Result<MoveResult, ApiError>;

fn failed(reason: MoveFailure, message: Option<String>) -> MoveResult {
    MoveResult {
        outcome: MoveOutcome::Failed,
        confirmation: None,
        error_code: Some(MOVE_FAILED.into()),
        reason: Some(reason),
        message,
    }
}

/// The one create of an attempt, the wait, the fetch, and the context update.
#[allow(clippy::too_many_arguments)]
async fn place(
    state: Arc<AppState>,
    ctx: CallCtx,
    lang: Lang,
    id: String,
    account: String,
    payload: CreateAuxAccountRequest,
    destination: Destination,
    from_address: Address,
    move_date: NaiveDate,
) -> CreateAnswer {
    if let Some(done) = context::load(&state.store, &id).await?.done {
        return Ok(MoveResult {
            outcome: MoveOutcome::Moved,
            confirmation: Some(refresh(done, state.clock.now())),
            error_code: None,
            reason: None,
            message: None,
        });
    }
    let catalogue_message =
        || async { error_messages::message(&state.clients, &ctx, lang, MOVE_FAILED).await };
    let outcome = match create_then_fetch(
        &state,
        &ctx,
        "move",
        &account,
        &payload,
        AuxAcctType::Move,
    )
    .await
    {
        Ok(o) => o,
        Err(e) => {
            if let Err(se) = context::update(&state.store, &id, |c| c.record_unknown()).await {
                tracing::error!(error = ?se.error_code, "move attempt not recorded");
            }
            return Err(ApiError::from(e));
        }
    };
    let result = match outcome {
        // a move aux account listed as closed is no move
        AuxOutcome::Listed { detail, conf_no }
            if detail.aux_acct_status != AuxAcctStatus::Closed =>
        {
            tracing::info!("move made");
            let number = detail
                .aux_acct_conf_no
                .clone()
                .or(conf_no)
                .unwrap_or_default();
            let day = detail
                .aux_acct_schedule_date
                .as_deref()
                .and_then(|s| NaiveDate::parse_from_str(s.get(..10)?, "%Y-%m-%d").ok())
                .unwrap_or(move_date);
            let to = detail.to_address.clone().unwrap_or(destination.address);
            MoveResult {
                outcome: MoveOutcome::Moved,
                confirmation: Some(confirmation(
                    number,
                    day,
                    to,
                    from_address,
                    state.clock.now(),
                )),
                error_code: None,
                reason: None,
                message: None,
            }
        }
        AuxOutcome::Refused => failed(MoveFailure::CreateFailed, catalogue_message().await),
        AuxOutcome::AuxError => failed(MoveFailure::AuxError, catalogue_message().await),
        AuxOutcome::Listed { .. } | AuxOutcome::NotListed => {
            failed(MoveFailure::FetchFailed, catalogue_message().await)
        }
    };
    if let Err(e) = context::update(&state.store, &id, |c| c.record(&result)).await {
        tracing::error!(error = ?e.error_code, "move answer not recorded in the context");
    }
    if result.outcome == MoveOutcome::Moved
        && let Err(e) = refill_context::update(&state.store, &id, |r| r.unmark_move(false)).await
    {
        tracing::error!(error = ?e.error_code, "move mark not cleared in the refill context");
    }
    Ok(result)
}

fn date_error(e: DateError) -> ApiError {
    let (code, field_code, message) = match e {
        DateError::Past => (
            ErrorCode::MoveDateInPast,
            "past",
            "the move date is before today",
        ),
        DateError::TooFar => (
            ErrorCode::MoveDateTooFar,
            "tooFar",
            "the move date is more than 60 days ahead",
        ),
    };
    ApiError {
        details: Some(vec![FieldError {
            field: "moveDate".into(),
            code: field_code.into(),
        }]),
        ..ApiError::new(code, message)
    }
}

#[OpenApi(tag = "ApiTags::Move")]
impl MoveApi {
    /// The move of `accountId` as the BFF holds it (seed 002 §2.8, §3.9; seed 001 §3): today
    /// and the latest move date (`YYYY-MM-DD`, the BFF clock's US Eastern day, today + 60),
    /// the current service address, the internet expiration date and days remaining,
    /// whether the account has the 7-day plan, the destination checked, the date chosen with
    /// its `moveDateGap` (days from the expiration to the move date), `refillRequired`,
    /// `refilled`, `sevenDayOffered`, the refill made during the move, the move made in this
    /// sign-in, and `next` (`address`, `addressConfirmation`, `refillRequired`, `now`,
    /// `scheduleFinalize`, `confirmation`). 409 `MOVE_NOT_AVAILABLE` (not an open account
    /// the dashboard shows) and `MOVE_ALREADY_SCHEDULED` (a move this sign-in did not make),
    /// each with its catalogue `message`. A move made here and cancelled since is forgotten.
    #[oai(
        path = "/secure2/accounts/:accountId/move",
        method = "get",
        operation_id = "getMove"
    )]
    async fn get_move(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
    ) -> MoveResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let lang = locale(req);
        let run = async {
            let r = read(&state, &ctx, lang, &owned).await?;
            let refill = refill_context::load(&state.store, &context::id(&owned)).await?;
            Ok::<_, ApiError>(view(&r.dash, &r.ctx, &refill, state.clock.now()))
        };
        run.await.into()
    }

    /// Checks the address moved to (seed 000 §2, §4, §5: the retail flow's address check,
    /// move variant; seed 002 §7.3): validated (once more without the unit when it matched
    /// nothing, `unitDropped`), then: none `invalidAddress`; several `multiple` with the
    /// `units` sorted by unit text (held: choose one with `chooseMoveUnit`); one: its
    /// serviceability by the retail reading: `serviceable` or `coldTap` hold it as the
    /// destination (its location and house key stay in the BFF); `existingPrepaid`
    /// (`BUS0078`), `existingPostpaid` (`BUS0077`), `unserviceable` (notices) and `error`
    /// (status not `SUCCESS`: the error page) hold none. 409 as `getMove`. Needs
    /// `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/move/address",
        method = "post",
        operation_id = "checkMoveAddress"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn check_move_address(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        body: Json<MoveAddressBody>,
    ) -> MoveAddressResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let lang = locale(req);
        let id = context::id(&owned);
        let run = async {
            let r = read(&state, &ctx, lang, &owned).await?;
            if r.ctx.done.is_some() {
                return Err(already_moved(&state, &ctx, lang).await);
            }
            let (check, units, dest) = check_address(&state.clients, &ctx, body.0).await?;
            keep_check(&state, &id, units, dest).await?;
            Ok::<_, ApiError>(check)
        };
        run.await.into()
    }

    /// Chooses one unit of the last `multiple` check (seed 000 §2 "addressMultiUnit") and
    /// checks its serviceability as `checkMoveAddress` does with one match. 400
    /// `VALIDATION_FAILED` (`locationId`/`notOffered`) for a location the last check did
    /// not list. 409 as `getMove`. Needs `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/move/address/unit",
        method = "post",
        operation_id = "chooseMoveUnit"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn choose_move_unit(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        body: Json<MoveUnitBody>,
    ) -> MoveAddressResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let lang = locale(req);
        let id = context::id(&owned);
        let run = async {
            let r = read(&state, &ctx, lang, &owned).await?;
            if r.ctx.done.is_some() {
                return Err(already_moved(&state, &ctx, lang).await);
            }
            let Some(unit) = r.ctx.unit(&body.0.location_id).cloned() else {
                return Err(ApiError::validation(
                    "the location is not a unit of the last address check",
                    vec![FieldError {
                        field: "locationId".into(),
                        code: "notOffered".into(),
                    }],
                ));
            };
            let info = CustomerInfo {
                address: unit.address,
                location_id: unit.location_id,
            };
            let (check, dest) = serviceability(&state.clients, &ctx, info, false).await?;
            let units = r.ctx.units.clone();
            keep_check(&state, &id, units, dest).await?;
            Ok::<_, ApiError>(check)
        };
        run.await.into()
    }

    /// Sets the move date (seed 002 §2.8, §3.9, §5, §9): today or later (else 400
    /// `MOVE_DATE_IN_PAST`, `details` `moveDate`/`past`) and at most 60 days ahead (else 400
    /// `MOVE_DATE_TOO_FAR`, `moveDate`/`tooFar`), each with its catalogue `message`; today is
    /// the BFF clock's US Eastern day. Answers the move (`getMove`) with its `schedule`: when
    /// the service expires before the date, a refill is required (`move/refill-required`)
    /// and the refill operations of the account serve the move's refill, without `HSD_007`
    /// unless `sevenDayOffered` (gap 1 to 7 days and the plan exists). 409 as `getMove`.
    /// Needs `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/move/date",
        method = "put",
        operation_id = "setMoveDate"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn set_move_date(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        body: Json<MoveDateBody>,
    ) -> MoveDateResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let lang = locale(req);
        let id = context::id(&owned);
        let run = async {
            let Ok(date) = NaiveDate::parse_from_str(&body.0.move_date, "%Y-%m-%d") else {
                return Err(ApiError::validation(
                    "the move date is not a date",
                    vec![FieldError {
                        field: "moveDate".into(),
                        code: "invalidDate".into(),
                    }],
                ));
            };
            let r = read(&state, &ctx, lang, &owned).await?;
            if r.ctx.done.is_some() {
                return Err(already_moved(&state, &ctx, lang).await);
            }
            let now = state.clock.now();
            if let Err(e) = rules::check_date(date, rules::today(now)) {
                return Err(with_catalogue(&state, &ctx, lang, date_error(e)).await);
            }
            let mctx = context::update(&state.store, &id, move |c| {
                c.move_date = Some(date);
                c.clone()
            })
            .await?;
            let refill = refill_context::load(&state.store, &id).await?;
            if let Some(s) = schedule_of(&r.dash, &mctx, &refill, now) {
                // the refill operations serve the move's refill (the 7-day rule)
                let needs = s.gap > 0 && !s.refilled;
                let withhold = !s.seven_day_offered;
                refill_context::update(&state.store, &id, move |rc| {
                    if needs {
                        rc.mark_move(withhold);
                    } else {
                        rc.unmark_move(true);
                    }
                })
                .await?;
            }
            let refill = refill_context::load(&state.store, &id).await?;
            Ok::<_, ApiError>(view(&r.dash, &mctx, &refill, now))
        };
        run.await.into()
    }

    /// Moves the account (seed 002 §2.8, §4.4, §7.2, §7.5; seed 001 §3 "Scheduled move"):
    /// the BFF builds the create-aux payload from what it holds (channel `ONLINE`, flow
    /// `MOVE`, the account, the identity's `custGuid`, `updateCustomer` false, the record's
    /// customer with the destination as the service address with its `houseKey` and
    /// `locationID`, `moveDate`, no payment, `operatorUserName`, `transactionId` per
    /// attempt), creates the aux account, waits 10 s (`BFF_RECONNECT_AUX_FETCH_MS`) and
    /// fetches it: `moved` carries the confirmation (`auxAcctConfNo`, `auxAcctScheduleDate`,
    /// `toAddress`, the previous address, the cancel cutoff); `failed` (`MOVE_FAILED`,
    /// `reason` `createFailed`, `auxError` or `fetchFailed`, catalogue `message`) is the error
    /// page; a failed create call a 5xx. One move per attempt: the same `Idempotency-Key`
    /// replays its answer, a create overlapping an attempt in flight gets its answer, and
    /// once moved every create gets the move. 409 `MOVE_NOT_READY` without a serviceable
    /// destination or a date, `MOVE_REFILL_REQUIRED` while the service expires before the
    /// move date and no refill was made in this move; 400 `MOVE_DATE_IN_PAST` when the date
    /// held has passed; 409 as `getMove`. Needs `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/move",
        method = "post",
        operation_id = "createMove"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn create_move(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        /// One UUID per move attempt (keep it for retries of the same request).
        #[oai(name = "Idempotency-Key")]
        key: Header<Uuid>,
    ) -> CreateMoveResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let lang = locale(req);
        // every create overlapping one in flight for this sign-in and account waits for it and
        // gets its answer, whatever its key: its checks would see the move being made
        // ("already scheduled") before this sign-in holds it
        let id = context::id(&owned);
        let joined = async {
            // the context's version: a create after a failed attempt or a new date runs anew
            let version = state.store.version_of(context::NS, &id).await?;
            let shared = format!("move:{id}:create:{version}");
            let st = state.0.clone();
            let create = move || async move { create(st, ctx, lang, owned, key.0).await };
            shared_answer(state.store.shared(&shared, create).await)
        };
        joined.await.into()
    }

    /// The move this sign-in made for `accountId` (seed 002 §2.8 "Move schedule
    /// confirmation"): confirmation number, move date, today or later, the address moved to
    /// and the previous one, whether it can still be cancelled and until when (the move
    /// day's midnight in US Eastern time, RFC 3339 UTC), the cancel date shown (the day
    /// before). Re-reads the aux accounts: 404 `NO_MOVE` when none was made here or it was
    /// cancelled since (the page goes to the dashboard). Cancel: `cancelScheduledMove`.
    #[oai(
        path = "/secure2/accounts/:accountId/move/confirmation",
        method = "get",
        operation_id = "getMoveConfirmation"
    )]
    async fn get_move_confirmation(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
    ) -> MoveConfirmationResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let id = context::id(&owned);
        let run = async {
            let no_move = || ApiError::new(ErrorCode::NoMove, "no move made in this sign-in");
            let Some(done) = context::load(&state.store, &id).await?.done else {
                return Err(no_move());
            };
            let aux = up::account::aux_account(&state.clients, &ctx, &owned.account_id).await?;
            if aux.error_code.is_some() {
                return Err(refused_account());
            }
            if scheduled_conf(&aux).as_deref() != Some(done.confirmation_number.as_str()) {
                context::update(&state.store, &id, |c| c.forget()).await?;
                refill_context::update(&state.store, &id, |r| r.unmark_move(false)).await?;
                return Err(no_move());
            }
            Ok::<_, ApiError>(refresh(done, state.clock.now()))
        };
        run.await.into()
    }
}

/// `createMove` once its overlapping calls are joined (the handler): the checks, then one
/// aux account per attempt through `once_per_attempt`.
async fn create(
    state: Arc<AppState>,
    ctx: CallCtx,
    lang: Lang,
    owned: OwnedAccount,
    key: Uuid,
) -> CreateAnswer {
    let account = owned.account_id.clone();
    let id = context::id(&owned);
    let now = state.clock.now();
    let prepared = async {
        let r = read(&state, &ctx, lang, &owned).await?;
        if let Some(done) = r.ctx.done.clone() {
            return Ok(Err(MoveResult {
                outcome: MoveOutcome::Moved,
                confirmation: Some(refresh(done, now)),
                error_code: None,
                reason: None,
                message: None,
            }));
        }
        let (Some(dest), Some(date)) = (r.ctx.destination.clone(), r.ctx.move_date) else {
            return Err(ApiError::new(
                ErrorCode::MoveNotReady,
                "no serviceable destination or no move date held",
            ));
        };
        if let Err(e) = rules::check_date(date, rules::today(now))
            && e == DateError::Past
        {
            return Err(with_catalogue(&state, &ctx, lang, date_error(e)).await);
        }
        let refill = refill_context::load(&state.store, &id).await?;
        if schedule_of(&r.dash, &r.ctx, &refill, now).is_some_and(|s| s.refill_required) {
            return Err(ApiError::new(
                ErrorCode::MoveRefillRequired,
                "the service expires before the move date: refill first",
            ));
        }
        let person = &owned.session.record;
        let attempt = r.ctx.attempts;
        let payload = CreateAuxAccountRequest {
            channel: CHANNEL_ONLINE.into(),
            flow: FLOW_MOVE.into(),
            account_id: account.clone(),
            cust_guid: person.cust_guid.clone(),
            update_customer: false,
            customer_info: customer_info(
                &r.dash,
                ReconnectServiceAddress {
                    address_line1: dest.address.address_line1.clone(),
                    address_line2: dest.address.address_line2.clone(),
                    city: dest.address.city.clone(),
                    state: dest.address.state.clone(),
                    zip: dest.address.zip.clone(),
                    house_key: dest.house_key.clone(),
                    location_id: dest.location_id.clone(),
                },
            ),
            payment_info: None,
            prepaid_products: Vec::new(),
            is_cpc: false,
            operator_user_name: person.person.uid.clone(),
            transaction_id: format!("{id}:move:{attempt}"),
            move_date: Some(iso(date)),
        };
        let from = r.dash.service_address.clone().unwrap_or_default();
        Ok::<_, ApiError>(Ok((payload, dest, from, date, attempt)))
    };
    let (payload, dest, from, date, attempt) = match prepared.await {
        Ok(Ok(p)) => p,
        Ok(Err(done)) => return Ok(done),
        Err(e) => return Err(e),
    };
    // one aux account per attempt, whatever the key (`http::attempt`)
    let slot_key = format!("move:{id}:{key}");
    let slot = format!("move:{id}:attempt:{attempt}");
    let st = state.clone();
    let once =
        move || async move { place(st, ctx, lang, id, account, payload, dest, from, date).await };
    once_per_attempt(
        &state.store,
        Effect::MoveScheduled,
        slot_key,
        "",
        slot,
        None, // schedules a move, charges nothing (its refill is a `submitRefill`)
        "this Idempotency-Key was used with a different request",
        once,
    )
    .await
}

/// 409 `MOVE_ALREADY_SCHEDULED` for a change after the move was made.
async fn already_moved(state: &AppState, ctx: &CallCtx, lang: Lang) -> ApiError {
    let e = ApiError::new(
        ErrorCode::MoveAlreadyScheduled,
        "the move is already scheduled",
    );
    with_catalogue(state, ctx, lang, e).await
}
