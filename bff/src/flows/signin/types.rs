//! Bodies, answers and answer enums of the sign-in operations (`api.rs`); seed 001 §2, §3,
//! §4 "Sign-in", "Account picker", "Session and timeout", §6.

use poem_openapi::{Enum, Object};

/// Page language of the hand-off the provider returns to (`/{locale}/handoff`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum Locale {
    /// English.
    En,
    /// Spanish.
    Es,
}

impl Locale {
    /// `en` or `es`, as in paths and `ui_locales`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Es => "es",
        }
    }
}

/// Body of `startSignIn`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartSignInBody {
    /// Language of the provider's page and of the hand-off it returns to.
    pub locale: Locale,
    /// The hand-off's `bhr` flag (seed 001 §2), given back by `decodeSignIn`.
    #[oai(default)]
    pub bhr: bool,
    /// The hand-off's `mobile` flag (in-app), given back by `decodeSignIn`.
    #[oai(default)]
    pub mobile: bool,
    /// Send the browser to the provider's create-ID page instead of its sign-in.
    #[oai(default)]
    pub create_id: bool,
}

/// Answer of `startSignIn`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct SignInStart {
    /// Where to send the browser: the provider's authorize (or create-ID) page with
    /// `client_id`, `redirect_uri` (`{origin}/{locale}/handoff`), `response_type=code`,
    /// `scope`, `state`, `code_challenge` (S256) and `ui_locales`; base from
    /// `BFF_IDENTITY_PROVIDER_URL` (harness: `/sim/identity`).
    pub authorize_url: String,
}

/// Body of `decodeSignIn`: the query of the provider's redirect to the hand-off.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct DecodeSignInBody {
    /// The authorization code, 1 to 512 URL-safe characters.
    #[oai(validator(min_length = 1, max_length = 512, pattern = r"^[A-Za-z0-9._~-]+$"))]
    pub code: String,
    /// The `state` given back, 1 to 256 URL-safe characters.
    #[oai(validator(min_length = 1, max_length = 256, pattern = r"^[A-Za-z0-9._~-]+$"))]
    pub state: String,
}

/// Where the hand-off goes after the decoder (seed 001 §4 "Sign-in").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum SignInNext {
    /// Exactly one prepaid account, owned: `/{locale}/dashboard`.
    Dashboard,
    /// Not exactly one prepaid account: `/{locale}/account-picker`.
    AccountPicker,
    /// The sign-in failed (state, code, provider, identity answer): `/{locale}/error`.
    Error,
    /// Exactly one prepaid account, not owned (seed 001 §6): `/{locale}/permission-error`.
    PermissionError,
}

/// Answer of `decodeSignIn`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct SignInResult {
    /// The next page.
    pub next: SignInNext,
    /// The `bhr` flag of `startSignIn`, to carry to the dashboard (false on `error`).
    pub bhr: bool,
    /// The `mobile` flag of `startSignIn` (false on `error`).
    pub mobile: bool,
}

/// One account of the picker.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct PickerAccount {
    /// Account id, 16 digits.
    pub account_id: String,
    /// Street line of the service address, e.g. `22 Dogwood Ln`.
    pub street_address: String,
    /// `City, ST 12345`.
    pub city_state_zip: String,
}

/// Answer of `getAccountPicker` (seed 001 §4 "Account picker"): the identity's accounts
/// present in the prepaid database, split by `prepaidStatus`, provider order.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct AccountPicker {
    /// `Open` accounts.
    pub open: Vec<PickerAccount>,
    /// `Closed` accounts.
    pub closed: Vec<PickerAccount>,
}

/// Body of `chooseAccount`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChooseAccountBody {
    /// One of the picker's account ids, 16 digits.
    #[oai(validator(pattern = r"^\d{16}$"))]
    pub account_id: String,
}

/// Where the picker goes next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum ChosenNext {
    /// `/{locale}/dashboard`.
    Dashboard,
    /// The identity is not the account's owner: `/{locale}/permission-error`.
    PermissionError,
}

/// Answer of `chooseAccount`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct AccountChosen {
    /// The next page.
    pub next: ChosenNext,
}

/// Answer of `getProfile`: the signed-in person (shell greeting, permission-error page).
/// No token, guid or account address.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct Profile {
    /// `idcmtFirstName`.
    pub first_name: String,
    /// `idcmtLastName`.
    pub last_name: String,
    /// The greeting's name: the chosen first name, else the first name (seed 001 §2).
    pub greeting_name: String,
    /// Pronoun, e.g. `they/them`, when given.
    #[oai(skip_serializing_if_is_none)]
    pub pronoun: Option<String>,
    /// Sign-in id at the provider.
    pub uid: String,
    /// E-mail address.
    pub email: String,
    /// Whether the e-mail is verified (changes only its label, seed 001 §6).
    pub email_verified: bool,
    /// Mobile number, 10 digits.
    pub mobile: String,
    /// Whether the mobile number is verified.
    pub mobile_verified: bool,
    /// The chosen account (the only one, or the picker's choice).
    #[oai(skip_serializing_if_is_none)]
    pub account_id: Option<String>,
    /// How many of the identity's accounts are in the prepaid database (the picker's).
    pub accounts: u32,
}

/// Body of `ping`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct PingBody {
    /// Ping whatever remains (the timeout modal's "Keep session active").
    #[oai(default)]
    pub force: bool,
}

/// Answer of `ping` (seed 001 §4 "Session and timeout").
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct Ping {
    /// Whether the idle window started again: when forced, or under 300 s remained.
    pub pinged: bool,
    /// Seconds left of the idle window (840 s) after this call.
    pub idle_remaining_secs: u64,
}

/// Body of `signOut`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct SignOutBody {
    /// Language of the hand-off the provider returns to.
    pub locale: Locale,
    /// The session timed out (the modal's countdown ran out): the provider returns with
    /// `state=expired`, and the hand-off shows the timeout page (seed 001 §4).
    #[oai(default)]
    pub expired: bool,
}

/// Answer of `signOut`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct SignedOut {
    /// The provider's logout page: `id_token_hint` (when signed in),
    /// `post_logout_redirect_uri` (`{origin}/{locale}/handoff`), `state=expired` when
    /// expired. The session is already gone on the server.
    pub logout_url: String,
}

crate::answers!(
    /// Answers of `startSignIn`.
    StartSignInResponse(SignInStart), start_bad_request = "start_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`: bad body.",
);

crate::answers!(
    /// Answers of `decodeSignIn` (failures of the provider are `next: error`, not errors).
    DecodeSignInResponse(SignInResult), decode_bad_request = "decode_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`: bad body.",
);

crate::answers!(
    /// Answers of `getAccountPicker`.
    AccountPickerResponse(AccountPicker), picker_bad_request = "picker_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: malformed request.",
);

crate::answers!(
    /// Answers of `chooseAccount`.
    ChooseAccountResponse(AccountChosen), choose_bad_request = "choose_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: bad body.",
);

crate::answers!(
    /// Answers of `getProfile`.
    ProfileResponse(Profile), profile_bad_request = "profile_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: malformed request.",
);

crate::answers!(
    /// Answers of `ping`.
    PingResponse(Ping), ping_bad_request = "ping_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: bad body.",
);

crate::answers!(
    /// Answers of `signOut`.
    SignOutResponse(SignedOut), sign_out_bad_request = "sign_out_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`: bad body.",
);
