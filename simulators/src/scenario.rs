//! Scenarios: load `scenarios/**/*.yaml` (embedded at build time), select by the
//! `x-sim-scenario` header ([`crate::middleware`]), apply overrides and faults
//! ([`crate::fault`]). Format: `scenarios/README.md`.
//!
//! A file that does not parse or validate is left out of [`all`] and reported by
//! [`errors`] (a test asserts there are none); it never panics at runtime.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use include_dir::{Dir, include_dir};
use serde::{Deserialize, Serialize};

use crate::fault::Fault;

static DIR: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../scenarios");

/// Stages (`expect.stage`) a retail scenario may end on: the `data-stage` of the
/// visible stage, or the page id `errorPage` (seed 000 §2 "Retail-partner starter-kit flow").
pub const STAGES: &[&str] = &[
    "addressCheck",
    "validateAddress",
    "addressError",
    "addressMultiUnit",
    "serviceable",
    "unserviceable",
    "existingPrepaidAccount",
    "existingPostpaidAccount",
    "codeCheckSubmit",
    "readytobuy",
    "errorPage",
];

/// Stages (`expect.stage`) a buy scenario may end on: the page id under `/{locale}/buy/`
/// (seed 000 §2 buy-flow screens), or `marketing-redirect` (sent to the marketing site by
/// the payment error-reload counter, seed 000 §4).
pub const BUY_STAGES: &[&str] = &[
    "direct-promo",
    "internet",
    "session",
    "customer-info",
    "order-details",
    "order-review",
    "order-confirmation",
    "error",
    "404",
    "marketing-redirect",
];

/// Stages (`expect.stage`) a sign-in scenario may end on: the page id under `/{locale}/`
/// the hand-off leads to (seed 001 §2 routes, §4 "Sign-in", "Account picker", "Session and
/// timeout", "Page readiness and checks", §6).
pub const SIGNIN_STAGES: &[&str] = &[
    "dashboard",
    "account-picker",
    "error",
    "timeout-error",
    "permission-error",
    "activation",
];

/// Stages (`expect.stage`) an account-information scenario may end on (seed 001 §2
/// "Communication preferences", "Page shell" sync-up modal; `scenarios/README.md`):
/// `updated` (success modal), `update-failed`, `sync-up` (the modal opened), `synced`,
/// `sync-up-failed`, `no-sync-up`.
pub const ACCOUNT_INFORMATION_STAGES: &[&str] = &[
    "updated",
    "update-failed",
    "sync-up",
    "synced",
    "sync-up-failed",
    "no-sync-up",
];
/// Stages of the dashboard actions (issue 11, `scenarios/dashboard/`): after cancelling the
/// scheduled move, the dashboard (with the cancelled-move banner) or the error page; after
/// the reset-router modal's restart, its restarted or failed state (seed 001 §2 "Dashboard").
pub const DASHBOARD_STAGES: &[&str] = &["dashboard", "error", "restarted", "restart-failed"];
/// Stages (`expect.stage`) an activation scenario may end on (seed 001 §4 "Activation",
/// §5, §8): activated (`success`), the MAC alert on the steps (`mac-failure`),
/// `/{locale}/activation/error` (`activation-error`), `permission-error`.
pub const ACTIVATION_STAGES: &[&str] = &[
    "success",
    "mac-failure",
    "activation-error",
    "permission-error",
];
/// Stages (`expect.stage`) a payments scenario may end on: the page id under
/// `/{locale}/dashboard/` (seed 001 §2 routes), `dashboard` (back after the third failure,
/// seed 001 §4 "Payment instrument") or `error` (history fetch failure, §8).
pub const PAYMENTS_STAGES: &[&str] = &[
    "edit-payment",
    "auto-refill",
    "payment-history",
    "dashboard",
    "error",
];

/// Stages (`expect.stage`) a quick-refill scenario may end on (seed 002 §2.1, §2.11): the
/// page id under `/{locale}/`: `litepay/refill` (a step of the accordion: a lookup notice, a
/// refused card, a refused refill with step 2 reopened) or `litepay/order-confirmation`.
pub const LITEPAY_STAGES: &[&str] = &["litepay/refill", "litepay/order-confirmation"];

