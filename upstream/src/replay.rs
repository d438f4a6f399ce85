//! One recorded upstream exchange: an entry of a scenario file's `replay:` list
//! (ARCHITECTURE.md "Record and replay", issue 15 §4). The BFF's record mode writes them
//! (`bff/src/upstream/record.rs`, masked before writing) and the simulators answer them
//! (`simulators/src/replay.rs`); one type, so the writer and the reader cannot drift.

use serde::{Deserialize, Serialize};

use crate::service::Service;

/// What a replayed entry compares besides service, method and path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum MatchOn {
    /// The query string, parameter by parameter in any order (as recorded, so masked values
    /// must be sent as they were written).
    Query,
    /// The request body, JSON-equal (a form body as an object of its fields).
    Body,
}

/// One exchange: the request (service, method, path under the service's prefix, query,
/// body) and its answer (status, body, elapsed milliseconds). Headers are not kept (the
/// authorization header, cookies and tracking ids never reach a file).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Exchange {
    /// The service's name (`Service::name`), e.g. `van`, `session`, `address-search`.
    pub service: String,
    /// HTTP method, upper case, e.g. `POST`.
    pub method: String,
    /// Path under the service's prefix, e.g. `/assign`; no query.
    pub path: String,
    /// The query string without `?` (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// The request body: JSON, or a form body as an object of its fields (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<serde_json::Value>,
    /// The answer's HTTP status, 100..=599.
    pub status: u16,
    /// The answer's body when it is JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<serde_json::Value>,
    /// The answer's body when it is not JSON (e.g. an HTML page), with `contentType`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_text: Option<String>,
    /// The `Content-Type` of `answerText` (absent: `text/plain; charset=utf-8`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    /// Milliseconds the upstream took (replayed as a wait, capped by the simulators).
    #[serde(default)]
    pub ms: u64,
    /// What a request must also equal to be answered by this entry (default: service,
    /// method and path only).
    #[serde(default, rename = "match", skip_serializing_if = "Vec::is_empty")]
    pub match_on: Vec<MatchOn>,
}

/// The HTTP methods an entry may name.
pub const METHODS: &[&str] = &["GET", "POST", "PUT", "PATCH", "DELETE"];

impl Exchange {
    /// The service this entry names, if it is one of [`Service::ALL`].
    pub fn service(&self) -> Option<Service> {
        Service::ALL.into_iter().find(|s| s.name() == self.service)
    }

    /// Checks what the type cannot: a known service, a method of [`METHODS`], a path
    /// starting with `/` without a query, a status of 100..=599, not both `answer` and
    /// `answerText`, a query without its `?`. The message names the field.
    pub fn validate(&self) -> Result<(), String> {
        if self.service().is_none() {
            let names: Vec<&str> = Service::ALL.iter().map(|s| s.name()).collect();
            return Err(format!(
                "service `{}` is not one of {names:?}",
                self.service
            ));
        }
        if !METHODS.contains(&self.method.as_str()) {
            return Err(format!(
                "method `{}` is not one of {METHODS:?}",
                self.method
            ));
        }
        if !self.path.starts_with('/') || self.path.contains('?') {
            return Err(format!(
                "path `{}` must start with / and hold no query (use `query`)",
                self.path
            ));
        }
        if !(100..=599).contains(&self.status) {
            return Err(format!("status {} is not 100..=599", self.status));
        }
        if self.answer.is_some() && self.answer_text.is_some() {
            return Err("give `answer` (JSON) or `answerText`, not both".into());
        }
        if self.query.as_deref().is_some_and(|q| q.starts_with('?')) {
            return Err("query must not start with `?`".into());
        }
        Ok(())
    }
}
