//! Records what the BFF answers the browser in every scenario, by walking each scenario's
//! calls against the real BFF (harness mode, embedded simulators) over HTTP, exactly as the
//! web app makes them. Storybook replays the recordings with MSW, so stories show what the
//! Rust simulators produce and nobody writes a second, TypeScript version of the rules.
//!
//! Output (format: `web/src/flows/retail/recordings/README.md`):
//! - `web/src/content/recordings/content.json`: `{ en|es: { merchantFlow, dictionary, buyflow, all, accountDashboard, activation } }`;
//! - `web/src/flows/<flow>/recordings/<situation>.json`: `{ scenario, exchanges[] }`.

use futures_util::future::try_join_all;
use reqwest::{Client, Method};
use serde_json::{Map, Value, json};

pub use crate::browser::RecordError;
use crate::{
    Generated,
    browser::{Browser, TRACKING_ID, err, text},
};

/// Walks the retail starter-kit flow (seed 000 §2) with the scenario's input.
async fn walk_retail(b: &mut Browser, input: &Value) -> Result<(), RecordError> {
    let (street, unit, zip) = (
        text(input, "street"),
        text(input, "unit"),
        text(input, "zip"),
    );
    b.call(
        Method::GET,
        "/secure/api/v1/address/suggestions",
        &[("q", street), ("trackingId", TRACKING_ID)],
        None,
    )
    .await?;
    let validation = b
        .call(
            Method::GET,
            "/secure/api/v1/serviceability/address/validate-customer-address",
            &[
                ("addressLine1", street),
                ("addressLine2", unit),
                ("city", ""),
                ("state", ""),
                ("zip", zip),
                ("trackingId", TRACKING_ID),
            ],
            None,
        )
        .await?;
    let infos = validation["customerInfos"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let chosen = match validation["outcome"].as_str() {
        Some("single") => infos.first().cloned(),
        Some("multiple") => {
            let pick = text(input, "pickUnit");
            infos
                .into_iter()
                .find(|i| !pick.is_empty() && i["address"]["addressLine2"].as_str() == Some(pick))
        }
        _ => None,
    };
    let Some(info) = chosen else { return Ok(()) };
    let location = info["locationId"].as_str().unwrap_or_default().to_owned();
    let check = b
        .call(
            Method::GET,
            "/secure/api/v1/serviceability/address/validate-customer-serviceability",
            &[
                ("trackingId", TRACKING_ID),
                ("locationId", &location),
                ("source", "CP_VAN"),
            ],
            None,
        )
        .await?;
    let serviceable = matches!(check["outcome"].as_str(), Some("serviceable" | "coldTap"));
    let code = text(input, "deviceCode");
    if !serviceable || code.is_empty() {
        return Ok(());
    }
    let body = json!({
        "address": info["address"],
        "deviceCode": code,
        "language": "English",
        "locationId": location,
        "phoneNo": text(input, "phone"),
        "trackingId": TRACKING_ID,
    });
    b.call(Method::POST, "/van-service-api/assign", &[], Some(body))
        .await?;
    Ok(())
}

async fn record_scenario(
    http: &Client,
    base: &str,
    scenario: &simulators::scenario::Scenario,
) -> Result<Generated, RecordError> {
    let mut browser = Browser::open(http, base, &scenario.id).await?;
    let mut page = None;
    match scenario.flow.as_str() {
        "retail" => walk_retail(&mut browser, &scenario.input).await?,
        "buy" => {
            crate::record_buy::walk_buy(&mut browser, &scenario.start, &scenario.input).await?
        }
        other => {
            let Some(flow) = crate::record_signed_in::signed_in_flow(other) else {
                return Err(RecordError(format!(
                    "{}: no recorder for flow {other}",
                    scenario.id
                )));
            };
            page = crate::record_signed_in::walk_signed_in(&mut browser, flow, &scenario.input)
                .await?;
        }
    }
    let (flow, situation) = scenario.id.split_once('/').unwrap_or(("", &scenario.id));
    let mut doc = json!({
        "scenario": {
            "id": scenario.id,
            "title": scenario.title,
            "flow": scenario.flow,
            "start": scenario.start,
            "codes": scenario.codes,
            "input": scenario.input,
            "expect": scenario.expect,
        },
        "exchanges": browser.exchanges,
    });
    // the page a signed-in flow's story starts at (below `/{locale}`)
    if let Some(page) = page {
        doc["page"] = json!(page);
    }
    let mut text = pretty(&doc);
    for (value, stand_in) in &browser.volatile {
        text = text.replace(value.as_str(), stand_in);
    }
    Ok(Generated::new(
        format!("web/src/flows/{flow}/recordings/{situation}.json"),
        text,
    ))
}

async fn record_content(http: &Client, base: &str) -> Result<Generated, RecordError> {
    let mut all = Map::new();
    for (locale, prefix) in [("en", "/-/api"), ("es", "/-/api/es")] {
        let mut bundle = Map::new();
        for (key, area) in [
            ("merchantFlow", "merchant-flow"),
            ("dictionary", "dictionary"),
            ("buyflow", "buyflow"),
            ("all", "all"),
            ("accountDashboard", "account-dashboard"),
            ("activation", "activation"),
        ] {
            let url = format!("{base}{prefix}/my.prepaid/{area}");
            let body: Value = http
                .get(&url)
                .send()
                .await
                .and_then(reqwest::Response::error_for_status)
                .map_err(err(&url))?
                .json()
                .await
                .map_err(err(&url))?;
            bundle.insert(key.into(), body);
        }
        all.insert(locale.into(), Value::Object(bundle));
    }
    Ok(Generated::new(
        "web/src/content/recordings/content.json",
        pretty(&Value::Object(all)),
    ))
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// Flows without scenario stories yet: not recorded (keep in step with `WITHOUT_RECORDER`).
const NOT_RECORDED: &[&str] = &[
    "activation",
    "payments",
    "refill",
    "reconnect",
    "litepay",
    "move",
];

/// Starts the BFF (harness mode, embedded simulators, 3 s upstream timeout so the timeout
/// scenarios record quickly) on a free port and records every scenario, concurrently.
pub async fn record_all() -> Result<Vec<Generated>, RecordError> {
    let config = bff::config::Config::from_lookup(|key| match key {
        "BFF_ADDR" => Some("127.0.0.1:0".into()),
        "BFF_MODE" => Some("harness".into()),
        "BFF_UPSTREAM_TIMEOUT_MS" => Some("3000".into()),
        // every walk comes from 127.0.0.1: no per-address, per-session or creation limits
        "BFF_RATE_LIMIT_PER_MIN"
        | "BFF_RATE_LIMIT_SESSION_PER_MIN"
        | "BFF_SESSION_CREATE_PER_MIN"
        | "BFF_KEYED_PER_SESSION_PER_HOUR"
        | "BFF_KEYED_PER_ADDRESS_PER_HOUR" => Some("0".into()),
        _ => None,
    })
    .map_err(|e| RecordError(format!("config: {e}")))?;
    let app = bff::startup::Application::build(config)
        .await
        .map_err(|e| RecordError(format!("startup: {e}")))?;
    let base = format!("http://127.0.0.1:{}", app.port());
    let server = tokio::spawn(app.run_until_stopped());
    let http = Client::new();
    let mut files = vec![record_content(&http, &base).await?];
    // Flows whose scenario stories are not written yet (their BFF integration tests walk
    // every scenario over HTTP meanwhile; `WITHOUT_RECORDER` in playwright/tests/storybook.spec.ts).
    let scenarios: Vec<_> = simulators::scenario::all()
        .iter()
        .filter(|s| !NOT_RECORDED.contains(&s.flow.as_str()))
        .collect();
    files.extend(try_join_all(scenarios.iter().map(|s| record_scenario(&http, &base, s))).await?);
    server.abort();
    Ok(files)
}