/// Stages (`expect.stage`) a refill scenario may end on: the page id under `/{locale}/`
/// (seed 002 §2.1 refill routes): `refill` (the cart, e.g. Next disabled or a refused
/// refill's alert; the PIN tab with its alert or modal, §2.3), `refill/payment` (no saved card), `refill/review`,
/// `refill/confirmation`, or `error` (an upstream failure).
pub const REFILL_STAGES: &[&str] = &[
    "refill",
    "refill/payment",
    "refill/review",
    "refill/confirmation",
    "error",
];

/// Stages (`expect.stage`) a reconnect scenario may end on (seed 002 §2.10): `reconnect`
/// (the steps, stopped before paying), `reconnect/activation` (reconnected: step 3's link to
/// activation), `reconnect/not-available` (closed but not reconnect-eligible: the
/// not-available message), or `error` (the generic error).
pub const RECONNECT_STAGES: &[&str] = &[
    "reconnect",
    "reconnect/activation",
    "reconnect/not-available",
    "error",
];

/// Stages (`expect.stage`) a move scenario may end on (seed 002 §2.1 move routes, §2.8):
/// `move` (the address check, with a notice or the invalid-address error), `move/schedule`
/// (a refused date), `move/refill-required`, `move/refill-review` (a refused refill),
/// `move/now` or `move/schedule-finalize` (ready, not created), `move/now-confirmation` or
/// `move/schedule-confirmation` (moved), `move/not-available` (the account cannot move
/// online), `dashboard/notifications` (a move is already scheduled), `dashboard` (the move
/// cancelled), or `error`.
pub const MOVE_STAGES: &[&str] = &[
    "move",
    "move/schedule",
    "move/refill-required",
    "move/refill-review",
    "move/now",
    "move/schedule-finalize",
    "move/now-confirmation",
    "move/schedule-confirmation",
    "move/not-available",
    "dashboard/notifications",
    "dashboard",
    "error",
];

/// The stages a scenario of `flow` may end on; `None` for an unknown flow.
pub fn stages(flow: &str) -> Option<&'static [&'static str]> {
    match flow {
        "retail" => Some(STAGES),
        "buy" => Some(BUY_STAGES),
        "signin" => Some(SIGNIN_STAGES),
        "account-information" => Some(ACCOUNT_INFORMATION_STAGES),
        "dashboard" => Some(DASHBOARD_STAGES),
        "activation" => Some(ACTIVATION_STAGES),
        "litepay" => Some(LITEPAY_STAGES),
        "payments" => Some(PAYMENTS_STAGES),
        "refill" => Some(REFILL_STAGES),
        "reconnect" => Some(RECONNECT_STAGES),
        "move" => Some(MOVE_STAGES),
        _ => None,
    }
}

/// One scenario file (format: `scenarios/README.md`).
#[derive(Debug, Clone, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Scenario {
    /// `<flow>/<situation>`, from the file path.
    #[serde(default)]
    pub id: String,
    /// Title shown on the harness page.
    pub title: String,
    /// Web flow folder, e.g. `retail`.
    pub flow: String,
    /// Start path after `/{locale}`, e.g. `/dollargeneral`.
    pub start: String,
    /// Business codes this scenario reproduces.
    #[serde(default)]
    pub codes: Vec<String>,
    /// What the user enters (free-form per flow; see `scenarios/README.md`).
    #[serde(default)]
    pub input: serde_json::Value,
    /// Overrides by call name; typed view: [`Scenario::calls`].
    #[serde(default)]
    pub upstream: serde_json::Value,
    /// What the user must see.
    #[serde(default)]
    pub expect: serde_json::Value,
    /// Session-storage entries the browser holds before the start page loads (keys of
    /// [`SESSION_STORAGE_KEYS`]); the harness start link writes them (`bff/src/harness.rs`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub session_storage: BTreeMap<String, String>,
    /// Recorded exchanges answered as recorded, in order per run (`crate::replay`; written
    /// by the BFF's record mode, ARCHITECTURE.md "Record and replay").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replay: Vec<upstream::replay::Exchange>,
}

/// Session-storage keys a scenario may preset: the strip flags of seed 000 §4 (session
/// restore blanks the phone or e-mail when the flag is `true`).
pub const SESSION_STORAGE_KEYS: &[&str] = &["stripPhoneNumber", "stripEmail"];

/// An upstream call a scenario can override (the keys of `upstream:`): the workspace's one
/// table of calls, with their service, method and path (`upstream/src/call.rs`).
pub use upstream::call::Call;

