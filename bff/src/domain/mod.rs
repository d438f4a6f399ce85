//! The seeds' business rules, pure functions without I/O, each pinned by unit tests and
//! property tests against table-driven oracles.
//!
//! - [`serviceability`]: serviceability outcome and tap status (seed 000 §4, seed 002 §4.5);
//! - [`assign`]: VAN assign outcome (seed 000 §4, §8);
//! - [`address`]: suggestion filtering, the suggestion pick rule, address-validation
//!   outcome, unit sorting and the retry-without-unit rule (seed 000 §4, §5).

pub mod address;
pub mod assign;
pub mod serviceability;
