//! Digital-session simulator, prefix `/session`: create a session (call name
//! `createSession`), restore it (`restoreSession`), and the identity router page where a
//! tester picks an identity (`identityRouter`); seed 000 §2 "Session", §3 "Session", §4
//! "Session restore", §7.
//!
//! Sessions live in memory (at most [`MAX_SESSIONS`], the oldest dropped first). The id is
//! derived from the creation body (same hand-off, same id; creating again resets the
//! pick), so recordings stay stable. Picking an identity on `GET /session/router` posts
//! to `POST /session/router`, which stores the identity and answers 303 to the return URL
//! with `digitalSessionId` appended.

use std::collections::{HashMap, VecDeque};
use std::sync::{LazyLock, Mutex};

use poem_openapi::{
    ApiResponse, Object, OpenApi, Tags,
    param::{Header, Query},
    payload::{Form, Html, Json},
};
use serde::Deserialize;
use upstream::digital_session::{
    CreateSessionRequest, CreateSessionResponse, DigitalSession, HandOffPayload,
    RestoreSessionResponse, SessionContact, SessionIdentity, SessionName, VerificationStatus,
};

use crate::buy_world::{self, IDENTITIES, Identity};
use crate::content::SimError;
use crate::html::escape;

/// Most sessions kept in memory.
pub const MAX_SESSIONS: usize = 10_000;

#[derive(Debug, Clone)]
struct Stored {
    hand_off: HandOffPayload,
    session: DigitalSession,
}

#[derive(Default)]
struct Store {
    sessions: HashMap<String, Stored>,
    order: VecDeque<String>,
}

static STORE: LazyLock<Mutex<Store>> = LazyLock::new(Mutex::default);

fn store() -> std::sync::MutexGuard<'static, Store> {
    STORE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The session id of a creation body: `DS-` + 16 hex digits.
pub fn session_id(req: &CreateSessionRequest) -> String {
    let text = serde_json::to_string(req).unwrap_or_default();
    format!("DS-{:016x}", buy_world::fingerprint(&text))
}

/// Creates (or resets) a session; returns its id.
pub fn create(req: &CreateSessionRequest) -> String {
    let id = session_id(req);
    let mut store = store();
    if !store.sessions.contains_key(&id) {
        store.order.push_back(id.clone());
    }
    store.sessions.insert(
        id.clone(),
        Stored {
            hand_off: req.hand_off_payload.clone(),
            session: DigitalSession::default(),
        },
    );
    while store.sessions.len() > MAX_SESSIONS {
        match store.order.pop_front() {
            Some(old) => {
                store.sessions.remove(&old);
            }
            None => break,
        }
    }
    id
}

/// The stored session, if any.
pub fn restore(id: &str) -> Option<RestoreSessionResponse> {
    let store = store();
    store.sessions.get(id).map(|s| RestoreSessionResponse {
        digital_session_id: id.to_owned(),
        digital_session: s.session.clone(),
        hand_off_payload: s.hand_off.clone(),
    })
}

/// The digital session of an identity picked for session `id`.
pub fn session_of(identity: &Identity, id: &str) -> DigitalSession {
    let own = |v: Option<&str>| v.map(str::to_owned);
    let guid = identity.cust_guid.map_or_else(
        || {
            format!(
                "CG-NEW-{:012}",
                buy_world::fingerprint(id) % 1_000_000_000_000
            )
        },
        str::to_owned,
    );
    DigitalSession {
        name: SessionName {
            first_name: own(identity.first_name),
            last_name: own(identity.last_name),
        },
        contact: SessionContact {
            phone_number: own(identity.phone),
            email: own(identity.email),
            verification_status: VerificationStatus {
                mobile: identity.mobile_verified,
                email: identity.email_verified,
            },
        },
        identity: SessionIdentity {
            cust_guid: Some(guid),
            error_code: None,
        },
    }
}

/// Stores the pick; `false` when the session is unknown.
pub fn pick(id: &str, identity: &Identity) -> bool {
    let session = session_of(identity, id);
    match store().sessions.get_mut(id) {
        Some(stored) => {
            stored.session = session;
            true
        }
        None => false,
    }
}

/// `url` with `digitalSessionId=<id>` appended, if `url` is an `http(s)://` URL or an
/// absolute path (never `//host`).
pub fn return_target(url: &str, id: &str) -> Option<String> {
    let ok = url.starts_with("http://")
        || url.starts_with("https://")
        || (url.starts_with('/') && !url.starts_with("//"));
    if !ok || url.chars().any(|c| c.is_control() || c == ' ') {
        return None;
    }
    let (base, fragment) = url.split_once('#').map_or((url, ""), |(b, f)| (b, f));
    let sep = if base.contains('?') { '&' } else { '?' };
    let fragment = if fragment.is_empty() {
        String::new()
    } else {
        format!("#{fragment}")
    };
    Some(format!("{base}{sep}digitalSessionId={id}{fragment}"))
}

