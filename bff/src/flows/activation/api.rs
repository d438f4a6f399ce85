//! `getActivation`, `validateMac`, `activateAccount` (tag account; seed 001 §4
//! "Activation", §5, §7, §8; the flow's docs in `flows::activation`).

use std::sync::Arc;

use base64::{Engine, engine::general_purpose::STANDARD};
use poem::{Request, web::Data};
use poem_openapi::{
    OpenApi,
    param::{Path, Query},
    payload::Json,
};
use upstream::{
    account::{ACCOUNT_TYPE_VAN, LOB_HSD, RestartStatus},
    activation::account::{
        AccountActivationRequest, ActivationCustomer, ActivationDevice, ActivationProduct,
        CHANNEL_ONLINE, MAC_SUCCESS,
    },
};

use super::{
    context::{self, Modem},
    types::*,
};
use crate::{
    domain::activation as rules,
    http::{
        auth::OwnedAccount,
        error::{ApiError, ErrorCode, FieldError},
        extract::{Csrf, ScenarioSel, tracking_from_header},
        tags::ApiTags,
    },
    state::AppState,
    store::Idempotent,
    upstream::{self as up, CallCtx, UpstreamError},
};

/// The plan an activation buys: 30-day internet (seed 001 §9 default plan `HSD_030`).
const ACTIVATION_PLAN: &str = "HSD_030";

/// The activation operations.
pub struct ActivationApi;

fn not_ready(message: &str) -> ApiError {
    ApiError::new(ErrorCode::OrderNotReady, message)
}

/// Whether `guid` (base64, as the activation link carries it) is `cust_guid`.
fn same_guid(guid: &str, cust_guid: &str) -> bool {
    STANDARD
        .decode(guid.trim())
        .ok()
        .is_some_and(|raw| raw == cust_guid.as_bytes())
}

