//! Requests checked against an OpenAPI 3 contract: one piece of code for both sides of the
//! portal. The BFF checks its own contract with it (`bff::http::body_types`: the JSON types of
//! bodies; `bff::http::methods`: path templates), the simulators the upstream one
//! (`simulators::request_check`, issue 15 §5: every rule of a body and the required query
//! parameters, answered with a typed 400 naming the field).
//!
//! [`Contract::from_spec`] reads an OpenAPI 3 document once, at start-up: per operation its
//! path template, method, declared statuses, required query parameters and, for a JSON request
//! body, a compiled `jsonschema` validator of the body (`$ref`s into the document's
//! `components`, no remote reference). [`Contract::find`] gives a request's operation and
//! [`Operation::body_violations`] what is wrong with a body: each [`Violation`] names the value
//! by its path ([`Violation::field`], e.g. `customerInfo.address.addressLine1`) and says what is
//! wrong ([`Kind`]), never the value itself (bodies carry personal data).

use serde_json::{Value, json};

/// One segment of a contract path template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    /// A fixed segment.
    Literal(String),
    /// A `{name}` parameter: any one non-empty segment.
    Param,
}

fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.trim_start_matches('/').split('/')
}

/// The segments of a template (`{name}` is a parameter).
pub fn parse_template(template: &str) -> Vec<Segment> {
    segments(template)
        .map(|s| {
            if s.starts_with('{') && s.ends_with('}') {
                Segment::Param
            } else {
                Segment::Literal(s.to_owned())
            }
        })
        .collect()
}

/// Whether the request path `path` matches `template` (a parameter matches one non-empty
/// segment).
pub fn template_matches(template: &[Segment], path: &str) -> bool {
    let mut parts = segments(path);
    template.iter().all(|t| match (t, parts.next()) {
        (Segment::Param, Some(p)) => !p.is_empty(),
        (Segment::Literal(l), Some(p)) => l == p,
        (_, None) => false,
    }) && parts.next().is_none()
}

/// How bodies are read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Reading {
    /// As the document's JSON Schema says (an object's unknown field is allowed).
    #[default]
    AsWritten,
    /// As the upstream payload types read (poem-openapi, `upstream::parse`'s strict reader):
    /// an object's unknown field is a violation ([`Kind::UnknownField`]), an unsigned integer
    /// (`format: uint8` to `uint64`) below 0 is one (`minimum`), and a property that is `null`
    /// is absent (the upstream crate's null policy: fine when optional, [`Kind::Required`]
    /// when required).
    Strict,
}

/// One step of a [`Violation`]'s path from the body's root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A property of an object.
    Key(String),
    /// An item of a list (from 0).
    Index(usize),
}

/// What is wrong with the value a [`Violation`] points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A value of another JSON type: `expected` as the schema writes it (`string`, `integer`,
    /// `object`, ...; several joined by ` or `), `found` the value's (`string`, `number`,
    /// `boolean`, `null`, `object`, `array`).
    Type {
        /// The schema's type(s).
        expected: String,
        /// The value's JSON type.
        found: &'static str,
    },
    /// A required property is missing (the path ends with its name).
    Required,
    /// A value outside the schema's `enum` (its options as text).
    Enum {
        /// The allowed values (strings as they are, others as JSON).
        options: Vec<String>,
    },
    /// A property the schema does not list ([`Reading::Strict`] only; the path ends with its
    /// name).
    UnknownField,
    /// Any other rule, by its JSON Schema keyword (`minimum`, `maxLength`, `pattern`, ...).
    Other {
        /// The keyword broken.
        keyword: String,
    },
}

/// One thing wrong with a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The value's path from the body's root (empty: the body itself).
    pub at: Vec<Step>,
    /// What is wrong.
    pub kind: Kind,
}

