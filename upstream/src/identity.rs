//! Identity provider: OAuth 2.0 authorization-code flow with PKCE (RFC 6749, RFC 7636
//! `S256` only) and the identity answer of seed 001 §3 "Identity", §4 "Sign-in", §7 (the
//! "Identity: attribute CUSTOMER_GUID, value" call and the redirects to the provider's
//! authorize, create-ID and logout pages).
//!
//! The seed names a client id "for the prepaid digital app" and "scopes openid and a
//! method-of-payment scope" without values: [`CLIENT_ID`] and [`SCOPE_PAYMENT`] are ours.
//! The identity answer is read with a bearer access token (`GET /userinfo`) instead of the
//! seed's `POST {hash}` with the customer guid in the body: the token proves which identity
//! signed in, a guid in a body proves nothing.

use poem_openapi::Enum;
use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// Client id of the prepaid digital app (seed 001 §7 "client id for the prepaid digital
/// app"; the buy flow's sign-out link uses the same one).
pub const CLIENT_ID: &str = "prepaid-digital";
/// The OpenID Connect scope; required on every authorize request.
pub const SCOPE_OPENID: &str = "openid";
/// Our name of the seed's "method-of-payment scope" (seed 001 §7 gives no value).
pub const SCOPE_PAYMENT: &str = "prepaid.method-of-payment";
/// The scopes the portal asks for, space-separated as on the wire: `openid` then
/// [`SCOPE_PAYMENT`].
pub const SCOPES: &str = "openid prepaid.method-of-payment";
/// The only PKCE method accepted (RFC 7636 §4.2).
pub const CODE_CHALLENGE_METHOD: &str = "S256";
/// Lifetime of an authorization code, s (one use only).
pub const CODE_TTL_SECS: u64 = 60;
/// Lifetime of an access token, s (longer than the BFF's 840 s idle window).
pub const ACCESS_TOKEN_TTL_SECS: u64 = 900;
/// `token_type` of every access token.
pub const TOKEN_TYPE: &str = "Bearer";
/// Paths the client registered as redirect targets (authorize and logout): the English
/// hand-off at `/` and `/{locale}/handoff` (seed 001 §2), on an allowed origin or as an
/// origin-relative path.
pub const REDIRECT_PATHS: [&str; 3] = ["/", "/en/handoff", "/es/handoff"];
/// Query flag the logout adds to its redirect: the seed's single-logout flag (seed 001 §2
/// hand-off "reads ... state, slo_fs"; §4: with it, `state=expired` goes to timeout-error).
pub const SINGLE_LOGOUT_FLAG: &str = "slo_fs";
/// `state` the portal sends to the logout when the session timed out (seed 001 §4).
pub const STATE_EXPIRED: &str = "expired";

/// Form body of `POST /token` (RFC 6749 §4.1.3, RFC 7636 §4.5), snake_case as on the wire.
/// Every field is optional here so a missing one is answered `invalid_request` (RFC 6749
/// §5.2) rather than by the framework.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
pub struct TokenRequest {
    /// Always `authorization_code`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grant_type: Option<String>,
    /// The one-time code of the authorize redirect.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// Exactly the `redirect_uri` of the authorize request.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_uri: Option<String>,
    /// [`CLIENT_ID`].
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    /// The PKCE verifier: 43 to 128 characters of `A-Z a-z 0-9 - . _ ~` (RFC 7636 §4.1).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code_verifier: Option<String>,
}

/// Answer of `POST /token` (RFC 6749 §5.1).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
pub struct TokenResponse {
    /// Opaque access token for `GET /userinfo`.
    pub access_token: String,
    /// Always [`TOKEN_TYPE`].
    pub token_type: String,
    /// Lifetime of the access token, s ([`ACCESS_TOKEN_TTL_SECS`]).
    pub expires_in: u64,
    /// Opaque id token (the simulator signs nothing); the logout's `id_token_hint`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id_token: Option<String>,
    /// The scopes granted, space-separated.
    pub scope: String,
}

/// `error` of a token error (RFC 6749 §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum TokenErrorCode {
    /// A parameter is missing, repeated or malformed (400).
    InvalidRequest,
    /// Unknown client (401).
    InvalidClient,
    /// The code is unknown, used, expired, issued for another client or redirect URI, or
    /// the verifier does not match the challenge (400).
    InvalidGrant,
    /// A `grant_type` other than `authorization_code` (400).
    UnsupportedGrantType,
}

/// Error body of `POST /token` (RFC 6749 §5.2).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
pub struct TokenError {
    /// The error code.
    pub error: TokenErrorCode,
    /// Human-readable reason, English, for the developer (never shown to customers).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_description: Option<String>,
}

/// Whether a prepaid contact point matches the identity's (seed 001 §3: string `true`,
/// `false` or `NA`); drives the sync-up modal (seed 001 §2 "Dashboard").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
pub enum Matching {
    /// `"true"`.
    #[oai(rename = "true")]
    #[serde(rename = "true")]
    True,
    /// `"false"`.
    #[oai(rename = "false")]
    #[serde(rename = "false")]
    False,
    /// `"NA"`: unknown.
    #[oai(rename = "NA")]
    #[serde(rename = "NA")]
    Na,
}

