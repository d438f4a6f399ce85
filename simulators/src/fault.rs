//! Faults a scenario can inject into one upstream call (`upstream.<call>.fault`, see
//! `scenarios/README.md`): what the BFF must survive (seed 000 §4 network failures, §9
//! timeouts of 60 s).

use std::time::Duration;

use futures_util::{StreamExt, stream};
use poem::http::{StatusCode, header};
use poem::{Body, Response};
use serde::{Deserialize, Serialize};

/// How long a `timeout` fault hangs before answering: 120 s, twice the BFF's 60 s budget.
pub const TIMEOUT_HANG: Duration = Duration::from_secs(120);

/// How long a `reset` answer waits after the first half of the body before aborting: 50 ms.
pub const RESET_AFTER: Duration = Duration::from_millis(50);

/// Status of an `error5xx` fault when the scenario gives none.
pub const DEFAULT_5XX: u16 = 503;

/// One fault, tagged by `kind`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", deny_unknown_fields)]
pub enum Fault {
    /// Sleep `ms` milliseconds, then answer normally.
    Delay {
        /// Delay in milliseconds.
        ms: u64,
    },
    /// Hang for [`TIMEOUT_HANG`] (120 s), then answer normally.
    Timeout,
    /// Send the status line and headers, then abort the body: the client sees a broken
    /// connection.
    Reset,
    /// 200 with a truncated JSON body.
    Malformed,
    /// Answer `status` (default 503) with `{"error":"SIMULATED_FAULT","status":<status>}`.
    #[serde(rename = "error5xx")]
    Error5xx {
        /// HTTP status, 500..=599.
        #[serde(default = "default_5xx")]
        status: u16,
    },
}

fn default_5xx() -> u16 {
    DEFAULT_5XX
}

impl Fault {
    /// Checks values a type cannot: an `error5xx` status must be 500..=599.
    pub fn validate(&self) -> Result<(), String> {
        match self {
            Fault::Error5xx { status } if !(500..=599).contains(status) => {
                Err(format!("error5xx status {status} is not 500..=599"))
            }
            _ => Ok(()),
        }
    }

    /// The wait before the call is answered, if any (`delay`, `timeout`).
    pub fn wait(&self) -> Option<Duration> {
        match self {
            Fault::Delay { ms } => Some(Duration::from_millis(*ms)),
            Fault::Timeout => Some(TIMEOUT_HANG),
            _ => None,
        }
    }
}

/// The answer of an `error5xx` fault.
pub fn error_response(status: u16) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
    let body = serde_json::json!({ "error": "SIMULATED_FAULT", "status": status.as_u16() });
    json_response(status, body.to_string().into_bytes())
}

/// A `malformed` answer: 200 with the first half of `body`.
pub fn malformed(body: &[u8]) -> Response {
    let cut = (body.len() / 2).max(1).min(body.len());
    json_response(StatusCode::OK, body[..cut].to_vec())
}

/// A `reset` answer: `status` and headers go out announcing the full `Content-Length`, then
/// only the first half of `body` is written and the body stream fails, so the server
/// aborts the connection mid-body and the client sees a broken connection.
pub fn reset(status: StatusCode, body: &[u8]) -> Response {
    let head = body[..body.len() / 2].to_vec();
    // The pause lets the server flush the head and the first chunk before the abort.
    let abort = async {
        tokio::time::sleep(RESET_AFTER).await;
        Err(std::io::Error::new(
            std::io::ErrorKind::ConnectionReset,
            "simulated reset",
        ))
    };
    let chunks = stream::once(async { Ok::<_, std::io::Error>(head) }).chain(stream::once(abort));
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "application/json; charset=utf-8")
        .header(header::CONTENT_LENGTH, body.len().max(1))
        .body(Body::from_bytes_stream(chunks))
}

/// A JSON response with a fixed body.
pub fn json_response(status: StatusCode, body: Vec<u8>) -> Response {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "application/json; charset=utf-8")
        .body(body)
}