impl Violation {
    /// The path as dotted keys with `[i]` for a list's item (`customerInfo.address.zip`,
    /// `products[0].price`); `body` for the body itself.
    pub fn field(&self) -> String {
        let mut out = String::new();
        for step in &self.at {
            match step {
                Step::Key(k) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                }
                Step::Index(i) => out.push_str(&format!("[{i}]")),
            }
        }
        if out.is_empty() {
            "body".to_owned()
        } else {
            out
        }
    }

    /// The last step (a key, or an index as text); `body` for the body itself.
    pub fn leaf(&self) -> String {
        match self.at.last() {
            Some(Step::Key(k)) => k.clone(),
            Some(Step::Index(i)) => i.to_string(),
            None => "body".to_owned(),
        }
    }

    /// What is wrong, in words, without the value: `expected string, found number`,
    /// `required`, `expected one of ENGLISH, SPANISH`, `unknown field`, `breaks minimum`.
    pub fn reason(&self) -> String {
        match &self.kind {
            Kind::Type { expected, found } => format!("expected {expected}, found {found}"),
            Kind::Required => "required".to_owned(),
            Kind::Enum { options } => format!("expected one of {}", options.join(", ")),
            Kind::UnknownField => "unknown field".to_owned(),
            Kind::Other { keyword } => format!("breaks {keyword}"),
        }
    }
}

/// A JSON request body of an operation.
struct Body {
    validator: jsonschema::Validator,
    /// [`Reading::Strict`]: a `null` property is absent.
    null_is_absent: bool,
    required: bool,
    /// JSON is the only media type the operation reads.
    json_only: bool,
}

/// One operation of the contract.
pub struct Operation {
    template: String,
    segments: Vec<Segment>,
    literals: usize,
    method: String,
    statuses: Vec<String>,
    required_query: Vec<String>,
    body: Option<Body>,
}

impl Operation {
    /// The contract's path template (`/account/{id}`).
    pub fn template(&self) -> &str {
        &self.template
    }

    /// The method, upper case.
    pub fn method(&self) -> &str {
        &self.method
    }

    /// Whether the operation declares an answer of `status` (`"400"`).
    pub fn declares(&self, status: &str) -> bool {
        self.statuses.iter().any(|s| s == status)
    }

    /// Whether the operation reads a JSON body.
    pub fn has_json_body(&self) -> bool {
        self.body.is_some()
    }

    /// Whether the JSON body is required (`requestBody.required`).
    pub fn body_required(&self) -> bool {
        self.body.as_ref().is_some_and(|b| b.required)
    }

    /// Whether JSON is the only media type of the body (so a body of another type breaks
    /// the contract).
    pub fn json_body_only(&self) -> bool {
        self.body.as_ref().is_some_and(|b| b.json_only)
    }

    /// The first required query parameter missing from `query` (the raw query string,
    /// without `?`), in the contract's order.
    pub fn missing_query(&self, query: &str) -> Option<&str> {
        if self.required_query.is_empty() {
            return None;
        }
        let present: Vec<_> = form_urlencoded::parse(query.as_bytes())
            .map(|(k, _)| k)
            .collect();
        self.required_query
            .iter()
            .find(|name| !present.iter().any(|k| k == name.as_str()))
            .map(String::as_str)
    }

    /// What is wrong with `body` (empty when it is valid or the operation has no JSON body).
    /// A valid body costs one pass of the compiled validator.
    pub fn body_violations(&self, body: &Value) -> Vec<Violation> {
        let Some(b) = &self.body else {
            return Vec::new();
        };
        if b.validator.is_valid(body) {
            return Vec::new();
        }
        let stripped;
        let body = if b.null_is_absent {
            stripped = without_null_properties(body);
            &stripped
        } else {
            body
        };
        b.validator
            .iter_errors(body)
            .map(|e| violation(body, &e))
            .collect()
    }
}

/// The operations of a contract, read once.
#[derive(Default)]
pub struct Contract {
    ops: Vec<Operation>,
    problems: Vec<String>,
}

