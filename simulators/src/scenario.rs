//! Scenarios: load `scenarios/**/*.yaml` (embedded at build time), select by the
//! `x-sim-scenario` header, apply overrides and faults.

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
    /// Overrides by call name.
    #[serde(default)]
    pub upstream: serde_json::Value,
    /// What the user must see.
    #[serde(default)]
    pub expect: serde_json::Value,
}

/// All built-in scenarios, sorted by id.
pub fn all() -> &'static [Scenario] {
    &[]
}

/// The scenario with this id, if any.
pub fn find(id: &str) -> Option<&'static Scenario> {
    all().iter().find(|s| s.id == id)
}
