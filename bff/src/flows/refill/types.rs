//! Bodies and answers of the card refill (seed 002 §2.2, §2.5, §2.6, §3.1, §3.9, §4.1, §4.8).
//! Every amount is dollars as a JSON number rounded to cents (as the buy flow's `Cart`).

use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};

use crate::domain::money::dollars;
use crate::domain::refill::{
    self as rules, ItemKind, PromoKind,
    cart::CartState,
    price::{LineKind, Priced, PromoShown},
};
pub use crate::flows::payments::types::SavedCard;

/// A plan the account can buy, priced from its available plans.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct OfferItem {
    /// Product code, e.g. `HSD_030`, `VDO_XITV_30`, `HBO` (content names it).
    pub code: String,
    /// Price, dollars.
    pub price: f64,
    /// Days one refill buys (30, 7).
    pub days: u32,
}

impl OfferItem {
    fn of(i: &rules::Item) -> Self {
        Self {
            code: i.code.clone(),
            price: dollars(i.cents),
            days: i.days,
        }
    }
}

/// How a promo changes the cart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum PromoType {
    /// `P_SALE35OFF_021522`: 35.00 off the 30-day plan.
    Sale,
    /// `P_WINBACK45OFF_1215`: 2 refills, cart count 3 (a free 30-day refill).
    Winback,
    /// `REFILL_$45_FOR_60_DAYS`: price x quantity - 35.00 with the 30-to-60-days banner.
    Banner,
}

impl From<PromoKind> for PromoType {
    fn from(k: PromoKind) -> Self {
        match k {
            PromoKind::Sale => Self::Sale,
            PromoKind::Winback => Self::Winback,
            PromoKind::Banner => Self::Banner,
        }
    }
}

/// A promo as the page shows it (seed 002 §9 "45.00 struck through and 10.00").
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PromoView {
    /// Discount id (content names it).
    pub id: String,
    /// Its effect.
    pub kind: PromoType,
    /// Price struck through, dollars (the 30-day plan's price).
    pub was_price: f64,
    /// Price shown, dollars (the plan's price minus 35.00).
    pub price: f64,
    /// Show the 30-to-60-days banner (`REFILL_$45_FOR_60_DAYS`, seed 002 §2.11, §4.8).
    pub banner_60_days: bool,
}

impl From<&PromoShown> for PromoView {
    fn from(p: &PromoShown) -> Self {
        Self {
            id: p.id.clone(),
            kind: p.kind.into(),
            was_price: dollars(p.was_cents),
            price: dollars(p.now_cents),
            banner_60_days: p.banner_60_days,
        }
    }
}

/// What a cart line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum CartLineKind {
    /// The internet plan.
    Internet,
    /// A TV package.
    Package,
    /// A TV add-on.
    AddOn,
    /// The promo (negative or 0).
    Promo,
    /// The ACP credit (negative).
    Acp,
}

/// One line of the priced cart.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    /// Product code, the discount id of the promo, `ACP` for the ACP credit.
    pub code: String,
    /// What the line is.
    pub kind: CartLineKind,
    /// Price of one unit, dollars.
    pub price: f64,
    /// Units (internet refills; 1 otherwise).
    pub quantity: u32,
    /// The line's amount, dollars (price x quantity; negative for promo and ACP).
    pub amount: f64,
    /// Tax of the product, dollars (0 for promo and ACP, and without a tax answer).
    pub tax: f64,
}

/// The cart priced by the BFF (seed 002 §3.1; rules `domain::refill`).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillCart {
    /// The internet plan (`HSD_030`, `HSD_007`); absent with the internet checkbox cleared.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
    /// Internet refills (1, or 2 with the winback).
    pub internet_refills: u32,
    /// Cart count (1, or 3 with the winback).
    pub cart_count: u32,
    /// TV packages in the cart (`VDO_XITV_30` whenever any).
    pub packages: Vec<String>,
    /// TV add-ons in the cart.
    pub add_ons: Vec<String>,
    /// Whether the promo is in the cart.
    pub promo_in_cart: bool,
    /// Internet, packages, add-ons, promo, ACP.
    pub lines: Vec<CartLine>,
    /// The promo in the cart, as shown.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promo: Option<PromoView>,
    /// Sum of the lines, dollars.
    pub subtotal: f64,
    /// Taxes, dollars (0 without a tax answer).
    pub taxes: f64,
    /// False when the tax service failed: the total is the subtotal (seed 002 §4.5).
    pub tax_available: bool,
    /// Subtotal + taxes, dollars.
    pub total: f64,
    /// Next is enabled: total > 0 (seed 002 §2.2, §5).
    pub next_enabled: bool,
    /// The winback modal opens on Next (seed 002 §2.2's four conditions).
    pub winback_modal: bool,
}

impl RefillCart {
    /// The answer of a held cart and its price.
    pub fn of(cart: &CartState, p: &Priced) -> Self {
        Self {
            plan: cart.internet.clone(),
            internet_refills: cart.internet_refills,
            cart_count: cart.cart_count,
            packages: cart.packages.clone(),
            add_ons: cart.add_ons.clone(),
            promo_in_cart: cart.has_promo(),
            lines: p
                .lines
                .iter()
                .map(|l| CartLine {
                    code: l.code.clone(),
                    kind: match l.kind {
                        LineKind::Internet => CartLineKind::Internet,
                        LineKind::Package => CartLineKind::Package,
                        LineKind::AddOn => CartLineKind::AddOn,
                        LineKind::Promo => CartLineKind::Promo,
                        LineKind::Acp => CartLineKind::Acp,
                    },
                    price: dollars(l.unit_cents),
                    quantity: l.quantity,
                    amount: dollars(l.cents),
                    tax: dollars(l.tax_cents),
                })
                .collect(),
            promo: p.promo.as_ref().map(PromoView::from),
            subtotal: dollars(p.subtotal_cents),
            taxes: dollars(p.tax_cents),
            tax_available: p.tax_available,
            total: dollars(p.total_cents),
            next_enabled: p.next_enabled,
            winback_modal: p.winback_modal,
        }
    }
}

