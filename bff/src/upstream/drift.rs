//! The tolerant reader of upstream answers (ARCHITECTURE.md "Upstream contract"): a field our
//! types do not have is drift of the provider's side. In production it is ignored and logged
//! once per (service, field path) at `warn` (the path names fields, never values:
//! `upstream::parse`); in strict mode (harness mode, so the tests and the simulators) it is
//! `UPSTREAM_BAD_RESPONSE`, so drift between our simulators and our types fails.

use std::{
    collections::HashSet,
    sync::{Mutex, OnceLock},
};

use serde::de::DeserializeOwned;

use super::UpstreamError;

/// At most this many (service, path) pairs are remembered; later new ones are logged every
/// time (an upstream inventing field names cannot grow memory without bound).
const MAX_REMEMBERED: usize = 1024;

fn seen() -> &'static Mutex<HashSet<(&'static str, String)>> {
    static SEEN: OnceLock<Mutex<HashSet<(&'static str, String)>>> = OnceLock::new();
    SEEN.get_or_init(Mutex::default)
}

/// Whether `(service, path)` is new (and now remembered).
fn first_time(service: &'static str, path: &str) -> bool {
    let mut seen = seen().lock().unwrap_or_else(|e| e.into_inner());
    if seen.contains(&(service, path.to_owned())) {
        return false;
    }
    if seen.len() < MAX_REMEMBERED {
        seen.insert((service, path.to_owned()));
    }
    true
}

/// Decodes `body` of `service` as `T`: unknown fields are an error when `strict`, else
/// ignored and logged once per field path.
pub fn decode<T: DeserializeOwned>(
    service: &'static str,
    body: &[u8],
    strict: bool,
) -> Result<T, UpstreamError> {
    let bad = |reason: String| UpstreamError::BadResponse { service, reason };
    let (value, unknown) =
        upstream::parse::from_slice_reporting::<T>(body).map_err(|e| bad(e.to_string()))?;
    if unknown.is_empty() {
        return Ok(value);
    }
    if strict {
        return Err(bad(format!("unknown field(s): {}", unknown.join(", "))));
    }
    for field in unknown.iter().filter(|f| first_time(service, f)) {
        tracing::warn!(
            service,
            field = %field,
            "upstream answer has a field the portal does not know (ignored; logged once)"
        );
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct Answer {
        a: u8,
        #[serde(default)]
        b: Option<String>,
    }

    #[test]
    fn tolerant_ignores_and_remembers_strict_rejects() {
        let body = br#"{"a":1,"new":{"x":2}}"#;
        let want = Answer { a: 1, b: None };
        assert_eq!(decode::<Answer>("drift-test", body, false).unwrap(), want);
        assert!(
            !first_time("drift-test", "new"),
            "logged once, then remembered"
        );
        assert!(first_time("drift-test", "other"));
        let err = decode::<Answer>("drift-test", body, true).unwrap_err();
        assert!(matches!(err, UpstreamError::BadResponse { reason, .. } if reason.contains("new")));
        assert!(decode::<Answer>("drift-test", br#"{"a":"x"}"#, false).is_err());
    }
}
