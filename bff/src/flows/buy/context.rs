//! The buy context (ARCHITECTURE.md "Buy flow (issue 3): the BFF holds the order"): what the
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
    /// Serviceability with `source=CP` (seed 000 §4): the location, the market when the
    /// service names one, the geocode (kept when the answer has none), house key, business
    /// code and service address. Drops the stored taxes.
    pub fn record_serviceability(
        &mut self,
        location_id: &str,
        tracking_id: &str,
        r: &ServiceabilityResponse,
    ) {
        self.location_id = Some(location_id.to_owned());
        self.tracking_id = Some(tracking_id.to_owned());
        if let Some(m) = r.market_id.clone().filter(|m| !m.is_empty()) {
            self.market_id = Some(m);
        }
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

    /// The catalogue's products of `market_id` (seed 000 §4). Drops the stored taxes.
    pub fn record_product_details(
        &mut self,
        market_id: &str,
        tracking_id: &str,
        details: ProductDetailsResponse,
    ) {
        self.market_id = Some(market_id.to_owned());
        self.tracking_id = Some(tracking_id.to_owned());
        self.details = Some(details);
        self.tax = None;
    }

    /// The first valid promotion of the market (seed 000 §4 "Promotion validity"); a
    /// different promotion than before leaves the cart and drops the taxes. Market and
    /// location are kept when already known.
    pub fn record_promotions(
        &mut self,
        valid: Option<Discount>,
        market_id: &str,
        location_id: &str,
        tracking_id: &str,
    ) {
        if self.valid_promo.as_ref().map(|d| &d.disc_id) != valid.as_ref().map(|d| &d.disc_id) {
            self.promo_in_cart = false;
            self.tax = None;
        }
        self.valid_promo = valid;
        self.market_id.get_or_insert_with(|| market_id.to_owned());
        self.location_id
            .get_or_insert_with(|| location_id.to_owned());
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
            _ => self.last_order_error = result.business_error_code.clone(),
        }
    }
}

/// The buy-context id of the session, created on first use (sets the session cookie).
pub fn sid(session: &Session) -> String {
    if let Some(s) = session.get::<String>(SID_KEY) {
        return s;
    }
    let s = uuid::Uuid::new_v4().simple().to_string();
    session.set(SID_KEY, s.clone());
    s
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
