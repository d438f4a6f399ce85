//! Prepaid Portal backend-for-frontend (see `ARCHITECTURE.md`): serves the web app, the
//! content and every retail-flow call of the seeds over one typed contract
//! (`openapi/bff.json`), and calls the upstream services (or the embedded simulators).
//!
//! Modules: [`config`] (environment), [`startup`] (state, endpoint, server), [`api`] (the
//! contract), [`upstream`] (HTTP clients), [`domain`] (the seeds' rules), [`error`] (the one
//! error body), [`session`] (session and CSRF), [`harness`] (scenario pages), [`web`]
//! (static app), [`middleware`] (security headers, limits, error normalisation),
//! [`telemetry`] (logs, request ids).

pub mod api;
pub mod buy;
pub mod config;
pub mod domain;
pub mod error;
pub mod harness;
pub mod messages;
pub mod middleware;
pub mod session;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod upstream;
pub mod web;

pub use api::openapi_spec;
