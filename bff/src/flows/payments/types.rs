//! Bodies and answers of the payments operations (seed 001 §3 "PaymentInfo", "Payment
//! history groups"; seed 002 §3.5 "Card form response").

use poem_openapi::{Enum, Object};

pub use crate::domain::card_type::CardType;
pub use crate::flows::card_entry::CardEntryConfig;

/// The saved card as the page shows it (masked `xxxx-xxxx-xxxx-` + `last4` by the page).
#[derive(Debug, Clone, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct SavedCard {
    /// Type (stored spelling mapped back, seed 001 §3 card type map); content names it.
    pub card_type: CardType,
    /// Last 4 digits.
    pub last4: String,
    /// Expiry `MM/YY` (empty when the service gave none).
    pub expiry: String,
    /// Card holder's first name.
    pub first_name: String,
    /// Card holder's last name.
    pub last_name: String,
}

/// The failure counter as the page needs it (seed 001 §4 "Payment instrument").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct FormLock {
    /// Failures so far in this cycle (0 to 2).
    pub failures: u32,
    /// ms until the form is enabled again (0: enabled; at most 30,000).
    pub retry_in_ms: i64,
}

/// Answer of `getPaymentInfo`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct PaymentInfo {
    /// The saved card; absent when none is stored (`BUS_PMT_006`, only logged).
    #[oai(skip_serializing_if_is_none)]
    pub card: Option<SavedCard>,
    /// Auto-refill is on (`enrollAutoPayment`).
    pub auto_refill_enabled: bool,
    /// Enrolment is offered: not enrolled, not deactivated, internet days remaining above 0
    /// (`domain::dashboard::auto_enrol_offered`).
    pub auto_enrol_offered: bool,
    /// The failure counter of this account.
    pub lock: FormLock,
    /// What the page needs to embed the card-entry component.
    pub card_entry: CardEntryConfig,
}

/// Billing of the card (the component's `paymentInfo`).
#[derive(Debug, Clone, Object, serde::Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct CardBilling {
    /// Card holder's first name.
    #[oai(validator(min_length = 1, max_length = 70))]
    pub first_name: String,
    /// Card holder's last name.
    #[oai(validator(min_length = 1, max_length = 70))]
    pub last_name: String,
    /// Billing street line.
    #[oai(validator(min_length = 1, max_length = 100))]
    pub address: String,
    /// Billing unit line.
    #[oai(default, validator(max_length = 100))]
    pub address_line2: String,
    /// Billing city.
    #[oai(validator(min_length = 1, max_length = 50))]
    pub city: String,
    /// Billing state, two letters.
    #[oai(validator(pattern = r"^[A-Za-z]{2}$"))]
    pub state: String,
    /// Billing zip, 5 digits.
    #[oai(validator(pattern = r"^\d{5}$"))]
    pub zip_code: String,
}

/// Body of `addAccountPaymentInstrument` and `updatePaymentInstrument`: the component's
/// `cpcData.cardDetails` and `paymentInfo` (never a card number or CVV).
#[derive(Debug, Clone, Object, serde::Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct CardBody {
    /// Payment token of the component.
    #[oai(validator(min_length = 1, max_length = 512))]
    pub token: String,
    /// Expiry `MMYY`.
    #[oai(validator(pattern = r"^(0[1-9]|1[0-2])\d{2}$"))]
    pub expiration_date: String,
    /// `visa`, `mastercard`, `discover` or `american-express` (as the component reports it).
    #[oai(validator(min_length = 1, max_length = 32))]
    pub card_type: String,
    /// Last 4 digits of the card number.
    #[oai(validator(pattern = r"^\d{4}$"))]
    pub card_last4_digits: String,
    /// Card holder and billing address.
    pub billing: CardBilling,
}

/// Body of `enrolAutoRefill`.
#[derive(Debug, Clone, Object, serde::Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct EnrolBody {
    /// The terms checkbox; must be true (else 400, `details[0]`: `terms`/`termsRequired`).
    pub terms_accepted: bool,
}

/// Outcome of a change of the card or of auto-refill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum ChangeOutcome {
    /// Done: reload the page (card) or show the success message after 800 ms (auto-refill).
    Done,
    /// Refused: show `message` in an alert; the form is disabled for `lock.retryInMs`.
    Rejected,
    /// Refused for the third time in a row: back to the dashboard.
    Dashboard,
}

/// Answer of the card and auto-refill changes.
#[derive(Debug, Clone, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ChangeResult {
    /// What happened.
    pub outcome: ChangeOutcome,
    /// The payment service's `businessErrorCode` (refused).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
    /// The catalogue message of the code in the request's locale (`Accept-Language`).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The failure counter after this change.
    pub lock: FormLock,
    /// The saved card after this change (done add or update).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<SavedCard>,
    /// Auto-refill after this change.
    pub auto_refill_enabled: bool,
}

/// One line of the payment history.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct HistoryItem {
    /// Product code, e.g. `HSD_030` (content names it).
    pub product_code: String,
    /// Days bought (the duration).
    pub plan_days: u32,
    /// Amount, dollars with 2 decimals (`45.00`).
    pub amount: String,
    /// When paid, RFC 3339 UTC.
    pub paid_at: String,
    /// Expiry of what was bought, `YYYY-MM-DD` UTC (absent when the service gave none).
    #[oai(skip_serializing_if_is_none)]
    pub expiration_date: Option<String>,
}

/// The lines of one UTC date.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct HistoryGroup {
    /// The date, `YYYY-MM-DD` UTC (the page shows m/d/yyyy).
    pub date: String,
    /// Total of every line of that date, dollars with 2 decimals.
    pub total: String,
    /// This page's lines of that date, newest first.
    pub items: Vec<HistoryItem>,
}

/// Answer of `getPaymentHistory`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct PaymentHistory {
    /// Page shown, 1-based (a page past the end shows the last).
    pub page: u32,
    /// Pages in all (at least 1; 12 lines a page).
    pub pages: u32,
    /// Lines in all.
    pub total_items: u32,
    /// This page's lines by UTC date, newest first.
    pub groups: Vec<HistoryGroup>,
}

crate::answers!(
    /// Answers of `getPaymentInfo`.
    PaymentInfoResponse(PaymentInfo), payment_info_bad_request = "payment_info_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account or payment service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `addAccountPaymentInstrument`, `updatePaymentInstrument`, `removePaymentInstrument`.
    CardChangeResponse(ChangeResult), card_change_bad_request = "card_change_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: bad body or `Idempotency-Key` not a UUID.",
    409 => Conflict: "`PAYMENT_FORM_LOCKED`: still waiting after a failure; `NO_SAVED_CARD`: nothing to remove.",
    422 => UnprocessableEntity: "`IDEMPOTENCY_MISMATCH`: the key was used with another body.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `enrolAutoRefill` and `cancelAutoRefill`.
    AutoRefillResponse(ChangeResult), auto_refill_bad_request = "auto_refill_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: terms not accepted (`terms`/`termsRequired`).",
    409 => Conflict: "`AUTO_REFILL_NOT_OFFERED`: enrolment not offered; `PAYMENT_FORM_LOCKED`: still waiting after a failure.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `getPaymentHistory`.
    PaymentHistoryResponse(PaymentHistory), payment_history_bad_request = "payment_history_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` not 16 digits or `page` not 1 to 10,000.",
    502 => BadGateway: "`UPSTREAM_ERROR` (also a lookup answering `errorCode`), `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the page goes to `/{locale}/error`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
