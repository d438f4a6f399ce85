//! Records what the BFF answers the browser in every scenario, by walking each scenario's
//! calls against the real BFF (harness mode, embedded simulators) over HTTP, exactly as the
//! web app makes them. Storybook replays the recordings with MSW, so stories show what the
//! Rust simulators produce and nobody writes a second, TypeScript version of the rules.
//!
//! Output (format: `web/src/flows/retail/recordings/README.md`):
//! - `web/src/content/recordings/content.json`: `{ en|es: { merchantFlow, dictionary, buyflow } }`;
//! - `web/src/flows/<flow>/recordings/<situation>.json`: `{ scenario, exchanges[] }`.

use std::{collections::BTreeMap, fmt};

use futures_util::future::try_join_all;
use reqwest::{Client, Method};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::Generated;

/// Tracking id of every recorded call, so recordings are stable.
pub(crate) const TRACKING_ID: &str = "00000000-0000-4000-8000-000000000000";

/// Host header of every recorded call, so URLs the BFF derives from it are stable.
const RECORDED_HOST: &str = "portal.example";

/// Why recording failed.
#[derive(Debug)]
pub struct RecordError(pub(crate) String);

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecordError {}

pub(crate) fn err(context: impl fmt::Display) -> impl FnOnce(reqwest::Error) -> RecordError {
    move |e| RecordError(format!("{context}: {e}"))
}

/// One browser-to-BFF exchange as Storybook replays it (query without `trackingId`).
#[derive(Debug, Serialize)]
struct Exchange {
    method: String,
    path: String,
    query: BTreeMap<String, String>,
    status: u16,
    body: Value,
}

/// A browser session against the BFF: session cookie, CSRF token, scenario cookie.
pub(crate) struct Browser {
    http: Client,
    base: String,
    cookies: String,
    xsrf: String,
    exchanges: Vec<Exchange>,
    /// Values that differ on every run (e.g. a digital session id) and their stand-ins.
    pub(crate) volatile: Vec<(String, String)>,
}

impl Browser {
    async fn open(http: &Client, base: &str, scenario: &str) -> Result<Self, RecordError> {
        let res = http
            .get(format!("{base}/token?trackingId={TRACKING_ID}"))
            .send()
            .await
            .map_err(err("GET /token"))?;
        let session: Vec<String> = res
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_owned))
            .collect();
        let token: Value = res.json().await.map_err(err("token body"))?;
        let xsrf = token["xsrfToken"].as_str().unwrap_or_default().to_owned();
        let mut cookies = session.join("; ");
        if !scenario.is_empty() {
            cookies = format!("{cookies}; sim_scenario={scenario}");
        }
        Ok(Self {
            http: http.clone(),
            base: base.to_owned(),
            cookies,
            xsrf,
            exchanges: Vec::new(),
            volatile: Vec::new(),
        })
    }

    /// Makes one call as the web app does and records it; returns the answer's body.
    pub(crate) async fn call(
        &mut self,
        method: Method,
        path: &str,
        query: &[(&str, &str)],
        body: Option<Value>,
    ) -> Result<Value, RecordError> {
        self.call_with(method, path, query, body, &[]).await
    }

    /// [`Browser::call`] with extra request headers (e.g. `Idempotency-Key`).
    pub(crate) async fn call_with(
        &mut self,
        method: Method,
        path: &str,
        query: &[(&str, &str)],
        body: Option<Value>,
        headers: &[(&str, &str)],
    ) -> Result<Value, RecordError> {
        let mut req = self
            .http
            .request(method.clone(), format!("{}{path}", self.base))
            .query(query)
            .header("cookie", &self.cookies)
            .header("host", RECORDED_HOST)
            .header("trackingid", TRACKING_ID)
            .header("source", "DIGITAL2.0");
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        // as the web client: the token on every call but content bundles
        if !path.starts_with("/-/") {
            req = req.header("x-xsrf-token", &self.xsrf);
        }
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.map_err(err(format!("{method} {path}")))?;
        self.follow_session_rotation(res.headers());
        let status = res.status().as_u16();
        let bytes = res
            .bytes()
            .await
            .map_err(err(format!("{method} {path} body")))?;
        let mut body: Value = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .map_err(|e| RecordError(format!("{method} {path} body: {e}")))?
        };
        stabilise(&mut body);
        self.exchanges.push(Exchange {
            method: method.to_string(),
            path: path.to_owned(),
            query: query
                .iter()
                .filter(|(k, _)| *k != "trackingId")
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
            status,
            body: body.clone(),
        });
        Ok(body)
    }
}

impl Browser {
    /// Takes a new session cookie the BFF set (it rotates the id when an identity joins).
    fn follow_session_rotation(&mut self, headers: &reqwest::header::HeaderMap) {
        let set = headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok()?.split(';').next())
            .find(|c| c.starts_with("pp_session="));
        if let Some(new) = set {
            self.cookies = self
                .cookies
                .split("; ")
                .map(|c| if c.starts_with("pp_session=") { new } else { c })
                .collect::<Vec<_>>()
                .join("; ");
        }
    }

    /// Status of the last recorded exchange.
    pub(crate) fn exchanges_last_status(&self) -> Option<u16> {
        self.exchanges.last().map(|e| e.status)
    }

    /// A form post outside the BFF's API (the identity router page); not recorded.
    pub(crate) async fn external_form(
        &self,
        url: &str,
        form: &[(&str, &str)],
    ) -> Result<(), RecordError> {
        let url = if url.starts_with('/') {
            format!("{}{url}", self.base)
        } else {
            url.to_owned()
        };
        let url = url.as_str();
        // The router answers with a redirect back to the app page; the walk does not follow it.
        bff::upstream::install_tls_provider();
        let once = Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(err(url))?;
        let res = once
            .post(url)
            .header("host", RECORDED_HOST)
            .form(form)
            .send()
            .await
            .map_err(err(url))?;
        if res.status().is_client_error() || res.status().is_server_error() {
            return Err(RecordError(format!("{url}: {}", res.status())));
        }
        Ok(())
    }
}

/// Request ids and server session ids differ on every run; recordings keep fixed ones.
fn stabilise(body: &mut Value) {
    match body {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                if matches!(
                    key.as_str(),
                    "requestId" | "sessionId" | "timestamp" | "custGuid"
                ) && value.is_string()
                {
                    *value = json!("recorded");
                } else {
                    stabilise(value);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(stabilise),
        _ => {}
    }
}

pub(crate) fn text<'a>(input: &'a Value, key: &str) -> &'a str {
    input.get(key).and_then(Value::as_str).unwrap_or_default()
}

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
    match scenario.flow.as_str() {
        "retail" => walk_retail(&mut browser, &scenario.input).await?,
        "buy" => {
            crate::record_buy::walk_buy(&mut browser, &scenario.start, &scenario.input).await?
        }
        other => {
            return Err(RecordError(format!(
                "{}: no recorder for flow {other}",
                scenario.id
            )));
        }
    }
    let (flow, situation) = scenario.id.split_once('/').unwrap_or(("", &scenario.id));
    let doc = json!({
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
        | "BFF_SESSION_CREATE_PER_MIN" => Some("0".into()),
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
    let scenarios = simulators::scenario::all();
    files.extend(try_join_all(scenarios.iter().map(|s| record_scenario(&http, &base, s))).await?);
    server.abort();
    Ok(files)
}
