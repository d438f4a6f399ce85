//! Schemas and answer enums of the buy-flow operations (`buy.rs`, `payments.rs`, the
//! digital-session operations of `session.rs`); seed 000 §3, §4, §5, §7.
//!
//! Amounts the BFF computes are dollars as JSON numbers rounded to cents (`45.0`, `9.99`);
//! amounts passed through from an upstream answer keep the upstream spelling (catalogue
//! rates are decimal strings, promotion prices numbers).

use poem_openapi::{Enum, Object};
use upstream::{
    catalogue::ProductEntry,
    digital_session::DigitalSession,
    payments::PaymentIdResponse,
    promotions::{Discount, PrepaidPromotions},
    tax::ProductTax,
};
use uuid::Uuid;

pub use super::card_type::CardType;
pub use crate::domain::cart::{Cart, CartItem, CartItemKind, ShippingSummary};
pub use crate::flows::card_entry::{
    CardEntryConfig, ChannelDetails, CpcConfig, CpcCustomerDetails, CpcOptions,
};
use crate::http::error::ApiError;

/// Communication language (seed 000 §3 `langPref`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LangPref {
    /// English.
    English,
    /// Spanish.
    Spanish,
}

/// What happened to the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum OrderOutcome {
    /// Placed: confirmation page.
    Placed,
    /// `PAYMENT-0001` or `SYS_CUSTACT_01`: the error page.
    Unrecoverable,
    /// Any other code: the banner shows `message`; the order is marked failed.
    Failed,
}

/// Answer of `submitOrder`.
#[derive(Debug, Clone, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct OrderResult {
    /// What happened.
    pub outcome: OrderOutcome,
    /// Order number (placed).
    #[oai(skip_serializing_if_is_none)]
    pub order_number: Option<String>,
    /// New prepaid account id (placed).
    #[oai(skip_serializing_if_is_none)]
    pub account_id: Option<String>,
    /// The business or system code of the answer, if any (placed orders may carry
    /// `BUS_CUSTACT_05` or `SYS0010`).
    #[oai(skip_serializing_if_is_none)]
    pub business_error_code: Option<String>,
    /// Catalogue message for the code in the request's locale (failed and unrecoverable).
    #[oai(skip_serializing_if_is_none)]
    pub message: Option<String>,
    /// The customer's e-mail (confirmation page).
    pub email: String,
}

/// Answer of `getProductDetails`: the catalogue's products and the derived shipping.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct ProductDetails {
    /// Internet product first, then the equipment, as the catalogue sends them (rates are
    /// decimal strings, e.g. `"45.00"`).
    pub products: Vec<ProductEntry>,
    /// Shipping derived from the catalogue (seed 000 §4: rate parsed as decimal, free when 0,
    /// code `STD` by default).
    pub shipping: ShippingSummary,
}

/// Body of `getPromotions` (market and location come from the checkout's serviceability;
/// `source: prepaid-ui-portal` and `flow: BUY` are added by the BFF). Unknown fields are
/// rejected.
#[derive(Debug, Clone, Object, serde::Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct PromoBody {
    /// Tracking id of the flow (UUID v4).
    pub tracking_id: Uuid,
}

/// Answer of `getPromotions`: the upstream answer plus the first valid promotion.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct Promotions {
    /// Every promotion on offer, valid or not, in the service's order.
    pub prepaid_promotions: PrepaidPromotions,
    /// The first valid promotion (seed 000 §4 "Promotion validity", evaluated with the
    /// BFF's clock); absent when none is valid. Its `discId` is the promo id.
    #[oai(skip_serializing_if_is_none)]
    pub valid_promotion: Option<Discount>,
}

/// Body of `updateCart`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartUpdate {
    /// True: put the valid promotion in the cart (no change when there is none); false:
    /// take it out (seed 000 §4 "Toggle promo").
    pub promo_in_cart: bool,
}

/// Body of `getTax`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct TaxBody {
    /// Tracking id of the flow (UUID v4).
    pub tracking_id: Uuid,
}

/// Answer of `getTax`: the tax lines and the recomputed cart. When the tax service fails
/// (transport, status or body), the BFF logs it and answers `taxAvailable: false`, no tax
/// lines and the cart with taxes 0 (total = subtotal; seed 000 §8 "missing tax details are
/// only logged").
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct TaxResult {
    /// False when the tax service could not answer.
    pub tax_available: bool,
    /// Sum of every tax, dollars; absent when unavailable.
    #[oai(skip_serializing_if_is_none)]
    pub total_tax_amt: Option<f64>,
    /// Taxes per line (plans, promotion, device, shipping code), in request order.
    pub products: Vec<ProductTax>,
    /// The cart with these taxes.
    pub cart: Cart,
}

