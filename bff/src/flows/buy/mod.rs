//! New-customer buy flow (seed 000 §2-§9; tags buy, payments, session): the BFF holds the order in
//! a server-side buy context and builds every upstream payload itself.
//!
//! - [`api`] (tag buy), [`payments`] (tag payments), [`digital_session`] (the identity router
//!   hand-off, tag session): the operations; [`types`]: their request and answer types;
//! - [`context`]: the buy context, whose methods own the flow's state changes;
//! - [`order`]: the submit-order payload and outcome (§3, §4, §7); [`customer`]: customer-info
//!   validation and the billing-name split (§4, §5); [`identity`]: the identity-router choice and
//!   URL (§2).
//!
//! The seed's UI computed amounts and built the submit-order payload in the browser. Here the buy
//! context (`pp:ctx:buy:<id>`, named by the anonymous session `pp_session`) holds everything, so no
//! amount, product code or card token the browser sends is trusted:
//!
//! - `validateCustomerServiceability` with `source=CP` (the retail flow's operation) stores the
//!   address, geocode, house key, location and market; the market and location are that answer's,
//!   never the browser's: `getProductDetails` (products and derived shipping) and `getPromotions`
//!   (the valid promotion, `domain::promotions`) read them from the context (409 `ORDER_NOT_READY`
//!   before), and a new market drops what was priced for the old one.
//! - `updateCart` toggles the promo; `getTax` computes the tax lines from the stored cart; the cart
//!   is always `domain::cart` (subtotal = plan rates + promo effective prices, total = subtotal +
//!   taxes, dollars with 2 decimals).
//! - The digital session (create, restore; the identity router hand-off) stores the customer;
//!   `restoreDigitalSession` accepts only the id `createDigitalSession` made for this checkout (the
//!   id travels in URLs; else 404) and rotates the session id, since an identity joined it.
//! - `addPaymentInstrument` stores the card summary (type by [`card_type`], seed 000 §3's map, last
//!   4, expiry, billing address) and the token; `submitOrder` builds seed 000 §3's payload from the
//!   context with only the browser's final choices (SMS opt-in, language, consent).
//! - The context id is fixed by `GET /token`, before the page's parallel first calls, so two
//!   concurrent first writes cannot orphan each other's data.
//!
//! **One order per attempt** (`http::attempt::once_per_attempt`): the client's `Idempotency-Key`
//! (another body: 422 `IDEMPOTENCY_MISMATCH`), then the slot `submitOrder:<context>:attempt:<n>`,
//! where `n` counts the attempts that ended unplaced: a double click, two tabs or a retry with a
//! new key joins the attempt in flight. Once placed, every submit gets the placed answer. An
//! attempt whose answer was lost (timeout, reset, 5xx, malformed) counts as ended: the next submit
//! re-sends the same `prepaidPaymentID`, which the provider answers with the order it already
//! placed (`BUS_CUSTACT_05`, counted as placed, seed 000 §4), so the customer finds the order
//! instead of paying twice. `bff/tests/it/campaign.rs` proves it under faults (ARCHITECTURE.md "The
//! fault campaign").
//!
//! Error answers about a payment or an order carry the error catalogue's `message` (seed 000 §8,
//! `domain::error_catalogue`, through the content cache). A failed serviceability or
//! product-details call sends the customer to `/buy/error`: without them there is nothing to sell
//! (seed 000 §9 leaves the follow-up open). Tests: `bff/tests/it/buy.rs` (the purchase, every test
//! card, the buy codes), `campaign.rs`, `instances.rs`.

pub mod api;
pub mod card_type;
pub mod context;
pub mod customer;
pub mod digital_session;
pub mod identity;
pub mod order;
pub mod payments;
pub mod types;
