//! Drift check: the committed `openapi/upstream.json` must equal [`simulators::openapi_spec`].
//! Regenerate with `cargo run -p xtask -- openapi` (or `UPDATE_CONTRACT=1 cargo test -p
//! simulators --test it contract`).

use std::path::PathBuf;

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../openapi/upstream.json")
}

#[test]
fn upstream_contract_is_up_to_date() {
    let spec = simulators::openapi_spec();
    let path = committed_path();
    if std::env::var_os("UPDATE_CONTRACT").is_some_and(|v| v == "1") {
        std::fs::write(&path, format!("{spec}\n")).expect("write openapi/upstream.json");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed.trim_end() == spec.trim_end(),
        "openapi/upstream.json differs from the simulators' code; regenerate with \
         `cargo run -p xtask -- openapi`"
    );
}

#[test]
fn every_operation_documents_the_scenario_and_tracking_headers() {
    let spec: serde_json::Value = serde_json::from_str(&simulators::openapi_spec()).unwrap();
    assert_eq!(spec["info"]["title"], simulators::TITLE);
    let paths = spec["paths"].as_object().unwrap();
    // 55 + the reconnect's create-aux-account + the quick refill's lookup and ezrefill
    assert_eq!(paths.len(), 58);
    for (path, ops) in paths {
        for (method, op) in ops.as_object().unwrap() {
            let names: Vec<&str> = op["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["in"] == "header")
                .filter_map(|p| p["name"].as_str())
                .collect();
            // operations that read or change what a run remembers also take `x-sim-run`
            let without_run: Vec<&str> = names.into_iter().filter(|n| *n != "x-sim-run").collect();
            assert_eq!(without_run, ["x-sim-scenario", "trackingid"], "{method} {path}");
            assert_eq!(op["tags"].as_array().unwrap().len(), 1, "{method} {path}");
        }
    }
}
