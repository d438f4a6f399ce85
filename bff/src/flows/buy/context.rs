//! The buy context (the BFF holds the order: the flow's docs in `flows::buy`): what the
//! BFF knows of one visitor's order, kept in the one store (`crate::store`, record
//! `pp:ctx:buy:<id>`) under an id held in the anonymous session (`pp_session`, key
//! [`SID_KEY`]), so any instance can serve the next request.
//!
//! The context is not a session value because the page shell fires product details,
//! promotions and serviceability at once: poem's session saves whole values at the end of
//! each request, so parallel requests would overwrite each other's fields. Here every change
//! is one [`BuyContext`] method applied by [`update`], atomic across instances.

use poem::session::Session;
use upstream::{
    address::Address, catalogue::ProductDetailsResponse, digital_session::DigitalSession,
    promotions::Discount, serviceability::ServiceabilityResponse, tax::TaxResponse,
};

use serde::{Deserialize, Serialize};

use super::types::{OrderOutcome, OrderResult};
use crate::{domain::cart::Cart, http::error::ApiError, store::Store};

/// Session key of the buy-context id.
pub const SID_KEY: &str = "buy";

/// The customer as far as known (digital session, customer-info form).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CustomerData {
    /// First name.
    pub first_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// E-mail.
    pub email: Option<String>,
    /// Mobile number, 10 digits.
    pub tn: Option<String>,
    /// Customer guid from the digital session.
    pub cust_guid: Option<String>,
}

impl CustomerData {
    /// Whether name, e-mail and mobile are all present (what the order needs).
    pub fn complete(&self) -> bool {
        [&self.first_name, &self.last_name, &self.email, &self.tn]
            .iter()
            .all(|v| v.as_deref().is_some_and(|s| !s.trim().is_empty()))
    }
}

/// Billing address and card holder of the added card.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BillingData {
    /// Card holder's first name.
    pub first_name: String,
    /// Card holder's last name.
    pub last_name: String,
    /// Street line.
    pub address_line1: String,
    /// Unit line.
    pub address_line2: String,
    /// City.
    pub city: String,
    /// State.
    pub state: String,
    /// Zip.
    pub zip: String,
}

/// The card added as payment instrument.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardData {
    /// Payment token of the card-entry component.
    pub token: String,
    /// `MMYY`.
    pub expiration_date: String,
    /// Type as the component reports it (`visa`, `mastercard`, `discover`, `american-express`).
    pub card_type: String,
    /// Last 4 digits.
    pub last4: String,
    /// Billing.
    pub billing: BillingData,
}

/// Everything the BFF knows of one visitor's order.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct BuyContext {
    /// Tracking id of the flow (the last one the browser sent).
    pub tracking_id: Option<String>,
    /// Location id of the address.
    pub location_id: Option<String>,
    /// Market id of the address.
    pub market_id: Option<String>,
    /// Service address (serviceability, source CP).
    pub address: Option<Address>,
    /// Tax geocode.
    pub geocode: Option<String>,
    /// House key.
    pub house_key: Option<String>,
    /// Business code serviceability answered with.
    pub serviceability_code: Option<String>,
    /// Product details.
    pub details: Option<ProductDetailsResponse>,
    /// The first valid promotion.
    pub valid_promo: Option<Discount>,
    /// Whether it is in the cart.
    pub promo_in_cart: bool,
    /// The last tax answer (dropped when the cart changes).
    pub tax: Option<TaxResponse>,
    /// The customer.
    pub customer: CustomerData,
    /// Payment id of this purchase attempt.
    pub payment_id: Option<String>,
    /// The added card.
    pub card: Option<CardData>,
    /// Code of the last failed order attempt (sent as `errorCode` on the next one).
    pub last_order_error: Option<String>,
    /// The placed order's answer, once placed: any later submit returns it.
    pub placed: Option<OrderResult>,
    /// Order attempts that ended without a placed order (failed, unrecoverable, or unknown
    /// because the provider's answer was lost): names the next attempt's slot, so submits
    /// that overlap share one attempt (`flows::buy::api`, issue 9).
    #[serde(default)]
    pub order_attempts: u32,
    /// The digital session created for this checkout's hand-off: the only one
    /// `restoreDigitalSession` accepts (issue 9).
    #[serde(default)]
    pub digital_session_id: Option<String>,
}

impl BuyContext {
    /// The flow's tracking id, else `fallback()` (the request's `trackingid` header).
    pub fn tracking_or(&self, fallback: impl FnOnce() -> String) -> String {
        self.tracking_id.clone().unwrap_or_else(fallback)
    }

