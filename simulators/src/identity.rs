//! Identity-provider simulator, prefix `/identity`: OAuth 2.0 authorization-code flow with
//! PKCE (RFC 6749 §4.1, RFC 7636, `S256` only) and the identity answer of seed 001 §3
//! "Identity", §4 "Sign-in", §7 (redirects to the authorize, create-ID and logout pages).
//!
//! - `GET /authorize` (call `identityAuthorize`): tester page listing the test identities
//!   ([`crate::identity_world::IDENTITIES`]), English or Spanish by `ui_locales`; its form
//!   posts to `POST /authorize`, which answers 303 to `redirect_uri?code=..&state=..`. Bad
//!   parameters get a 400 page and never a redirect.
//! - `GET /create-id` (`identityCreateId`): the seed's create-ID target, a page explaining
//!   that IDs are made at the provider, linking back to the authorize page.
//! - `POST /token` (`identityToken`, server to server): code for tokens; errors per RFC 6749
//!   §5.2. `GET /userinfo` (`identityInfo`, server to server, bearer token): the identity.
//! - `GET /logout` (`identityLogout`): ends the tokens of the `id_token_hint`'s identity and
//!   answers 303 to `post_logout_redirect_uri` with `slo_fs=1` and `state` passed through.
//!
//! Codes and tokens are random (UUID v4) and live in memory, bounded ([`MAX_GRANTS`] each,
//! oldest dropped first). Time is tokio's clock, so tests can advance it.

use std::collections::{HashMap, VecDeque};
use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use poem_openapi::{
    ApiResponse, Object, OpenApi, SecurityScheme, Tags,
    auth::Bearer,
    param::{Header, Query},
    payload::{Form, Html, Json},
};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq as _;
use tokio::time::Instant;
use upstream::identity::{
    ACCESS_TOKEN_TTL_SECS, CLIENT_ID, CODE_CHALLENGE_METHOD, CODE_TTL_SECS, IdentityInfo, Matching,
    SCOPE_OPENID, SCOPE_PAYMENT, SINGLE_LOGOUT_FLAG, TOKEN_TYPE, TokenError, TokenErrorCode,
    TokenRequest, TokenResponse, registered_redirect,
};

use crate::account;
use crate::html::{escape, page};
use crate::identity_world::{self, IDENTITIES, TestIdentity};
use crate::run_state::Run;

/// Most codes, and most tokens, kept in memory.
pub const MAX_GRANTS: usize = 10_000;