#[derive(Tags)]
enum Tag {
    /// Digital session: hand-off to the identity router and back.
    DigitalSession,
}

/// Answer of the session restore.
#[derive(ApiResponse)]
pub enum RestoreResponse {
    /// The session.
    #[oai(status = 200)]
    Ok(Json<Box<RestoreSessionResponse>>),
    /// Unknown session id (`{"error":"NOT_FOUND"}`).
    #[oai(status = 404)]
    NotFound(Json<SimError>),
}

/// Answer of the identity router page.
#[derive(ApiResponse)]
pub enum RouterPage {
    /// The page.
    #[oai(status = 200)]
    Ok(Html<String>),
    /// Bad return URL or unknown identity (an HTML page saying so).
    #[oai(status = 400)]
    BadRequest(Html<String>),
    /// Unknown session (an HTML page saying so).
    #[oai(status = 404)]
    NotFound(Html<String>),
}

/// Answer of a pick.
#[derive(ApiResponse)]
pub enum PickResponse {
    /// Back to the return URL, `digitalSessionId` appended.
    #[oai(status = 303)]
    SeeOther(#[oai(header = "location")] String),
    /// Bad return URL or unknown identity.
    #[oai(status = 400)]
    BadRequest(Html<String>),
    /// Unknown session.
    #[oai(status = 404)]
    NotFound(Html<String>),
}

/// The form the router page posts.
#[derive(Debug, Clone, Object, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PickForm {
    /// The session being completed.
    pub digital_session_id: String,
    /// Key of the identity picked, e.g. `existing-verified`.
    pub identity: String,
    /// Return URL; empty: the hand-off's `redirectUrl`.
    #[serde(default)]
    pub return_url: Option<String>,
}

/// `POST`/`GET /session/secure/session`, `GET`/`POST /session/router`.
#[derive(Debug, Clone, Copy, Default)]
pub struct DigitalSessionApi;

#[OpenApi(prefix_path = "/session", tag = "Tag::DigitalSession")]
impl DigitalSessionApi {
    /// Creates a digital session for the hand-off (`affiliate: PREPAID`, `channel: web`);
    /// answers its id (`DS-` + 16 hex digits, derived from the body). Seed 000 §7.
    #[oai(
        path = "/secure/session",
        method = "post",
        operation_id = "createSession"
    )]
    async fn create_session(
        &self,
        body: Json<CreateSessionRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<CreateSessionResponse> {
        Json(CreateSessionResponse {
            digital_session_id: create(&body),
        })
    }

    /// The restored session: the identity picked on the router (empty name, contact and
    /// guid while none was picked) and the hand-off. 404 for an unknown id. Seed 000 §3.
    #[oai(
        path = "/secure/session",
        method = "get",
        operation_id = "restoreSession"
    )]
    async fn restore_session(
        &self,
        /// Session id from the create call (the router's return URL carries it).
        #[oai(name = "digitalSessionId")]
        digital_session_id: Query<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> RestoreResponse {
        match restore(&digital_session_id) {
            Some(s) => RestoreResponse::Ok(Json(Box::new(s))),
            None => RestoreResponse::NotFound(Json(SimError {
                error: "NOT_FOUND".into(),
            })),
        }
    }

    /// The identity router (HTML, English): the tester picks a new identity or an existing
    /// one with verified or unverified mobile and e-mail. The browser lands here from the
    /// portal's hand-off; `returnUrl` overrides the hand-off's `redirectUrl`.
    #[oai(path = "/router", method = "get", operation_id = "identityRouterPage")]
    async fn router(
        &self,
        /// The session to complete.
        #[oai(name = "digitalSessionId")]
        digital_session_id: Query<String>,
        /// Where to go back to (`http(s)://...` or an absolute path); default: the
        /// hand-off's `redirectUrl`.
        #[oai(name = "returnUrl")]
        return_url: Query<Option<String>>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> RouterPage {
        let Some(found) = restore(&digital_session_id) else {
            return RouterPage::NotFound(Html(message_page(
                "Session not found",
                "This sign-in link has expired or was never created. Go back and try again.",
            )));
        };
        let target = return_url
            .0
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| found.hand_off_payload.redirect_url.clone());
        if return_target(&target, &digital_session_id).is_none() {
            return RouterPage::BadRequest(Html(message_page(
                "Bad return address",
                "The return address must be an http(s) URL or an absolute path.",
            )));
        }
        RouterPage::Ok(Html(router_page(&found, &target)))
    }

    /// The router page's form: stores the identity picked in the session and answers 303
    /// to the return URL with `digitalSessionId` appended.
    #[oai(path = "/router", method = "post", operation_id = "identityRouterPick")]
    async fn router_pick(
        &self,
        form: Form<PickForm>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> PickResponse {
        let id = &form.digital_session_id;
        let Some(found) = restore(id) else {
            return PickResponse::NotFound(Html(message_page(
                "Session not found",
                "This sign-in link has expired or was never created. Go back and try again.",
            )));
        };
        let Some(identity) = buy_world::identity(&form.identity) else {
            return PickResponse::BadRequest(Html(message_page(
                "Unknown identity",
                "Pick one of the identities offered.",
            )));
        };
        let target = form
            .return_url
            .clone()
            .filter(|u| !u.is_empty())
            .unwrap_or(found.hand_off_payload.redirect_url);
        let Some(location) = return_target(&target, id) else {
            return PickResponse::BadRequest(Html(message_page(
                "Bad return address",
                "The return address must be an http(s) URL or an absolute path.",
            )));
        };
        pick(id, identity);
        PickResponse::SeeOther(location)
    }
}

fn page(title: &str, body: &str) -> String {
    crate::html::page("en", title, body)
}

fn message_page(title: &str, text: &str) -> String {
    page(
        title,
        &format!(
            "<h1>{}</h1><p role=\"alert\">{}</p>",
            escape(title),
            escape(text)
        ),
    )
}

fn verified(flag: bool) -> &'static str {
    if flag { "verified" } else { "unverified" }
}

