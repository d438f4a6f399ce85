//! Replay of recorded exchanges (ARCHITECTURE.md "Record and replay", issue 15 §4): a
//! scenario's `replay:` entries ([`upstream::replay::Exchange`], written by the BFF's record
//! mode) answer the requests they match with their recorded status and body, after their
//! recorded time.
//!
//! - **Match**: the service (the request path's prefix), the method and the path under the
//!   prefix; an entry with `match: [query]` or `[body]` also needs that query (parameters in
//!   any order) or that body (JSON-equal; a form body as an object of its fields).
//! - **Order**: the n-th request of a run (`x-sim-run`) that matches a set of entries gets
//!   the n-th of them; past the end, the last one again (a poll keeps its last answer). The
//!   counts are per run and scenario, forgotten by the admin reset ([`reset`]).
//! - **Time**: the answer waits the recorded `ms`, at most [`MAX_WAIT`].
//! - A request no entry matches goes on to the world (with the scenario's `upstream:`
//!   overrides). A scenario console fault of the call (`x-sim-faults`) still strikes a
//!   replayed answer; seeded chaos does not.

use std::collections::BTreeMap;
use std::time::Duration;

use poem::http::{StatusCode, header};
use poem::{Request, Response};
use upstream::replay::{Exchange, MatchOn};
use upstream::service::Service;

use crate::fault::{self, Fault};
use crate::run_state::{Run, RunStore};
use crate::scenario::{Call, Scenario};

/// The longest recorded time a replayed answer waits: 5 s (a recording of a slow provider
/// stays usable in tests with short upstream timeouts; a `delay` fault waits longer).
pub const MAX_WAIT: Duration = Duration::from_millis(5_000);

/// Requests answered per run and (scenario, first entry of the set they matched).
static COUNTS: RunStore<usize> = RunStore::new();

/// Forgets the counts of `run`, or of every run with `None` (the admin API's reset).
pub fn reset(run: Option<&Run>) {
    COUNTS.clear(run);
}

/// The request's path under its service's prefix (`/` for the prefix itself).
fn under_prefix(path: &str) -> Option<(Service, &str)> {
    let service = Service::of_path(path)?;
    let rest = service.rest(path)?;
    Some((service, if rest.is_empty() { "/" } else { rest }))
}

/// The query's parameters, sorted (order does not matter).
fn params(query: &str) -> Vec<(String, String)> {
    let mut p: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect();
    p.sort();
    p
}

/// A request body as an entry holds it: JSON, else a form's fields, else the text; `None`
/// when empty.
pub fn body_value(bytes: &[u8]) -> Option<serde_json::Value> {
    if bytes.is_empty() {
        return None;
    }
    if let Ok(v) = serde_json::from_slice(bytes) {
        return Some(v);
    }
    let text = String::from_utf8_lossy(bytes);
    if text.contains('=') && !text.contains(char::is_whitespace) {
        let fields = form_urlencoded::parse(bytes)
            .into_owned()
            .map(|(k, v)| (k, serde_json::Value::String(v)))
            .collect();
        return Some(serde_json::Value::Object(fields));
    }
    Some(serde_json::Value::String(text.into_owned()))
}

/// The entries of `scenario` answering `method` + `path` with this query and body, with
/// their indexes in the list.
fn matching<'a>(
    scenario: &'a Scenario,
    method: &str,
    path: &str,
    query: Option<&str>,
    body: Option<&serde_json::Value>,
) -> Vec<(usize, &'a Exchange)> {
    let Some((service, rest)) = under_prefix(path) else {
        return Vec::new();
    };
    scenario
        .replay
        .iter()
        .enumerate()
        .filter(|(_, e)| e.service() == Some(service) && e.method == method && e.path == rest)
        .filter(|(_, e)| {
            !e.match_on.contains(&MatchOn::Query)
                || params(e.query.as_deref().unwrap_or_default())
                    == params(query.unwrap_or_default())
        })
        .filter(|(_, e)| !e.match_on.contains(&MatchOn::Body) || e.body.as_ref() == body)
        .collect()
}

/// The entry answering the next such request of `run` (counted): the n-th of the matching
/// entries, the last one past the end.
pub fn next<'a>(
    scenario: &'a Scenario,
    run: &Run,
    method: &str,
    path: &str,
    query: Option<&str>,
    body: Option<&serde_json::Value>,
) -> Option<&'a Exchange> {
    let hits = matching(scenario, method, path, query, body);
    let (first, _) = hits.first()?;
    let key = format!("{}#{first}", scenario.id);
    let n = COUNTS.update(run, &key, |c| {
        let n = c.unwrap_or(0);
        *c = Some(n + 1);
        n
    });
    hits.get(n.min(hits.len() - 1)).map(|(_, e)| *e)
}