/// `BASE64URL(SHA256(verifier))` without padding: the `S256` challenge (RFC 7636 §4.2).
pub fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// A verifier is 43 to 128 characters of `A-Z a-z 0-9 - . _ ~` (RFC 7636 §4.1).
pub fn is_verifier(v: &str) -> bool {
    (43..=128).contains(&v.len())
        && v.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// An `S256` challenge is 43 base64url characters (a SHA-256 digest, unpadded).
pub fn is_challenge(c: &str) -> bool {
    c.len() == 43
        && c.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Whether `verifier` answers `challenge` (`S256`); compared in constant time (`subtle`).
pub fn pkce_matches(verifier: &str, challenge: &str) -> bool {
    s256(verifier).as_bytes().ct_eq(challenge.as_bytes()).into()
}

/// A code issued by the authorize page.
#[derive(Debug, Clone)]
struct CodeGrant {
    identity: &'static str,
    client_id: String,
    redirect_uri: String,
    challenge: String,
    scope: String,
    issued: Instant,
    /// Set at the first redemption: one use only.
    used: bool,
    /// The access token the code was exchanged for, revoked if the code is replayed
    /// (RFC 6749 §4.1.2).
    token: Option<String>,
}

#[derive(Debug, Clone)]
struct TokenGrant {
    identity: &'static str,
    expires: Instant,
}

/// Insertion-ordered map dropping its oldest entries past [`MAX_GRANTS`].
struct Bounded<V> {
    map: HashMap<String, V>,
    order: VecDeque<String>,
}

impl<V> Default for Bounded<V> {
    fn default() -> Self {
        Self {
            map: HashMap::new(),
            order: VecDeque::new(),
        }
    }
}

impl<V> Bounded<V> {
    fn insert(&mut self, key: String, value: V) {
        self.order.push_back(key.clone());
        self.map.insert(key, value);
        while self.map.len() > MAX_GRANTS {
            match self.order.pop_front() {
                Some(old) => {
                    self.map.remove(&old);
                }
                None => break,
            }
        }
        // Keys removed by revocation leave their name in `order`; keep it bounded too.
        if self.order.len() > 2 * MAX_GRANTS {
            let map = &self.map;
            self.order.retain(|k| map.contains_key(k));
        }
    }
}

#[derive(Default)]
struct Store {
    codes: Bounded<CodeGrant>,
    /// Access tokens.
    tokens: Bounded<TokenGrant>,
    /// Id tokens (the logout's `id_token_hint`) and their identity.
    id_tokens: Bounded<&'static str>,
}

static STORE: LazyLock<Mutex<Store>> = LazyLock::new(Mutex::default);

fn store() -> MutexGuard<'static, Store> {
    STORE.lock().unwrap_or_else(PoisonError::into_inner)
}

fn random_id(prefix: &str) -> String {
    format!("{prefix}-{}", uuid::Uuid::new_v4().simple())
}

/// Page language from `ui_locales` (space-separated tags, first supported one wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lang {
    En,
    Es,
}

impl Lang {
    fn of(ui_locales: Option<&str>) -> Lang {
        ui_locales
            .unwrap_or_default()
            .split_whitespace()
            .find_map(|tag| match tag.split(['-', '_']).next() {
                Some(t) if t.eq_ignore_ascii_case("es") => Some(Lang::Es),
                Some(t) if t.eq_ignore_ascii_case("en") => Some(Lang::En),
                _ => None,
            })
            .unwrap_or(Lang::En)
    }

    const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// The English or Spanish text.
    const fn pick(self, en: &'static str, es: &'static str) -> &'static str {
        match self {
            Lang::En => en,
            Lang::Es => es,
        }
    }
}

/// The parameters of an authorize request (query of the page, fields of its form).
#[derive(Debug, Clone, Default, Object, Deserialize)]
pub struct AuthorizeForm {
    /// [`CLIENT_ID`].
    pub client_id: Option<String>,
    /// A registered redirect ([`registered_redirect`]).
    pub redirect_uri: Option<String>,
    /// `code`.
    pub response_type: Option<String>,
    /// Space-separated; must hold `openid`; only `openid` and [`SCOPE_PAYMENT`] known.
    pub scope: Option<String>,
    /// Opaque value of the client, returned with the code (required, at most 512 bytes).
    pub state: Option<String>,
    /// `S256` challenge of the client's verifier.
    pub code_challenge: Option<String>,
    /// `S256`.
    pub code_challenge_method: Option<String>,
    /// `en` or `es` (page language).
    pub ui_locales: Option<String>,
    /// Key of the identity picked (the form only).
    pub identity: Option<String>,
}

/// A checked authorize request.
struct Authorize {
    redirect_uri: String,
    scope: String,
    state: String,
    challenge: String,
}

/// The refusal of a return address that is not registered (authorize and logout).
const fn unregistered(lang: Lang) -> &'static str {
    lang.pick(
        "The return address is not registered for this client.",
        "La dirección de regreso no está registrada para este cliente.",
    )
}