/// Answer of `getRefillOffer`.
#[derive(Debug, Clone, PartialEq, Object)]
#[oai(rename_all = "camelCase")]
pub struct RefillOffer {
    /// Internet plans (30-day and 7-day radios), in the service's order.
    pub plans: Vec<OfferItem>,
    /// TV packages.
    pub packages: Vec<OfferItem>,
    /// TV add-ons.
    pub add_ons: Vec<OfferItem>,
    /// The account's valid promo, if any.
    #[oai(skip_serializing_if_is_none)]
    pub promo: Option<PromoView>,
    /// The valid promo is the winback (the dashboard's winback banner).
    pub winback: bool,
    /// ACP credit off the 30-day plan, dollars (valid ACP, not Tribal); absent otherwise.
    #[oai(skip_serializing_if_is_none)]
    pub acp_credit: Option<f64>,
    /// Internet days remaining.
    pub days_remaining: i64,
    /// The internet checkbox is enabled: days remaining > 0 (seed 002 §4.1).
    pub internet_enabled: bool,
    /// The saved card; absent: Next goes to `/refill/payment`, else to `/refill/review`.
    #[oai(skip_serializing_if_is_none)]
    pub saved_card: Option<SavedCard>,
    /// The cart held for this account (the default one before any choice).
    pub cart: RefillCart,
}

/// Body of `updateRefillCart`: only the browser's choices; prices are the BFF's.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct CartChoices {
    /// The chosen radio's plan code, or absent with the internet checkbox cleared.
    #[oai(validator(pattern = r"^[A-Z0-9_]{1,40}$"))]
    pub plan: Option<String>,
    /// TV packages ticked.
    #[oai(default, validator(max_items = 10, unique_items = true))]
    pub packages: Vec<String>,
    /// TV add-ons ticked.
    #[oai(default, validator(max_items = 10, unique_items = true))]
    pub add_ons: Vec<String>,
    /// The promo is wanted in the cart.
    #[oai(default)]
    pub promo: bool,
}

/// Body of `submitRefill`.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct RefillBody {
    /// The purchase agreement checkbox (seed 002 §2.5, §5); must be true (else 400
    /// `terms`/`termsRequired`).
    pub terms_accepted: bool,
}

/// The outcome of a refill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum RefillOutcome {
    /// Refilled: go to `/refill/confirmation`.
    Refilled,
    /// Refilled with a warning (status not `SUCCESS` or no order number, seed 002 §4.1):
    /// go to the confirmation all the same.
    Warning,
    /// Refused (`errorCode`): show `message` in an alert.
    Failed,
}

/// What the confirmation shows (seed 002 §2.6, §3.9 "Refill order kept for confirmation").
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillConfirmation {
    /// The order number (absent with a warning without one).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_number: Option<String>,
    /// The cart paid for, with its taxes, total and promo.
    pub cart: RefillCart,
    /// The refill answered with a warning.
    pub warning: bool,
    /// Show the auto-refill enrolment card (not for `HSD_007`, seed 002 §2.6).
    pub auto_refill_offer: bool,
    /// When the refill was answered, RFC 3339 UTC.
    pub refilled_at: String,
}

/// Answer of `submitRefill`.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillResult {
    /// What happened.
    pub outcome: RefillOutcome,
    /// The order number (refilled; a warning may lack it).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_number: Option<String>,
    /// The refill service's `errorCode` (failed).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// The catalogue message of the code in the request's locale (failed).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The confirmation (refilled, warning).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmation: Option<RefillConfirmation>,
}

/// Items of `kind` of the catalogue as offered.
pub fn items(cat: &rules::Catalogue, kind: ItemKind) -> Vec<OfferItem> {
    cat.of(kind).map(OfferItem::of).collect()
}

crate::answers!(
    /// Answers of `getRefillOffer`.
    RefillOfferResponse(RefillOffer), refill_offer_bad_request = "refill_offer_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
    502 => BadGateway: "`UPSTREAM_ERROR` (also an account lookup answering `errorCode`), `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account or payment service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `updateRefillCart`.
    RefillCartResponse(RefillCart), refill_cart_bad_request = "refill_cart_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: a code not offered to the account (`plan`, `packages`, `addOns` / `notOffered`), no plan while the internet checkbox is disabled (`plan`/`internetRequired`), or a bad body.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed (a failed tax lookup is `taxAvailable: false`, not an error).",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `submitRefill`.
    SubmitRefillResponse(RefillResult), submit_refill_bad_request = "submit_refill_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: terms not accepted (`terms`/`termsRequired`), bad body or `Idempotency-Key` not a UUID.",
    409 => Conflict: "`REFILL_NOT_READY`: no cart chosen yet; `REFILL_CART_EMPTY`: the total is 0; `REFILL_NO_SAVED_CARD`: no saved card (go to `/refill/payment`); `PAYMENT_IN_PROGRESS`: another payment of this account is in flight (another device, tab or visitor); nothing charged, try again.",
    422 => UnprocessableEntity: "`IDEMPOTENCY_MISMATCH`: the key was used with another body.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the refill may or may not be done; a retry of the same cart finds it instead of charging twice.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: as 502.",
);
crate::answers!(
    /// Answers of `getRefillConfirmation`.
    RefillConfirmationResponse(RefillConfirmation), refill_confirmation_bad_request = "refill_confirmation_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
    404 => NotFound: "`NO_REFILL`: this sign-in made no refill of the account (the web goes to the dashboard).",
);
