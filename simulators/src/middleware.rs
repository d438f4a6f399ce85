//! Scenario selection: reads `x-sim-scenario` on every simulator call and applies the
//! selected scenario's override for that call (see [`crate::scenario`], [`crate::fault`]).
//!
//! - no header (or an empty one): the default world answers;
//! - an unknown id: 400 `{"error":"UNKNOWN_SCENARIO"}`;
//! - a request the scenario's `replay:` entries match: their recorded answer
//!   ([`crate::replay`]);
//! - otherwise: the fault's wait (`delay`, `timeout`) or `error5xx` answer first, then the
//!   world's answer with `respond` shallow-merged over it, then `malformed` / `reset`.
//!
//! The call's fault is, first found: the scenario console's for that call (`x-sim-faults`, a
//! JSON object of call name to fault, replacing the scenario's), the scenario file's, then
//! seeded chaos's (`x-sim-chaos: <percent>:<seed>`, [`crate::chaos`]). A header that does
//! not parse is 400 `{"error":"BAD_HARNESS_HEADER","header":…,"message":…}`.
//!
//! Before all that, a request whose `trackingid` has a fault queued for its call in the
//! programmatic plan ([`crate::plan`], tests only) gets that fault instead.
//!
//! [`Access`]: the per-request log line, at `debug` only (one JSON line per simulator call at
//! `info` cost more CPU than the simulator's work), carrying the caller's `x-request-id` (the
//! BFF sends its own) and the W3C `traceparent`'s trace id and parent span id, so a simulator
//! line can be matched with the BFF's line and trace.

use std::time::Instant;

use poem::http::StatusCode;
use poem::{Endpoint, IntoResponse, Middleware, Request, Response};
use tracing::Instrument;
use upstream::{SCENARIO_HEADER, TRACKING_HEADER};

/// Header carrying the caller's request id (the BFF's `x-request-id`).
pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// The caller's request id when it is 1 to 128 characters of `[A-Za-z0-9._-]`, else `-`.
pub fn request_id(req: &Request) -> &str {
    req.header(REQUEST_ID_HEADER)
        .filter(|id| {
            (1..=128).contains(&id.len())
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
        })
        .unwrap_or("-")
}

/// The trace id and parent span id of a W3C `traceparent` header
/// (`00-<32 hex>-<16 hex>-<2 hex>`, ids not all zero), else `None`.
pub fn trace_parent(req: &Request) -> Option<(&str, &str)> {
    let v = req.header("traceparent")?;
    let mut parts = v.split('-');
    let (version, trace, span, flags) =
        (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let hex = |s: &str, n: usize| {
        s.len() == n
            && s.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    let nonzero = |s: &str| s.bytes().any(|b| b != b'0');
    (hex(version, 2)
        && version != "ff"
        && hex(trace, 32)
        && nonzero(trace)
        && hex(span, 16)
        && nonzero(span)
        && hex(flags, 2))
    .then_some((trace, span))
}

/// Access log of the simulators: when `debug` is enabled, a span `request` (`request_id`,
/// `trace_id` and `parent_span_id` of `traceparent`, method, path without the query: queries
/// carry street addresses) around the call and one `served` line (status, elapsed µs);
/// otherwise nothing at all, not even the span.
#[derive(Debug, Clone, Copy, Default)]
pub struct Access;

impl<E: Endpoint> Middleware<E> for Access {
    type Output = AccessEndpoint<E>;

    fn transform(&self, ep: E) -> Self::Output {
        AccessEndpoint(ep)
    }
}

/// Endpoint produced by [`Access`].
#[derive(Debug)]
pub struct AccessEndpoint<E>(E);

impl<E: Endpoint> Endpoint for AccessEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        if !tracing::enabled!(tracing::Level::DEBUG) {
            return self.0.call(req).await.map(IntoResponse::into_response);
        }
        let (trace_id, parent_span_id) = trace_parent(&req).unwrap_or(("-", "-"));
        let span = tracing::debug_span!(
            "request",
            request_id = request_id(&req),
            trace_id,
            parent_span_id,
            method = %req.method(),
            path = req.uri().path()
        );
        let started = Instant::now();
        async move {
            let resp = self.0.call(req).await.map(IntoResponse::into_response);
            let status = resp.as_ref().map_or_else(|e| e.status(), |r| r.status());
            tracing::debug!(
                status = status.as_u16(),
                elapsed_us = started.elapsed().as_micros() as u64,
                "served"
            );
            resp
        }
        .instrument(span)
        .await
    }
}

use std::collections::BTreeMap;

