//! Business rules several flows share: pure functions without I/O, importing neither the
//! HTTP layer nor any flow, each pinned by unit and property tests.
//!
//! - [`serviceability`]: serviceability outcome and tap status (seed 000 §4, seed 002 §4.5);
//! - [`money`]: cents, decimal strings, 2-decimal amounts;
//! - [`promotions`]: promotion validity (seed 000 §4);
//! - [`cart`]: cart items, count, subtotal, total, shipping (seed 000 §4, §9);
//! - [`error_catalogue`]: the error-message lookup by code and locale (seed 000 §8);
//! - [`dashboard`]: days remaining, ring, refill-now, readiness, TV products, scheduled move
//!   and its cancel cutoff, ACP (seed 001 §2, §4, §6, §9);
//! - [`activation`]: MAC formatting, device step, Activate enabled, outcome (seed 001 §4, §5);
//! - [`card_type`]: the card type map both ways (seed 000 §3, seed 001 §3);
//! - [`payment_history`]: transactions grouped by UTC date, totals, pages (seed 001 §2, §9);
//! - [`refill`]: the signed-in refill's cart: plans, TV, promos, ACP, tax, totals (seed 002
//!   §4.1, §4.8, §9);
//! - [`payment_failures`]: the payment-form failure counter and its waits (seed 001 §4
//!   "Payment instrument", seed 002 §4.3);
//! - [`text`]: free text the browser sends holds no control or bidi-override character
//!   (security issue, item 10).

pub mod activation;
pub mod card_type;
pub mod cart;
pub mod dashboard;
pub mod error_catalogue;
pub mod money;
pub mod payment_failures;
pub mod payment_history;
pub mod promotions;
pub mod refill;
pub mod serviceability;
pub mod text;
