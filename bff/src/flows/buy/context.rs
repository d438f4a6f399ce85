//! The buy context (ARCHITECTURE.md "Buy flow (issue 3): the BFF holds the order"): what the
//! BFF knows of one visitor's order, kept in memory on the server and keyed by the
//! anonymous session (`pp_session`, key [`SID_KEY`]), plus the idempotency store of
//! `submitOrder`.
//!
//! The context is not stored as a session value because the page shell fires product
//! details, promotions and serviceability at once: poem's session saves whole values at
//! the end of each request, so parallel requests would overwrite each other's fields.
//! Here every update is one closure under one lock ([`BuyStore::update`]).
//!
//! Memory is bounded: at most [`MAX_CONTEXTS`] contexts and [`MAX_IDEMPOTENCY`] keys, each
//! expiring [`crate::session::SESSION_TTL`] after its last use; the oldest go first.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
    time::{Duration, Instant},
};

use futures_util::future::{BoxFuture, FutureExt, Shared};
use poem::session::Session;
use upstream::{
    address::Address, catalogue::ProductDetailsResponse, digital_session::DigitalSession,
    promotions::Discount, serviceability::ServiceabilityResponse, tax::TaxResponse,
};

use super::types::{OrderOutcome, OrderResult};
use crate::domain::cart::Cart;

use crate::http::session::SESSION_TTL;

/// Session key of the buy-context id.
pub const SID_KEY: &str = "buy";

/// Most buy contexts kept.
pub const MAX_CONTEXTS: usize = 20_000;

/// Most idempotency keys kept.
pub const MAX_IDEMPOTENCY: usize = 20_000;

/// The customer as far as known (digital session, customer-info form).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
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
#[derive(Debug, Clone, Default, PartialEq, Eq)]
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
#[derive(Debug, Clone, Default, PartialEq, Eq)]
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
#[derive(Debug, Clone, Default)]
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
        self.location_id.get_or_insert_with(|| location_id.to_owned());
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

/// A map with last-use expiry and a size bound (oldest last use evicted first).
#[derive(Debug)]
struct Bounded<V> {
    entries: HashMap<String, (Instant, V)>,
    max: usize,
    ttl: Duration,
}

impl<V> Bounded<V> {
    fn new(max: usize, ttl: Duration) -> Self {
        Self {
            entries: HashMap::new(),
            max,
            ttl,
        }
    }

    fn sweep(&mut self, now: Instant) {
        let ttl = self.ttl;
        self.entries
            .retain(|_, (t, _)| now.duration_since(*t) < ttl);
        while self.entries.len() >= self.max {
            let Some(oldest) = self
                .entries
                .iter()
                .min_by_key(|(_, (t, _))| *t)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            self.entries.remove(&oldest);
        }
    }

    fn get_or_insert_with(&mut self, key: &str, make: impl FnOnce() -> V) -> &mut V {
        let now = Instant::now();
        let expired = self
            .entries
            .get(key)
            .is_some_and(|(t, _)| now.duration_since(*t) >= self.ttl);
        if expired {
            self.entries.remove(key);
        }
        if !self.entries.contains_key(key) {
            self.sweep(now);
            self.entries.insert(key.to_owned(), (now, make()));
        }
        let e = self.entries.get_mut(key).expect("inserted above");
        e.0 = now;
        &mut e.1
    }
}

/// The buy contexts of every session.
#[derive(Debug)]
pub struct BuyStore {
    inner: Mutex<Bounded<BuyContext>>,
}

impl Default for BuyStore {
    fn default() -> Self {
        Self {
            inner: Mutex::new(Bounded::new(MAX_CONTEXTS, SESSION_TTL)),
        }
    }
}

impl BuyStore {
    /// A copy of the context of `sid` (empty when new).
    pub fn get(&self, sid: &str) -> BuyContext {
        self.update(sid, |c| c.clone())
    }

    /// Runs `f` on the context of `sid` under the lock and returns its result.
    pub fn update<R>(&self, sid: &str, f: impl FnOnce(&mut BuyContext) -> R) -> R {
        let mut g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        f(g.get_or_insert_with(sid, BuyContext::default))
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

/// The first answer of an order attempt, shared by every replay.
pub type SharedAnswer<T> = Shared<BoxFuture<'static, T>>;

/// One idempotency key: the body it was first used with and the (shared) answer.
#[derive(Clone)]
pub struct IdemEntry<T: Clone> {
    /// Canonical JSON of the first body.
    pub body: String,
    /// The answer, computed once (the future runs on its own task).
    pub answer: SharedAnswer<T>,
}

impl<T: Clone> std::fmt::Debug for IdemEntry<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IdemEntry")
            .field("body", &self.body)
            .finish()
    }
}