/// Why an authorize request is refused (shown on the 400 page; never redirected).
fn check_authorize(f: &AuthorizeForm, lang: Lang) -> Result<Authorize, &'static str> {
    let text = |v: &Option<String>| v.as_deref().unwrap_or_default().to_owned();
    if f.client_id.as_deref() != Some(CLIENT_ID) {
        return Err(lang.pick("Unknown client.", "Cliente desconocido."));
    }
    let redirect_uri = text(&f.redirect_uri);
    if registered_redirect(&redirect_uri).is_none() {
        return Err(unregistered(lang));
    }
    if f.response_type.as_deref() != Some("code") {
        return Err(lang.pick(
            "Only the authorization-code flow (response_type=code) is supported.",
            "Solo se admite el flujo de código de autorización (response_type=code).",
        ));
    }
    let scope = text(&f.scope);
    let scopes: Vec<&str> = scope.split_whitespace().collect();
    if !scopes.contains(&SCOPE_OPENID)
        || scopes
            .iter()
            .any(|s| *s != SCOPE_OPENID && *s != SCOPE_PAYMENT)
    {
        return Err(lang.pick(
            "The scope must include openid and name only known scopes.",
            "El alcance debe incluir openid y solo alcances conocidos.",
        ));
    }
    let state = text(&f.state);
    if state.is_empty() || state.len() > 512 {
        return Err(lang.pick(
            "A state value (1 to 512 characters) is required.",
            "Se requiere un valor de state (de 1 a 512 caracteres).",
        ));
    }
    let challenge = text(&f.code_challenge);
    if f.code_challenge_method.as_deref() != Some(CODE_CHALLENGE_METHOD)
        || !is_challenge(&challenge)
    {
        return Err(lang.pick(
            "A PKCE code_challenge with code_challenge_method=S256 is required.",
            "Se requiere un code_challenge PKCE con code_challenge_method=S256.",
        ));
    }
    Ok(Authorize {
        redirect_uri,
        scope: scopes.join(" "),
        state,
        challenge,
    })
}

/// `uri` with the query pairs appended (`?` or `&`), form-encoded
/// (`application/x-www-form-urlencoded`, as RFC 6749 §4.1.2 and Appendix B ask).
fn with_query(uri: &str, pairs: &[(&str, &str)]) -> String {
    let query = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish();
    let sep = if uri.contains('?') { '&' } else { '?' };
    format!("{uri}{sep}{query}")
}

/// Issues a one-time code for `identity`.
fn issue_code(identity: &'static TestIdentity, req: &Authorize) -> String {
    let code = random_id("ac");
    store().codes.insert(
        code.clone(),
        CodeGrant {
            identity: identity.key,
            client_id: CLIENT_ID.to_owned(),
            redirect_uri: req.redirect_uri.clone(),
            challenge: req.challenge.clone(),
            scope: req.scope.clone(),
            issued: Instant::now(),
            used: false,
            token: None,
        },
    );
    code
}

fn token_error(error: TokenErrorCode, description: &str) -> TokenAnswer {
    let body = Json(TokenError {
        error,
        error_description: Some(description.to_owned()),
    });
    match error {
        TokenErrorCode::InvalidClient => TokenAnswer::Unauthorized(body, NO_STORE.into()),
        _ => TokenAnswer::BadRequest(body, NO_STORE.into()),
    }
}

const NO_STORE: &str = "no-store";

