//! The account-information operations (tag account), all under
//! `/secure2/accounts/{accountId}/...` behind [`OwnedAccount`] (listed first, so a stranger
//! is refused before a body is read).

use std::sync::Arc;

use poem::{Request, web::Data};
use poem_openapi::{OpenApi, param::Path, payload::Json};
use upstream::account::{
    CustomerUpdateResponse, LanguagePreference, SyncUpRequest, UPDATE_SOURCE,
    UpdateCustomerRequest, YesNo,
};

use super::{rules, types::*};
use crate::{
    http::{
        auth::{
            self, OwnedAccount,
            record::{LinkedAccount, Person},
        },
        error::{ApiError, ErrorCode},
        extract::{Csrf, ScenarioSel, tracking_from_header},
        tags::ApiTags,
    },
    state::AppState,
    upstream::{self as up, CallCtx},
};

/// The account-information operations.
pub struct AccountInformationApi;

/// The seed's sync-up modal defaults (seed 001 §5: SMS opt-in off, language ENGLISH).
const SYNC_UP_DEFAULTS: CommunicationPreferences = CommunicationPreferences {
    language: Language::English,
    sms_opt_in: false,
};

/// The card's view of the signed-in person.
fn holder(p: &Person) -> AccountHolder {
    let point = |value: &str, verified: bool| {
        (!value.trim().is_empty()).then(|| ContactPoint {
            value: value.to_owned(),
            verified,
        })
    };
    AccountHolder {
        first_name: p.first_name.clone(),
        last_name: p.last_name.clone(),
        chosen_first_name: p.chosen_first_name.clone(),
        pronoun: p.pronoun.clone(),
        sign_in_id: rules::sign_in_id(p).map(|(kind, value)| SignInId {
            kind: kind.into(),
            value: value.to_owned(),
        }),
        mobile: point(&p.mobile, p.mobile_verified),
        email: point(&p.email, p.email_verified),
    }
}

/// The saved preferences of `account` (the dashboard record's `customerInfo`); a record
/// with `errorCode` or without `customerInfo` is `UPSTREAM_ERROR`.
async fn saved(
    state: &AppState,
    ctx: &CallCtx,
    account: &str,
) -> Result<CommunicationPreferences, ApiError> {
    let dash = up::account::dashboard(&state.clients, ctx, account).await?;
    let info = match (&dash.error_code, dash.customer_info) {
        (None, Some(info)) => info,
        _ => {
            tracing::warn!(call = "dashboard", "account lookup refused");
            return Err(ApiError::new(
                ErrorCode::UpstreamError,
                "the account service could not read the account",
            ));
        }
    };
    Ok(CommunicationPreferences {
        language: LanguagePreference::of(&info.language).into(),
        sms_opt_in: info.sms_opt_in,
    })
}

/// `Ok` for an update the service saved; else `UPSTREAM_ERROR` (logged with the call and
/// code only).
fn saved_upstream(call: &'static str, r: &CustomerUpdateResponse) -> Result<(), ApiError> {
    if r.succeeded() {
        return Ok(());
    }
    tracing::warn!(
        call,
        code = r.error_code.as_deref().unwrap_or("-"),
        "update refused"
    );
    Err(ApiError::new(
        ErrorCode::UpstreamError,
        "the account service did not save the change",
    ))
}

/// The identity's account `account` when it calls for a sync-up (an aux account has no
/// identity account of its own: never).
fn sync_up_account(owned: &OwnedAccount) -> Option<&LinkedAccount> {
    owned
        .session
        .record
        .account(&owned.account_id)
        .filter(|a| rules::needs_sync_up(a))
}