impl Contract {
    /// The operations of an OpenAPI 3 document (`paths.<template>.<method>`), bodies read as
    /// `reading` says.
    pub fn from_spec(spec: &Value, reading: Reading) -> Self {
        let mut components = spec["components"].clone();
        if reading == Reading::Strict {
            strictly(&mut components);
        }
        let mut contract = Self::default();
        for (template, item) in spec["paths"].as_object().into_iter().flatten() {
            for (method, op) in item.as_object().into_iter().flatten() {
                if !op.is_object() {
                    continue;
                }
                let body = match body(op, &components, reading) {
                    Ok(body) => body,
                    Err(e) => {
                        contract.problems.push(format!(
                            "{method} {template}: request body schema not usable: {e}"
                        ));
                        None
                    }
                };
                let segments = parse_template(template);
                contract.ops.push(Operation {
                    template: template.clone(),
                    literals: segments
                        .iter()
                        .filter(|s| matches!(s, Segment::Literal(_)))
                        .count(),
                    segments,
                    method: method.to_ascii_uppercase(),
                    statuses: op["responses"]
                        .as_object()
                        .into_iter()
                        .flatten()
                        .map(|(s, _)| s.clone())
                        .collect(),
                    required_query: op["parameters"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter(|p| p["in"] == "query" && p["required"] == true)
                        .filter_map(|p| p["name"].as_str().map(str::to_owned))
                        .collect(),
                    body,
                });
            }
        }
        contract
    }

    /// What could not be read (a body schema `jsonschema` does not compile); its operation is
    /// kept without a body check.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Every operation, in the document's order.
    pub fn operations(&self) -> &[Operation] {
        &self.ops
    }

    /// The operation of `method` (upper case, as `http::Method::as_str`) on the request path
    /// `path`; when several templates match, the one with the most fixed segments (as a
    /// router prefers `/a/new` to `/a/{id}`).
    pub fn find(&self, method: &str, path: &str) -> Option<&Operation> {
        self.ops
            .iter()
            .filter(|op| op.method == method && template_matches(&op.segments, path))
            .max_by_key(|op| op.literals)
    }
}

/// The JSON body of `op`, if any, compiled against `components`.
fn body(op: &Value, components: &Value, reading: Reading) -> Result<Option<Body>, String> {
    let Some(content) = op["requestBody"]["content"].as_object() else {
        return Ok(None);
    };
    let Some(schema) = content
        .iter()
        .find(|(media, _)| media.starts_with("application/json"))
        .map(|(_, m)| &m["schema"])
    else {
        return Ok(None);
    };
    let mut schema = schema.clone();
    if reading == Reading::Strict {
        strictly(&mut schema);
    }
    let root = json!({ "allOf": [schema], "components": components });
    let validator = jsonschema::validator_for(&root).map_err(|e| e.to_string())?;
    Ok(Some(Body {
        validator,
        null_is_absent: reading == Reading::Strict,
        required: op["requestBody"]["required"] == true,
        json_only: content.len() == 1,
    }))
}

/// [`Reading::Strict`]'s rules written into a schema: `additionalProperties: false` on every
/// object schema listing its properties (unless it says otherwise), `minimum: 0` on the
/// unsigned integer formats.
fn strictly(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            let object = map.get("type").and_then(Value::as_str) == Some("object")
                && map.get("properties").is_some_and(Value::is_object);
            if object && !map.contains_key("additionalProperties") {
                map.insert("additionalProperties".into(), Value::Bool(false));
            }
            let unsigned = map
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|f| matches!(f, "uint8" | "uint16" | "uint32" | "uint64"));
            if unsigned && !map.contains_key("minimum") {
                map.insert("minimum".into(), json!(0));
            }
            map.values_mut().for_each(strictly);
        }
        Value::Array(items) => items.iter_mut().for_each(strictly),
        _ => {}
    }
}

/// `v` without the `null` properties of its objects, at any depth (a list's `null` item
/// stays).
fn without_null_properties(v: &Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), without_null_properties(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_null_properties).collect()),
        other => other.clone(),
    }
}

/// The [`Violation`] of a `jsonschema` error on `body`.
fn violation(body: &Value, e: &jsonschema::ValidationError<'_>) -> Violation {
    use jsonschema::error::{TypeKind, ValidationErrorKind as K};
    let mut at = steps(body, e.instance_path.as_str());
    let kind = match &e.kind {
        K::Type { kind } => Kind::Type {
            expected: match kind {
                TypeKind::Single(t) => t.to_string(),
                TypeKind::Multiple(set) => set
                    .iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(" or "),
            },
            found: json_type(&e.instance),
        },
        K::Required { property } => {
            at.push(Step::Key(
                property
                    .as_str()
                    .map_or_else(|| property.to_string(), str::to_owned),
            ));
            Kind::Required
        }
        K::Enum { options } => Kind::Enum {
            options: options
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| o.as_str().map_or_else(|| o.to_string(), str::to_owned))
                .collect(),
        },
        K::AdditionalProperties { unexpected } => {
            if let Some(first) = unexpected.first() {
                at.push(Step::Key(first.clone()));
            }
            Kind::UnknownField
        }
        _ => Kind::Other {
            keyword: e
                .schema_path
                .as_str()
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_owned(),
        },
    };
    Violation { at, kind }
}

