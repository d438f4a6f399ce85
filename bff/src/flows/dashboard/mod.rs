//! The dashboard (seed 001 §2 "Dashboard", §4 "Page readiness and checks", "Service
//! status", "Scheduled move", §6; tag account): account-scoped operations behind
//! `http::auth::OwnedAccount`: `getDashboard`, and the actions `cancelScheduledMove` and
//! `restartDevice`.
//!
//! - [`api`]: the dashboard; [`actions`]: the actions; [`types`]: their answers; [`build`]:
//!   the dashboard from the upstream answers and `domain::dashboard`'s rules.

pub mod actions;
pub mod api;
pub mod build;
pub mod types;
