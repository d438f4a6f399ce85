//! The `activation` content bundle (seed 001 §3 "Content bundles per language":
//! `activation`; §7 "Activation content": `GET /-/api/my.{product}/activation` and the
//! `/es/` variant): "an activation array of groups of key/value items", every text of the
//! activation pages (seed 001 §2 "Activation", §5, §8), English and Spanish. The web reads a
//! text by group and key; [`REQUIRED`] lists the ones it reads, and the simulators' test
//! checks both languages have each of them.

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// `GET /-/api/{site}/activation`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ActivationContent {
    /// The groups, page order.
    pub activation: Vec<ContentGroup>,
}

/// One group of texts, e.g. `steps`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContentGroup {
    /// Group name.
    pub group: String,
    /// Its texts.
    pub items: Vec<ContentItem>,
}

/// One text.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContentItem {
    /// Key, unique within its group, e.g. `maCAddressSubmissionErrorAlert`.
    pub key: String,
    /// The text; placeholders in braces are filled by the web.
    pub value: String,
}

impl ActivationContent {
    /// The text of `group`/`key`, if present.
    pub fn text(&self, group: &str, key: &str) -> Option<&str> {
        self.activation
            .iter()
            .find(|g| g.group == group)?
            .items
            .iter()
            .find(|i| i.key == key)
            .map(|i| i.value.as_str())
    }
}

/// Every `(group, key)` the web reads (`web/src/flows/activation/content.ts` names the same).
pub const REQUIRED: &[(&str, &str)] = &[
    ("page", "title"),
    ("page", "intro"),
    ("page", "loading"),
    ("steps", "accountIdTitle"),
    ("steps", "accountIdLabel"),
    ("steps", "accountNameTitle"),
    ("steps", "firstName"),
    ("steps", "lastName"),
    ("steps", "nameRequired"),
    ("steps", "deviceTitle"),
    ("steps", "deviceLocated"),
    ("steps", "deviceNotLocated"),
    ("steps", "macLabel"),
    ("steps", "macHint"),
    ("steps", "macSubmit"),
    ("steps", "macAccepted"),
    ("steps", "maCAddressSubmissionErrorAlert"),
    ("steps", "complete"),
    ("steps", "pending"),
    ("activate", "button"),
    ("activate", "progressTitle"),
    ("activate", "progressText"),
    ("activate", "restarting"),
    ("activate", "waitingForModem"),
    ("activate", "successTitle"),
    ("activate", "successText"),
    ("activate", "toDashboard"),
    ("error", "title"),
    ("error", "text"),
    ("error", "link"),
    ("error", "linkUrl"),
    ("timeout", "loggingOut"),
];
