//! Scenario selection: reads `x-sim-scenario` on every simulator call and applies the
//! selected scenario's override for that call (see [`crate::scenario`], [`crate::fault`]).
//!
//! - no header (or an empty one): the default world answers;
//! - an unknown id: 400 `{"error":"UNKNOWN_SCENARIO"}`;
//! - otherwise: the fault's wait (`delay`, `timeout`) or `error5xx` answer first, then the
//!   world's answer with `respond` shallow-merged over it, then `malformed` / `reset`.

use poem::http::StatusCode;
use poem::{Endpoint, IntoResponse, Middleware, Request, Response};
use upstream::SCENARIO_HEADER;

use crate::fault::{self, Fault};
use crate::scenario::{self, Call, CallOverride};

/// The scenario middleware (no configuration: the scenario book is built in).
#[derive(Debug, Clone, Copy, Default)]
pub struct Scenarios;

impl<E: Endpoint> Middleware<E> for Scenarios {
    type Output = ScenariosEndpoint<E>;

    fn transform(&self, ep: E) -> Self::Output {
        ScenariosEndpoint(ep)
    }
}

/// Endpoint produced by [`Scenarios`].
#[derive(Debug)]
pub struct ScenariosEndpoint<E>(E);

/// 400 `{"error":"UNKNOWN_SCENARIO"}`.
pub fn unknown_scenario() -> Response {
    let body = serde_json::json!({ "error": "UNKNOWN_SCENARIO" }).to_string();
    fault::json_response(StatusCode::BAD_REQUEST, body.into_bytes())
}

impl<E: Endpoint> Endpoint for ScenariosEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let id = req
            .header(SCENARIO_HEADER)
            .map(str::trim)
            .unwrap_or_default();
        if id.is_empty() {
            return self.0.call(req).await.map(IntoResponse::into_response);
        }
        let Some(scenario) = scenario::find(id) else {
            tracing::warn!(id, "unknown scenario");
            return Ok(unknown_scenario());
        };
        let over = Call::from_request(req.method().as_str(), req.uri().path())
            .and_then(|call| scenario.call(call));
        let Some(over) = over else {
            return self.0.call(req).await.map(IntoResponse::into_response);
        };
        tracing::debug!(id, path = req.uri().path(), ?over, "scenario override");
        Ok(apply(&self.0, req, over).await)
    }
}

async fn apply<E: Endpoint>(inner: &E, req: Request, over: CallOverride) -> Response {
    if let Some(wait) = over.fault.as_ref().and_then(Fault::wait) {
        tokio::time::sleep(wait).await;
    }
    if let Some(Fault::Error5xx { status }) = over.fault {
        return fault::error_response(status);
    }
    let resp = inner.get_response(req).await;
    let needs_body =
        over.respond.is_some() || matches!(over.fault, Some(Fault::Malformed | Fault::Reset));
    if !needs_body {
        return resp;
    }
    let (parts, body) = resp.into_parts();
    let mut bytes = body.into_vec().await.unwrap_or_default();
    if let Some(respond) = &over.respond
        && parts.status.is_success()
    {
        bytes = merge(&bytes, respond);
    }
    match over.fault {
        Some(Fault::Malformed) => fault::malformed(&bytes),
        Some(Fault::Reset) => fault::reset(parts.status, &bytes),
        _ => fault::json_response(parts.status, bytes),
    }
}

/// Shallow merge: `respond`'s top-level keys replace the answer's; when either side is not
/// an object, `respond` replaces the whole answer.
pub fn merge(answer: &[u8], respond: &serde_json::Value) -> Vec<u8> {
    let merged = match (serde_json::from_slice::<serde_json::Value>(answer), respond) {
        (Ok(serde_json::Value::Object(mut base)), serde_json::Value::Object(over)) => {
            base.extend(over.clone());
            serde_json::Value::Object(base)
        }
        _ => respond.clone(),
    };
    serde_json::to_vec(&merged).unwrap_or_default()
}
