//! Bodies and answers of the quick refill (seed 002 §2.11, §3.5, §3.8, §4.6). Amounts are
//! dollars as JSON numbers rounded to cents (as the refill's `RefillCart`). Nothing here names
//! the account, its holder or its service address: only what the screens show (the flow's
//! docs in `flows::litepay`).

use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};

pub use crate::flows::card_entry::CardEntryConfig;
pub use crate::flows::payments::types::{CardBody, CardType, FormLock};

/// Body of `lookupLitepayAccount` (seed 002 §5 "Quick refill step 1"): the billing phone,
/// digits only (the page strips the mask `(xxx) xxx - xxxx`), and the 5-digit zip.
#[derive(Clone, Object, Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct LookupBody {
    /// Billing phone, 10 digits.
    #[oai(validator(pattern = r"^\d{10}$"))]
    pub phone: String,
    /// Zip, 5 digits.
    #[oai(validator(pattern = r"^\d{5}$"))]
    pub zip: String,
}

impl std::fmt::Debug for LookupBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LookupBody { .. }")
    }
}

/// What a lookup found (seed 002 §4.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum LookupOutcome {
    /// One account: step 1 is complete, `refill` is what step 2 shows.
    Found,
    /// `PREACTIVATED_ERROR`: the account awaits activation.
    Preactivated,
    /// `LITEPAY_MULTIPLE_ACCOUNTS`: the multiple-accounts notice.
    MultipleAccounts,
    /// `LITEPAY_ACCOUNT_NOT_LOCATED`: the cannot-locate notice with its help modal (an
    /// unknown phone, another zip, a failed lookup: one answer).
    NotLocated,
}

/// Answer of `lookupLitepayAccount`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct LitepayLookup {
    /// What was found.
    pub outcome: LookupOutcome,
    /// The code of a failure (`PREACTIVATED_ERROR`, `LITEPAY_MULTIPLE_ACCOUNTS`,
    /// `LITEPAY_ACCOUNT_NOT_LOCATED`).
    #[oai(skip_serializing_if_is_none)]
    pub error_code: Option<String>,
    /// The catalogue's message of that code in the `Accept-Language` locale.
    #[oai(skip_serializing_if_is_none)]
    pub message: Option<String>,
    /// Found: what the payment and confirm steps show.
    #[oai(skip_serializing_if_is_none)]
    pub refill: Option<LitepayRefill>,
}

/// The card added in this session, as the recap shows it (seed 002 §2.11 step 2: card type
/// icon, `xxxx-xxxx-xxxx-` + last 4, the billing address typed in the card form).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct LitepayCard {
    /// Type (content names it).
    pub card_type: CardType,
    /// Last 4 digits.
    pub last4: String,
    /// Expiry `MM/YY`.
    pub expiry: String,
    /// Billing street line, as typed in the card form.
    pub address: String,
    /// Billing unit line.
    pub address_line2: String,
    /// Billing city.
    pub city: String,
    /// Billing state, 2 letters.
    pub state: String,
    /// Billing zip.
    pub zip_code: String,
}

/// What steps 2 and 3 show of the located account (seed 002 §2.11, §9).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct LitepayRefill {
    /// The plan refilled: `HSD_030` (the first internet plan when the account lacks it).
    pub plan: String,
    /// Its price, dollars.
    pub plan_price: f64,
    /// ACP credit deducted (valid and not Tribal), dollars.
    #[oai(skip_serializing_if_is_none)]
    pub acp_credit: Option<f64>,
    /// Price less the credit, dollars.
    pub subtotal: f64,
    /// Taxes, dollars (0 when the lookup failed).
    pub taxes: f64,
    /// The tax lookup answered (else the total is the subtotal, seed 002 §4.5).
    pub tax_available: bool,
    /// What the refill charges, dollars.
    pub total: f64,
    /// The promo banner of `REFILL_$45_FOR_60_DAYS` (seed 002 §2.11 step 2).
    pub promo_banner: bool,
    /// Send the "acp learn tile" impression (no valid ACP benefit, not Denied).
    pub acp_learn_tile: bool,
    /// The phone typed, masked but the last 4: `(xxx) xxx - 1234` (the recap's "mobile").
    pub phone: String,
    /// The zip typed.
    pub zip: String,
    /// The card added in this session (absent: the card entry shows).
    #[oai(skip_serializing_if_is_none)]
    pub card: Option<LitepayCard>,
    /// The card form's failure counter.
    pub lock: FormLock,
    /// What the page needs to embed the card-entry component (nothing prefilled).
    pub card_entry: CardEntryConfig,
}

