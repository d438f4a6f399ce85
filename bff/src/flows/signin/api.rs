//! The sign-in operations (tag signin): start, decode, account picker, profile, ping,
//! sign-out (seed 001 §4 "Sign-in", "Account picker", "Session and timeout", §6, §7).

use std::{sync::Arc, time::Duration};

use poem::{Request, session::Session, web::Data};
use poem_openapi::{OpenApi, payload::Json};

use super::{provider, types::*};
use crate::{
    http::{
        auth::{
            self, SignedInPeek, SignedInSession,
            record::{Pending, SignedIn},
        },
        error::{ApiError, ErrorCode},
        extract::{Csrf, ScenarioSel, page_origin, tracking_from_header},
        tags::ApiTags,
    },
    state::AppState,
    upstream as up,
};

/// A ping below this much of the idle window left starts it again (seed 001 §9 "ping under
/// 300,000 ms remaining").
pub const PING_UNDER: Duration = Duration::from_secs(300);

/// The sign-in operations.
pub struct SignInApi;

fn failed(why: &str) -> SignInResult {
    tracing::warn!(why, "sign-in failed");
    SignInResult {
        next: SignInNext::Error,
        bhr: false,
        mobile: false,
    }
}

/// Where the decoder sends the browser for `record` (seed 001 §4 "Sign-in": exactly one
/// account in the prepaid database is chosen; §6: only its owner goes on), and the chosen
/// account.
pub fn next_after_sign_in(record: &SignedIn) -> (SignInNext, Option<String>) {
    let mut prepaid = record.prepaid_accounts();
    match (prepaid.next(), prepaid.next()) {
        (Some(only), None) => {
            let next = if only.owner {
                SignInNext::Dashboard
            } else {
                SignInNext::PermissionError
            };
            (next, Some(only.number.clone()))
        }
        _ => (SignInNext::AccountPicker, None),
    }
}

