//! Record mode (`BFF_RECORD`, ARCHITECTURE.md "Record and replay", issue 15 §4): every
//! upstream exchange the clients make ([`super::Clients`]) is masked ([`super::mask`]) and
//! written into a scenario file's `replay:` list, which the simulators then answer exactly
//! (`simulators/src/replay.rs`).
//!
//! The request path only copies the request's facts and hands them to a channel (bounded:
//! when the writer falls behind, an exchange is dropped and a warning logged, never a wait);
//! one task masks them and rewrites the whole file (written beside it, then renamed, so the
//! file is always a complete scenario). Failures are logged with their kind only, never data.
//! A call that got no answer (timeout, reset) is not recorded. The file is replaced at
//! start-up; its header holds placeholders (`title`, `start`, `codes`, `expect`) the tester
//! edits before the scenario validates.

use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
    time::Duration,
};

use tokio::sync::{mpsc, oneshot};
use upstream::{replay::Exchange, service::Service};

use super::mask;

/// Exchanges waiting for the writer before new ones are dropped.
const QUEUE: usize = 1024;

/// The placeholder the tester replaces (`expect.stage`, `start`, the title's end).
pub const EDIT: &str = "EDIT";

/// Handle of the recording task: cheap to clone, shared by every client.
#[derive(Debug, Clone)]
pub struct Recorder {
    tx: mpsc::Sender<Msg>,
    services: Option<BTreeSet<Service>>,
}

#[derive(Debug)]
enum Msg {
    Exchange(Box<Raw>),
    Flush(oneshot::Sender<()>),
}

/// The facts of one request, copied before it is sent ([`Recorder::pending`]).
#[derive(Debug)]
pub struct Pending {
    service: Service,
    method: String,
    path: String,
    query: Option<String>,
    body: Option<(Vec<u8>, bool)>,
}

/// One exchange as it went over the wire, not yet masked.
#[derive(Debug)]
struct Raw {
    request: Pending,
    status: u16,
    json_answer: bool,
    content_type: Option<String>,
    answer: Vec<u8>,
    ms: u64,
}

impl Recorder {
    /// Starts the writer task for `path` (a `.yaml` file; its folder is created and its
    /// name gives the scenario's flow), recording the calls of `services` only when given.
    /// Needs a Tokio runtime.
    pub fn start(path: PathBuf, services: Option<BTreeSet<Service>>) -> Self {
        let (tx, rx) = mpsc::channel(QUEUE);
        tokio::spawn(write_loop(path, rx));
        Self { tx, services }
    }

    /// The facts of `req` to `service` (whose base URL's path is `base_path`), when this
    /// recorder records that service.
    pub fn pending(
        &self,
        service: Service,
        base_path: &str,
        req: &reqwest::Request,
    ) -> Option<Pending> {
        if self
            .services
            .as_ref()
            .is_some_and(|s| !s.contains(&service))
        {
            return None;
        }
        let url = req.url();
        let path = url
            .path()
            .strip_prefix(base_path.trim_end_matches('/'))
            .unwrap_or(url.path());
        let path = if path.is_empty() { "/" } else { path };
        let form = req
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|ct| ct.starts_with("application/x-www-form-urlencoded"));
        let body = req
            .body()
            .and_then(|b| b.as_bytes())
            .filter(|b| !b.is_empty())
            .map(|b| (b.to_vec(), form));
        Some(Pending {
            service,
            method: req.method().as_str().to_owned(),
            path: path.to_owned(),
            query: url.query().filter(|q| !q.is_empty()).map(str::to_owned),
            body,
        })
    }

    /// Queues the answer of `request` for writing; never waits (a full queue drops it).
    pub fn save(
        &self,
        request: Pending,
        status: u16,
        content_type: Option<&str>,
        answer: &[u8],
        elapsed: Duration,
    ) {
        let json_answer = content_type.is_none_or(|ct| ct.contains("json")) || answer.is_empty();
        let raw = Raw {
            request,
            status,
            json_answer,
            content_type: content_type.map(str::to_owned),
            answer: answer.to_vec(),
            ms: elapsed.as_millis() as u64,
        };
        if self.tx.try_send(Msg::Exchange(Box::new(raw))).is_err() {
            tracing::warn!("record mode: an exchange was dropped (writer behind or stopped)");
        }
    }

    /// Waits until every exchange queued so far is in the file (tests, shutdown).
    pub async fn flush(&self) {
        let (done, wait) = oneshot::channel();
        if self.tx.send(Msg::Flush(done)).await.is_ok() {
            let _ = wait.await;
        }
    }
}

