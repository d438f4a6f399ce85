//! The harness scenario a browser chose (cookie [`SCENARIO_COOKIE`], set by
//! `/harness/start/...`) and its run (cookie [`RUN_COOKIE`]). Only ids of scenarios the
//! embedded simulators know are honoured; a build without the `simulators` feature knows none.
//! The run id scopes what the simulators remember for a browser (a cancelled move, a saved
//! card): each start of a scenario begins from the world's initial state, and two browsers
//! never see each other's changes (ARCHITECTURE.md "Scenarios").

use poem::http::{HeaderMap, header};

/// Cookie holding the chosen scenario id (`<flow>/<situation>`).
pub const SCENARIO_COOKIE: &str = "sim_scenario";

/// Cookie holding the run id (a UUID v4, new at each `/harness/start/...`), sent upstream as
/// `x-sim-run`.
pub const RUN_COOKIE: &str = "sim_run";

fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim_matches('"'))
}

/// The scenario id of the `sim_scenario` cookie, when it names a known scenario.
pub fn scenario_from_cookies(headers: &HeaderMap) -> Option<String> {
    cookie(headers, SCENARIO_COOKIE)
        .map(|v| v.replace("%2F", "/").replace("%2f", "/"))
        .filter(|id| known(id))
}

/// The run id of the `sim_run` cookie, when it is a UUID (anything else is ignored).
pub fn run_from_cookies(headers: &HeaderMap) -> Option<String> {
    cookie(headers, RUN_COOKIE)
        .and_then(|v| uuid::Uuid::parse_str(v).ok())
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
        assert_eq!(scenario_from_cookies(&h), None);
    }

    #[test]
    fn run_must_be_a_uuid() {
        let mut h = HeaderMap::new();
        h.insert(header::COOKIE, "sim_run=../x".parse().unwrap());
        assert_eq!(run_from_cookies(&h), None);
        let id = "0b7c6f9e-4a43-4d55-9d7a-3f3f2b1a0c11";
        h.insert(
            header::COOKIE,
            format!("a=b; sim_run={id}").parse().unwrap(),
        );
        assert_eq!(run_from_cookies(&h).as_deref(), Some(id));
    }
}
