//! The seeds' business rules, pure functions without I/O, each pinned by unit tests and
//! property tests against table-driven oracles.
//!
//! - [`serviceability`]: serviceability outcome and tap status (seed 000 §4, seed 002 §4.5);
//! - [`assign`]: VAN assign outcome (seed 000 §4, §8);
//! - [`address`]: suggestion filtering, the suggestion pick rule, address-validation
//!   outcome, unit sorting and the retry-without-unit rule (seed 000 §4, §5);
//! - [`money`]: cents, decimal strings, 2-decimal amounts;
//! - [`promotions`]: promotion validity (seed 000 §4);
//! - [`cart`]: cart items, count, subtotal, total, shipping (seed 000 §4, §9);
//! - [`customer`]: customer-info validation, the name filter, billing-name split (§4, §5);
//! - [`catalogue`]: the error-catalogue lookup (§8);
//! - [`identity`]: identity-router choice and URL (§2);
//! - [`order`]: the submit-order payload, tax lines and the order outcome (§3, §4, §7).

pub mod address;
pub mod assign;
pub mod cart;
pub mod catalogue;
pub mod customer;
pub mod identity;
pub mod money;
pub mod order;
pub mod promotions;
pub mod serviceability;