#[OpenApi(tag = "ApiTags::Account")]
impl ActivationApi {
    /// The activation page of `accountId`, an account the signed-in identity owns (seed 001
    /// §4 "Activation", §5, §8). `guid`, when the link carries it, is the base64 customer
    /// guid and must be the signed-in identity's (else 403 `SESSION_REJECTED`, like another
    /// identity's account; a non-owner is 403 `PERMISSION_DENIED`). Reads the dashboard
    /// record (VAN: `customerInfo.accountType`), the account (`get-account`), then loads it
    /// (`load-prepaid-account`) and reads its device status (`validate-prepaid-device`);
    /// any of them failing or answering `errorCode` is `next: error`. Each answer with
    /// `next: steps` starts a new activation attempt.
    #[oai(
        path = "/secure2/accounts/:accountId/activation",
        method = "get",
        operation_id = "getActivation"
    )]
    async fn get_activation(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        /// The customer guid in base64, as the activation link carries it (optional: the
        /// BFF holds the signed-in identity's).
        #[oai(validator(max_length = 200))]
        guid: Query<Option<String>>,
    ) -> GetActivationResponse {
        let record = &owned.session.record;
        if let Some(g) = guid.0.as_deref().filter(|g| !g.trim().is_empty())
            && !same_guid(g, &record.cust_guid)
        {
            return ApiError::new(
                ErrorCode::SessionRejected,
                "the activation link names another customer",
            )
            .into();
        }
        let ctx = sel.ctx(tracking_from_header(req));
        let account = owned.account_id.clone();
        let mut answer = Activation {
            next: ActivationNext::Error,
            account_id: account.clone(),
            van: false,
            device_located: false,
            device_mac: None,
            bhr: record.bhr,
            ping_url: state.config.activation_ping(state.clients.urls()),
        };
        let Some((van, modem, located)) = entry(&state, &ctx, &account).await else {
            return GetActivationResponse::Ok(Json(answer));
        };
        let id = context::id(&owned.session.context_id, &account);
        let kept = modem.clone();
        let run = context::update(&state.store, &id, move |c| {
            c.attempt += 1;
            c.van = van;
            c.modem = kept.clone();
        })
        .await;
        if let Err(e) = run {
            return e.into();
        }
        answer.next = ActivationNext::Steps;
        answer.van = van;
        answer.device_located = located;
        answer.device_mac = modem.filter(|_| located).map(|m| m.mac);
        GetActivationResponse::Ok(Json(answer))
    }

    /// Looks up the modem's MAC address typed by the customer (seed 001 §5): the BFF formats
    /// it (`domain::activation::format_mac`) and needs 12 hex digits (else 400, field
    /// `mac`). `success` completes the device step (the modem is kept for the activation);
    /// `failure` is the not-recognised alert. 409 `ORDER_NOT_READY` without a
    /// `getActivation` of this account first.
    #[oai(
        path = "/secure2/accounts/:accountId/activation/mac",
        method = "post",
        operation_id = "validateMac"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn validate_mac(
        &self,
        owned: OwnedAccount,
        _csrf: Csrf,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        body: Json<MacBody>,
    ) -> ValidateMacResponse {
        let mac = rules::format_mac(&body.mac);
        if !rules::mac_complete(&mac) {
            return ApiError::validation(
                "the MAC address needs 12 hex digits",
                vec![FieldError {
                    field: "mac".into(),
                    code: "invalid".into(),
                }],
            )
            .into();
        }
        let id = context::id(&owned.session.context_id, &owned.account_id);
        let run = async {
            if context::load(&state.store, &id).await?.is_none() {
                return Err(not_ready("no activation page for this account"));
            }
            let ctx = sel.ctx(tracking_from_header(req));
            let found = up::activation::validate_mac(&state.clients, &ctx, &mac).await?;
            let modem = match found.device_serial {
                Some(serial) if found.status == MAC_SUCCESS && !serial.is_empty() => Modem {
                    mac: mac.clone(),
                    serial,
                },
                _ => {
                    return Ok(MacResult {
                        status: MacStatus::Failure,
                        mac: mac.clone(),
                    });
                }
            };
            context::update(&state.store, &id, move |c| c.modem = Some(modem.clone())).await?;
            Ok(MacResult {
                status: MacStatus::Success,
                mac: mac.clone(),
            })
        };
        run.await.into()
    }

    /// Activates the account (seed 001 §4 "Activation", §7 "Activate"), enabled only when
    /// the device step is complete and, for a VAN account, both names are non-blank (else
    /// 409 `ORDER_NOT_READY`). Sends the device kept by `getActivation` or `validateMac`,
    /// the plan `HSD_030`, and for a VAN account `updateCustomerInfo` with the names and
    /// `language`. `outcome` is `success` iff the answer has neither `errorCode` nor
    /// `errorMessage`; `httpStatus` is the call's. After success the modem is restarted
    /// (`restartDevice`); its failure is tracked in `restart`, the activation stands. One
    /// activation per attempt: every submit of the same attempt (double click, retry) gets
    /// the first one's answer.
    #[oai(
        path = "/secure2/accounts/:accountId/activation",
        method = "post",
        operation_id = "activateAccount"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn activate_account(
        &self,
        owned: OwnedAccount,
        _csrf: Csrf,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        body: Json<ActivateBody>,
    ) -> ActivateAccountResponse {
        let id = context::id(&owned.session.context_id, &owned.account_id);
        let actx = match context::load(&state.store, &id).await {
            Ok(Some(c)) => c,
            Ok(None) => return not_ready("no activation page for this account").into(),
            Err(e) => return e.into(),
        };
        let b = body.0;
        let enabled =
            rules::activate_enabled(actx.modem.is_some(), actx.van, &b.first_name, &b.last_name);
        let Some(modem) = actx.modem.clone().filter(|_| enabled) else {
            return not_ready("activate is not enabled: device step or account name missing")
                .into();
        };
        let request = AccountActivationRequest {
            account_id: owned.account_id.clone(),
            channel: CHANNEL_ONLINE.into(),
            devices: vec![ActivationDevice {
                device_serial: modem.serial.clone(),
                prepaid_products: vec![ActivationProduct {
                    lob: LOB_HSD.into(),
                    product_code: ACTIVATION_PLAN.into(),
                }],
            }],
            update_customer_info: actx.van.then_some(true),
            customer_info: actx.van.then(|| ActivationCustomer {
                first_name: b.first_name.trim().to_owned(),
                last_name: b.last_name.trim().to_owned(),
                lang_pref: match b.language {
                    LangPref::English => "ENGLISH".into(),
                    LangPref::Spanish => "SPANISH".into(),
                },
            }),
        };
        let st = state.0.clone();
        let ctx = sel.ctx(tracking_from_header(req));
        let slot = format!("activateAccount:{id}:attempt:{}", actx.attempt);
        let run = move || async move { activate_once(&st, &ctx, &request, &modem.mac).await };
        match state
            .store
            .idempotent::<ActivationResult, _>(&slot, "", run)
            .await
        {
            Ok(Idempotent::Answer(r)) => ActivateAccountResponse::Ok(Json(r)),
            Ok(Idempotent::Mismatch) => {
                ApiError::new(ErrorCode::Internal, "activation slot fingerprint mismatch").into()
            }
            Err(e) => ApiError::from(e).into(),
        }
    }
}

