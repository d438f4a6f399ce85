//! Prepaid Portal backend-for-frontend (see `ARCHITECTURE.md`): serves the web app, the
//! content and every call of the live flows over one typed contract (`openapi/bff.json`),
//! and calls the upstream services (or the embedded simulators).
//!
//! Layout (no import cycles; lower layers never import higher ones):
//! - [`flows`]: one folder per flow (`retail`, `buy`, and `site` for the calls every page
//!   shares): its `#[OpenApi]` impl, request and answer types, server-held context and the
//!   rules only it uses;
//! - [`domain`]: rules several flows share, pure functions citing their seed section;
//! - [`upstream`]: one HTTP client module per upstream service (the names of
//!   `simulators/src/<service>.rs`), read from the one service table `upstream::service`;
//! - [`store`]: the one store of sessions, flow contexts and idempotency records (memory,
//!   or Redis for several instances);
//! - [`http`]: extractors, middleware, the error body, sessions and CSRF, operation tags;
//! - [`clock`] (time, pinned by tests), [`state`] (the application state), [`config`],
//!   [`error_messages`], [`api`] (the
//!   contract assembled), [`startup`] (the endpoint and server), [`web`] (the built app),
//!   [`telemetry`]; [`harness`] (scenario pages, `simulators` feature only).

pub mod api;
pub mod clock;
pub mod config;
pub mod domain;
pub mod error_messages;
pub mod flows;
#[cfg(feature = "simulators")]
pub mod harness;
pub mod http;
pub mod startup;
pub mod state;
pub mod store;
pub mod telemetry;
pub mod upstream;
pub mod web;

pub use api::openapi_spec;