/// The token exchange (RFC 6749 §4.1.3, RFC 7636 §4.6).
fn exchange(req: &TokenRequest) -> TokenAnswer {
    use TokenErrorCode::*;
    let Some(grant_type) = req.grant_type.as_deref() else {
        return token_error(InvalidRequest, "grant_type is required");
    };
    if grant_type != "authorization_code" {
        return token_error(UnsupportedGrantType, "only authorization_code is supported");
    }
    if req.client_id.as_deref() != Some(CLIENT_ID) {
        return token_error(InvalidClient, "unknown client");
    }
    let (Some(code), Some(redirect_uri), Some(verifier)) = (
        req.code.as_deref(),
        req.redirect_uri.as_deref(),
        req.code_verifier.as_deref(),
    ) else {
        return token_error(
            InvalidRequest,
            "code, redirect_uri and code_verifier are required",
        );
    };
    if !is_verifier(verifier) {
        return token_error(
            InvalidRequest,
            "code_verifier must be 43 to 128 unreserved characters",
        );
    }
    let mut store = store();
    let Some(grant) = store.codes.map.get_mut(code) else {
        return token_error(InvalidGrant, "unknown code");
    };
    if grant.used {
        // A replayed code may be stolen: revoke what it gave (RFC 6749 §4.1.2).
        let token = grant.token.take();
        if let Some(token) = token {
            store.tokens.map.remove(&token);
        }
        return token_error(InvalidGrant, "code already used");
    }
    grant.used = true;
    let grant = grant.clone();
    if grant.issued.elapsed() > Duration::from_secs(CODE_TTL_SECS) {
        return token_error(InvalidGrant, "code expired");
    }
    if Some(grant.client_id.as_str()) != req.client_id.as_deref() {
        return token_error(InvalidGrant, "code issued to another client");
    }
    if grant.redirect_uri != redirect_uri {
        return token_error(
            InvalidGrant,
            "redirect_uri differs from the authorize request",
        );
    }
    if !pkce_matches(verifier, &grant.challenge) {
        return token_error(
            InvalidGrant,
            "code_verifier does not match the code_challenge",
        );
    }
    let access = random_id("at");
    let id_token = random_id("it");
    store.tokens.insert(
        access.clone(),
        TokenGrant {
            identity: grant.identity,
            expires: Instant::now() + Duration::from_secs(ACCESS_TOKEN_TTL_SECS),
        },
    );
    store.id_tokens.insert(id_token.clone(), grant.identity);
    if let Some(g) = store.codes.map.get_mut(code) {
        g.token = Some(access.clone());
    }
    TokenAnswer::Ok(
        Json(TokenResponse {
            access_token: access,
            token_type: TOKEN_TYPE.to_owned(),
            expires_in: ACCESS_TOKEN_TTL_SECS,
            id_token: Some(id_token),
            scope: grant.scope,
        }),
        NO_STORE.into(),
    )
}

/// The identity of a live access token.
fn identity_of_token(token: &str) -> Option<&'static TestIdentity> {
    let store = store();
    let grant = store.tokens.map.get(token)?;
    if Instant::now() >= grant.expires {
        return None;
    }
    identity_world::identity(grant.identity)
}

/// `info` overlaid with what `run` changed on its accounts (`crate::account`): new
/// preferences (`updateCustomer`, `syncUp`) and, once synced up, both contact-match flags
/// `true`.
fn with_run(mut info: IdentityInfo, run: &Run) -> IdentityInfo {
    let accounts = info
        .identity_response
        .response
        .iter_mut()
        .flat_map(|r| r.identity_accounts.iter_mut());
    for a in accounts {
        if let Some(p) = account::PREFERENCES.get(run, &a.account_number) {
            a.prepaid_lang_preference = p.language.as_str().into();
            a.prepaid_sms_opt_in = p.sms_opt_in;
        }
        if account::SYNCED.get(run, &a.account_number) == Some(true) {
            a.is_prepaid_email_matching = Matching::True;
            a.is_prepaid_phone_matching = Matching::True;
        }
    }
    info
}

/// Ends every access and id token of the identity of `id_token` (if known).
fn end_tokens(id_token: &str) {
    let mut store = store();
    let Some(identity) = store.id_tokens.map.get(id_token).copied() else {
        return;
    };
    store.tokens.map.retain(|_, g| g.identity != identity);
    store.id_tokens.map.retain(|_, i| *i != identity);
}

#[derive(Tags)]
enum Tag {
    /// Identity provider: OAuth 2.0 code flow with PKCE, identity, logout.
    Identity,
}

/// Bearer access token of `POST /token`.
#[derive(SecurityScheme)]
#[oai(ty = "bearer")]
pub struct AccessToken(Bearer);

