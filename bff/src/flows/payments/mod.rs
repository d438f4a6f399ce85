//! Account payments (issue 12; seed 001 §2 "Auto-refill page", "Payment history", "Service
//! detail and edit payment", §4 "Auto-refill", "Payment instrument", §7, §8; seed 002 §2.7,
//! §2.9, §4.2, §4.3): the saved card (add, update, remove through the card-entry component's
//! token), auto-refill (enrol, cancel) and the payment history, all behind
//! `http::auth::OwnedAccount`.
//!
//! - [`api`]: the operations; [`types`]: bodies and answers; [`context`]: the failure counter
//!   per account in the store; [`build`]: upstream payloads and answers (card data never
//!   passes the BFF outside the component's token: the BFF sees the token, type, expiry and
//!   last 4 digits only).

pub mod api;
pub mod build;
pub mod context;
pub mod types;
