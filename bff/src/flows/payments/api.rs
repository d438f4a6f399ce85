//! The payments operations (tag `accountpayments`): saved card, auto-refill, payment history
//! of one owned account (seed 001 §2, §4 "Auto-refill", "Payment instrument", §7, §8; seed
//! 002 §2.7, §2.9, §4.2, §4.3).

use std::sync::Arc;

use poem::{Request, web::Data};
use poem_openapi::{
    OpenApi,
    param::{Header, Path, Query},
    payload::Json,
};
use upstream::payments::{RemoveCustInfo, RemoveInstrumentRequest};
use uuid::Uuid;

use super::{build, context, types::*};
use crate::{
    domain::payment_failures::AfterFailure,
    error_messages,
    flows::card_entry,
    http::{
        attempt::shared_answer,
        auth::{OwnedAccount, now_ms},
        error::{ApiError, ErrorCode, FieldError, keyed_answer},
        extract::{Csrf, ScenarioSel, locale, tracking_from_header},
        tags::ApiTags,
    },
    state::AppState,
    upstream::{self as up, CallCtx, content::Lang},
};

/// The payments operations.
pub struct AccountPaymentsApi;

/// Which change of the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CardChange {
    Add,
    Update,
    Remove,
}

impl CardChange {
    fn name(self) -> &'static str {
        match self {
            Self::Add => "add",
            Self::Update => "update",
            Self::Remove => "remove",
        }
    }
}

/// 409 `PAYMENT_FORM_LOCKED` while the counter's wait runs.
async fn ensure_unlocked(state: &AppState, id: &str) -> Result<(), ApiError> {
    let lock = context::lock(&state.store, id, now_ms(state)).await?;
    if lock.retry_in_ms > 0 {
        return Err(ApiError::new(
            ErrorCode::PaymentFormLocked,
            format!(
                "the payment form is disabled for {} ms after a failure",
                lock.retry_in_ms
            ),
        ));
    }
    Ok(())
}

/// The answer of a refusal: the catalogue message, the counter moved on.
async fn refused(
    state: &AppState,
    ctx: &CallCtx,
    lang: Lang,
    id: &str,
    code: String,
    auto_refill_enabled: bool,
    card: Option<SavedCard>,
) -> Result<ChangeResult, ApiError> {
    tracing::warn!(%code, "payments change refused");
    let message = error_messages::message(&state.clients, ctx, lang, &code).await;
    let (after, lock) = context::fail(&state.store, id, now_ms(state)).await?;
    Ok(ChangeResult {
        outcome: match after {
            AfterFailure::Wait { .. } => ChangeOutcome::Rejected,
            AfterFailure::Dashboard => ChangeOutcome::Dashboard,
        },
        business_error_code: Some(code),
        message,
        lock,
        card,
        auto_refill_enabled,
    })
}

/// One card change against the payment service (run once per idempotency key).
async fn change_card(
    state: Arc<AppState>,
    ctx: CallCtx,
    lang: Lang,
    id: String,
    account: String,
    kind: CardChange,
    body: Option<CardBody>,
) -> Result<ChangeResult, ApiError> {
    // inside the once-per-key run: a retry of this attempt gets its answer, lock or not
    ensure_unlocked(&state, &id).await?;
    let c = &state.clients;
    let info = up::payments::payment_info(c, &ctx, &account, "").await?;
    let current = build::saved_card(&info);
    let enrolled = info.enroll_auto_payment;
    let r = match (kind, &body) {
        (CardChange::Remove, _) => {
            let Some(token) = info
                .payment_inst_token
                .clone()
                .filter(|_| current.is_some())
            else {
                return Err(ApiError::new(
                    ErrorCode::NoSavedCard,
                    "the account has no saved card",
                ));
            };
            let payload = RemoveInstrumentRequest {
                cust_info: RemoveCustInfo {
                    account_id: account.clone(),
                },
                payment_inst_token: token,
            };
            up::payments::remove_instrument(c, &ctx, &payload).await?
        }
        (CardChange::Add, Some(b)) => {
            let payload = build::instrument(&account, b, enrolled);
            up::payments::add_instrument(c, &ctx, &payload).await?
        }
        (CardChange::Update, Some(b)) => {
            let payload = build::instrument(&account, b, enrolled);
            up::payments::modify_instrument(c, &ctx, &payload).await?
        }
        (_, None) => {
            return Err(ApiError::new(
                ErrorCode::Internal,
                "card change without a card",
            ));
        }
    };
    if let Some(code) = build::instrument_refusal(&r) {
        return refused(&state, &ctx, lang, &id, code, enrolled, current).await;
    }
    tracing::info!(change = kind.name(), "payment instrument changed");
    let lock = context::succeed(&state.store, &id).await?;
    Ok(match kind {
        // seed 001 §4: a remove resets billing (and with no card, no auto-refill)
        CardChange::Remove => ChangeResult {
            outcome: ChangeOutcome::Done,
            business_error_code: None,
            message: None,
            lock,
            card: None,
            auto_refill_enabled: false,
        },
        _ => ChangeResult {
            outcome: ChangeOutcome::Done,
            business_error_code: None,
            message: None,
            lock,
            card: body.as_ref().map(build::card_of),
            auto_refill_enabled: enrolled,
        },
    })
}