/// What a scenario does to one call: a fault (applied first) and/or a `respond` object
/// shallow-merged over the world's JSON answer (top-level keys replaced; a non-object
/// `respond` replaces the answer).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CallOverride {
    /// Top-level keys replacing the world's answer's.
    #[serde(default)]
    pub respond: Option<serde_json::Value>,
    /// Fault injected into the call.
    #[serde(default)]
    pub fault: Option<Fault>,
}

/// A scenario file that does not parse or validate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("scenario {path}: {message}")]
pub struct ScenarioError {
    /// Path under `scenarios/`.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl Scenario {
    /// Parses and validates one file; `path` is relative to `scenarios/`
    /// (`<flow>/<situation>.yaml`) and gives the id.
    pub fn parse(path: &str, yaml: &str) -> Result<Scenario, ScenarioError> {
        let fail = |message: String| ScenarioError {
            path: path.to_owned(),
            message,
        };
        let id = path
            .strip_suffix(".yaml")
            .ok_or_else(|| fail("not a .yaml file".into()))?;
        let mut scenario: Scenario =
            serde_yaml_ng::from_str(yaml).map_err(|e| fail(e.to_string()))?;
        scenario.id = id.to_owned();
        scenario.validate().map_err(fail)?;
        Ok(scenario)
    }

    fn validate(&self) -> Result<(), String> {
        let (flow, situation) = self
            .id
            .split_once('/')
            .ok_or("the file must sit in scenarios/<flow>/")?;
        if situation.contains('/') || flow != self.flow {
            return Err(format!(
                "flow `{}` does not match the folder `{flow}`",
                self.flow
            ));
        }
        if !self.start.starts_with('/') {
            return Err(format!("start `{}` must begin with /", self.start));
        }
        let stages = stages(flow).ok_or_else(|| format!("unknown flow `{flow}`"))?;
        match self.expect.get("stage").and_then(|s| s.as_str()) {
            Some(stage) if stages.contains(&stage) => {}
            other => return Err(format!("expect.stage {other:?} is not one of {stages:?}")),
        }
        if let Some(key) = self
            .session_storage
            .keys()
            .find(|k| !SESSION_STORAGE_KEYS.contains(&k.as_str()))
        {
            return Err(format!(
                "sessionStorage key `{key}` is not one of {SESSION_STORAGE_KEYS:?}"
            ));
        }
        for (i, exchange) in self.replay.iter().enumerate() {
            exchange
                .validate()
                .map_err(|e| format!("replay[{i}]: {e}"))?;
        }
        for (call, over) in self.calls()? {
            if let Some(fault) = &over.fault {
                fault
                    .validate()
                    .map_err(|e| format!("{}: {e}", call.name()))?;
            }
        }
        Ok(())
    }

    /// The typed `upstream:` map; an unknown call name or fault kind is an error.
    pub fn calls(&self) -> Result<BTreeMap<Call, CallOverride>, String> {
        if self.upstream.is_null() {
            return Ok(BTreeMap::new());
        }
        serde_json::from_value(self.upstream.clone()).map_err(|e| format!("upstream: {e}"))
    }

