//! The signed-in card refill (seed 002 §2.2 "Refill start", §2.5 "Refill review", §2.6
//! "Refill confirmation", §3.1, §3.6, §3.9, §4.1, §4.8, §5, §7.2, §7.5, §8, §9), behind
//! `http::auth::OwnedAccount` under `/secure2/accounts/{accountId}/refill...`, tag `refill`.
//!
//! The seed's browser held the cart, computed its prices and built the refill payload with
//! the account id and card fields encrypted client-side. Here the BFF holds all of it: prices
//! come only from the account's `availablePlans` (the dashboard record), the promotion from the
//! dashboard's promotions call, the card from `get-custpayment-info`; the payload is built with
//! the path's account and the stored card's token, so nothing needs encrypting in the browser
//! (the account id goes plain, as the seed's test mode sends it).
//!
//! - `getRefillOffer`: plans, TV packages and add-ons priced from the account's available
//!   plans, the valid promo, the ACP credit, the internet checkbox, the saved card, and the
//!   cart held (or the default one);
//! - `updateRefillCart` (CSRF): the browser's choices only (plan or none, packages, add-ons,
//!   promo on/off); the BFF applies the cart rules, prices the cart with tax and keeps it in
//!   the refill context ([`context`]); 400 `notOffered`, `internetRequired`;
//! - `submitRefill` (CSRF, `Idempotency-Key`): the refill order of the held cart with the
//!   saved card's token, one refill per attempt ([`order`] builds it); 409 `REFILL_NOT_READY`
//!   (no cart chosen), `REFILL_CART_EMPTY` (0 total), `REFILL_NO_SAVED_CARD`;
//! - `getRefillConfirmation`: the last refill of the sign-in (404 `NO_REFILL`);
//! - [`pin`]: validate a refill PIN, then redeem it (one redemption per validated PIN).
//!
//! [`api`]: the operations; [`types`]: bodies and answers; [`context`]: the store record;
//! [`offer`]: the upstream reads and pricing; [`order`]: the payload and its answer.
//!
//! **Cart rules** (`domain::refill::cart`, property-tested): the PUT body is a set; `apply`
//! compares it with the held cart and replays the seed's events for what changed (plan radio or
//! internet checkbox, else promo on/off; packages removed, added; add-ons removed, added), so the
//! order-dependent rules hold: 30-day clears and re-adds the valid promo, 7-day clears it,
//! `VDO_XITV_30` is kept while any package exists, add-ons empty with the last package, an add-on
//! forces the basic package, winback means 2 refills and count 3, clearing means count 1. The
//! internet checkbox is disabled at 0 days. The first cart (`offer::refill_initial_cart`) ticks
//! the TV the account owns (`domain::dashboard::tv_products`) with the basic package (seed 001 §4).
//!
//! **Prices** (`domain::refill::price`, cents, answered as dollars): internet = price x refills;
//! TV at its prices; sale and banner promos -35.00, winback 0 (its saving is the third period);
//! the ACP credit (valid: Approved with a first benefit code, not Tribal) off `HSD_030`, never
//! below 0; tax looked up per product at what is paid for it (a failed lookup: `taxAvailable:
//! false`, total = subtotal, seed 002 §4.5); the winback modal exactly under §2.2's conditions.
//!
//! **State** (`pp:ctx:refill:<sign-in context>.<account>`): the held cart with its price, promo,
//! ACP benefit and tax details; a version per cart with its `transactionId`; attempts; the refill
//! of the version; the last confirmation. A move that needs a refill marks the context
//! (`MoveMark`): the offer omits `HSD_007` when the move's gap does not allow it, and a refill
//! with an internet plan becomes the move's refill (`flows::r#move`). The refill flow imports
//! nothing of the move.
//!
//! **One refill per attempt** (`http::attempt::once_per_attempt`): the key, then the slot
//! `refill:<ctx>:v<version>:attempt:<n>`; a failure or a lost answer ends the attempt. The payload
//! carries `transactionId` (ours: the seed's payload has none), the same for every attempt of a
//! cart, and the refill service answers a repeated one with the refill it made. Once refilled,
//! every submit of that cart gets the refill; a new cart (PUT) is a new refill.
//!
//! **Answers** (seed 002 §4.1): `errorCode` is `failed` with the catalogue's message (codes ours,
//! `upstream::refill::FAILURE_CODES`: `REFILL_PAYMENT_DECLINED`, `REFILL_PAYMENT_INVALID`,
//! `REFILL_ACCOUNT_INELIGIBLE`, `REFILL_PLAN_UNAVAILABLE`, `REFILL_SYSTEM_ERROR`); a status other
//! than `SUCCESS` or no order number is `warning`, refilled all the same.
//!
//! Tests: `bff/tests/it/refill.rs` (every `scenarios/refill/card-*.yaml` with its `expect` and the
//! simulator's ledger, 10 concurrent submits = one refill, a lost answer found by the next attempt,
//! typed refusals, the held cart after a reload).

pub mod api;
pub mod context;
pub mod offer;
pub mod order;
pub mod pin;
pub mod types;