    /// The promotion in the cart, if any.
    pub fn promo_in_cart(&self) -> Option<&Discount> {
        self.valid_promo.as_ref().filter(|_| self.promo_in_cart)
    }

    /// Taxes of the last tax answer, cents (0 without one).
    pub fn tax_cents(&self) -> i64 {
        self.tax
            .as_ref()
            .map_or(0, |t| crate::domain::money::cents_of(t.total_tax_amt))
    }

    /// The cart.
    pub fn cart(&self) -> Cart {
        crate::domain::cart::compute(
            self.details.as_ref(),
            self.promo_in_cart(),
            self.tax_cents(),
        )
    }
}

/// The state changes of the buy flow: handlers call these, they do not assign fields.
impl BuyContext {
    /// Serviceability with `source=CP` (seed 000 §4): the location, the market (the only
    /// source of the checkout's market; a change drops product details and promotion), the
    /// geocode (kept when the answer has none), house key, business code and service
    /// address. Drops the stored taxes.
    pub fn record_serviceability(
        &mut self,
        location_id: &str,
        tracking_id: &str,
        r: &ServiceabilityResponse,
    ) {
        self.location_id = Some(location_id.to_owned());
        self.tracking_id = Some(tracking_id.to_owned());
        // The market is the serviceability answer's, never the browser's (issue 9): a new
        // one drops what was priced for the old one.
        let market = r.market_id.clone().filter(|m| !m.is_empty());
        if market != self.market_id {
            self.details = None;
            self.valid_promo = None;
            self.promo_in_cart = false;
        }
        self.market_id = market;
        self.geocode = r
            .geocode
            .clone()
            .filter(|g| !g.is_empty())
            .or(self.geocode.take());
        self.house_key = r.house_key.clone();
        self.serviceability_code = r.business_error_code.clone().filter(|x| !x.is_empty());
        if let Some(a) = &r.address {
            self.address = Some(Address {
                address_line1: a.address_line1.clone().unwrap_or_default(),
                address_line2: a.address_line2.clone().unwrap_or_default(),
                city: a.city.clone(),
                state: a.state.clone(),
                zip: a.zip.clone().unwrap_or_default(),
            });
        }
        self.tax = None;
    }

    /// The catalogue's products of `market_id` (seed 000 §4), if it is still the checkout's
    /// market (serviceability may have named another meanwhile: then the answer is dropped).
    /// Drops the stored taxes.
    pub fn record_product_details(
        &mut self,
        market_id: &str,
        tracking_id: &str,
        details: ProductDetailsResponse,
    ) {
        if self.market_id.as_deref() != Some(market_id) {
            return;
        }
        self.tracking_id = Some(tracking_id.to_owned());
        self.details = Some(details);
        self.tax = None;
    }

    /// The first valid promotion of `market_id` (seed 000 §4 "Promotion validity"), if it
    /// is still the checkout's market; a different promotion than before leaves the cart and
    /// drops the taxes.
    pub fn record_promotions(
        &mut self,
        valid: Option<Discount>,
        market_id: &str,
        tracking_id: &str,
    ) {
        if self.market_id.as_deref() != Some(market_id) {
            return;
        }
        if self.valid_promo.as_ref().map(|d| &d.disc_id) != valid.as_ref().map(|d| &d.disc_id) {
            self.promo_in_cart = false;
            self.tax = None;
        }
        self.valid_promo = valid;
        self.tracking_id = Some(tracking_id.to_owned());
    }

    /// Puts the valid promotion in the cart (`want`; no change without one) or takes it out
    /// (seed 000 §4 "Toggle promo"); a change drops the taxes. Answers the cart.
    pub fn toggle_promo(&mut self, want: bool) -> Cart {
        let want = want && self.valid_promo.is_some();
        if want != self.promo_in_cart {
            self.promo_in_cart = want;
            self.tax = None;
        }
        self.cart()
    }

    /// The tax answer (`None`: the tax service failed, total = subtotal). Answers the cart.
    pub fn record_tax(&mut self, tax: Option<TaxResponse>) -> Cart {
        self.tax = tax;
        self.cart()
    }

    /// The customer-info form's values (validated by the caller, seed 000 §5); the digital
    /// session's guid is kept.
    pub fn record_customer(&mut self, first_name: &str, last_name: &str, email: &str, tn: &str) {
        let c = &mut self.customer;
        c.first_name = Some(first_name.to_owned());
        c.last_name = Some(last_name.to_owned());
        c.email = Some(email.to_owned());
        c.tn = Some(tn.to_owned());
    }

