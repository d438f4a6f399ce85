//! One folder per flow of the portal, each with its `#[OpenApi]` impl(s), request and answer
//! types, server-held context and the rules only it uses (ARCHITECTURE.md "How to add a
//! flow"). `site` holds the calls every page shares (content, token, health).

pub mod buy;
pub mod retail;
pub mod site;