/// The masked entry of `raw`.
fn entry(raw: Raw) -> Exchange {
    let Raw {
        request,
        status,
        json_answer,
        content_type,
        answer,
        ms,
    } = raw;
    let body = request.body.map(|(bytes, form)| {
        if form {
            return mask::form(&bytes);
        }
        match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(mut v) => {
                mask::json(&mut v);
                v
            }
            Err(_) => serde_json::Value::String(mask::text(&String::from_utf8_lossy(&bytes))),
        }
    });
    let parsed = if json_answer && !answer.is_empty() {
        serde_json::from_slice::<serde_json::Value>(&answer).ok()
    } else {
        None
    };
    let (answer, answer_text, content_type) = match parsed {
        Some(mut v) => {
            if request.service == Service::AddressSearch {
                mask::suggestions(&mut v);
            } else {
                mask::json(&mut v);
            }
            (Some(v), None, None)
        }
        None if answer.is_empty() => (None, None, None),
        None => (
            None,
            Some(mask::text(&String::from_utf8_lossy(&answer))),
            content_type,
        ),
    };
    Exchange {
        service: request.service.name().to_owned(),
        method: request.method,
        path: request.path,
        query: request.query.map(|q| mask::query(&q)),
        body,
        status,
        answer,
        answer_text,
        content_type,
        ms,
        match_on: Vec::new(),
    }
}

/// The scenario file: a header of placeholders, then the entries.
pub fn document(path: &Path, entries: &[Exchange], recorded_at: &str) -> String {
    let flow = path
        .parent()
        .and_then(Path::file_name)
        .and_then(|f| f.to_str())
        .filter(|f| !f.is_empty())
        .unwrap_or(EDIT);
    let list = if entries.is_empty() {
        " []\n".to_owned()
    } else {
        format!(
            "\n{}",
            serde_yaml_ng::to_string(entries).unwrap_or_default()
        )
    };
    format!(
        "# Recorded by the BFF's record mode (BFF_RECORD) at {recorded_at}: every upstream\n\
         # exchange, masked by rule (bff/src/upstream/mask.rs). Edit title, start, codes and\n\
         # expect (ARCHITECTURE.md \"Record and replay\"), then keep it as\n\
         # scenarios/<flow>/<situation>.yaml.\n\
         title: \"Recorded {recorded_at} ({EDIT})\"\n\
         flow: {flow}\n\
         start: /{EDIT}\n\
         codes: []\n\
         expect:\n  stage: {EDIT}\n\
         replay:{list}"
    )
}

async fn write_loop(path: PathBuf, mut rx: mpsc::Receiver<Msg>) {
    let recorded_at = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string();
    let mut entries: Vec<Exchange> = Vec::new();
    if let Err(e) = write(&path, &document(&path, &entries, &recorded_at)).await {
        tracing::error!(kind = %e.kind(), "record mode: cannot write the recording");
    }
    while let Some(msg) = rx.recv().await {
        match msg {
            Msg::Exchange(raw) => {
                entries.push(entry(*raw));
                // write what is queued in one go
                let mut flushes = Vec::new();
                while let Ok(more) = rx.try_recv() {
                    match more {
                        Msg::Exchange(raw) => entries.push(entry(*raw)),
                        Msg::Flush(done) => flushes.push(done),
                    }
                }
                if let Err(e) = write(&path, &document(&path, &entries, &recorded_at)).await {
                    tracing::warn!(kind = %e.kind(), "record mode: writing the recording failed");
                }
                for done in flushes {
                    let _ = done.send(());
                }
            }
            Msg::Flush(done) => {
                let _ = done.send(());
            }
        }
    }
}

