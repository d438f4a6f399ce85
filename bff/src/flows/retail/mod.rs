//! Retail-partner starter-kit flow (seed 000; tag retail): address search and validation,
//! serviceability, device assign.
//!
//! - [`api`]: the operations; [`types`]: their request and answer types;
//! - [`address`]: suggestion filtering and pick, validation outcome, unit sorting and the
//!   retry-without-unit rule (seed 000 §4, §5); [`assign`]: the VAN assign outcome (§4, §8);
//! - [`context`]: the location this session found assignable (the assign goes only there).

pub mod address;
pub mod api;
pub mod assign;
pub mod context;
pub mod types;