/// Runs `kind` once per `Idempotency-Key` (a double click or a retry of the same attempt
/// gets the first answer; the same key with another change is 422).
#[allow(clippy::too_many_arguments)]
async fn card_change(
    state: &Arc<AppState>,
    req: &Request,
    sel: ScenarioSel,
    owned: &OwnedAccount,
    key: Uuid,
    kind: CardChange,
    body: Option<CardBody>,
) -> CardChangeResponse {
    let id = context::id(owned);
    let fingerprint = format!(
        "{}:{}",
        kind.name(),
        serde_json::to_string(&body).unwrap_or_default()
    );
    let slot = format!("paymentCard:{id}:{key}");
    let ctx = sel.ctx(tracking_from_header(req));
    let run = {
        let (state, lang, account) = (state.clone(), locale(req), owned.account_id.clone());
        move || change_card(state, ctx, lang, id, account, kind, body)
    };
    match keyed_answer(
        state
            .store
            .idempotent::<Result<ChangeResult, ApiError>, _>(&slot, &fingerprint, run)
            .await,
        "this Idempotency-Key was used with a different change",
    ) {
        Ok(r) => CardChangeResponse::Ok(Json(r)),
        Err(e) => e.into(),
    }
}

#[OpenApi(tag = "ApiTags::AccountPayments")]
impl AccountPaymentsApi {
    /// The saved card, auto-refill and the failure counter of `accountId`, with the
    /// card-entry configuration (prefilled with the card holder on file): reads the dashboard
    /// record and aux accounts (days remaining, deactivated, phone) and the payment info.
    /// No card stored (`BUS_PMT_006`) is no `card`, never an error.
    #[oai(
        path = "/secure2/accounts/:accountId/payment-info",
        method = "get",
        operation_id = "getPaymentInfo"
    )]
    async fn get_payment_info(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
    ) -> PaymentInfoResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let account = owned.account_id.as_str();
        let id = context::id(&owned);
        let run = async {
            let c = &state.clients;
            let facts = build::facts(c, &ctx, account, state.clock.now()).await?;
            let info = up::payments::payment_info(c, &ctx, account, &facts.tn).await?;
            let lock = context::lock(&state.store, &id, now_ms(&state)).await?;
            // the card holder on file, else the account's customer and service address
            let prefill = match info.cust_info.clone().filter(|h| !h.first_name.is_empty()) {
                Some(h) => card_entry::Prefill {
                    first_name: h.first_name,
                    last_name: h.last_name,
                    address: upstream::address::Address {
                        address_line1: h.address_line1,
                        address_line2: h.address_line2,
                        city: h.city,
                        state: h.state,
                        zip: h.zip,
                    },
                },
                None => facts.customer.clone(),
            };
            Ok::<_, ApiError>(PaymentInfo {
                card: build::saved_card(&info),
                auto_refill_enabled: info.enroll_auto_payment,
                auto_enrol_offered: build::offered(&facts, &info),
                lock,
                card_entry: card_entry::build(
                    &state,
                    req,
                    id.clone(),
                    ctx.tracking_id.clone(),
                    prefill,
                ),
            })
        };
        run.await.into()
    }

    /// Saves the component's tokenised card as the account's payment instrument (seed 001 §7
    /// add payload, built by the BFF: `custInfo` with the account, the billing of the
    /// component, `processingNetwork: CREDIT`, `isCPC`, the stored card type, enrolment kept).
    /// A refusal is 200 `rejected` (or `dashboard` at the third) with the code and the
    /// catalogue message in the `Accept-Language` locale. 409 while the form is disabled.
    #[oai(
        path = "/secure2/accounts/:accountId/payment-instrument",
        method = "post",
        operation_id = "addAccountPaymentInstrument"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn add_instrument(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        /// One UUID per attempt (keep it for retries of the same attempt).
        #[oai(name = "Idempotency-Key")]
        key: Header<Uuid>,
        body: Json<CardBody>,
    ) -> CardChangeResponse {
        card_change(
            &state,
            req,
            sel,
            &owned,
            key.0,
            CardChange::Add,
            Some(body.0),
        )
        .await
    }

    /// Replaces the saved card with the component's new one (`modify-prepaidpayment-instrument`,
    /// the add payload). Answers as `addAccountPaymentInstrument`.
    #[oai(
        path = "/secure2/accounts/:accountId/payment-instrument/update",
        method = "post",
        operation_id = "updatePaymentInstrument"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn update_instrument(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        /// One UUID per attempt.
        #[oai(name = "Idempotency-Key")]
        key: Header<Uuid>,
        body: Json<CardBody>,
    ) -> CardChangeResponse {
        card_change(
            &state,
            req,
            sel,
            &owned,
            key.0,
            CardChange::Update,
            Some(body.0),
        )
        .await
    }

    /// Removes the saved card (`custInfo {accountId}` and the stored token, which the BFF
    /// reads: the browser never holds it); auto-refill goes off with it. 409 `NO_SAVED_CARD`
    /// when there is none. Answers as `addAccountPaymentInstrument`.
    #[allow(clippy::too_many_arguments)]
    #[oai(
        path = "/secure2/accounts/:accountId/payment-instrument/remove",
        method = "post",
        operation_id = "removePaymentInstrument"
    )]
    async fn remove_instrument(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        /// One UUID per attempt.
        #[oai(name = "Idempotency-Key")]
        key: Header<Uuid>,
    ) -> CardChangeResponse {
        card_change(&state, req, sel, &owned, key.0, CardChange::Remove, None).await
    }

    /// Enrols the account in auto-refill (seed 001 §4 "Auto-refill"): the terms must be
    /// accepted (400 `terms`/`termsRequired`); 409 `AUTO_REFILL_NOT_OFFERED` when already
    /// enrolled, deactivated or without internet days. A refusal (`BUS_PMT_006`: no card)
    /// leaves auto-refill off: 200 `rejected` with the catalogue message, counted like a card
    /// failure (seed 002 §4.3).
    #[oai(
        path = "/secure2/accounts/:accountId/auto-refill/enrol",
        method = "post",
        operation_id = "enrolAutoRefill"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn enrol(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        body: Json<EnrolBody>,
    ) -> AutoRefillResponse {
        if !body.terms_accepted {
            return ApiError::validation(
                "the terms must be accepted",
                vec![FieldError {
                    field: "terms".into(),
                    code: "termsRequired".into(),
                }],
            )
            .into();
        }
        let ctx = sel.ctx(tracking_from_header(req));
        let lang = locale(req);
        // an enrolment overlapping one in flight for this sign-in and account (double click,
        // second tab, other instance) waits for it and gets its answer: run again, it would
        // find auto-refill already on and answer `AUTO_REFILL_NOT_OFFERED`
        let id = context::id(&owned);
        let joined = async {
            // the form's version: an enrolment after a refusal counted runs anew
            let version = state.store.version_of(context::NS, &id).await?;
            let shared = format!("enrolAutoRefill:{id}:{version}");
            let st = state.0.clone();
            let enrol = move || async move { enrol(st, ctx, lang, owned).await };
            shared_answer(state.store.shared(&shared, enrol).await)
        };
        joined.await.into()
    }

    /// Cancels auto-refill (no terms needed). A refusal is 200 `rejected` with the catalogue
    /// message (auto-refill stays on).
    #[oai(
        path = "/secure2/accounts/:accountId/auto-refill/cancel",
        method = "post",
        operation_id = "cancelAutoRefill"
    )]
    async fn cancel(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
    ) -> AutoRefillResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let account = owned.account_id.as_str();
        let id = context::id(&owned);
        let run = async {
            ensure_unlocked(&state, &id).await?;
            let c = &state.clients;
            let dash = up::account::dashboard(c, &ctx, account).await?;
            let tn = build::tn(&dash);
            let info = up::payments::payment_info(c, &ctx, account, &tn).await?;
            let card = build::saved_card(&info);
            let r = up::payments::cancel_autopay(c, &ctx, account, &tn).await?;
            if let Some(code) = build::autopay_refusal(&r) {
                let on = info.enroll_auto_payment;
                return refused(&state, &ctx, locale(req), &id, code, on, card).await;
            }
            let lock = context::succeed(&state.store, &id).await?;
            Ok::<_, ApiError>(ChangeResult {
                outcome: ChangeOutcome::Done,
                business_error_code: None,
                message: None,
                lock,
                card,
                auto_refill_enabled: false,
            })
        };
        run.await.into()
    }

    /// Page `page` (default 1; past the end: the last) of the payment history: every
    /// transaction line grouped by UTC date, newest first, with each date's total, 12 lines
    /// a page (`domain::payment_history`). A lookup answering `errorCode` is 502
    /// `UPSTREAM_ERROR` (the page goes to `/{locale}/error`).
    #[oai(
        path = "/secure2/accounts/:accountId/payment-history",
        method = "get",
        operation_id = "getPaymentHistory"
    )]
    async fn get_history(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        /// Page, 1-based.
        #[oai(validator(minimum(value = "1"), maximum(value = "10000")))]
        page: Query<Option<u32>>,
    ) -> PaymentHistoryResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let account = owned.account_id.as_str();
        let run = async {
            let c = &state.clients;
            let dash = up::account::dashboard(c, &ctx, account).await?;
            let r = up::payments::transactions(c, &ctx, account, &build::tn(&dash)).await?;
            if let Some(code) = r.error_code.as_deref() {
                tracing::warn!(code, "prepaid transactions refused");
                return Err(ApiError::new(
                    ErrorCode::UpstreamError,
                    "the payment service could not list the transactions",
                ));
            }
            let (lines, skipped) = crate::domain::payment_history::lines(&r);
            if skipped > 0 {
                tracing::warn!(skipped, "transaction lines left out (date or amount)");
            }
            Ok::<_, ApiError>(build::history_page(&lines, page.0.unwrap_or(1)))
        };
        run.await.into()
    }
}