/// Outcome of `addLitepayPaymentInstrument`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum CardOutcome {
    /// Added: the recap shows it; on to confirm.
    Added,
    /// Refused: the catalogue message; the form waits `lock.retryInMs`.
    Rejected,
    /// The third refusal in a row (seed 002 §4.3): the page goes to the public marketing
    /// site.
    Marketing,
}

/// Answer of `addLitepayPaymentInstrument`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct LitepayCardResult {
    /// What happened.
    pub outcome: CardOutcome,
    /// The payment service's refusal code.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
    /// The catalogue's message of that code.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The counter after this answer.
    pub lock: FormLock,
    /// The card added.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<LitepayCard>,
}

/// Body of `submitLitepayRefill` (seed 002 §4.6, §5: terms ticked).
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct LitepayRefillBody {
    /// The terms checkbox.
    pub terms_accepted: bool,
}

/// Outcome of a quick refill (seed 002 §4.1, §4.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum LitepayOutcome {
    /// Refilled: to the confirmation.
    Refilled,
    /// Refilled, but without `SUCCESS` or an order number: the confirmation, no number.
    Warning,
    /// Refused: the message; step 2 reopens.
    Failed,
}

/// The last quick refill of the session (seed 002 §2.11 "Litepay confirmation", §3.9).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct LitepayConfirmation {
    /// Order number (absent on a warning).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_number: Option<String>,
    /// The plan refilled.
    pub plan: String,
    /// Its price, dollars.
    pub plan_price: f64,
    /// ACP credit, dollars.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acp_credit: Option<f64>,
    /// Subtotal, dollars.
    pub subtotal: f64,
    /// Taxes, dollars.
    pub taxes: f64,
    /// Total charged, dollars.
    pub total: f64,
    /// A warning refill.
    pub warning: bool,
    /// The phone typed, masked.
    pub phone: String,
    /// The zip typed.
    pub zip: String,
    /// The "acp learn tile" impression.
    pub acp_learn_tile: bool,
    /// When, RFC 3339 UTC.
    pub refilled_at: String,
}

/// Answer of `submitLitepayRefill`.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct LitepayResult {
    /// What happened.
    pub outcome: LitepayOutcome,
    /// Order number.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_number: Option<String>,
    /// The refill service's `errorCode` (failed).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Its catalogue message in the `Accept-Language` locale.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Refilled or warning: the confirmation.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmation: Option<LitepayConfirmation>,
}

crate::answers!(
    LookupResponse(LitepayLookup), litepay_lookup_bad_request = "litepay_lookup_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`: `phone` is not 10 digits or `zip` not 5 (no lookup made).",
);
crate::answers!(
    LitepayRefillResponse(LitepayRefill), litepay_refill_bad_request = "litepay_refill_bad_request", get;
    400 => BadRequest: "`VALIDATION_FAILED`.",
    409 => Conflict: "`REFILL_NOT_READY`: no account located in this session (the page shows step 1).",
);
crate::answers!(
    LitepayCardResponse(LitepayCardResult), litepay_card_bad_request = "litepay_card_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`: a bad card body or `Idempotency-Key` not a UUID.",
    409 => Conflict: "`REFILL_NOT_READY`: no account located; `PAYMENT_FORM_LOCKED`: the form waits after a refusal.",
    422 => UnprocessableEntity: "`IDEMPOTENCY_MISMATCH`: the key was used with another card.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the payment service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    SubmitLitepayResponse(LitepayResult), submit_litepay_bad_request = "submit_litepay_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`: terms not accepted (`terms`/`termsRequired`), bad body or `Idempotency-Key` not a UUID.",
    409 => Conflict: "`REFILL_NOT_READY`: no account located; `REFILL_NO_SAVED_CARD`: no card added in this session; `REFILL_CART_EMPTY`: the total is 0; `PAYMENT_IN_PROGRESS`: another payment of this account is in flight (another device, tab or visitor); nothing charged, try again.",
    422 => UnprocessableEntity: "`IDEMPOTENCY_MISMATCH`: the key was used with another body.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the refill may or may not be done; a retry finds it instead of charging twice.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: as 502.",
);
crate::answers!(
    LitepayConfirmationResponse(LitepayConfirmation), litepay_confirmation_bad_request = "litepay_confirmation_bad_request", get;
    400 => BadRequest: "`VALIDATION_FAILED`.",
    404 => NotFound: "`NO_REFILL`: no quick refill in this session (the page goes to `/{locale}/litepay`).",
);