use crate::chaos::Chaos;
use crate::fault::{self, Fault};
use crate::plan::{self, Planned};
use crate::run_state::Run;
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
        let planned = req.header(TRACKING_HEADER).and_then(|tracking| {
            let call = Call::from_request(req.method().as_str(), req.uri().path())?;
            plan::take(tracking, call)
        });
        if let Some(planned) = planned {
            tracing::debug!(path = req.uri().path(), ?planned, "planned fault");
            return Ok(apply_planned(&self.0, req, planned).await);
        }
        let id = req
            .header(SCENARIO_HEADER)
            .map(str::trim)
            .unwrap_or_default()
            .to_owned();
        let scenario = if id.is_empty() {
            None
        } else {
            let Some(scenario) = scenario::find(&id) else {
                tracing::warn!(request_id = request_id(&req), id, "unknown scenario");
                return Ok(unknown_scenario());
            };
            Some(scenario)
        };
        let added = match added_faults(&req) {
            Ok(added) => added,
            Err(message) => return Ok(bad_harness_header(upstream::FAULTS_HEADER, &message)),
        };
        let chaos = match req.header(upstream::CHAOS_HEADER).map(str::parse::<Chaos>) {
            None => None,
            Some(Ok(chaos)) => Some(chaos),
            Some(Err(message)) => {
                return Ok(bad_harness_header(upstream::CHAOS_HEADER, &message));
            }
        };
        // a scenario's recorded exchanges answer first (`crate::replay`)
        let req = match scenario {
            Some(s) if !s.replay.is_empty() => match crate::replay::answer(s, req, &added).await {
                Ok(replayed) => return Ok(replayed),
                Err(req) => req,
            },
            _ => req,
        };
        let Some(call) = Call::from_request(req.method().as_str(), req.uri().path()) else {
            return self.0.call(req).await.map(IntoResponse::into_response);
        };
        let mut over = scenario.and_then(|s| s.call(call)).unwrap_or_default();
        // chaos counts every call of its run, faulted or not, so its sequence never depends
        // on what else is set
        let chaotic = chaos.and_then(|c| c.next(&Run::new(req.header(upstream::RUN_HEADER)), call));
        if let Some(fault) = added.get(&call) {
            over.fault = Some(fault.clone());
        } else if over.fault.is_none() {
            over.fault = chaotic;
        }
        if over == CallOverride::default() {
            return self.0.call(req).await.map(IntoResponse::into_response);
        }
        tracing::debug!(id, path = req.uri().path(), ?over, "scenario override");
        Ok(apply(&self.0, req, over).await)
    }
}

/// The faults of the `x-sim-faults` header (the scenario console's, sent by the BFF in
/// harness mode): a JSON object of call name to fault; absent or blank is none.
fn added_faults(req: &Request) -> Result<BTreeMap<Call, Fault>, String> {
    let Some(raw) = req.header(upstream::FAULTS_HEADER).map(str::trim) else {
        return Ok(BTreeMap::new());
    };
    if raw.is_empty() {
        return Ok(BTreeMap::new());
    }
    let faults: BTreeMap<Call, Fault> = serde_json::from_str(raw).map_err(|e| e.to_string())?;
    for fault in faults.values() {
        fault.validate()?;
    }
    Ok(faults)
}

/// 400 `{"error":"BAD_HARNESS_HEADER","header":<name>,"message":<why>}`.
fn bad_harness_header(name: &str, message: &str) -> Response {
    let body =
        serde_json::json!({ "error": "BAD_HARNESS_HEADER", "header": name, "message": message });
    fault::json_response(StatusCode::BAD_REQUEST, body.to_string().into_bytes())
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
    finish(parts.status, bytes, over.fault.as_ref())
}

/// The answer after the work: `malformed` / `reset` break `bytes`, else they go out as they are.
fn finish(status: StatusCode, bytes: Vec<u8>, fault: Option<&Fault>) -> Response {
    match fault {
        Some(Fault::Malformed) => fault::malformed(&bytes),
        Some(Fault::Reset) => fault::reset(status, &bytes),
        _ => fault::json_response(status, bytes),
    }
}

/// A fault of the programmatic plan ([`Planned`]). Before the work: as a scenario's fault,
/// except that a `timeout` never does the work (it hangs, then answers 504 to nobody).
/// After the work (the world has answered, e.g. the order is placed): the answer is late
/// (`delay`), never comes (`timeout`), breaks (`reset`, `malformed`) or becomes a 5xx.
/// `reset` and `malformed` always strike after the work.
async fn apply_planned<E: Endpoint>(inner: &E, req: Request, planned: Planned) -> Response {
    let Planned { fault, after_work } = planned;
    if !after_work {
        if fault == Fault::Timeout {
            tokio::time::sleep(fault::TIMEOUT_HANG).await;
            return fault::error_response(504);
        }
        let over = CallOverride {
            respond: None,
            fault: Some(fault),
        };
        return apply(inner, req, over).await;
    }
    let resp = inner.get_response(req).await;
    if let Some(wait) = fault.wait() {
        tokio::time::sleep(wait).await;
    }
    if let Fault::Error5xx { status } = fault {
        return fault::error_response(status);
    }
    let (parts, body) = resp.into_parts();
    let bytes = body.into_vec().await.unwrap_or_default();
    finish(parts.status, bytes, Some(&fault))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn with(traceparent: &str) -> Request {
        Request::builder()
            .header("traceparent", traceparent)
            .finish()
    }

    #[test]
    fn traceparent_ids_are_read_and_malformed_ones_ignored() {
        let good = with("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        assert_eq!(
            trace_parent(&good),
            Some(("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"))
        );
        for bad in [
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-4bf92f35-00f067aa0ba902b7-01",
            "garbage",
        ] {
            assert_eq!(trace_parent(&with(bad)), None, "{bad}");
        }
        assert_eq!(trace_parent(&Request::builder().finish()), None);
    }
}
