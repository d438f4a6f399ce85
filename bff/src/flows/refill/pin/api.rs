//! `validateRefillPin`, `redeemRefillPin` (tag refill; seed 002 §2.3, §4.3b, §7.2, §8, §9;
//! the docs of `flows::refill::pin`).

use crate::telemetry::metrics::Effect;
use std::sync::Arc;

use poem::{Request, web::Data};
use poem_openapi::{
    OpenApi,
    param::{Header, Path},
    payload::Json,
};
use upstream::{
    account::LOB_HSD,
    activation::{
        account::{PinRequest, ValidateCodeRequest},
        pin::{REDEEM_VERSION, RedeemCode, RedeemRequest, SUCCESS},
    },
};
use uuid::Uuid;

use super::{
    context::{self, PinContext, ValidatedPin},
    rules::{self, Validation},
    types::*,
};
use crate::{
    domain::dashboard,
    error_messages,
    http::{
        attempt::{once_per_attempt, paying_account},
        auth::OwnedAccount,
        error::{ApiError, ErrorCode, FieldError},
        extract::{Csrf, ScenarioSel, locale, tracking_from_header},
        tags::ApiTags,
    },
    state::AppState,
    upstream::{self as up, CallCtx, SOURCE, content::Lang},
};

/// The PIN refill operations.
pub struct PinRefillApi;

/// A redemption's answer as kept for the attempt and the idempotency key.
type RedeemAnswer = Result<PinRedemption, ApiError>;

/// The error `code` with its catalogue message in `lang` (`developer` when the content
/// cannot be fetched: the page then shows its connection-error text).
async fn pin_error(
    state: &AppState,
    ctx: &CallCtx,
    lang: Lang,
    code: ErrorCode,
    developer: &str,
) -> ApiError {
    let name = serde_json::to_value(code)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    let message = error_messages::message(&state.clients, ctx, lang, &name)
        .await
        .unwrap_or_else(|| developer.to_owned());
    ApiError::new(code, message)
}

#[OpenApi(tag = "ApiTags::Refill")]
impl PinRefillApi {
    /// Validates a refill PIN for `accountId` (seed 002 §2.3, §4.3b, §9): 1 to 16
    /// characters once trimmed (else 400 `PIN_INVALID`, no upstream call); the activation
    /// service's `pinDetails` validation and the dashboard record, together. Answers the PIN
    /// details (masked PIN, `planQty`, the PIN's expiry, the service's expiry once
    /// redeemed) and keeps the PIN and the internet device for `redeemRefillPin` (a new
    /// redemption attempt). Refusals (the kept PIN is dropped): 422 `PIN_REJECTED`, 422
    /// `PIN_NOT_RECOGNISED`, 409 `PIN_ALREADY_REDEEMED` (a redemption date), each with its
    /// catalogue `message` in the request's locale; 409 `ORDER_NOT_READY` when the account
    /// has no internet device. Needs `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/refill/pin/validate",
        method = "post",
        operation_id = "validateRefillPin"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn validate(
        &self,
        owned: OwnedAccount,
        _csrf: Csrf,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        body: Json<PinBody>,
    ) -> ValidateRefillPinResponse {
        let lang = locale(req);
        let ctx = sel.ctx(tracking_from_header(req));
        let pin = match rules::normalise(&body.pin) {
            Ok(p) => p,
            Err(detail) => {
                let mut e = pin_error(
                    &state,
                    &ctx,
                    lang,
                    ErrorCode::PinInvalid,
                    "the refill PIN needs 1 to 16 characters",
                )
                .await;
                e.details = Some(vec![FieldError {
                    field: "pin".into(),
                    code: detail.into(),
                }]);
                return e.into();
            }
        };
        let id = context::id(&owned);
        let account = owned.account_id.clone();
        let run = async {
            let c = &state.clients;
            let request = ValidateCodeRequest {
                pin_details: vec![PinRequest {
                    account_id: account.clone(),
                    lob: LOB_HSD.into(),
                    pin: pin.clone(),
                }],
            };
            let (answer, dash) = futures_util::future::try_join(
                up::activation::validate_activation_code(c, &ctx, &request),
                up::account::dashboard(c, &ctx, &account),
            )
            .await?;
            let outcome = rules::classify(&answer);
            let detail = match (&outcome, outcome.error()) {
                (Validation::Valid(d), _) => (*d).clone(),
                (_, code) => {
                    let code = code.unwrap_or(ErrorCode::PinRejected);
                    tracing::warn!(?code, "refill PIN refused at validation");
                    context::update(&state.store, &id, PinContext::forget).await?;
                    return Err(pin_error(&state, &ctx, lang, code, "refill PIN refused").await);
                }
            };
            if dash.error_code.is_some() {
                tracing::warn!("refill PIN: the dashboard record answered errorCode");
                return Err(ApiError::new(
                    ErrorCode::UpstreamError,
                    "the account record is unavailable",
                ));
            }
            let device = rules::device(&dash).ok_or_else(|| {
                ApiError::new(
                    ErrorCode::OrderNotReady,
                    "the account has no internet device to refill",
                )
            })?;
            let now = state.clock.now();
            let current = dashboard::internet(&dash, now).map(|i| i.expiry);
            let new_expiration_date = rules::new_expiry(current, now, detail.plan_qty)
                .format("%Y-%m-%d")
                .to_string();
            let kept = ValidatedPin {
                pin: pin.clone(),
                plan_qty: detail.plan_qty,
                new_expiration_date: new_expiration_date.clone(),
                device,
            };
            context::update(&state.store, &id, move |c| c.validate(kept.clone())).await?;
            Ok::<_, ApiError>(PinDetails {
                pin: rules::mask(&pin),
                plan_qty: detail.plan_qty,
                expiration_date: detail.expiration_date,
                formatted_expiration_date: detail.formatted_expiration_date,
                new_expiration_date,
            })
        };
        run.await.into()
    }