/// Writes `text` beside `path`, then renames it over `path`.
async fn write(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        tokio::fs::create_dir_all(dir).await?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    tokio::fs::write(&tmp, text).await?;
    tokio::fs::rename(&tmp, path).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(
        service: Service,
        method: &str,
        url: &str,
        body: Option<(&str, &str)>,
    ) -> reqwest::Request {
        let mut req = reqwest::Request::new(method.parse().unwrap(), url.parse().unwrap());
        if let Some((ct, b)) = body {
            req.headers_mut()
                .insert(reqwest::header::CONTENT_TYPE, ct.parse().unwrap());
            *req.body_mut() = Some(b.to_owned().into());
        }
        let _ = service;
        req
    }

    /// Customer data and secrets that must never reach the file.
    const SECRETS: &[&str] = &[
        "4111111111111111",
        "4111 1111 1111 1111",
        "tok-secret-1",
        "auth-code-9",
        "verifier-7",
        "at-secret",
        "sam.rivera@mail.test",
        "4045550123",
        "Rivera",
        "Samantha",
        "Peachtree",
        "200000000002",
    ];

    #[tokio::test]
    async fn the_written_file_holds_no_card_token_email_phone_name_or_street() {
        let dir = std::env::temp_dir().join(format!("bff-record-{}", uuid::Uuid::new_v4()));
        let path = dir.join("retail").join("recorded.yaml");
        let rec = Recorder::start(path.clone(), None);
        let exchanges = [
            (
                request(
                    Service::Serviceability,
                    "GET",
                    "http://up.test/api/serviceability/validate-customer-address?addressLine1=1200+Peachtree+St&zip=30309",
                    None,
                ),
                "/api/serviceability",
                r#"{"customerInfos":[{"address":{"addressLine1":"1200 Peachtree St","zip":"30309"},"locationId":"LOC-1"}]}"#,
            ),
            (
                request(
                    Service::Van,
                    "POST",
                    "http://up.test/van/assign",
                    Some((
                        "application/json",
                        r#"{"phoneNo":"4045550123","email":"sam.rivera@mail.test","firstName":"Samantha","lastName":"Rivera"}"#,
                    )),
                ),
                "/van",
                r#"{"status":"SUCCESS"}"#,
            ),
            (
                request(
                    Service::Payments,
                    "POST",
                    "http://up.test/payments/add-secure-prepaid-payment-instrument",
                    Some((
                        "application/json",
                        r#"{"paymentInstToken":"tok-secret-1","cardNumber":"4111111111111111","pin":"200000000002"}"#,
                    )),
                ),
                "/payments",
                r#"{"note":"card 4111 1111 1111 1111 on file"}"#,
            ),
            (
                request(
                    Service::Identity,
                    "POST",
                    "http://up.test/identity/token",
                    Some((
                        "application/x-www-form-urlencoded",
                        "grant_type=authorization_code&code=auth-code-9&code_verifier=verifier-7",
                    )),
                ),
                "/identity",
                r#"{"access_token":"at-secret","token_type":"Bearer","expires_in":900}"#,
            ),
        ];
        for (req, base, answer) in &exchanges {
            let service = Service::ALL
                .into_iter()
                .find(|s| base.ends_with(s.prefix()))
                .unwrap();
            let p = rec.pending(service, base, req).unwrap();
            rec.save(
                p,
                200,
                Some("application/json"),
                answer.as_bytes(),
                Duration::from_millis(12),
            );
        }
        rec.flush().await;
        let text = std::fs::read_to_string(&path).unwrap();
        for secret in SECRETS {
            assert!(!text.contains(secret), "{secret} in\n{text}");
        }
        assert!(text.contains("path: /validate-customer-address"), "{text}");
        assert!(
            text.contains("zip=30309") && text.contains("flow: retail"),
            "{text}"
        );
        let doc: serde_json::Value = serde_yaml_ng::from_str(&text).unwrap();
        let entries: Vec<Exchange> = serde_json::from_value(doc["replay"].clone()).unwrap();
        assert_eq!(entries.len(), 4);
        assert!(entries.iter().all(|e| e.validate().is_ok() && e.ms == 12));
        assert_eq!(entries[3].answer.as_ref().unwrap()["token_type"], "Bearer");
        assert_eq!(doc["expect"]["stage"], EDIT);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn services_not_chosen_are_not_recorded() {
        let path = std::env::temp_dir()
            .join("bff-record-unused")
            .join("x.yaml");
        let rec = Recorder::start(path, Some(BTreeSet::from([Service::Van])));
        let req = request(Service::Tax, "POST", "http://up.test/tax/get-tax", None);
        assert!(rec.pending(Service::Tax, "/tax", &req).is_none());
        let req = request(Service::Van, "POST", "http://up.test/van/assign", None);
        let p = rec.pending(Service::Van, "/van", &req).unwrap();
        assert_eq!(p.path, "/assign");
    }
}
