//! The harness scenario a caller chose and its run: for a browser, the cookies
//! [`SCENARIO_COOKIE`] (set by `/harness/start/...`) and [`RUN_COOKIE`]; for an API tester
//! (curl, Postman, k6), the request headers `x-sim-scenario` and `x-sim-run`
//! ([`upstream::SCENARIO_HEADER`], [`upstream::RUN_HEADER`]), which win over the cookies
//! when they name a known scenario or a UUID run.
//! Only ids of scenarios the embedded simulators know are honoured; a build without the
//! `simulators` feature knows none. The run id scopes what the simulators remember for a
//! caller (a cancelled move, a saved card): each start of a scenario begins from the world's
//! initial state, and two callers never see each other's changes (ARCHITECTURE.md
//! "Scenarios"). Read in harness mode only (`http::extract::ScenarioSel`).

use std::collections::BTreeMap;

use poem::http::{HeaderMap, header};
use serde::{Deserialize, Serialize};

/// The store namespace of the scenario console's settings of a session (a flow context,
/// `pp:ctx:harness:<id>`, extended with its session).
pub const CONSOLE_NS: &str = "harness";

/// What a browser set in the scenario console (issue 15 §1, §3), kept in the store as the
/// session's `harness` context, never in process memory: faults added to calls of
/// `scenario` (applied only while that is the browser's active scenario) and its seeded
/// chaos (`<percent>:<seed>`, over `BFF_CHAOS`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConsoleSettings {
    /// The scenario the faults were added to.
    #[serde(default)]
    pub scenario: Option<String>,
    /// Added faults by call name (`upstream::call::Call`), in a scenario file's `fault` form.
    #[serde(default)]
    pub faults: BTreeMap<String, serde_json::Value>,
    /// Seeded chaos of this browser, `<percent>:<seed>`.
    #[serde(default)]
    pub chaos: Option<String>,
}

impl ConsoleSettings {
    /// The `x-sim-faults` value while `active` is the scenario the faults were added to.
    pub fn faults_for(&self, active: Option<&str>) -> Option<String> {
        (!self.faults.is_empty() && active.is_some() && self.scenario.as_deref() == active)
            .then(|| serde_json::to_string(&self.faults).unwrap_or_default())
    }
}

/// Cookie holding the chosen scenario id (`<flow>/<situation>`).
pub const SCENARIO_COOKIE: &str = "sim_scenario";

/// Cookie holding the run id (a UUID v4, new at each `/harness/start/...`), sent upstream as
/// `x-sim-run`.
pub const RUN_COOKIE: &str = "sim_run";

/// The value of the cookie `name` in `headers`, if any.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim_matches('"'))
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
}

/// The scenario id of the `x-sim-scenario` header, else of the `sim_scenario` cookie: the
/// first that names a known scenario (an unknown id is ignored wherever it comes from).
pub fn scenario_of(headers: &HeaderMap) -> Option<String> {
    [
        header(headers, upstream::SCENARIO_HEADER),
        cookie(headers, SCENARIO_COOKIE),
    ]
    .into_iter()
    .flatten()
    .map(|v| v.replace("%2F", "/").replace("%2f", "/"))
    .find(|id| known(id))
}

/// The run id of the `x-sim-run` header, else of the `sim_run` cookie: the first that is a
/// UUID (anything else is ignored).
pub fn run_of(headers: &HeaderMap) -> Option<String> {
    [
        header(headers, upstream::RUN_HEADER),
        cookie(headers, RUN_COOKIE),
    ]
    .into_iter()
    .flatten()
    .find_map(|v| uuid::Uuid::parse_str(v).ok())
    .map(|u| u.to_string())
}

#[cfg(feature = "simulators")]
fn known(id: &str) -> bool {
    simulators::scenario::find(id).is_some()
}

#[cfg(not(feature = "simulators"))]
fn known(_id: &str) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_cookie_is_ignored() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            "a=b; sim_scenario=nope/nothing".parse().unwrap(),
        );
        assert_eq!(scenario_of(&h), None);
    }

    #[test]
    fn run_must_be_a_uuid() {
        let mut h = HeaderMap::new();
        h.insert(header::COOKIE, "sim_run=../x".parse().unwrap());
        assert_eq!(run_of(&h), None);
        let id = "0b7c6f9e-4a43-4d55-9d7a-3f3f2b1a0c11";
        h.insert(
            header::COOKIE,
            format!("a=b; sim_run={id}").parse().unwrap(),
        );
        assert_eq!(run_of(&h).as_deref(), Some(id));
    }

    #[test]
    fn headers_win_over_cookies() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            "sim_run=0b7c6f9e-4a43-4d55-9d7a-3f3f2b1a0c11"
                .parse()
                .unwrap(),
        );
        h.insert(
            upstream::RUN_HEADER,
            " 5d0f2c1e-7b6a-4c3d-8e9f-0a1b2c3d4e5f ".parse().unwrap(),
        );
        assert_eq!(
            run_of(&h).as_deref(),
            Some("5d0f2c1e-7b6a-4c3d-8e9f-0a1b2c3d4e5f")
        );
        h.insert(upstream::RUN_HEADER, "not-a-uuid".parse().unwrap());
        assert_eq!(
            run_of(&h).as_deref(),
            Some("0b7c6f9e-4a43-4d55-9d7a-3f3f2b1a0c11")
        );
        h.insert(upstream::SCENARIO_HEADER, "nope/nothing".parse().unwrap());
        assert_eq!(scenario_of(&h), None);
    }
}
