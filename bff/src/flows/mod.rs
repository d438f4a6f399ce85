//! One folder per flow of the portal, each with its `#[OpenApi]` impl(s), request and answer
//! types, server-held context and the rules only it uses (ARCHITECTURE.md "How to add a
//! flow"). `site` holds the calls every page shares (content, token, health).

pub mod buy;
pub mod dashboard;
pub mod retail;
pub mod signin;
pub mod site;

use poem::session::Session;

/// The id of the session's context of `flow` (`pp:ctx:<flow>:<id>` in the store), `None`
/// without one: reads create nothing.
pub fn context_id(session: &Session, flow: &str) -> Option<String> {
    session.get::<String>(&entry(flow))
}

/// The session entry naming the context of `flow`: the store extends that context with
/// the session (`crate::store::CONTEXT_ENTRY`).
fn entry(flow: &str) -> String {
    format!("{}{flow}", crate::store::CONTEXT_ENTRY)
}

/// The id of the session's context of `flow`, created on first use. Only for requests that
/// change state: they are CSRF-checked, so their session exists already.
pub fn ensure_context_id(session: &Session, flow: &str) -> String {
    if let Some(id) = context_id(session, flow) {
        return id;
    }
    let id = uuid::Uuid::new_v4().simple().to_string();
    session.set(&entry(flow), id.clone());
    id
}
