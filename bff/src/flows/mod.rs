//! One folder per flow of the portal, each with its `#[OpenApi]` impl(s), request and answer
//! types, server-held context and the rules only it uses (ARCHITECTURE.md "How to add a
//! flow"). `site` holds the calls every page shares (content, token, health).

pub mod account_information;
pub mod activation;
pub mod aux_account;
pub mod buy;
pub mod card_entry;
pub mod dashboard;
pub mod litepay;
pub mod r#move;
pub mod payments;
pub mod reconnect;
pub mod refill;
pub mod retail;
pub mod signin;
pub mod site;

/// The session's flow-context ids live in `http::session`, beside the session they belong to
/// (the sign-in extractors of `http::auth` need them too).
pub use crate::http::session::{context_id, ensure_context_id};
