//! The dashboard's two actions (tag account): `cancelScheduledMove` (seed 001 §4 "Scheduled
//! move"; seed 002 "update scheduled move": action C with the confirmation id) and
//! `restartDevice` (seed 001 §2 "Reset-router modal", §7 "Restart device"). Both read what
//! they act on from the account service themselves (the move's confirmation id from the aux
//! accounts, the modem's MAC from the dashboard record): the browser names only the account.

use crate::{
    http::attempt::outcome_of,
    telemetry::metrics::{self, Effect},
};
use std::sync::Arc;

use poem::{Request, web::Data};
use poem_openapi::{
    OpenApi,
    param::{Header, Path},
    payload::Json,
};
use upstream::account::{LOB_HSD, RestartStatus};
use uuid::Uuid;

use super::types::{
    CancelMoveAnswer, CancelMoveOutcome, CancelScheduledMoveResponse, RestartDeviceAnswer,
    RestartDeviceResponse, RestartOutcome,
};
use crate::{
    domain::dashboard as rules,
    error_messages,
    http::{
        auth::OwnedAccount,
        error::{ApiError, ErrorCode, keyed_answer},
        extract::{Csrf, ScenarioSel, locale, tracking_from_header},
        tags::ApiTags,
    },
    state::AppState,
    upstream as up,
};

/// The dashboard's actions.
pub struct DashboardActionsApi;

#[OpenApi(tag = "ApiTags::Account")]
impl DashboardActionsApi {
    /// Cancels the scheduled move of `accountId` (seed 001 §4 "Scheduled move"): reads the
    /// aux accounts, takes the move's confirmation id (`auxAcctConfNo`) and sends the update
    /// with action `C` (seed 002). 200 `{result: cancelled}`; the upstream's `errorCode`
    /// is 200 `{result: failed, errorCode, message}` with the error catalogue's message in
    /// the request's language (the web shows the error page). 409 `NO_SCHEDULED_MOVE`
    /// without a move (or one without a confirmation id); 409 `MOVE_CANCEL_CUTOFF_PASSED`
    /// at or after the cutoff (the move day's start in US Eastern time, BFF clock). One
    /// update per `Idempotency-Key` (one per confirmation the user gives): a double click
    /// gets the first answer. Needs `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/scheduled-move/cancel",
        method = "post",
        operation_id = "cancelScheduledMove"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn cancel_scheduled_move(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        /// One UUID per confirmation (keep it for retries of the same attempt).
        #[oai(name = "Idempotency-Key")]
        idempotency_key: Header<Uuid>,
    ) -> CancelScheduledMoveResponse {
        let st = state.0.clone();
        let ctx = sel.ctx(tracking_from_header(req));
        let lang = locale(req);
        let account = owned.account_id.clone();
        let key = format!(
            "cancelScheduledMove:{}:{account}:{}",
            owned.session.context_id, idempotency_key.0
        );
        let run = move || async move {
            let result = cancel(&st, &ctx, lang, &account).await;
            metrics::business_attempt(Effect::MoveCancelled, outcome_of(&result));
            result
        };
        match keyed_answer(
            state
                .store
                .idempotent::<Result<CancelMoveAnswer, ApiError>, _>(&key, "", run)
                .await,
            "this Idempotency-Key was used with a different request",
        ) {
            Ok(r) => CancelScheduledMoveResponse::Ok(Json(r)),
            Err(e) => e.into(),
        }
    }

    /// Restarts the internet modem of `accountId` (seed 001 §2 "Reset-router modal", §7
    /// "Restart device"): reads the dashboard record, takes the HSD device's MAC and sends
    /// the restart (`resetOnly`, lob HSD). `{result: restarted}` when the device answers
    /// `RESTARTED`; `{result: failed}` when it answers `FAILED` or an `errorCode`, or the
    /// account has no modem MAC (nothing sent). A failed call is a 5xx. Needs
    /// `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/device/restart",
        method = "post",
        operation_id = "restartDevice"
    )]
    async fn restart_device(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
    ) -> RestartDeviceResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let account = owned.account_id.as_str();
        let run = async {
            let c = &state.clients;
            let dash = up::account::dashboard(c, &ctx, account).await?;
            let mac = dash
                .subscription_details
                .iter()
                .filter(|d| d.device_lob == LOB_HSD)
                .find_map(|d| d.mac_id.clone().filter(|m| !m.trim().is_empty()));
            let Some(mac) = mac.filter(|_| dash.error_code.is_none()) else {
                tracing::warn!(error_code = ?dash.error_code, "restart: no modem MAC on the account");
                return Ok(RestartOutcome::Failed);
            };
            let r = up::account::restart_device(c, &ctx, account, &mac).await?;
            Ok::<_, ApiError>(match (r.status, r.error_code) {
                (RestartStatus::Restarted, None) => RestartOutcome::Restarted,
                (_, code) => {
                    tracing::info!(error_code = ?code, "device restart failed");
                    RestartOutcome::Failed
                }
            })
        };
        run.await
            .map(|result| RestartDeviceAnswer { result })
            .into()
    }
}

/// The one cancel of an attempt: the aux accounts, the rules, the update.
async fn cancel(
    state: &AppState,
    ctx: &up::CallCtx,
    lang: up::content::Lang,
    account: &str,
) -> Result<CancelMoveAnswer, ApiError> {
    let c = &state.clients;
    let aux = up::account::aux_account(c, ctx, account).await?;
    let Some((mv, conf)) = rules::scheduled_move(&aux).and_then(|m| {
        m.conf_no
            .clone()
            .filter(|n| !n.trim().is_empty())
            .map(|n| (m, n))
    }) else {
        return Err(ApiError::new(
            ErrorCode::NoScheduledMove,
            "the account has no scheduled move to cancel",
        ));
    };
    if mv.started(state.clock.now()) {
        return Err(ApiError::new(
            ErrorCode::MoveCancelCutoffPassed,
            "the scheduled move can no longer be cancelled",
        ));
    }
    let r = up::account::cancel_scheduled_move(c, ctx, account, &conf).await?;
    let Some(code) = r.error_code else {
        return Ok(CancelMoveAnswer {
            result: CancelMoveOutcome::Cancelled,
            error_code: None,
            message: None,
        });
    };
    tracing::info!(error_code = %code, "scheduled move cancel refused");
    let message = error_messages::message(c, ctx, lang, &code).await;
    Ok(CancelMoveAnswer {
        result: CancelMoveOutcome::Failed,
        error_code: Some(code),
        message,
    })
}