/// The steps of a JSON pointer into `body` (an index where the value there is a list).
fn steps(body: &Value, pointer: &str) -> Vec<Step> {
    let mut here = Some(body);
    let mut out = Vec::new();
    for raw in pointer.split('/').skip(1) {
        let token = raw.replace("~1", "/").replace("~0", "~");
        match here {
            Some(Value::Array(items)) if token.parse::<usize>().is_ok() => {
                let i = token.parse::<usize>().unwrap_or_default();
                here = items.get(i);
                out.push(Step::Index(i));
            }
            _ => {
                here = here.and_then(|v| v.get(&token));
                out.push(Step::Key(token));
            }
        }
    }
    out
}

/// The JSON type of a value as JSON Schema names it (every number is `number`).
fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Map;

    fn spec() -> Value {
        json!({
            "paths": {
                "/van/assign": {"post": {
                    "requestBody": {"required": true, "content": {"application/json; charset=utf-8":
                        {"schema": {"$ref": "#/components/schemas/Assign"}}}},
                    "responses": {"200": {}}
                }},
                "/sv/check": {"get": {
                    "parameters": [
                        {"in": "header", "name": "trackingid", "required": false},
                        {"in": "query", "name": "zip", "required": true},
                        {"in": "query", "name": "city", "required": false},
                        {"in": "query", "name": "addressLine1", "required": true}
                    ],
                    "responses": {"200": {}, "400": {}}
                }},
                "/a/{id}": {"post": {"responses": {"200": {}}}},
                "/a/new": {"post": {"responses": {"201": {}}}}
            },
            "components": {"schemas": {
                "Assign": {"type": "object", "required": ["address", "lang"], "properties": {
                    "address": {"allOf": [{"$ref": "#/components/schemas/Address"}, {"description": "x"}]},
                    "lang": {"$ref": "#/components/schemas/Lang"},
                    "items": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}}
                }},
                "Address": {"type": "object", "required": ["line1"], "properties": {
                    "line1": {"type": "string"}, "line2": {"type": "string"}
                }},
                "Lang": {"type": "string", "enum": ["ENGLISH", "SPANISH"]},
                "Item": {"type": "object", "properties": {
                    "count": {"type": "integer", "format": "uint32"}
                }}
            }}
        })
    }

    fn one(contract: &Contract, body: Value) -> (String, String) {
        let op = contract.find("POST", "/van/assign").unwrap();
        let v = op.body_violations(&body);
        assert_eq!(v.len(), 1, "{v:?}");
        (v[0].field(), v[0].reason())
    }

    #[test]
    fn violations_name_the_field_and_the_rule_without_the_value() {
        let c = Contract::from_spec(&spec(), Reading::Strict);
        assert!(c.problems().is_empty(), "{:?}", c.problems());
        let op = c.find("POST", "/van/assign").unwrap();
        let ok = json!({"address": {"line1": "1"}, "lang": "ENGLISH", "items": [{"count": 2}]});
        assert!(op.body_violations(&ok).is_empty());
        let nulls = json!({"address": {"line1": "1", "line2": null}, "lang": "ENGLISH",
                           "items": null});
        assert!(op.body_violations(&nulls).is_empty());
        let cases = [
            (json!({"lang": "ENGLISH"}), "address", "required"),
            (
                json!({"address": {}, "lang": "ENGLISH"}),
                "address.line1",
                "required",
            ),
            (
                json!({"address": {"line1": 12}, "lang": "ENGLISH"}),
                "address.line1",
                "expected string, found number",
            ),
            (
                json!({"address": {"line1": "a"}, "lang": "FRENCH"}),
                "lang",
                "expected one of ENGLISH, SPANISH",
            ),
            (
                json!({"address": {"line1": "a", "unit": "4"}, "lang": "ENGLISH"}),
                "address.unit",
                "unknown field",
            ),
            (
                json!({"address": {"line1": "a"}, "lang": "ENGLISH", "items": [{}, {"count": -1}]}),
                "items[1].count",
                "breaks minimum",
            ),
            (json!([1]), "body", "expected object, found array"),
            (
                json!({"address": null, "lang": "ENGLISH"}),
                "address",
                "required",
            ),
            (
                json!({"address": {"line1": "a"}, "lang": "ENGLISH", "items": [null]}),
                "items[0]",
                "expected object, found null",
            ),
        ];
        for (body, field, reason) in cases {
            assert_eq!(one(&c, body), (field.to_owned(), reason.to_owned()));
        }
    }

    #[test]
    fn as_written_allows_unknown_fields_and_leaves_formats_alone() {
        let c = Contract::from_spec(&spec(), Reading::AsWritten);
        let op = c.find("POST", "/van/assign").unwrap();
        let body = json!({"address": {"line1": "a", "unit": "4"}, "lang": "ENGLISH",
                          "items": [{"count": -1}]});
        assert!(op.body_violations(&body).is_empty());
        let v = op.body_violations(&json!({"address": {"line1": null}, "lang": "SPANISH"}));
        assert_eq!(v[0].leaf(), "line1");
        assert_eq!(v[0].field(), "address.line1");
    }

    #[test]
    fn operations_by_method_and_template_with_their_query_and_statuses() {
        let c = Contract::from_spec(&spec(), Reading::AsWritten);
        assert!(c.find("GET", "/van/assign").is_none());
        assert!(c.find("POST", "/van/assign/x").is_none());
        assert_eq!(c.find("POST", "/a/new").unwrap().template(), "/a/new");
        assert_eq!(c.find("POST", "/a/12").unwrap().template(), "/a/{id}");
        assert!(c.find("POST", "/a/").is_none());
        let get = c.find("GET", "/sv/check").unwrap();
        assert!(get.declares("400") && !get.declares("404"));
        assert!(!get.has_json_body() && !get.body_required());
        assert_eq!(get.missing_query(""), Some("zip"));
        assert_eq!(get.missing_query("zip=1&city=A"), Some("addressLine1"));
        assert_eq!(get.missing_query("addressLine1=&zip=30309"), None);
        let post = c.find("POST", "/van/assign").unwrap();
        assert!(post.body_required() && post.json_body_only());
        assert_eq!(post.missing_query(""), None);
    }

    #[test]
    fn templates() {
        let t = parse_template("/content/-/api/{site}/all");
        assert!(template_matches(&t, "/content/-/api/my.prepaid/all"));
        assert!(!template_matches(&t, "/content/-/api//all"));
        assert!(!template_matches(&t, "/content/-/api/my.prepaid/all/x"));
        assert!(!template_matches(&t, "/content/-/api/my.prepaid"));
    }

    #[test]
    fn an_unusable_schema_is_a_problem_and_no_check() {
        let mut s = spec();
        s["paths"]["/van/assign"]["post"]["requestBody"]["content"]["application/json"] =
            json!({"schema": {"$ref": "#/components/schemas/Nowhere"}});
        s["paths"]["/van/assign"]["post"]["requestBody"]["content"]
            .as_object_mut()
            .unwrap()
            .remove("application/json; charset=utf-8");
        let c = Contract::from_spec(&s, Reading::Strict);
        assert_eq!(c.problems().len(), 1, "{:?}", c.problems());
        assert!(!c.find("POST", "/van/assign").unwrap().has_json_body());
    }

    #[test]
    fn a_property_map_is_no_object_schema() {
        let mut props = Map::new();
        props.insert("type".into(), json!({"type": "string"}));
        props.insert("properties".into(), json!({"type": "string"}));
        let mut schema = json!({"type": "object", "properties": props});
        strictly(&mut schema);
        assert_eq!(schema["additionalProperties"], false);
        assert!(schema["properties"].get("additionalProperties").is_none());
    }
}