/// Answers `req` from `scenario`'s `replay:` entries when one matches (`Ok`), else hands
/// the request back untouched (`Err`). `added` are the scenario console's faults by call.
#[allow(clippy::result_large_err)]
pub async fn answer(
    scenario: &Scenario,
    mut req: Request,
    added: &BTreeMap<Call, Fault>,
) -> Result<Response, Request> {
    let method = req.method().as_str().to_owned();
    let path = req.uri().path().to_owned();
    let query = req.uri().query().map(str::to_owned);
    let Some((service, rest)) = under_prefix(&path) else {
        return Err(req);
    };
    let same_call =
        |e: &&Exchange| e.service() == Some(service) && e.method == method && e.path == rest;
    if !scenario.replay.iter().any(|e| same_call(&e)) {
        return Err(req);
    }
    let body = if scenario
        .replay
        .iter()
        .filter(same_call)
        .any(|e| e.match_on.contains(&MatchOn::Body))
    {
        let bytes = req.take_body().into_vec().await.unwrap_or_default();
        let body = body_value(&bytes);
        req.set_body(bytes);
        body
    } else {
        None
    };
    let run = Run::new(req.header(upstream::RUN_HEADER));
    let Some(entry) = next(
        scenario,
        &run,
        &method,
        &path,
        query.as_deref(),
        body.as_ref(),
    ) else {
        return Err(req);
    };
    let fault = Call::from_request(&method, &path).and_then(|c| added.get(&c));
    tracing::debug!(id = scenario.id, path, status = entry.status, "replayed");
    Ok(respond(entry, fault).await)
}

