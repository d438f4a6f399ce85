//! The scenario console's settings (issue 15 §1 "faults on demand", §3 "seeded chaos"),
//! harness mode only, nested under `/harness/settings` inside the session and CSRF
//! middleware (every POST needs the session's `x-xsrf-token`):
//!
//! - `GET /harness/settings`: this browser's view ([`View`]): the active scenario, the calls
//!   a fault can be added to, the faults added, its chaos and `BFF_CHAOS`, and the active
//!   scenario with the faults as a scenario file's YAML to copy into `scenarios/<flow>/`;
//! - `POST /harness/settings/fault` `{"call": <name>, "fault": <fault> | null}`: adds (or
//!   replaces, or with `null` removes) the fault of one call of the active scenario; a fault
//!   is a scenario file's (`{"kind":"delay","ms":1500}`, `timeout`, `reset`, `malformed`,
//!   `error5xx` with an optional `status`); answers the view;
//! - `POST /harness/settings/faults/clear`: removes every added fault; answers the view;
//! - `POST /harness/settings/chaos` `{"chaos": "<percent>:<seed>" | null}`: this browser's
//!   seeded chaos (over `BFF_CHAOS`); answers the view.
//!
//! Kept in the store (the session's `harness` context, `http::scenario::ConsoleSettings`),
//! never in process memory, so every instance applies them; `http::extract::ScenarioSel`
//! sends them upstream as `x-sim-faults` and `x-sim-chaos`. Faults belong to the scenario
//! they were added to: starting another scenario leaves them unused, and the next fault
//! added starts a new set. Errors: 409 `{"error":"NO_ACTIVE_SCENARIO"}` (a fault without an
//! active scenario), 400 `{"error":"UNKNOWN_CALL"|"INVALID_FAULT"|"INVALID_CHAOS"}`, 503
//! `{"error":"STORE_UNAVAILABLE"}`.

use std::{collections::BTreeMap, sync::Arc};

use poem::{
    Request, Response, Route, get, handler,
    http::{StatusCode, header},
    post,
    session::Session,
    web::{Data, Json},
};
use serde::Deserialize;
use serde_json::{Value, json};
use simulators::{fault::Fault, scenario::Call};

use crate::{
    config::is_chaos,
    http::{
        scenario::{CONSOLE_NS, ConsoleSettings, scenario_of},
        session::{context_id, ensure_context_id},
    },
    state::AppState,
};

/// The longest `delay` the console adds, ms (the BFF's default timeout is 60 s; longer is a
/// `timeout`).
pub const MAX_DELAY_MS: u64 = 120_000;

/// The settings routes (nest under `/harness/settings`, inside session and CSRF middleware).
pub fn routes() -> Route {
    Route::new()
        .at("/", get(view))
        .at("/fault", post(set_fault))
        .at("/faults/clear", post(clear_faults))
        .at("/chaos", post(set_chaos))
}

/// Calls a console fault cannot reach: the browser-facing pages the BFF proxies under `/sim`
/// ([`super::SIM_PAGES`]: card entry, identity router and provider pages, the ping file),
/// which the browser loads itself; a scenario file's faults still apply to them.
fn browser_facing() -> Vec<Call> {
    super::SIM_PAGES
        .iter()
        .filter_map(|(method, _, service, path)| {
            Call::from_request(method, &format!("{}{path}", service.prefix()))
        })
        .collect()
}

/// The calls a fault can be added to, the active scenario's own overrides first.
fn calls(active: Option<&str>) -> Vec<Value> {
    let own: Vec<Call> = active
        .and_then(simulators::scenario::find)
        .and_then(|s| s.calls().ok())
        .map(|c| c.into_keys().collect())
        .unwrap_or_default();
    let skip = browser_facing();
    let mut all: Vec<Call> = Call::ALL
        .into_iter()
        .filter(|c| !skip.contains(c))
        .collect();
    all.sort_by_key(|c| (!own.contains(c), c.service().name(), c.name()));
    all.into_iter()
        .map(|c| {
            json!({
                "name": c.name(),
                "service": c.service().name(),
                "method": c.methods()[0].as_str(),
                "path": format!("{}{}", c.service().prefix(), c.path()),
                "inScenario": own.contains(&c),
            })
        })
        .collect()
}

/// The added faults as typed values (entries that no longer parse are left out).
fn typed(faults: &BTreeMap<String, Value>) -> BTreeMap<Call, Fault> {
    faults
        .iter()
        .filter_map(|(k, v)| {
            let call = serde_json::from_value(Value::String(k.clone())).ok()?;
            Some((call, serde_json::from_value(v.clone()).ok()?))
        })
        .collect()
}

/// What the console shows: `scenario` (active id or null), `calls`, `faults` (call name to
/// fault, of the active scenario), `chaos` (this browser's), `defaultChaos` (`BFF_CHAOS`),
/// `yaml` (the active scenario with the faults, as a file) and `file` (where to put it).
fn view_of(state: &AppState, active: Option<String>, settings: &ConsoleSettings) -> Value {
    let faults = if settings.scenario == active {
        settings.faults.clone()
    } else {
        BTreeMap::new()
    };
    let scenario = active.as_deref().and_then(simulators::scenario::find);
    let yaml = scenario.map(|s| s.with_faults_yaml(&typed(&faults)));
    let file = scenario.map(|s| {
        let suffix = if faults.is_empty() { "copy" } else { "faults" };
        format!("scenarios/{}-{suffix}.yaml", s.id)
    });
    json!({
        "scenario": active,
        "calls": calls(active.as_deref()),
        "faults": faults,
        "chaos": settings.chaos,
        "defaultChaos": state.config.chaos,
        "yaml": yaml,
        "file": file,
    })
}