#[OpenApi(tag = "ApiTags::Signin")]
impl SignInApi {
    /// Starts a sign-in: keeps a new `state` and PKCE verifier (one use) with `bhr` and
    /// `mobile` in the server session and answers the provider's authorize page (create-ID
    /// page with `createId`) to send the browser to. A sign-in already under way is
    /// replaced.
    #[oai(
        path = "/secure2/authorize",
        method = "post",
        operation_id = "startSignIn"
    )]
    async fn start_sign_in(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        _csrf: Csrf,
        body: Json<StartSignInBody>,
    ) -> StartSignInResponse {
        let id = auth::ensure_context_id(session);
        let locale = body.locale.as_str();
        let pending = Pending {
            state: provider::new_state(),
            verifier: provider::new_verifier(),
            redirect_uri: provider::handoff_uri(&page_origin(req, &state.config), locale),
            bhr: body.bhr,
            mobile: body.mobile,
        };
        let url = provider::authorize_url(
            &state.config.identity_provider(state.clients.urls()),
            body.create_id,
            &pending.redirect_uri,
            &pending.state,
            &pending.verifier,
            locale,
        );
        let run = async {
            auth::update(&state.store, &id, |c| c.pending = Some(pending.clone())).await?;
            Ok::<_, ApiError>(SignInStart { authorize_url: url })
        };
        run.await.into()
    }

    /// Completes a sign-in with the provider's `code` and `state` (the hand-off's query):
    /// the state must be the one of `startSignIn` (one use), the code is exchanged with the
    /// verifier, the identity read with the access token. Tokens and identity stay on the
    /// server; the session id rotates (new cookie). `next`: `dashboard` (exactly one
    /// account in the prepaid database, owned: it is chosen), `permissionError` (that
    /// account not owned), `accountPicker` (any other number), `error` (state, code,
    /// provider failure, identity without `custGuid` or `identityResponse`, or with an
    /// `errorCode`). Any previous sign-in of the session ends first.
    #[oai(
        path = "/secure2/decoder",
        method = "post",
        operation_id = "decodeSignIn"
    )]
    async fn decode_sign_in(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        sel: ScenarioSel,
        _csrf: Csrf,
        body: Json<DecodeSignInBody>,
    ) -> DecodeSignInResponse {
        let id = auth::ensure_context_id(session);
        let run = async {
            let pending = auth::update(&state.store, &id, |c| {
                c.signed_in = None;
                c.pending.take()
            })
            .await?;
            let Some(pending) = pending.filter(|p| p.state == body.state) else {
                return Ok(failed("state unknown, used or not this session's"));
            };
            let ctx = sel.ctx(tracking_from_header(req));
            let c = &state.clients;
            let tokens = match up::identity::token(
                c,
                &ctx,
                &body.code,
                &pending.redirect_uri,
                &pending.verifier,
            )
            .await
            {
                Ok(t) => t,
                Err(e) => return Ok(failed(e.public_message().as_str())),
            };
            let info = match up::identity::userinfo(c, &ctx, &tokens.access_token).await {
                Ok(i) => i,
                Err(e) => return Ok(failed(e.public_message().as_str())),
            };
            let now = auth::now_ms(&state);
            let mut record = match SignedIn::from_info(
                info,
                tokens.access_token,
                tokens.id_token,
                &pending,
                now,
            ) {
                Ok(r) => r,
                Err(why) => return Ok(failed(why.reason())),
            };
            let (next, chosen) = next_after_sign_in(&record);
            record.chosen = chosen;
            let (bhr, mobile) = (record.bhr, record.mobile);
            auth::update(&state.store, &id, |c| c.signed_in = Some(record.clone())).await?;
            // an identity joined the session: a new id, so one planted before cannot ride on it
            crate::http::session::rotate(session);
            Ok::<_, ApiError>(SignInResult { next, bhr, mobile })
        };
        run.await.into()
    }

    /// The account picker (seed 001 §4 "Account picker"): the identity's accounts present
    /// in the prepaid database, split into open and closed.
    #[oai(
        path = "/secure2/account-picker",
        method = "get",
        operation_id = "getAccountPicker"
    )]
    async fn get_account_picker(&self, signed_in: SignedInSession) -> AccountPickerResponse {
        let (mut open, mut closed) = (Vec::new(), Vec::new());
        for a in signed_in.record.prepaid_accounts() {
            let entry = PickerAccount {
                account_id: a.number.clone(),
                street_address: a.street.clone(),
                city_state_zip: a.city_state_zip.clone(),
            };
            if a.open { &mut open } else { &mut closed }.push(entry);
        }
        AccountPickerResponse::Ok(Json(AccountPicker { open, closed }))
    }

    /// Chooses the account to use (kept in the session): `next` is `dashboard`, or
    /// `permissionError` when the identity is not its owner (seed 001 §6). An account that
    /// is not one of the picker's: 403 `SESSION_REJECTED`.
    #[oai(
        path = "/secure2/account-picker",
        method = "post",
        operation_id = "chooseAccount"
    )]
    async fn choose_account(
        &self,
        state: Data<&Arc<AppState>>,
        _csrf: Csrf,
        body: Json<ChooseAccountBody>,
        signed_in: SignedInSession,
    ) -> ChooseAccountResponse {
        let run = async {
            let Some(account) = signed_in
                .record
                .account(&body.account_id)
                .filter(|a| a.in_prepaid_db)
            else {
                return Err(ApiError::new(
                    ErrorCode::SessionRejected,
                    "not one of the picker's accounts",
                ));
            };
            let next = if account.owner {
                ChosenNext::Dashboard
            } else {
                ChosenNext::PermissionError
            };
            let number = account.number.clone();
            auth::update(&state.store, &signed_in.context_id, |c| {
                if let Some(s) = &mut c.signed_in {
                    s.chosen = Some(number.clone());
                }
            })
            .await?;
            Ok(AccountChosen { next })
        };
        run.await.into()
    }

    /// The signed-in person (shell greeting, permission-error page): names, pronoun, uid,
    /// contact points and their verification, the chosen account and how many prepaid
    /// accounts the identity has. Never a token or the customer guid.
    #[oai(path = "/secure2/profile", method = "get", operation_id = "getProfile")]
    async fn get_profile(&self, signed_in: SignedInSession) -> ProfileResponse {
        let r = signed_in.record;
        let accounts = u32::try_from(r.prepaid_accounts().count()).unwrap_or(u32::MAX);
        let p = r.person;
        ProfileResponse::Ok(Json(Profile {
            greeting_name: p
                .chosen_first_name
                .clone()
                .unwrap_or_else(|| p.first_name.clone()),
            first_name: p.first_name,
            last_name: p.last_name,
            pronoun: p.pronoun,
            uid: p.uid,
            email: p.email,
            email_verified: p.email_verified,
            mobile: p.mobile,
            mobile_verified: p.mobile_verified,
            account_id: r.chosen,
            accounts,
        }))
    }

    /// Keeps the sign-in alive (seed 001 §4 "Session and timeout"): pings, i.e. starts the
    /// idle window (840 s) again, when `force` or when under 300 s of it remain; otherwise
    /// reports `pinged: false` and changes nothing. An expired sign-in: 403
    /// `SESSION_EXPIRED`.
    #[oai(path = "/secure2/ping", method = "post", operation_id = "ping")]
    async fn ping(
        &self,
        state: Data<&Arc<AppState>>,
        _csrf: Csrf,
        body: Json<PingBody>,
        signed_in: SignedInPeek,
    ) -> PingResponse {
        let s = signed_in.0;
        let now = auth::now_ms(&state);
        let idle = state.config.signin_idle;
        let left = s.record.idle_left(now, idle).unwrap_or_default();
        let pinged = body.force || left < PING_UNDER;
        let run = async {
            let left = if pinged {
                auth::update(&state.store, &s.context_id, |c| {
                    if let Some(r) = &mut c.signed_in {
                        r.last_active_ms = r.last_active_ms.max(now);
                    }
                })
                .await?;
                idle
            } else {
                left
            };
            Ok::<_, ApiError>(Ping {
                pinged,
                idle_remaining_secs: left.as_secs(),
            })
        };
        run.await.into()
    }

    /// Signs out: the session (tokens, identity, every flow context id) is purged on the
    /// server and its cookie cleared; answers the provider's logout page, which ends the
    /// provider's session (`id_token_hint`) and returns to `{origin}/{locale}/handoff`
    /// (`state=expired` when `expired`). Works signed in or not.
    #[oai(path = "/secure2/logout", method = "post", operation_id = "signOut")]
    async fn sign_out(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        _csrf: Csrf,
        body: Json<SignOutBody>,
    ) -> SignOutResponse {
        let run = async {
            let hint = match auth::context_id(session) {
                Some(id) => {
                    auth::update(&state.store, &id, |c| {
                        let hint = c.signed_in.as_ref().and_then(|s| s.id_token.clone());
                        *c = Default::default();
                        hint
                    })
                    .await?
                }
                None => None,
            };
            session.purge();
            let locale = body.locale.as_str();
            let redirect = provider::handoff_uri(&page_origin(req, &state.config), locale);
            Ok::<_, ApiError>(SignedOut {
                logout_url: provider::logout_url(
                    &state.config.identity_provider(state.clients.urls()),
                    &redirect,
                    hint.as_deref(),
                    body.expired,
                    locale,
                ),
            })
        };
        run.await.into()
    }
}