    /// Redeems the PIN `validateRefillPin` kept for `accountId` (seed 002 §2.3, §4.3b, §7.2):
    /// `refill-activation` with version `1.0`, the PIN and the account's internet device; the
    /// browser names neither. Answers the plans added and the new expiry; a redemption with
    /// `businessErrorCode`, `errorCode` or status `FAILURE` is 422 `PIN_REDEEM_FAILED` with
    /// the catalogue `message`. 409 `PIN_NOT_VALIDATED` without a validated PIN. One
    /// redemption per validated PIN: the same `Idempotency-Key` gets its first answer (422
    /// `IDEMPOTENCY_MISMATCH` when it was used for another validated PIN), and every redeem
    /// of the attempt, whatever its key, shares its one upstream call (double click, second
    /// tab, retry, another instance). Needs `x-xsrf-token`.
    #[oai(
        path = "/secure2/accounts/:accountId/refill/pin/redeem",
        method = "post",
        operation_id = "redeemRefillPin"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn redeem(
        &self,
        owned: OwnedAccount,
        _csrf: Csrf,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        /// One UUID per redemption attempt (keep it for retries of the same attempt).
        #[oai(name = "Idempotency-Key")]
        idempotency_key: Header<Uuid>,
    ) -> RedeemRefillPinResponse {
        let lang = locale(req);
        let ctx = sel.ctx(tracking_from_header(req));
        let id = context::id(&owned);
        let snapshot = match context::load(&state.store, &id).await {
            Ok(c) => c,
            Err(e) => return e.into(),
        };
        let Some(pin) = snapshot.validated else {
            return pin_error(
                &state,
                &ctx,
                lang,
                ErrorCode::PinNotValidated,
                "no refill PIN validated on this account",
            )
            .await
            .into();
        };
        let attempt = snapshot.attempt;
        // one upstream redemption of this validated PIN per attempt, whatever the key (`http::attempt`)
        let key = format!("redeemRefillPin:{id}:{}", idempotency_key.0);
        let slot = format!("redeemRefillPin:{id}:attempt:{attempt}");
        let st = state.0.clone();
        let account = owned.account_id.clone();
        let shown_ctx = ctx.clone();
        let once = move || async move { redeem_once(&st, &ctx, lang, &account, &pin).await };
        match once_per_attempt(
            &state.store,
            Effect::PinRedemption,
            key,
            &attempt.to_string(),
            slot,
            Some(&paying_account(&shown_ctx, &owned.account_id)),
            "this Idempotency-Key was used for another validated PIN",
            once,
        )
        .await
        {
            Ok(r) => RedeemRefillPinResponse::Ok(Json(r)),
            Err(e) => error_messages::localized(&state.clients, &shown_ctx, lang, e)
                .await
                .into(),
        }
    }
}

/// The one upstream redemption of an attempt.
async fn redeem_once(
    state: &AppState,
    ctx: &CallCtx,
    lang: Lang,
    account: &str,
    pin: &ValidatedPin,
) -> RedeemAnswer {
    let body = RedeemRequest {
        version: REDEEM_VERSION.into(),
        tracking_id: ctx.tracking_id.clone(),
        source: SOURCE.into(),
        account_id: account.to_owned(),
        codes: vec![RedeemCode {
            refill_code: pin.pin.clone(),
            lob: LOB_HSD.into(),
            device_id: pin.device.id.clone(),
            device_serial_number: pin.device.serial.clone(),
            device_status: pin.device.status.clone(),
            device_lob: pin.device.lob.clone(),
            transaction_status: SUCCESS.into(),
        }],
    };
    let r = up::activation::redeem_refill(&state.clients, ctx, &body).await?;
    if r.failed() {
        tracing::warn!(
            code = r.code().unwrap_or(""),
            status = r.status.as_deref().unwrap_or(""),
            "refill PIN redemption failed"
        );
        return Err(pin_error(
            state,
            ctx,
            lang,
            ErrorCode::PinRedeemFailed,
            "the refill PIN could not be redeemed",
        )
        .await);
    }
    tracing::info!(plan_qty = pin.plan_qty, "refill PIN redeemed");
    Ok(PinRedemption {
        pin: rules::mask(&pin.pin),
        plan_qty: pin.plan_qty,
        new_expiration_date: pin.new_expiration_date.clone(),
        redemption_date: r.redemption_date,
    })
}