/// The recorded answer of `entry` after its recorded time (at most [`MAX_WAIT`]), with a
/// console fault applied as to any answer: its wait first, `error5xx` instead, `malformed`
/// or `reset` breaking the body.
pub async fn respond(entry: &Exchange, fault: Option<&Fault>) -> Response {
    let wait = Duration::from_millis(entry.ms).min(MAX_WAIT)
        + fault.and_then(Fault::wait).unwrap_or_default();
    if !wait.is_zero() {
        tokio::time::sleep(wait).await;
    }
    if let Some(Fault::Error5xx { status }) = fault {
        return fault::error_response(*status);
    }
    let status = StatusCode::from_u16(entry.status).unwrap_or(StatusCode::OK);
    let (bytes, content_type) = match (&entry.answer, &entry.answer_text) {
        (Some(json), _) => (serde_json::to_vec(json).unwrap_or_default(), None),
        (None, Some(text)) => (
            text.clone().into_bytes(),
            Some(
                entry
                    .content_type
                    .clone()
                    .unwrap_or_else(|| "text/plain; charset=utf-8".into()),
            ),
        ),
        (None, None) => (Vec::new(), None),
    };
    match (fault, content_type) {
        (Some(Fault::Malformed), _) => fault::malformed(&bytes),
        (Some(Fault::Reset), _) => fault::reset(status, &bytes),
        (_, None) => fault::json_response(status, bytes),
        (_, Some(ct)) => Response::builder()
            .status(status)
            .header(header::CONTENT_TYPE, ct)
            .body(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(yaml: &str) -> Scenario {
        Scenario::parse("retail/replay-unit.yaml", yaml).unwrap()
    }

    const HEAD: &str =
        "title: t\nflow: retail\nstart: /dollargeneral\nexpect: { stage: serviceable }\n";

    #[test]
    fn the_nth_request_gets_the_nth_entry_then_the_last() {
        let s = scenario(&format!(
            "{HEAD}replay:\n\
             - {{ service: van, method: POST, path: /assign, status: 200, answer: {{ n: 1 }} }}\n\
             - {{ service: van, method: POST, path: /assign, status: 500, answer: {{ n: 2 }} }}\n\
             - {{ service: tax, method: POST, path: /get-tax, status: 200, answer: {{ n: 3 }} }}\n"
        ));
        let run = Run::new(Some("replay-unit-order"));
        let n = |path: &str| {
            next(&s, &run, "POST", path, None, None).map(|e| e.answer.clone().unwrap()["n"].clone())
        };
        assert_eq!(n("/van/assign"), Some(1.into()));
        assert_eq!(n("/tax/get-tax"), Some(3.into()));
        assert_eq!(n("/van/assign"), Some(2.into()));
        assert_eq!(
            n("/van/assign"),
            Some(2.into()),
            "past the end: the last one"
        );
        assert_eq!(n("/van/other"), None);
        assert!(next(&s, &run, "GET", "/van/assign", None, None).is_none());
        let other = Run::new(Some("replay-unit-order-2"));
        let first = next(&s, &other, "POST", "/van/assign", None, None).unwrap();
        assert_eq!(first.answer.as_ref().unwrap()["n"], 1, "runs count apart");
        reset(Some(&run));
        let again = next(&s, &run, "POST", "/van/assign", None, None).unwrap();
        assert_eq!(
            again.answer.as_ref().unwrap()["n"],
            1,
            "reset forgets the run"
        );
    }

    #[test]
    fn query_and_body_matches_pick_their_entries() {
        let s = scenario(&format!(
            "{HEAD}replay:\n\
             - {{ service: address-search, method: GET, path: /suggest, query: 'q=a&x=1', match: [query], status: 200, answer: [a] }}\n\
             - {{ service: address-search, method: GET, path: /suggest, query: 'q=b', match: [query], status: 200, answer: [b] }}\n\
             - {{ service: identity, method: POST, path: /token, body: {{ grant_type: x }}, match: [body], status: 400, answer: {{}} }}\n"
        ));
        let run = Run::new(Some("replay-unit-match"));
        let q = |query: &str| {
            next(
                &s,
                &run,
                "GET",
                "/address-search/suggest",
                Some(query),
                None,
            )
            .map(|e| e.answer.clone().unwrap()[0].clone())
        };
        assert_eq!(q("x=1&q=a"), Some("a".into()), "parameters in any order");
        assert_eq!(q("q=b"), Some("b".into()));
        assert_eq!(q("q=c"), None);
        let form = body_value(b"grant_type=x");
        assert_eq!(
            next(&s, &run, "POST", "/identity/token", None, form.as_ref()).map(|e| e.status),
            Some(400)
        );
        let other = body_value(b"grant_type=y");
        assert!(next(&s, &run, "POST", "/identity/token", None, other.as_ref()).is_none());
    }

    #[test]
    fn malformed_entries_are_refused_with_the_field() {
        for (entry, says) in [
            (
                "{ service: nowhere, method: GET, path: /x, status: 200 }",
                "replay[0]: service `nowhere`",
            ),
            (
                "{ service: van, method: FETCH, path: /x, status: 200 }",
                "replay[0]: method `FETCH`",
            ),
            (
                "{ service: van, method: POST, path: assign, status: 200 }",
                "replay[0]: path `assign`",
            ),
            (
                "{ service: van, method: POST, path: /assign, status: 700 }",
                "replay[0]: status 700",
            ),
            (
                "{ service: van, method: POST, path: /assign, status: 200, answer: {}, answerText: x }",
                "not both",
            ),
            (
                "{ service: van, method: POST, path: /assign, status: 200, colour: red }",
                "unknown field `colour`",
            ),
            (
                "{ service: van, method: POST, path: /assign }",
                "missing field `status`",
            ),
            (
                "{ service: van, method: POST, path: /assign, status: 200, match: [headers] }",
                "unknown variant `headers`",
            ),
        ] {
            let yaml = format!("{HEAD}replay:\n- {entry}\n");
            let err = Scenario::parse("retail/replay-unit.yaml", &yaml).unwrap_err();
            assert!(err.message.contains(says), "{entry}: {}", err.message);
        }
    }

    #[tokio::test]
    async fn answers_as_recorded_and_console_faults_still_strike() {
        let e: Exchange = serde_json::from_value(serde_json::json!({
            "service": "van", "method": "POST", "path": "/assign", "status": 201,
            "answer": {"status": "SUCCESS"}, "ms": 1
        }))
        .unwrap();
        let resp = respond(&e, None).await;
        assert_eq!(resp.status().as_u16(), 201);
        let body = resp.into_body().into_vec().await.unwrap();
        assert_eq!(body, br#"{"status":"SUCCESS"}"#);
        let resp = respond(&e, Some(&Fault::Error5xx { status: 502 })).await;
        assert_eq!(resp.status().as_u16(), 502);
        let page = Exchange {
            answer: None,
            answer_text: Some("<p>hi</p>".into()),
            content_type: Some("text/html; charset=utf-8".into()),
            ..e
        };
        let resp = respond(&page, None).await;
        assert_eq!(
            resp.headers().get(header::CONTENT_TYPE).unwrap(),
            "text/html; charset=utf-8"
        );
    }
}
