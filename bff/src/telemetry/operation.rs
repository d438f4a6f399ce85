//! The operation a request belongs to, for metric labels and span names: the contract's
//! operation id (`openapi/bff.json`) for an API path, else a small fixed set of names. Read
//! from the contract once per process ([`Operations::of_spec`]), so a new operation needs
//! nothing here.

use std::sync::OnceLock;

use contract_check::{Segment, parse_template, template_matches};

/// Name of an API path no contract operation matches (404 or 405).
pub const UNMATCHED: &str = "unmatched";

/// The contract's operations: method, path template, operation id.
#[derive(Debug, Default)]
pub struct Operations {
    /// The operations of templates without parameters, by path, then method (most of them).
    fixed: std::collections::HashMap<String, Vec<(String, &'static str)>>,
    /// The others, tried in turn.
    ops: Vec<(String, Vec<Segment>, usize, &'static str)>,
}

static OPERATIONS: OnceLock<Operations> = OnceLock::new();

impl Operations {
    /// The operations of the OpenAPI document `spec`, read on the first call only (one
    /// contract per process; the ids are kept for the process's life, as metric labels are).
    pub fn of_spec(spec: &serde_json::Value) -> &'static Self {
        OPERATIONS.get_or_init(|| {
            let mut ops = Vec::new();
            let mut fixed: std::collections::HashMap<String, Vec<(String, &'static str)>> =
                std::collections::HashMap::new();
            for (template, item) in spec["paths"].as_object().into_iter().flatten() {
                for (method, op) in item.as_object().into_iter().flatten() {
                    let Some(id) = op["operationId"].as_str() else {
                        continue;
                    };
                    let segments = parse_template(template);
                    let literals = segments
                        .iter()
                        .filter(|s| matches!(s, Segment::Literal(_)))
                        .count();
                    let id: &'static str = Box::leak(id.to_owned().into_boxed_str());
                    if literals == segments.len() {
                        fixed
                            .entry(template.clone())
                            .or_default()
                            .push((method.to_ascii_uppercase(), id));
                    } else {
                        ops.push((method.to_ascii_uppercase(), segments, literals, id));
                    }
                }
            }
            Self { fixed, ops }
        })
    }

    /// The operation id of `method` on `path` (`HEAD` as `GET`; of several matching templates
    /// the one with the most fixed segments), else [`UNMATCHED`] for an API path
    /// (`api_path`), else the kind of page: `harness`, `sim`, `docs`, `asset` or `page`.
    pub fn name(&self, method: &str, path: &str, api_path: bool) -> &'static str {
        if api_path {
            let method = if method == "HEAD" { "GET" } else { method };
            // a fixed path wins over a template, as a router prefers it
            if let Some(id) = self
                .fixed
                .get(path)
                .and_then(|ms| ms.iter().find(|(m, _)| m == method))
            {
                return id.1;
            }
            return self
                .ops
                .iter()
                .filter(|(m, segs, _, _)| m == method && template_matches(segs, path))
                .max_by_key(|(_, _, literals, _)| *literals)
                .map_or(UNMATCHED, |(_, _, _, id)| id);
        }
        if path.starts_with("/harness") {
            "harness"
        } else if path.starts_with("/sim/") {
            "sim"
        } else if path.starts_with("/docs") || path == "/openapi.json" {
            "docs"
        } else if path.starts_with("/assets/") {
            "asset"
        } else {
            "page"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_contract() {
        let spec = serde_json::json!({"paths": {
            "/secure2/accounts/{accountId}/refill": {"get": {"operationId": "getRefillOffer"}},
            "/-/api/{site}/all": {"get": {"operationId": "getAll"}},
            "/-/api/es/{site}/all": {"get": {"operationId": "getAllEs"}},
        }});
        let ops = Operations::of_spec(&spec);
        // the process's table may be the real contract when another test built it first
        let refill = ops.name("GET", "/secure2/accounts/1234567890123456/refill", true);
        assert_eq!(refill, "getRefillOffer");
        assert_eq!(
            ops.name("HEAD", "/-/api/es/my.prepaid/all", true),
            "getAllEs"
        );
        assert_eq!(
            ops.name("DELETE", "/-/api/es/my.prepaid/all", true),
            UNMATCHED
        );
        assert_eq!(ops.name("GET", "/es/dashboard", false), "page");
        assert_eq!(ops.name("GET", "/assets/app.js", false), "asset");
        assert_eq!(ops.name("POST", "/harness/admin/reset", false), "harness");
    }
}
