//! The HTTP layer shared by every flow: who is signed in ([`auth`]), the error body and answers macro ([`error`]),
//! request extractors and the CSRF security scheme ([`extract`]), middleware
//! ([`middleware`]), the session and its CSRF token ([`session`]), the CSRF check
//! ([`csrf`]), the rate limit ([`rate_limit`]), 405 for a wrong method ([`methods`]), JSON types of bodies ([`body_types`]), the
//! contract's rules poem-openapi does not render ([`spec_rules`]), the connection deadlines and
//! caps in front of the server ([`connections`]), the harness scenario cookie
//! ([`scenario`]) and the operation tags ([`tags`]).

pub mod attempt;
pub mod auth;
pub mod body_types;
pub mod connections;
pub mod csrf;
pub mod error;
pub mod extract;
pub mod methods;
pub mod middleware;
pub mod rate_limit;
pub mod scenario;
pub mod session;
pub mod spec_rules;
pub mod tags;