/// Body of `updateCustomer` (seed 000 §5). Missing fields count as empty; the BFF answers
/// every field error at once (`details[].code`: `firstNameMissing`, `lastNameMissing`,
/// `emailMissing` (empty or not `text@text.text`), `confirmEmailMissing`, `emailMismatch`,
/// `phoneFormat`, `invalidCharacters`, `maxLength`). Names: at most 70 (first) and 40
/// (last) characters of letters (accented Latin included), space, hyphen, apostrophe,
/// colon; e-mails at most 300; `tn` exactly 10 digits.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct CustomerBody {
    /// First name.
    #[oai(default)]
    pub first_name: String,
    /// Last name.
    #[oai(default)]
    pub last_name: String,
    /// E-mail.
    #[oai(default)]
    pub email: String,
    /// E-mail again; must equal `email`.
    #[oai(default)]
    pub confirm_email: String,
    /// Mobile number, 10 digits, no formatting.
    #[oai(default)]
    pub tn: String,
}

/// Answer of `updateCustomer`: the customer as stored.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct CustomerAnswer {
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// E-mail.
    pub email: String,
    /// Mobile number, 10 digits.
    pub tn: String,
    /// Mobile number as shown: `(XXX) XXX - XXXX`.
    pub display_tn: String,
}

/// Body of `createDigitalSession`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateSessionBody {
    /// Where the identity router sends the browser back: an absolute path of this site
    /// under `/en/` or `/es/`, e.g. `/en/buy/session` (the BFF makes it absolute with the
    /// page's origin; the router appends `digitalSessionId`). Printable ASCII without space
    /// or backslash (`\s` differs between regex engines, so the class is spelled out).
    #[oai(validator(pattern = r"^/(en|es)/[!-\[\]-~]*$", max_length = 512))]
    pub redirect_url: String,
}

/// Answer of `createDigitalSession`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct DigitalSessionCreated {
    /// The session id.
    pub digital_session_id: String,
    /// Where to send the browser: the identity router (production/test hosts: one
    /// environment; others: staging) with `digitalSessionId` and `returnUrl` in the query.
    /// In harness mode, `/sim/session/router?...` on this origin.
    pub router_url: String,
}

/// Answer of `restoreDigitalSession`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct RestoredSession {
    /// The identity picked on the router (absent values left out).
    pub digital_session: DigitalSession,
    /// True when phone, e-mail, first name, last name and customer guid are all present
    /// (seed 000 §2 "Session"): the flow may skip customer info.
    pub complete: bool,
}

/// Billing of the added card (the component's `paymentInfo`).
#[derive(Debug, Clone, Object, serde::Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct BillingBody {
    /// Card holder's first name, 1 to 70 characters; the whole name when `lastName` is
    /// empty (then split: first word, last word, seed 000 §4).
    #[oai(validator(min_length = 1, max_length = 140))]
    pub first_name: String,
    /// Card holder's last name, up to 40 characters (may be empty, see `firstName`).
    #[oai(default, validator(max_length = 70))]
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

/// Body of `addPaymentInstrument`: the component's `cpcData.cardDetails` and `paymentInfo`
/// plus the two checkboxes.
#[derive(Debug, Clone, Object, serde::Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct AddInstrumentBody {
    /// Payment token of the component.
    #[oai(validator(min_length = 1, max_length = 512))]
    pub token: String,
    /// Expiry `MMYY`.
    #[oai(validator(pattern = r"^(0[1-9]|1[0-2])\d{2}$"))]
    pub expiration_date: String,
    /// `visa`, `mastercard`, `discover` or `american-express`.
    #[oai(validator(min_length = 1, max_length = 32))]
    pub card_type: String,
    /// Last 4 digits of the card number.
    #[oai(validator(pattern = r"^\d{4}$"))]
    pub card_last4_digits: String,
    /// Card holder and billing address.
    pub billing: BillingBody,
    /// The auto-refill checkbox.
    #[oai(default)]
    pub enroll_auto_payment: bool,
    /// The card terms checkbox; enrolment is sent only when both are true (seed 000 §4).
    #[oai(default)]
    pub terms_accepted: bool,
}

/// Outcome of `addPaymentInstrument`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum InstrumentOutcome {
    /// The card is the order's payment instrument: go to order review.
    Added,
    /// The payment service refused it: show `message` in the alert banner.
    Rejected,
}

/// The stored card as the review page shows it.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct CardSummary {
    /// Type as the order stores it (seed 000 §3 card type map); the page names it from content.
    pub card_type: CardType,
    /// Last 4 digits.
    pub last4: String,
    /// Expiry `MM/YY`.
    pub expiry: String,
    /// Card holder's first name.
    pub first_name: String,
    /// Card holder's last name.
    pub last_name: String,
    /// Billing street line.
    pub address_line1: String,
    /// Billing unit line.
    pub address_line2: String,
    /// Billing city.
    pub city: String,
    /// Billing state.
    pub state: String,
    /// Billing zip.
    pub zip: String,
}