/// Answer of the authorize and create-ID pages.
#[derive(ApiResponse)]
pub enum PageAnswer {
    /// The page.
    #[oai(status = 200)]
    Ok(Html<String>),
    /// Refused request (a page saying why; never a redirect).
    #[oai(status = 400)]
    BadRequest(Html<String>),
}

/// Answer of the authorize form and the logout.
#[derive(ApiResponse)]
pub enum RedirectAnswer {
    /// To the client: `redirect_uri?code=..&state=..` (authorize) or
    /// `post_logout_redirect_uri?slo_fs=1&state=..` (logout).
    #[oai(status = 303)]
    SeeOther(#[oai(header = "location")] String),
    /// Logout without a return address: a signed-out page.
    #[oai(status = 200)]
    Ok(Html<String>),
    /// Refused request (a page saying why; never a redirect).
    #[oai(status = 400)]
    BadRequest(Html<String>),
}

/// Answer of `POST /token`.
#[derive(ApiResponse)]
pub enum TokenAnswer {
    /// The tokens.
    #[oai(status = 200)]
    Ok(Json<TokenResponse>, #[oai(header = "cache-control")] String),
    /// `invalid_request`, `invalid_grant`, `unsupported_grant_type` (RFC 6749 §5.2).
    #[oai(status = 400)]
    BadRequest(Json<TokenError>, #[oai(header = "cache-control")] String),
    /// `invalid_client`.
    #[oai(status = 401)]
    Unauthorized(Json<TokenError>, #[oai(header = "cache-control")] String),
}

/// Answer of `GET /userinfo`.
#[derive(ApiResponse)]
pub enum InfoAnswer {
    /// The identity.
    #[oai(status = 200)]
    Ok(Json<Box<IdentityInfo>>),
    /// Missing, unknown, expired or ended token (RFC 6750 §3.1).
    #[oai(status = 401)]
    Unauthorized(#[oai(header = "www-authenticate")] String),
}

/// `GET`/`POST /identity/authorize`, `GET /identity/create-id`, `POST /identity/token`,
/// `GET /identity/userinfo`, `GET /identity/logout`.
#[derive(Debug, Clone, Copy, Default)]
pub struct IdentityApi;

#[OpenApi(prefix_path = "/identity", tag = "Tag::Identity")]
impl IdentityApi {
    /// The provider's sign-in page (seed 001 §7 "authorize endpoint"): lists the test
    /// identities with the branch each covers. 400 page (no redirect) for an unknown
    /// client, an unregistered `redirect_uri`, `response_type` other than `code`, scopes
    /// without `openid`, a missing `state`, or a missing or non-`S256` PKCE challenge.
    #[oai(
        path = "/authorize",
        method = "get",
        operation_id = "identityAuthorizePage"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn authorize(
        &self,
        /// [`CLIENT_ID`]: `prepaid-digital`.
        client_id: Query<Option<String>>,
        /// Where the code goes: `/`, `/en/handoff` or `/es/handoff`, origin-relative or on
        /// a loopback origin.
        redirect_uri: Query<Option<String>>,
        /// `code`.
        response_type: Query<Option<String>>,
        /// `openid prepaid.method-of-payment` (`openid` required).
        scope: Query<Option<String>>,
        /// Opaque client value, returned with the code.
        state: Query<Option<String>>,
        /// `BASE64URL(SHA256(code_verifier))`, 43 characters.
        code_challenge: Query<Option<String>>,
        /// `S256`.
        code_challenge_method: Query<Option<String>>,
        /// `en` (default) or `es`.
        ui_locales: Query<Option<String>>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> PageAnswer {
        let form = AuthorizeForm {
            client_id: client_id.0,
            redirect_uri: redirect_uri.0,
            response_type: response_type.0,
            scope: scope.0,
            state: state.0,
            code_challenge: code_challenge.0,
            code_challenge_method: code_challenge_method.0,
            ui_locales: ui_locales.0,
            identity: None,
        };
        let lang = Lang::of(form.ui_locales.as_deref());
        match check_authorize(&form, lang) {
            Ok(_) => PageAnswer::Ok(Html(authorize_page(&form, lang))),
            Err(why) => PageAnswer::BadRequest(Html(refused_page(lang, why))),
        }
    }

    /// The sign-in page's form: checks the request again, issues a one-time code (60 s)
    /// for the identity picked and answers 303 to `redirect_uri?code=..&state=..`.
    #[oai(
        path = "/authorize",
        method = "post",
        operation_id = "identityAuthorizePick"
    )]
    async fn authorize_pick(
        &self,
        form: Form<AuthorizeForm>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> RedirectAnswer {
        let lang = Lang::of(form.ui_locales.as_deref());
        let req = match check_authorize(&form, lang) {
            Ok(req) => req,
            Err(why) => return RedirectAnswer::BadRequest(Html(refused_page(lang, why))),
        };
        let Some(identity) = form.identity.as_deref().and_then(identity_world::identity) else {
            return RedirectAnswer::BadRequest(Html(refused_page(
                lang,
                lang.pick(
                    "Pick one of the identities offered.",
                    "Elija una de las identidades ofrecidas.",
                ),
            )));
        };
        let code = issue_code(identity, &req);
        RedirectAnswer::SeeOther(with_query(
            &req.redirect_uri,
            &[("code", &code), ("state", &req.state)],
        ))
    }

    /// The seed's create-ID page (seed 001 §2 hand-off "create-ID button"): IDs are made at
    /// the provider; links back to the sign-in page with the same authorize parameters.
    #[oai(
        path = "/create-id",
        method = "get",
        operation_id = "identityCreateIdPage"
    )]
    async fn create_id(
        &self,
        req: &poem::Request,
        /// `en` (default) or `es`.
        ui_locales: Query<Option<String>>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> PageAnswer {
        let lang = Lang::of(ui_locales.0.as_deref());
        PageAnswer::Ok(Html(create_id_page(lang, req.uri().query())))
    }

    /// Exchanges a code for tokens (form body, RFC 6749 §4.1.3 with RFC 7636's
    /// `code_verifier`). The code must exist, be unused (one use: a replay also revokes
    /// its token), be at most 60 s old, and have been issued for this `client_id` and
    /// `redirect_uri`; `BASE64URL(SHA256(code_verifier))` must equal its challenge.
    /// Errors: RFC 6749 §5.2 JSON, 400 (`invalid_request`, `invalid_grant`,
    /// `unsupported_grant_type`) or 401 (`invalid_client`). Server to server only.
    #[oai(path = "/token", method = "post", operation_id = "identityToken")]
    async fn token(
        &self,
        body: Form<TokenRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> TokenAnswer {
        exchange(&body)
    }

    /// The signed-in identity (seed 001 §3 "Identity", §7 "Identity: attribute
    /// CUSTOMER_GUID"): `custGuid` and `identityResponse`. Read with the access token
    /// (`Authorization: Bearer`) rather than the seed's guid in a body. 401 for a
    /// missing, unknown, expired (900 s) or logged-out token. Server to server only.
    #[oai(path = "/userinfo", method = "get", operation_id = "identityInfo")]
    async fn userinfo(
        &self,
        token: AccessToken,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
        /// Run id (harness mode only): the account changes of this run are answered.
        #[oai(name = "x-sim-run")]
        run: Header<Option<String>>,
    ) -> InfoAnswer {
        match identity_of_token(&token.0.token) {
            Some(identity) => {
                let info = with_run(identity_world::info(identity), &Run::of(&run));
                InfoAnswer::Ok(Json(Box::new(info)))
            }
            None => InfoAnswer::Unauthorized("Bearer error=\"invalid_token\"".to_owned()),
        }
    }

    /// The provider's logout (seed 001 §4 "Session and timeout": the portal sends
    /// `state=expired` on timeout). Ends every token of the `id_token_hint`'s identity,
    /// then 303 to `post_logout_redirect_uri` (registered redirects only, as for
    /// authorize; else a 400 page) with `slo_fs=1` and `state` appended. Without a return
    /// address: a signed-out page.
    #[oai(path = "/logout", method = "get", operation_id = "identityLogout")]
    async fn logout(
        &self,
        /// Where to go back to: a registered redirect.
        post_logout_redirect_uri: Query<Option<String>>,
        /// Passed through, e.g. `expired`.
        state: Query<Option<String>>,
        /// The id token of `POST /token`: whose tokens end.
        id_token_hint: Query<Option<String>>,
        /// `en` (default) or `es`.
        ui_locales: Query<Option<String>>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> RedirectAnswer {
        let lang = Lang::of(ui_locales.0.as_deref());
        let target = post_logout_redirect_uri.0.filter(|u| !u.is_empty());
        if let Some(uri) = &target
            && registered_redirect(uri).is_none()
        {
            return RedirectAnswer::BadRequest(Html(refused_page(lang, unregistered(lang))));
        }
        if let Some(hint) = id_token_hint.0.as_deref() {
            end_tokens(hint);
        }
        let Some(uri) = target else {
            return RedirectAnswer::Ok(Html(message(
                lang,
                lang.pick("Signed out", "Sesión cerrada"),
                lang.pick("You are signed out.", "Cerró la sesión."),
            )));
        };
        let state = state.0.unwrap_or_default();
        let mut pairs = vec![(SINGLE_LOGOUT_FLAG, "1")];
        if !state.is_empty() {
            pairs.push(("state", &state));
        }
        RedirectAnswer::SeeOther(with_query(&uri, &pairs))
    }
}

fn message(lang: Lang, title: &str, text: &str) -> String {
    page(
        lang.tag(),
        title,
        &format!(
            "<h1>{}</h1><p role=\"alert\">{}</p>",
            escape(title),
            escape(text)
        ),
    )
}

fn refused_page(lang: Lang, why: &str) -> String {
    message(
        lang,
        lang.pick(
            "Sign-in request refused",
            "Solicitud de inicio de sesión rechazada",
        ),
        why,
    )
}

fn hidden(name: &str, value: Option<&str>) -> String {
    format!(
        "<input type=\"hidden\" name=\"{name}\" value=\"{}\">",
        escape(value.unwrap_or_default())
    )
}

fn authorize_page(f: &AuthorizeForm, lang: Lang) -> String {
    let choices: String = IDENTITIES
        .iter()
        .enumerate()
        .map(|(n, i)| {
            let branch = lang.pick(i.branch.0, i.branch.1);
            format!(
                "<div class=\"choice\"><input type=\"radio\" name=\"identity\" id=\"identity-{n}\" \
                 value=\"{key}\" aria-describedby=\"identity-{n}-details\"{checked} required>\
                 <label for=\"identity-{n}\">{name} <span lang=\"en\" translate=\"no\">({key})</span>\
                 <span class=\"details\" id=\"identity-{n}-details\">{branch}</span></label></div>",
                key = escape(i.key),
                name = escape(&format!("{} {}", i.name.0, i.name.1)),
                branch = escape(branch),
                checked = if n == 0 { " checked" } else { "" },
            )
        })
        .collect();
    let fields: String = [
        ("client_id", &f.client_id),
        ("redirect_uri", &f.redirect_uri),
        ("response_type", &f.response_type),
        ("scope", &f.scope),
        ("state", &f.state),
        ("code_challenge", &f.code_challenge),
        ("code_challenge_method", &f.code_challenge_method),
        ("ui_locales", &Some(lang.tag().to_owned())),
    ]
    .iter()
    .map(|(name, value)| hidden(name, value.as_deref()))
    .collect();
    let body = format!(
        "<h1>{title}</h1><p class=\"summary\">{intro}</p>\
         <form method=\"post\" action=\"authorize\">{fields}\
         <fieldset><legend>{legend}</legend>{choices}</fieldset>\
         <button type=\"submit\">{button}</button></form>",
        title = lang.pick("Sign in", "Iniciar sesión"),
        intro = lang.pick(
            "Simulated identity provider. Pick the test identity to sign in as.",
            "Proveedor de identidad simulado. Elija la identidad de prueba con la que entrar.",
        ),
        legend = lang.pick("Test identities", "Identidades de prueba"),
        button = lang.pick("Sign in", "Iniciar sesión"),
    );
    page(
        lang.tag(),
        lang.pick(
            "Sign in - identity provider (simulated)",
            "Iniciar sesión - proveedor de identidad (simulado)",
        ),
        &body,
    )
}

fn create_id_page(lang: Lang, query: Option<&str>) -> String {
    let back = match query.filter(|q| !q.is_empty()) {
        Some(q) => format!("authorize?{q}"),
        None => "authorize".to_owned(),
    };
    let body = format!(
        "<h1>{title}</h1><p>{text}</p><p>{test}</p><p><a href=\"{back}\">{link}</a></p>",
        title = lang.pick("Create an ID", "Crear una identificación"),
        text = lang.pick(
            "IDs are created at the identity provider, not in the prepaid portal: in \
             production this page asks for your name, e-mail and mobile number and verifies them.",
            "Las identificaciones se crean en el proveedor de identidad, no en el portal \
             prepagado: en producción esta página pide su nombre, correo y número de móvil y los verifica.",
        ),
        test = lang.pick(
            "This simulated provider has a fixed set of test identities; pick one on the sign-in page.",
            "Este proveedor simulado tiene un conjunto fijo de identidades de prueba; elija una en la página de inicio de sesión.",
        ),
        back = escape(&back),
        link = lang.pick("Back to sign in", "Volver a iniciar sesión"),
    );
    page(
        lang.tag(),
        lang.pick(
            "Create an ID - identity provider (simulated)",
            "Crear una identificación - proveedor de identidad (simulado)",
        ),
        &body,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 7636 Appendix B.
    const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const CHALLENGE: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    #[test]
    fn s256_matches_the_rfc_example() {
        assert_eq!(s256(VERIFIER), CHALLENGE);
        assert!(pkce_matches(VERIFIER, CHALLENGE));
        assert!(!pkce_matches(&VERIFIER.replace('d', "e"), CHALLENGE));
        assert!(!pkce_matches(VERIFIER, VERIFIER), "plain is not S256");
        assert!(!pkce_matches(VERIFIER, ""));
    }

    #[test]
    fn verifier_and_challenge_shapes() {
        assert!(is_verifier(VERIFIER));
        assert!(is_verifier(&"a~._-".repeat(9)));
        assert!(!is_verifier(&"a".repeat(42)));
        assert!(!is_verifier(&"a".repeat(129)));
        assert!(!is_verifier(&format!("{}+", "a".repeat(43))));
        assert!(is_challenge(CHALLENGE));
        assert!(!is_challenge(&format!("{CHALLENGE}=")));
        assert!(!is_challenge(&CHALLENGE.replace('-', "+")));
    }

    #[test]
    fn query_values_are_encoded() {
        assert_eq!(
            with_query("/en/handoff", &[("state", "a b&c=d/é")]),
            "/en/handoff?state=a+b%26c%3Dd%2F%C3%A9"
        );
        assert_eq!(with_query("/?x=1", &[("code", "ac-1")]), "/?x=1&code=ac-1");
    }

    #[test]
    fn languages() {
        assert_eq!(Lang::of(Some("es")), Lang::Es);
        assert_eq!(Lang::of(Some("fr es-US")), Lang::Es);
        assert_eq!(Lang::of(Some("en es")), Lang::En);
        assert_eq!(Lang::of(None), Lang::En);
    }
}
