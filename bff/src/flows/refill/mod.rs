//! The signed-in card refill (issue 13; seed 002 §2.2 "Refill start", §2.5 "Refill review",
//! §2.6 "Refill confirmation", §3.1, §3.6, §3.9, §4.1, §4.8, §5, §7.2, §7.5, §8, §9), behind
//! `http::auth::OwnedAccount` under `/secure2/accounts/{accountId}/refill...`, tag `refill`.
//!
//! The seed's browser held the cart, computed its prices and built the refill payload with
//! the account id and card fields encrypted client-side. Here the BFF holds all of it:
//!
//! - `getRefillOffer`: plans, TV packages and add-ons priced from the account's available
//!   plans, the valid promo, the ACP credit, the internet checkbox, the saved card, and the
//!   cart held (or the default one);
//! - `updateRefillCart` (CSRF): the browser's choices only (plan or none, packages, add-ons,
//!   promo on/off); the BFF applies the cart rules, prices the cart with tax and keeps it in
//!   the refill context ([`context`]);
//! - `submitRefill` (CSRF, `Idempotency-Key`): the refill order of the held cart with the
//!   saved card's token, one refill per attempt ([`order`] builds it);
//! - `getRefillConfirmation`: the last refill of the sign-in;
//! - [`pin`]: validate a refill PIN, then redeem it (one redemption per validated PIN).
//!
//! [`api`]: the operations; [`types`]: bodies and answers; [`context`]: the store record;
//! [`offer`]: the upstream reads and pricing; [`order`]: the payload and its answer.

pub mod api;
pub mod context;
pub mod offer;
pub mod order;
pub mod pin;
pub mod types;