    /// This scenario with `faults` set on their calls (each replacing the call's fault, its
    /// `respond` kept), as the YAML of a scenario file (no `id`: the file's path gives it),
    /// for the scenario console to show and QA to copy into `scenarios/<flow>/`. The title
    /// says what was added, e.g. `… (+ assign timeout)`. It parses back
    /// ([`Scenario::parse`]) to the same scenario with those faults.
    pub fn with_faults_yaml(&self, faults: &BTreeMap<Call, Fault>) -> String {
        let mut out = self.clone();
        if !faults.is_empty() {
            let mut upstream = match &self.upstream {
                serde_json::Value::Object(m) => m.clone(),
                _ => serde_json::Map::new(),
            };
            let mut added = Vec::new();
            for (call, fault) in faults {
                let entry = upstream
                    .entry(call.name())
                    .or_insert_with(|| serde_json::json!({}));
                if let serde_json::Value::Object(m) = entry {
                    m.insert(
                        "fault".into(),
                        serde_json::to_value(fault).unwrap_or_default(),
                    );
                }
                let kind = serde_json::to_value(fault).unwrap_or_default()["kind"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned();
                added.push(format!("{} {kind}", call.name()));
            }
            out.upstream = serde_json::Value::Object(upstream);
            out.title = format!("{} (+ {})", self.title, added.join(", "));
        }
        let mut value = serde_json::to_value(&out).unwrap_or_default();
        if let Some(m) = value.as_object_mut() {
            m.remove("id");
        }
        serde_yaml_ng::to_string(&value).unwrap_or_default()
    }

    /// What this scenario does to `call`, if anything.
    pub fn call(&self, call: Call) -> Option<CallOverride> {
        self.calls().ok()?.remove(&call)
    }
}

struct Book {
    scenarios: Vec<Scenario>,
    errors: Vec<ScenarioError>,
}

/// Parses every `*.yaml` under `dir` (recursively), sorted by id; bad files go to errors.
fn load(dir: &Dir<'_>) -> Book {
    let mut files = Vec::new();
    collect(dir, &mut files);
    let mut book = Book {
        scenarios: Vec::new(),
        errors: Vec::new(),
    };
    for file in files {
        let path = file.path().to_string_lossy().replace('\\', "/");
        let parsed = match file.contents_utf8() {
            Some(text) => Scenario::parse(&path, text),
            None => Err(ScenarioError {
                path,
                message: "not UTF-8".into(),
            }),
        };
        match parsed {
            Ok(scenario) => book.scenarios.push(scenario),
            Err(err) => {
                tracing::error!(%err, "scenario left out");
                book.errors.push(err);
            }
        }
    }
    book.scenarios.sort_by(|a, b| a.id.cmp(&b.id));
    book
}

fn collect<'a>(dir: &'a Dir<'a>, out: &mut Vec<&'a include_dir::File<'a>>) {
    out.extend(
        dir.files()
            .filter(|f| f.path().extension().is_some_and(|e| e == "yaml")),
    );
    for sub in dir.dirs() {
        collect(sub, out);
    }
}

static BOOK: LazyLock<Book> = LazyLock::new(|| load(&DIR));

/// All built-in scenarios, sorted by id.
pub fn all() -> &'static [Scenario] {
    &BOOK.scenarios
}

/// Whether scenario `id` makes `call` fail (a fault other than a delay, or a `respond` with
/// `errorCode`, `businessErrorCode` or a `status` other than `SUCCESS`). A simulator that remembers a change per
/// run (`crate::run_state`) asks this first: the scenario's answer replaces the handler's
/// after it ran, and a refused change must not be remembered, as the provider would not
/// have made it.
pub fn refuses(id: Option<&str>, call: Call) -> bool {
    let Some(o) = id.and_then(find).and_then(|s| s.call(call)) else {
        return false;
    };
    let faulted = o.fault.as_ref().is_some_and(|f| f.wait().is_none());
    let refused = o.respond.as_ref().is_some_and(|r| {
        ["errorCode", "businessErrorCode"]
            .iter()
            .any(|k| r.get(k).is_some_and(|c| !c.is_null()))
            || r.get("status").is_some_and(|s| s != "SUCCESS")
    });
    faulted || refused
}

/// The scenario with this id, if any: a built-in one, else one [`register`]ed.
pub fn find(id: &str) -> Option<&'static Scenario> {
    all().iter().find(|s| s.id == id).or_else(|| {
        let extra = EXTRA
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        extra.iter().rev().find(|s| s.id == id).copied()
    })
}

/// Scenarios added at run time by [`register`] (a handful: leaked, never freed).
static EXTRA: std::sync::RwLock<Vec<&'static Scenario>> = std::sync::RwLock::new(Vec::new());

/// Adds `scenario` (already parsed: [`Scenario::parse`]) to what [`find`] knows, e.g. a
/// recording a test just wrote (ARCHITECTURE.md "Record and replay"); a later one of the
/// same id replaces it. [`all`] stays the built-in book. An id of a built-in scenario is
/// refused.
pub fn register(scenario: Scenario) -> Result<(), ScenarioError> {
    if all().iter().any(|s| s.id == scenario.id) {
        return Err(ScenarioError {
            path: format!("{}.yaml", scenario.id),
            message: "a built-in scenario has this id".into(),
        });
    }
    let leaked: &'static Scenario = Box::leak(Box::new(scenario));
    EXTRA
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .push(leaked);
    Ok(())
}

/// Files under `scenarios/` that failed to parse or validate (empty in a healthy tree).
pub fn errors() -> &'static [ScenarioError] {
    &BOOK.errors
}