fn identity_details(i: &Identity) -> String {
    if i.cust_guid.is_none() {
        return "A new customer guid; no name, mobile or e-mail yet: the portal asks for them."
            .into();
    }
    let name = format!(
        "{} {}",
        i.first_name.unwrap_or_default(),
        i.last_name.unwrap_or_default()
    );
    let mobile = i.phone.map_or_else(
        || "no mobile".to_owned(),
        |p| format!("mobile {p} ({})", verified(i.mobile_verified)),
    );
    let email = i.email.map_or_else(
        || "no e-mail".to_owned(),
        |e| format!("e-mail {e} ({})", verified(i.email_verified)),
    );
    format!("{name}; {mobile}; {email}")
}

fn router_page(found: &RestoreSessionResponse, target: &str) -> String {
    let hand_off = &found.hand_off_payload;
    let subtotal = hand_off
        .pre_order_view
        .invoice
        .iter()
        .map(|l| format!("{}: ${}", l.name, l.price))
        .collect::<Vec<_>>()
        .join(", ");
    let choices: String = IDENTITIES
        .iter()
        .enumerate()
        .map(|(n, i)| {
            format!(
                "<div class=\"choice\"><input type=\"radio\" name=\"identity\" id=\"identity-{n}\" \
                 value=\"{key}\" aria-describedby=\"identity-{n}-details\"{checked} required>\
                 <label for=\"identity-{n}\">{label}<span class=\"details\" \
                 id=\"identity-{n}-details\">{details}</span></label></div>",
                key = escape(i.key),
                label = escape(i.label),
                details = escape(&identity_details(i)),
                checked = if n == 0 { " checked" } else { "" },
            )
        })
        .collect();
    let body = format!(
        "<h1>Sign in to continue your order</h1>\
         <p class=\"summary\">Simulated identity router. Location {loc}, market {market}{sub}.</p>\
         <form method=\"post\" action=\"router\">\
         <input type=\"hidden\" name=\"digitalSessionId\" value=\"{id}\">\
         <input type=\"hidden\" name=\"returnUrl\" value=\"{target}\">\
         <fieldset><legend>Choose an identity</legend>{choices}</fieldset>\
         <button type=\"submit\">Continue</button></form>",
        loc = escape(&hand_off.location.location_id),
        market = escape(&hand_off.location.market_id),
        sub = if subtotal.is_empty() {
            String::new()
        } else {
            format!("; {}", escape(&subtotal))
        },
        id = escape(&found.digital_session_id),
        target = escape(target),
    );
    page("Sign in - identity router (simulated)", &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_targets() {
        assert_eq!(
            return_target("http://127.0.0.1:8080/en/buy/session", "DS-1").as_deref(),
            Some("http://127.0.0.1:8080/en/buy/session?digitalSessionId=DS-1")
        );
        assert_eq!(
            return_target("/es/buy/session?x=1#top", "DS-1").as_deref(),
            Some("/es/buy/session?x=1&digitalSessionId=DS-1#top")
        );
        for bad in [
            "//evil.example/x",
            "javascript:alert(1)",
            "",
            "ftp://x",
            "/a b",
        ] {
            assert!(return_target(bad, "DS-1").is_none(), "{bad}");
        }
    }
}