/// The entry's upstream calls: `(van, modem, located)`, or `None` when one failed or
/// answered `errorCode` (logged by call name only).
async fn entry(
    state: &AppState,
    ctx: &CallCtx,
    account: &str,
) -> Option<(bool, Option<Modem>, bool)> {
    let c = &state.clients;
    let device = async {
        let loaded = up::activation::load_prepaid_account(c, ctx, account).await?;
        if loaded.error_code.is_some() {
            return Ok(None);
        }
        up::activation::validate_device(c, ctx, account)
            .await
            .map(Some)
    };
    let joined = futures_util::future::try_join3(
        up::account::dashboard(c, ctx, account),
        up::activation::get_account(c, ctx, account),
        device,
    )
    .await;
    let (dash, acct, device) = match joined {
        Ok(all) => all,
        Err(e) => {
            tracing::warn!(error = %e.public_message(), "activation entry: a required call failed");
            return None;
        }
    };
    let failed = [
        ("dashboard", dash.error_code.is_some()),
        ("getAccount", acct.error_code.is_some()),
        (
            "validateDevice",
            device.as_ref().is_none_or(|d| d.error_code.is_some()),
        ),
    ];
    if let Some((call, _)) = failed.iter().find(|(_, f)| *f) {
        tracing::warn!(call, "activation entry: a required call answered errorCode");
        return None;
    }
    let device = device?;
    let van = dash
        .customer_info
        .as_ref()
        .is_some_and(|i| i.account_type == ACCOUNT_TYPE_VAN);
    let first = device.devices.first();
    let located = rules::device_located(
        device.sro_yn.as_deref(),
        first.map(|d| d.device_status.as_str()),
    );
    let modem = first.filter(|_| located).and_then(|d| {
        Some(Modem {
            mac: d.mac_id.clone()?,
            serial: d.device_serial.clone()?,
        })
    });
    // a located device without a MAC or serial cannot be activated: the customer types it
    let located = located && modem.is_some();
    Some((van, modem, located))
}

/// The one activation of an attempt, then the modem's restart after success.
async fn activate_once(
    state: &AppState,
    ctx: &CallCtx,
    request: &AccountActivationRequest,
    mac: &str,
) -> ActivationResult {
    let c = &state.clients;
    let (success, http_status) = match up::activation::activate_account(c, ctx, request).await {
        Ok((status, r)) => (
            rules::succeeded(r.error_code.as_deref(), r.error_message.as_deref()),
            Some(status),
        ),
        Err(UpstreamError::Status { status, .. }) => (false, Some(status)),
        Err(_) => (false, None),
    };
    if !success {
        tracing::warn!(http_status, "activation failed");
        return ActivationResult {
            outcome: ActivationOutcome::Failure,
            http_status,
            restart: RestartResult::NotAttempted,
        };
    }
    let restart = match up::account::restart_device(c, ctx, &request.account_id, mac).await {
        Ok(r) if r.status == RestartStatus::Restarted => RestartResult::Restarted,
        Ok(r) => {
            tracing::warn!(
                code = r.error_code.as_deref().unwrap_or(""),
                "device restart failed"
            );
            RestartResult::Failed
        }
        Err(e) => {
            tracing::warn!(error = %e.public_message(), "device restart failed");
            RestartResult::Failed
        }
    };
    ActivationResult {
        outcome: ActivationOutcome::Success,
        http_status,
        restart,
    }
}

#[cfg(test)]
mod tests {
    use super::same_guid;

    #[test]
    fn the_guid_is_compared_decoded() {
        assert!(same_guid("Q0ctMjAwMDAwMDAwMDAy", "CG-200000000002"));
        assert!(!same_guid("Q0ctMjAwMDAwMDAwMDAy", "CG-200000000003"));
        assert!(!same_guid("not base64!", "CG-200000000002"));
    }
}