/// `enrolAutoRefill` once its overlapping calls are joined (the handler).
async fn enrol(
    state: Arc<AppState>,
    ctx: CallCtx,
    lang: Lang,
    owned: OwnedAccount,
) -> Result<ChangeResult, ApiError> {
    let account = owned.account_id.as_str();
    let id = context::id(&owned);
    ensure_unlocked(&state, &id).await?;
    let c = &state.clients;
    let facts = build::facts(c, &ctx, account, state.clock.now()).await?;
    let info = up::payments::payment_info(c, &ctx, account, &facts.tn).await?;
    if !build::offered(&facts, &info) {
        return Err(ApiError::new(
            ErrorCode::AutoRefillNotOffered,
            "auto-refill enrolment is not offered for this account",
        ));
    }
    let card = build::saved_card(&info);
    let r = up::payments::enroll_autopay(c, &ctx, account, &facts.tn).await?;
    if let Some(code) = build::autopay_refusal(&r) {
        return refused(&state, &ctx, lang, &id, code, false, card).await;
    }
    let lock = context::succeed(&state.store, &id).await?;
    Ok(ChangeResult {
        outcome: ChangeOutcome::Done,
        business_error_code: None,
        message: None,
        lock,
        card,
        auto_refill_enabled: true,
    })
}