    /// The digital session created for the hand-off to the identity router.
    pub fn record_digital_session(&mut self, id: &str) {
        self.digital_session_id = Some(id.to_owned());
    }

    /// Whether `id` is the digital session created for this checkout.
    pub fn owns_digital_session(&self, id: &str) -> bool {
        self.digital_session_id.as_deref() == Some(id)
    }

    /// The restored digital session's name, e-mail, phone and guid (seed 000 §4 "Session
    /// restore"); blank values leave what is known.
    pub fn restore_customer(&mut self, s: &DigitalSession) {
        let present = |v: &Option<String>| v.clone().filter(|x| !x.trim().is_empty());
        let c = &mut self.customer;
        for (slot, value) in [
            (&mut c.first_name, &s.name.first_name),
            (&mut c.last_name, &s.name.last_name),
            (&mut c.email, &s.contact.email),
            (&mut c.tn, &s.contact.phone_number),
            (&mut c.cust_guid, &s.identity.cust_guid),
        ] {
            if let Some(v) = present(value) {
                *slot = Some(v);
            }
        }
    }

    /// A new payment id for this purchase attempt: any card added before is dropped.
    pub fn start_payment(&mut self, payment_id: String) {
        self.payment_id = Some(payment_id);
        self.card = None;
    }

    /// The card the payment service accepted, or `None` after a refusal.
    pub fn record_card(&mut self, card: Option<CardData>) {
        self.card = card;
    }

    /// The answer of an order attempt: a placed order is kept (every later submit returns
    /// it); a failure's code is sent as `errorCode` on the next attempt (seed 000 §3).
    pub fn record_order(&mut self, result: &OrderResult) {
        match result.outcome {
            OrderOutcome::Placed => self.placed = Some(result.clone()),
            _ => {
                self.last_order_error = result.business_error_code.clone();
                self.order_attempts += 1;
            }
        }
    }

    /// An order attempt whose answer was lost (timeout, reset, 5xx, malformed answer): the
    /// order may or may not exist upstream. The next attempt re-sends the same payment id,
    /// which the provider answers with the existing order (`BUS_CUSTACT_05`, counted as
    /// placed) if there is one, so a retry finds the order instead of placing a second.
    pub fn record_order_unknown(&mut self) {
        self.order_attempts += 1;
    }
}

/// The buy-context id of the session, reserved with it by `GET /token` ([`reserve_sid`]) and
/// taken up here by the first state-changing operation of the checkout (they are
/// CSRF-checked, so their session exists; one that predates the reservation gets a new id).
pub fn ensure_sid(session: &Session) -> String {
    crate::flows::ensure_context_id(session, SID_KEY)
}

/// Fixes the buy-context id before the page's parallel first calls (each of them that writes
/// takes the same id: none orphans a context another filled), leaving the session empty until
/// the checkout begins (`crate::store`: empty sessions idle out after 2 min).
pub fn reserve_sid(session: &Session) {
    crate::http::session::reserve_context_id(session, SID_KEY);
}

/// The buy-context id of the session, `None` without one (nothing is created: reads of a
/// visitor without a checkout answer the empty context).
pub fn sid(session: &Session) -> Option<String> {
    crate::flows::context_id(session, SID_KEY)
}

/// The session's buy context, empty without a checkout (creates nothing). Errors: 503
/// `STORE_UNAVAILABLE`.
pub async fn current(store: &Store, session: &Session) -> Result<BuyContext, ApiError> {
    match sid(session) {
        Some(sid) => load(store, &sid).await,
        None => Ok(BuyContext::default()),
    }
}

/// Namespace of buy contexts in the store (`pp:ctx:buy:<context id>`).
pub const NS: &str = "buy";

/// The buy context `sid` (empty when new). Errors: 503 `STORE_UNAVAILABLE`.
pub async fn load(store: &Store, sid: &str) -> Result<BuyContext, ApiError> {
    Ok(store.get(NS, sid).await?.unwrap_or_default())
}

/// Applies `f` to the buy context `sid` atomically across instances (re-run on a concurrent
/// write, so `f` must only depend on the context) and returns its result. Errors: 503
/// `STORE_UNAVAILABLE`.
pub async fn update<R: Send>(
    store: &Store,
    sid: &str,
    f: impl Fn(&mut BuyContext) -> R + Send,
) -> Result<R, ApiError> {
    Ok(store.update(NS, sid, f).await?)
}