/// Idempotency keys of `submitOrder`, scoped to the buy context (`<sid>/<key>`).
pub struct IdempotencyStore<T: Clone> {
    inner: Mutex<Bounded<Option<IdemEntry<T>>>>,
}

impl<T: Clone> std::fmt::Debug for IdempotencyStore<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("IdempotencyStore")
    }
}

impl<T: Clone> Default for IdempotencyStore<T> {
    fn default() -> Self {
        Self {
            inner: Mutex::new(Bounded::new(MAX_IDEMPOTENCY, SESSION_TTL)),
        }
    }
}

/// What [`IdempotencyStore::begin`] found.
pub enum Begin<T: Clone> {
    /// The key is known with this body: await the shared answer.
    Replay(SharedAnswer<T>),
    /// The key is known with another body.
    Mismatch,
}

impl<T: Clone + Send + Sync + 'static> IdempotencyStore<T> {
    /// Looks `sid`/`key` up; when new, stores `start()` (spawned on its own task, so a
    /// client that goes away does not cancel it) as its answer. Either way the caller
    /// awaits the shared answer: the upstream call runs exactly once per key.
    pub fn begin(
        &self,
        sid: &str,
        key: &str,
        body: &str,
        start: impl FnOnce() -> BoxFuture<'static, T>,
    ) -> Begin<T> {
        let mut g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        let slot = g.get_or_insert_with(&format!("{sid}/{key}"), || None);
        match slot {
            Some(e) if e.body == body => Begin::Replay(e.answer.clone()),
            Some(_) => Begin::Mismatch,
            None => {
                let task = tokio::spawn(start());
                let answer: BoxFuture<'static, T> = async move {
                    match task.await {
                        Ok(v) => v,
                        Err(e) => std::panic::resume_unwind(e.into_panic()),
                    }
                }
                .boxed();
                let shared = answer.shared();
                *slot = Some(IdemEntry {
                    body: body.to_owned(),
                    answer: shared.clone(),
                });
                Begin::Replay(shared)
            }
        }
    }

    /// Whether `sid`/`key` is known: `Some(true)` with this body, `Some(false)` with another.
    pub fn known(&self, sid: &str, key: &str, body: &str) -> Option<bool> {
        let g = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        g.entries
            .get(&format!("{sid}/{key}"))
            .and_then(|(_, e)| e.as_ref())
            .map(|e| e.body == body)
    }
}

/// Shared handle of the stores (part of `AppState`).
#[derive(Debug, Default)]
pub struct Stores {
    /// Buy contexts.
    pub buy: BuyStore,
    /// Submit-order idempotency.
    pub orders: IdempotencyStore<super::types::SubmitAnswer>,
}

/// `Arc` of [`Stores`].
pub type SharedStores = Arc<Stores>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_evicts_oldest_and_expired() {
        let mut b: Bounded<u32> = Bounded::new(3, Duration::from_secs(60));
        for (i, k) in ["a", "b", "c"].iter().enumerate() {
            *b.get_or_insert_with(k, || 0) = i as u32;
        }
        b.get_or_insert_with("a", || 9);
        b.get_or_insert_with("d", || 4);
        assert!(b.entries.contains_key("a") && !b.entries.contains_key("b"));
        let mut b: Bounded<u32> = Bounded::new(10, Duration::ZERO);
        *b.get_or_insert_with("x", || 1) = 5;
        assert_eq!(
            *b.get_or_insert_with("x", || 1),
            1,
            "expired entries start over"
        );
    }

    #[tokio::test]
    async fn idempotency_runs_once() {
        let store: IdempotencyStore<u32> = IdempotencyStore::default();
        let calls = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let mut waits = Vec::new();
        for _ in 0..5 {
            let calls = calls.clone();
            match store.begin("s", "k", "{}", move || {
                async move {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 7
                }
                .boxed()
            }) {
                Begin::Replay(f) => waits.push(f),
                Begin::Mismatch => panic!("same body"),
            }
        }
        for w in waits {
            assert_eq!(w.await, 7);
        }
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert!(matches!(
            store.begin("s", "k", "{\"a\":1}", || async { 0 }.boxed()),
            Begin::Mismatch
        ));
        assert!(matches!(
            store.begin("other", "k", "{\"a\":1}", || async { 0 }.boxed()),
            Begin::Replay(_)
        ));
    }
}
