//! The recorder's browser (`crate::record`): one scenario's session against the BFF, making
//! the calls the web app makes and keeping each exchange, with the values that must not vary
//! between runs fixed.

use std::{collections::BTreeMap, fmt};

use reqwest::{Client, Method};
use serde::Serialize;
use serde_json::{Value, json};

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
pub(crate) struct Exchange {
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
    pub(crate) exchanges: Vec<Exchange>,
    /// Values that differ on every run (e.g. a digital session id) and their stand-ins.
    pub(crate) volatile: Vec<(String, String)>,
}

impl Browser {
    pub(crate) async fn open(
        http: &Client,
        base: &str,
        scenario: &str,
    ) -> Result<Self, RecordError> {
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
            // a run of its own (a UUID named by the scenario, so every recording is the same):
            // what a walk changes upstream stays apart from the walks recorded alongside it
            let run = uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, scenario.as_bytes());
            cookies = format!("{cookies}; sim_scenario={scenario}; sim_run={run}");
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
        let (status, body) = self
            .send(method.clone(), path, query, body, headers)
            .await?;
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

    /// One call as the web app makes it, not recorded (a call of the sign-in before the page
    /// a story starts at): status and stabilised body.
    pub(crate) async fn send(
        &mut self,
        method: Method,
        path: &str,
        query: &[(&str, &str)],
        body: Option<Value>,
        headers: &[(&str, &str)],
    ) -> Result<(u16, Value), RecordError> {
        let mut req = self
            .http
            .request(method.clone(), format!("{}{path}", self.base))
            .query(query)
            .header("cookie", &self.cookies)
            .header("trackingid", TRACKING_ID)
            .header("source", "DIGITAL2.0");
        if !headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("host"))
        {
            req = req.header("host", RECORDED_HOST);
        }
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
        Ok((status, body))
    }
}

impl Browser {
    /// Takes a new session cookie the BFF set (it rotates the id when an identity joins), and
    /// the new CSRF token the rotating answer hands over (header `x-xsrf-token`).
    fn follow_session_rotation(&mut self, headers: &reqwest::header::HeaderMap) {
        if let Some(t) = headers.get("x-xsrf-token").and_then(|v| v.to_str().ok()) {
            self.xsrf = t.to_owned();
        }
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

    /// The answers recorded so far, to normalise (e.g. dates that move with the clock).
    pub(crate) fn bodies_mut(&mut self) -> impl Iterator<Item = &mut Value> {
        self.exchanges.iter_mut().map(|e| &mut e.body)
    }

    /// [`Browser::send`] from another tab of the same browser: the same cookies, and what
    /// the answer sets (a logout's cleared session) stays in that tab.
    pub(crate) async fn send_elsewhere(
        &mut self,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<u16, RecordError> {
        let cookies = self.cookies.clone();
        let sent = self.send(method, path, &[], body, &[]).await;
        self.cookies = cookies;
        sent.map(|(status, _)| status)
    }

    /// Drops what was recorded so far (calls made before the page a story starts at).
    pub(crate) fn forget_exchanges(&mut self) {
        self.exchanges.clear();
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
        self.external_form_redirect(url, form).await.map(drop)
    }

    /// [`Browser::external_form`], answering where the page redirects to (its `Location`).
    pub(crate) async fn external_form_redirect(
        &self,
        url: &str,
        form: &[(&str, &str)],
    ) -> Result<Option<String>, RecordError> {
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
        Ok(res
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned))
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
