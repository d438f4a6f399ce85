//! The dashboard (seed 001 §2 "Dashboard", §4 "Page readiness and checks", "Service
//! status", "Scheduled move", §6; tag account): one account-scoped operation,
//! `getDashboard`, behind `http::auth::OwnedAccount`.
//!
//! - [`api`]: the operation; [`types`]: its answer; [`build`]: the answer from the upstream
//!   answers and `domain::dashboard`'s rules.

pub mod api;
pub mod build;
pub mod types;