fn answer(status: StatusCode, body: &Value) -> Response {
    Response::builder()
        .status(status)
        .content_type("application/json; charset=utf-8")
        .header(header::CACHE_CONTROL, "no-store")
        .body(body.to_string())
}

fn refused(status: StatusCode, error: &str, message: impl Into<String>) -> Response {
    answer(
        status,
        &json!({ "error": error, "message": message.into() }),
    )
}

/// The session's settings (default when it has none).
async fn load(state: &AppState, session: &Session) -> Result<ConsoleSettings, Response> {
    let Some(id) = context_id(session, CONSOLE_NS) else {
        return Ok(ConsoleSettings::default());
    };
    state
        .store
        .get::<ConsoleSettings>(CONSOLE_NS, &id)
        .await
        .map(Option::unwrap_or_default)
        .map_err(|e| unavailable(&e))
}

fn unavailable(e: &crate::store::StoreError) -> Response {
    tracing::warn!(error = %e, "console settings not stored");
    refused(
        StatusCode::SERVICE_UNAVAILABLE,
        "STORE_UNAVAILABLE",
        "settings store unavailable",
    )
}

/// Changes the session's settings with `f` and answers the view.
async fn change(
    state: &AppState,
    session: &Session,
    active: Option<String>,
    f: impl Fn(&mut ConsoleSettings) + Send + Sync,
) -> Response {
    let id = ensure_context_id(session, CONSOLE_NS);
    match state
        .store
        .update::<ConsoleSettings, _, _>(CONSOLE_NS, &id, |s| {
            f(s);
            s.clone()
        })
        .await
    {
        Ok(settings) => answer(StatusCode::OK, &view_of(state, active, &settings)),
        Err(e) => unavailable(&e),
    }
}

#[handler]
async fn view(req: &Request, session: &Session, state: Data<&Arc<AppState>>) -> Response {
    match load(&state, session).await {
        Ok(settings) => answer(
            StatusCode::OK,
            &view_of(&state, scenario_of(req.headers()), &settings),
        ),
        Err(resp) => resp,
    }
}

/// Body of `POST /harness/settings/fault`.
#[derive(Debug, Deserialize)]
struct FaultBody {
    call: String,
    #[serde(default)]
    fault: Option<Value>,
}

#[handler]
async fn set_fault(
    req: &Request,
    session: &Session,
    state: Data<&Arc<AppState>>,
    body: poem::Result<Json<FaultBody>>,
) -> Response {
    let Ok(Json(body)) = body else {
        return refused(
            StatusCode::BAD_REQUEST,
            "INVALID_FAULT",
            "body: {\"call\": name, \"fault\": fault or null}",
        );
    };
    let Some(active) = scenario_of(req.headers()) else {
        return refused(
            StatusCode::CONFLICT,
            "NO_ACTIVE_SCENARIO",
            "start a scenario first",
        );
    };
    let known = calls(Some(&active))
        .iter()
        .any(|c| c["name"] == body.call.as_str());
    if !known {
        return refused(StatusCode::BAD_REQUEST, "UNKNOWN_CALL", body.call);
    }
    let fault = match body.fault {
        None | Some(Value::Null) => None,
        Some(v) => match serde_json::from_value::<Fault>(v.clone()) {
            Ok(Fault::Delay { ms }) if ms > MAX_DELAY_MS => {
                return refused(
                    StatusCode::BAD_REQUEST,
                    "INVALID_FAULT",
                    format!("delay over {MAX_DELAY_MS} ms"),
                );
            }
            Ok(f) => match f.validate() {
                Ok(()) => Some(serde_json::to_value(&f).unwrap_or(v)),
                Err(e) => return refused(StatusCode::BAD_REQUEST, "INVALID_FAULT", e),
            },
            Err(e) => return refused(StatusCode::BAD_REQUEST, "INVALID_FAULT", e.to_string()),
        },
    };
    let call = body.call;
    change(&state, session, Some(active.clone()), move |s| {
        if s.scenario.as_deref() != Some(active.as_str()) {
            s.scenario = Some(active.clone());
            s.faults.clear();
        }
        match &fault {
            Some(f) => {
                s.faults.insert(call.clone(), f.clone());
            }
            None => {
                s.faults.remove(&call);
            }
        }
    })
    .await
}

#[handler]
async fn clear_faults(req: &Request, session: &Session, state: Data<&Arc<AppState>>) -> Response {
    change(&state, session, scenario_of(req.headers()), |s| {
        s.faults.clear()
    })
    .await
}

/// Body of `POST /harness/settings/chaos`.
#[derive(Debug, Deserialize)]
struct ChaosBody {
    #[serde(default)]
    chaos: Option<String>,
}

#[handler]
async fn set_chaos(
    req: &Request,
    session: &Session,
    state: Data<&Arc<AppState>>,
    body: poem::Result<Json<ChaosBody>>,
) -> Response {
    let chaos = match body {
        Ok(Json(ChaosBody { chaos: None })) => None,
        Ok(Json(ChaosBody { chaos: Some(c) })) if is_chaos(c.trim()) => Some(c.trim().to_owned()),
        _ => {
            return refused(
                StatusCode::BAD_REQUEST,
                "INVALID_CHAOS",
                "chaos: \"<percent 0..=100>:<seed>\" or null",
            );
        }
    };
    change(&state, session, scenario_of(req.headers()), move |s| {
        s.chaos = chaos.clone()
    })
    .await
}