#[OpenApi(tag = "ApiTags::Account")]
impl AccountInformationApi {
    /// The account information page (seed 001 §2 "Account info card", "Communication
    /// preferences"): the signed-in person from the session's identity (names, chosen
    /// name, pronoun, sign-in id, mobile and e-mail with their verified flags) and the
    /// account's saved language and SMS opt-in from the account service.
    #[oai(
        path = "/secure2/accounts/:accountId/account-information",
        method = "get",
        operation_id = "getAccountInformation"
    )]
    async fn get_account_information(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
    ) -> AccountInformationResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let run = async {
            let preferences = saved(&state, &ctx, &owned.account_id).await?;
            Ok::<_, ApiError>(AccountInformation {
                account_id: owned.account_id.clone(),
                holder: holder(&owned.session.record.person),
                preferences,
            })
        };
        run.await.into()
    }

    /// Saves the account's language and SMS opt-in (seed 001 §4 "Communication
    /// preferences", §7 "Update customer"), only when they differ from the saved ones
    /// (§5; read again from the account service, so the comparison is with what is saved
    /// now): else 409 `PREFERENCES_UNCHANGED`. The answer is what was saved.
    #[allow(clippy::too_many_arguments)]
    #[oai(
        path = "/secure2/accounts/:accountId/communication-preferences",
        method = "post",
        operation_id = "updateCommunicationPreferences"
    )]
    async fn update_communication_preferences(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        body: Json<CommunicationPreferences>,
    ) -> UpdatePreferencesResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let wanted = body.0;
        let run = async {
            if saved(&state, &ctx, &owned.account_id).await? == wanted {
                return Err(ApiError::new(
                    ErrorCode::PreferencesUnchanged,
                    "these are the saved preferences",
                ));
            }
            let update = UpdateCustomerRequest {
                account_id: owned.account_id.clone(),
                cust_guid: owned.session.record.cust_guid.clone(),
                language_preference: wanted.language.into(),
                sms_opt_in: YesNo::of(wanted.sms_opt_in),
                tracking_id: ctx.tracking_id.clone(),
                source: UPDATE_SOURCE.into(),
            };
            let r = up::account::update_customer(&state.clients, &ctx, &update).await?;
            saved_upstream("updateCustomer", &r)?;
            Ok(wanted)
        };
        run.await.into()
    }

    /// Whether the sync-up modal opens now (seed 001 §2 "Dashboard": by default once per
    /// session when the identity account of this account has a contact-match combination
    /// other than both `true` or both `NA`) and what it shows (§2 "Page shell": name,
    /// sign-in id, mobile, e-mail; §5 defaults). The first `open: true` marks the modal
    /// shown for the session (the seed's `xpp_su`), so this GET changes the session and
    /// takes the `csrf` scheme; closing the modal without submitting counts as shown.
    #[oai(
        path = "/secure2/accounts/:accountId/sync-up",
        method = "get",
        operation_id = "getSyncUp"
    )]
    async fn get_sync_up(
        &self,
        _csrf: Csrf,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
    ) -> SyncUpResponse {
        let run = async {
            let open = if sync_up_account(&owned).is_some() && !owned.session.record.sync_up_shown {
                // one step in the store: of two concurrent calls, one opens the modal
                auth::update(&state.store, &owned.session.context_id, |c| {
                    c.signed_in.as_mut().is_some_and(|s| {
                        let first = !s.sync_up_shown;
                        s.sync_up_shown = true;
                        first
                    })
                })
                .await?
            } else {
                false
            };
            Ok::<_, ApiError>(SyncUp {
                open,
                holder: holder(&owned.session.record.person),
                defaults: SYNC_UP_DEFAULTS,
            })
        };
        run.await.into()
    }

    /// Submits the sync-up modal (seed 001 §7 "Sync-up update"): the BFF sends the
    /// identity's guid, e-mail and mobile from the session with the language and SMS
    /// opt-in chosen; the browser sends only those two. On success the session's record of
    /// the account counts as synced (no modal again). 409 `SYNC_UP_NOT_OFFERED` for an
    /// account whose contact points need none.
    #[allow(clippy::too_many_arguments)]
    #[oai(
        path = "/secure2/accounts/:accountId/sync-up",
        method = "post",
        operation_id = "submitSyncUp"
    )]
    async fn submit_sync_up(
        &self,
        owned: OwnedAccount,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        body: Json<CommunicationPreferences>,
    ) -> SubmitSyncUpResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let chosen = body.0;
        let run = async {
            if sync_up_account(&owned).is_none() {
                return Err(ApiError::new(
                    ErrorCode::SyncUpNotOffered,
                    "this account needs no sync-up",
                ));
            }
            let record = &owned.session.record;
            let filled = |s: &str| (!s.trim().is_empty()).then(|| s.to_owned());
            let sync = SyncUpRequest {
                cust_guid: record.cust_guid.clone(),
                account_id: owned.account_id.clone(),
                language_preference: chosen.language.into(),
                sms_opt_in: YesNo::of(chosen.sms_opt_in),
                email_id: filled(&record.person.email),
                mobile_no: filled(&record.person.mobile),
            };
            let r = up::account::sync_up(&state.clients, &ctx, &sync).await?;
            saved_upstream("syncUp", &r)?;
            let account = owned.account_id.clone();
            auth::update(&state.store, &owned.session.context_id, |c| {
                if let Some(s) = &mut c.signed_in {
                    s.sync_up_shown = true;
                    if let Some(a) = s.accounts.iter_mut().find(|a| a.number == account) {
                        a.email_matching = upstream::identity::Matching::True;
                        a.phone_matching = upstream::identity::Matching::True;
                    }
                }
            })
            .await?;
            Ok(chosen)
        };
        run.await.into()
    }
}