/// `prepaidStatus` of an identity account (seed 001 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
pub enum PrepaidStatus {
    /// `Open`.
    Open,
    /// `Closed`.
    Closed,
    /// `Preactivated`: an account awaiting its activation (the quick refill's lookup
    /// answers it; seed 002 §3.8, §4.6: `PREACTIVATED_ERROR`).
    Preactivated,
}

/// `response.identity` (seed 001 §3 "Identity").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct IdcmtIdentity {
    /// First name.
    pub idcmt_first_name: String,
    /// Last name.
    pub idcmt_last_name: String,
    /// The sign-in id (user id at the provider).
    pub idcmt_uid: String,
    /// E-mail address.
    pub idcmt_email: String,
    /// Whether the e-mail is verified (label only, seed 001 §6).
    pub idcmt_email_verified: bool,
    /// Mobile number, 10 digits.
    pub idcmt_mobile: String,
    /// Whether the mobile number is verified (label only).
    pub idcmt_mobile_verified: bool,
}

/// One entry of `response.identityAccounts` (seed 001 §3).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct IdentityAccount {
    /// Account number (the portal's `accountId`).
    pub account_number: String,
    /// Whether the prepaid database knows the account (only those are offered, seed 001 §4).
    #[oai(rename = "presentInPrepaidDB")]
    #[serde(rename = "presentInPrepaidDB")]
    pub present_in_prepaid_db: bool,
    /// `Open` or `Closed`.
    pub prepaid_status: PrepaidStatus,
    /// The identity's role on the account; only `ACCOUNT_OWNER` may use it (seed 001 §6).
    pub role: String,
    /// Service address, street line.
    pub idcmt_service_address: String,
    /// Service address, city.
    pub idcmt_service_city: String,
    /// Service address, 2-letter state.
    pub idcmt_service_state: String,
    /// Service address, 5-digit zip.
    pub idcmt_service_postal_code: String,
    /// SMS opt-in on the prepaid account.
    #[oai(rename = "prepaidSMSOptIn")]
    #[serde(rename = "prepaidSMSOptIn")]
    pub prepaid_sms_opt_in: bool,
    /// `ENGLISH` or `SPANISH`.
    pub prepaid_lang_preference: String,
    /// The prepaid e-mail equals the identity's.
    pub is_prepaid_email_matching: Matching,
    /// The prepaid phone equals the identity's.
    pub is_prepaid_phone_matching: Matching,
}

/// `response.chosenName` (seed 001 §3: "chosenName (chosenFirstName)").
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ChosenName {
    /// The first name the customer chose to be greeted with.
    pub chosen_first_name: String,
}

/// `identityResponse.response`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct IdentityPayload {
    /// Names, uid and contact points.
    pub identity: IdcmtIdentity,
    /// Accounts linked to the identity (any role, in or out of the prepaid database).
    #[serde(default)]
    pub identity_accounts: Vec<IdentityAccount>,
    /// Pronoun, e.g. `they/them`; absent when none was given.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pronoun: Option<String>,
    /// Chosen name; absent when none was given.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_name: Option<ChosenName>,
}

/// `identityResponse` (seed 001 §3 "Sign-in decoder response"); with `errorCode` the
/// portal keeps `errorCode` and `errorMessage` (seed 001 §7 "Response handling").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct IdentityResponse {
    /// Error code of the identity lookup.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Error message of the identity lookup.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
    /// The identity; absent on an error.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<IdentityPayload>,
}

/// Answer of `GET /userinfo`: the customer guid and the identity response.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct IdentityInfo {
    /// Customer guid (the seed's `CUSTOMER_GUID` attribute).
    pub cust_guid: String,
    /// The identity.
    pub identity_response: IdentityResponse,
}

/// The path of `uri` (an `http(s)://` URL or an absolute path) if the client registered it
/// as a redirect target: its origin is loopback (`127.0.0.1`, `localhost`, `[::1]`, any
/// port: harness, tests, dev servers) or it has none (origin-relative, never `//host`), and
/// its path is one of [`REDIRECT_PATHS`]. A query is allowed; a fragment, userinfo, or a
/// character outside RFC 3986's (space, `"`, `<`, `\`) is not. `None`: not registered.
pub fn registered_redirect(uri: &str) -> Option<&str> {
    // RFC 3986 characters only (no fragment): nothing a header or an attribute would need
    // quoted.
    let uri_char = |b: u8| b.is_ascii_alphanumeric() || b"-._~:/?[]@!$&'()*+,;=%".contains(&b);
    if !uri.bytes().all(uri_char) {
        return None;
    }
    let rest = if let Some(after) = uri
        .strip_prefix("http://")
        .or_else(|| uri.strip_prefix("https://"))
    {
        let (authority, rest) = after.find('/').map_or((after, "/"), |i| after.split_at(i));
        let host = authority
            .rsplit_once(':')
            .filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit()))
            .map_or(authority, |(h, _)| h);
        if !matches!(host, "127.0.0.1" | "localhost" | "[::1]") {
            return None;
        }
        rest
    } else if uri.starts_with('/') && !uri.starts_with("//") {
        uri
    } else {
        return None;
    };
    let path = rest.split_once('?').map_or(rest, |(p, _)| p);
    REDIRECT_PATHS.contains(&path).then_some(path)
}