/// Answer of `addPaymentInstrument`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct InstrumentResult {
    /// Added or rejected.
    pub outcome: InstrumentOutcome,
    /// The payment service's code (rejected).
    #[oai(skip_serializing_if_is_none)]
    pub business_error_code: Option<String>,
    /// Catalogue message for the code in the request's locale (`Accept-Language`).
    #[oai(skip_serializing_if_is_none)]
    pub message: Option<String>,
    /// The stored card (added).
    #[oai(skip_serializing_if_is_none)]
    pub card: Option<CardSummary>,
}

/// Body of `submitOrder`: the review page's final choices only.
#[derive(Debug, Clone, Object, serde::Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct SubmitBody {
    /// SMS opt-in checkbox.
    #[oai(default)]
    pub sms_opt_in: bool,
    /// E-mail opt-in (`emailOptin` `Y`/`N`; default false).
    #[oai(default)]
    pub email_opt_in: bool,
    /// Communication language.
    pub lang_pref: LangPref,
    /// The consent checkbox; must be true (else 400, `details[0]`: `consent`/`consentRequired`).
    pub consent: bool,
}

/// What one order attempt answered (kept for replays).
pub type SubmitAnswer = Result<OrderResult, ApiError>;

crate::answers!(
    /// Answers of `getProductDetails`.
    ProductDetailsResponse(ProductDetails), product_details_bad_request = "product_details_bad_request", get_csrf;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details`.",
    409 => Conflict: "`ORDER_NOT_READY`: serviceability (`source=CP`) has named no market yet.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE` (also a rate that is not a decimal).",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `getPromotions`.
    PromotionsResponse(Promotions), promotions_bad_request = "promotions_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details`.",
    409 => Conflict: "`ORDER_NOT_READY`: serviceability (`source=CP`) has named no market and location yet.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `getCart`.
    GetCartResponse(Cart), get_cart_bad_request = "get_cart_bad_request", get;
    400 => BadRequest: "`VALIDATION_FAILED`.",
);
crate::answers!(
    /// Answers of `updateCart`.
    UpdateCartResponse(Cart), update_cart_bad_request = "update_cart_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details`.",
);
crate::answers!(
    /// Answers of `getTax` (a failing tax service is a 200 with `taxAvailable: false`).
    TaxResponse(TaxResult), tax_bad_request = "tax_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details`.",
    409 => Conflict: "`ORDER_NOT_READY`: no serviceability (geocode) or product details yet.",
);
crate::answers!(
    /// Answers of `updateCustomer`.
    UpdateCustomerResponse(CustomerAnswer), customer_bad_request = "customer_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`: every field error in `details` (codes in `CustomerBody`).",
);
crate::answers!(
    /// Answers of `createDigitalSession`.
    CreateSessionResponse(DigitalSessionCreated), create_session_bad_request = "create_session_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details`.",
    409 => Conflict: "`ORDER_NOT_READY`: no location id and market id yet (serviceability).",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `restoreDigitalSession`.
    RestoreSessionResponse(RestoredSession), restore_session_bad_request = "restore_session_bad_request", get_csrf;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details`.",
    404 => NotFound: "`NOT_FOUND`: unknown or expired digital session.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `getPrepaidPaymentId`.
    PaymentIdAnswer(PaymentIdResponse), payment_id_bad_request = "payment_id_bad_request", get_csrf;
    400 => BadRequest: "`VALIDATION_FAILED`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `getCardEntryConfig`.
    CardEntryConfigResponse(CardEntryConfig), card_entry_bad_request = "card_entry_bad_request", get;
    400 => BadRequest: "`VALIDATION_FAILED`.",
);
crate::answers!(
    /// Answers of `addPaymentInstrument` (a refused card is a 200 with `outcome: rejected`).
    AddInstrumentResponse(InstrumentResult), add_instrument_bad_request = "add_instrument_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details`.",
    409 => Conflict: "`ORDER_NOT_READY`: no payment id yet (call `getPrepaidPaymentId`).",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `submitOrder`. Replays of a key return the first answer, errors included.
    SubmitOrderResponse(OrderResult), submit_bad_request = "submit_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`: bad body, consent not given, or `Idempotency-Key` not a UUID.",
    409 => Conflict: "`ORDER_NOT_READY`: the context lacks serviceability, product details, customer, payment id or payment instrument (`message` lists them).",
    422 => UnprocessableEntity: "`IDEMPOTENCY_MISMATCH`: this key was used with a different body.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`: go to the error page.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: go to the error page.",
);
