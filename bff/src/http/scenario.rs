//! The harness scenario a browser chose (cookie [`SCENARIO_COOKIE`], set by
//! `/harness/start/...`). Only ids of scenarios the embedded simulators know are honoured;
//! a build without the `simulators` feature knows none.

use poem::http::{HeaderMap, header};

/// Cookie holding the chosen scenario id (`<flow>/<situation>`).
pub const SCENARIO_COOKIE: &str = "sim_scenario";

/// The scenario id of the `sim_scenario` cookie, when it names a known scenario.
pub fn scenario_from_cookies(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == SCENARIO_COOKIE)
        .map(|(_, v)| v.trim_matches('"').replace("%2F", "/").replace("%2f", "/"))
        .filter(|id| known(id))
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
}
