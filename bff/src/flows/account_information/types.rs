//! Bodies and answers of the account-information operations (seed 001 §2 "Account info
//! card", "Communication preferences", "Page shell" sync-up modal; §3 "Customer update
//! payloads"; §5).

use poem_openapi::{Enum, Object};
use upstream::account::LanguagePreference;

use super::rules::SignInIdKind;

/// Language of service messages: `ENGLISH` or `SPANISH` (seed 001 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "PreferredLanguage", rename_all = "UPPERCASE")]
pub enum Language {
    /// English.
    English,
    /// Spanish.
    Spanish,
}

impl From<LanguagePreference> for Language {
    fn from(l: LanguagePreference) -> Self {
        match l {
            LanguagePreference::English => Self::English,
            LanguagePreference::Spanish => Self::Spanish,
        }
    }
}

impl From<Language> for LanguagePreference {
    fn from(l: Language) -> Self {
        match l {
            Language::English => Self::English,
            Language::Spanish => Self::Spanish,
        }
    }
}

/// Communication preferences of an account (seed 001 §3: language, SMS opt-in), as saved
/// upstream; also the body of `updateCommunicationPreferences` and `submitSyncUp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct CommunicationPreferences {
    /// Language of service messages.
    pub language: Language,
    /// Service and refill text messages on.
    pub sms_opt_in: bool,
}

/// A contact point of the identity and whether the provider verified it (the label only,
/// seed 001 §6).
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct ContactPoint {
    /// Mobile number (10 digits; the page shows `###-###-####`) or e-mail address.
    pub value: String,
    /// Verified at the provider.
    pub verified: bool,
}

/// Which contact point the sign-in id is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum SignInIdType {
    /// The verified mobile number (10 digits).
    Mobile,
    /// The provider's user id.
    UserId,
    /// The verified e-mail address.
    Email,
}

impl From<SignInIdKind> for SignInIdType {
    fn from(k: SignInIdKind) -> Self {
        match k {
            SignInIdKind::Mobile => Self::Mobile,
            SignInIdKind::UserId => Self::UserId,
            SignInIdKind::Email => Self::Email,
        }
    }
}

/// The sign-in id (seed 001 §2 "Page shell": verified mobile, else user id, else verified
/// e-mail).
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct SignInId {
    /// Which contact point it is.
    #[oai(rename = "type")]
    pub kind: SignInIdType,
    /// Its value.
    pub value: String,
}

/// The signed-in person as the account card and the sync-up modal show them.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct AccountHolder {
    /// First name at the provider.
    pub first_name: String,
    /// Last name at the provider.
    pub last_name: String,
    /// Chosen first name, when given.
    #[oai(skip_serializing_if_is_none)]
    pub chosen_first_name: Option<String>,
    /// Pronoun, e.g. `they/them`, when given.
    #[oai(skip_serializing_if_is_none)]
    pub pronoun: Option<String>,
    /// The sign-in id; absent when the identity has none of the three.
    #[oai(skip_serializing_if_is_none)]
    pub sign_in_id: Option<SignInId>,
    /// Mobile number; absent when the identity has none.
    #[oai(skip_serializing_if_is_none)]
    pub mobile: Option<ContactPoint>,
    /// E-mail address; absent when the identity has none.
    #[oai(skip_serializing_if_is_none)]
    pub email: Option<ContactPoint>,
}

/// Answer of `getAccountInformation` (seed 001 §2 "Account info card", "Communication
/// preferences").
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct AccountInformation {
    /// The account, 16 digits (the card's "ID").
    pub account_id: String,
    /// The signed-in person.
    pub holder: AccountHolder,
    /// The saved preferences (the dashboard record's `customerInfo`).
    pub preferences: CommunicationPreferences,
}

/// Answer of `getSyncUp`: whether the sync-up modal opens now, and what it shows.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct SyncUp {
    /// Open the modal (seed 001 §2 "Dashboard": once per session, when the identity
    /// account's contact-match flags are other than both `true` or both `NA`). Answered
    /// `true` once per session: that answer marks the modal shown, so closing it without
    /// submitting counts as shown.
    pub open: bool,
    /// The person the modal shows (name, sign-in id, mobile, e-mail).
    pub holder: AccountHolder,
    /// The modal's defaults (seed 001 §5: SMS opt-in off, language `ENGLISH`).
    pub defaults: CommunicationPreferences,
}

crate::answers!(
    /// Answers of `getAccountInformation`.
    AccountInformationResponse(AccountInformation), account_information_bad_request = "account_information_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
    502 => BadGateway: "`UPSTREAM_ERROR` (also a dashboard answer with `errorCode`), `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: the account service did not answer in time.",
);

crate::answers!(
    /// Answers of `updateCommunicationPreferences`.
    UpdatePreferencesResponse(CommunicationPreferences), update_preferences_bad_request = "update_preferences_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits, or the body is not `CommunicationPreferences`.",
    409 => Conflict: "`PREFERENCES_UNCHANGED`: language and SMS opt-in equal the saved ones (seed 001 §5).",
    502 => BadGateway: "`UPSTREAM_ERROR` (also an update answered `FAILURE` or with `errorCode`), `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed; nothing was saved.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: the account service did not answer in time.",
);

crate::answers!(
    /// Answers of `getSyncUp`.
    SyncUpResponse(SyncUp), sync_up_bad_request = "sync_up_bad_request", get_csrf_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
);

crate::answers!(
    /// Answers of `submitSyncUp`.
    SubmitSyncUpResponse(CommunicationPreferences), submit_sync_up_bad_request = "submit_sync_up_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits, or the body is not `CommunicationPreferences`.",
    409 => Conflict: "`SYNC_UP_NOT_OFFERED`: this account's contact points need no sync-up (both match or both unknown), or it was synced already.",
    502 => BadGateway: "`UPSTREAM_ERROR` (also a sync-up answered `FAILURE` or with `errorCode`), `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed; nothing was saved.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: the account service did not answer in time.",
);
