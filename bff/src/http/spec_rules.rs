//! What the server enforces but poem-openapi 5's derive macros do not write into the
//! contract, added to its document by [`declare_enforced_rules`] (`api::openapi_spec`):
//!
//! - `additionalProperties: false` on every object schema reachable from a request body. Every
//!   body the browser sends is `#[oai(deny_unknown_fields)]` (an unknown field is 400
//!   `VALIDATION_FAILED`, detail code `unknownField`), which poem-openapi enforces but does not
//!   render; `tests/it/methods_and_bodies.rs` checks every such body really rejects one.
//! - [`field_rules`]: field constraints the handlers enforce with their own detail codes (so
//!   they cannot be poem-openapi validators, whose failures carry generic codes).
//! - [`declare_free_text`]: the free-text rule of `domain::text` (no control or bidi-override
//!   character), declared once: every string of a request body that no pattern, enum or
//!   format constrains gets `pattern: domain::text::FREE_TEXT_PATTERN` (a `\S` "not blank"
//!   pattern becomes `NOT_BLANK_FREE_TEXT_PATTERN`). `http::body_types` enforces it from the
//!   served document (400 `VALIDATION_FAILED`, detail code `pattern`), before any handler.
//! - [`declare_retry_after`]: every 429 answer carries `Retry-After` (delay-seconds;
//!   `http::rate_limit`), declared as a required header.
//!
//! The document keeps poem-openapi's key order (so `openapi/bff.json` and the generated web
//! types only change where a rule applies): it is edited as an ordered [`Json`] tree.

use poem_openapi::types::Type;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de, ser::SerializeMap};

use crate::{
    domain::text::{FREE_TEXT_PATTERN, NOT_BLANK_FREE_TEXT_PATTERN},
    flows::{buy::types::SubmitBody, refill::pin::types::PinBody},
};

/// A JSON value whose objects keep their key order.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as serde_json read it.
    Number(serde_json::Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, keys in document order.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// The member `key` of an object (`None` for other values or a missing key).
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The member `key` of an object, mutable.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Json> {
        match self {
            Json::Object(m) => m.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The members of an object (empty for other values).
    pub fn members(&self) -> &[(String, Json)] {
        match self {
            Json::Object(m) => m,
            _ => &[],
        }
    }

    /// Sets `key` of an object: replaced in place when present, else appended.
    pub fn set(&mut self, key: &str, value: Json) {
        if let Some(v) = self.get_mut(key) {
            *v = value;
        } else if let Json::Object(m) = self {
            m.push((key.to_owned(), value));
        }
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::Number(n) => n.serialize(s),
            Json::String(t) => s.serialize_str(t),
            Json::Array(items) => items.serialize(s),
            Json::Object(members) => {
                let mut map = s.serialize_map(Some(members.len()))?;
                for (k, v) in members {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> de::Visitor<'de> for V {
            type Value = Json;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("JSON")
            }
            fn visit_unit<E>(self) -> Result<Json, E> {
                Ok(Json::Null)
            }
            fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
                Ok(Json::Bool(b))
            }
            fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
                Ok(Json::Number(n.into()))
            }
            fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
                Ok(Json::Number(n.into()))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<Json, E> {
                serde_json::Number::from_f64(n)
                    .map(Json::Number)
                    .ok_or_else(|| E::custom("non-finite number"))
            }
            fn visit_str<E>(self, t: &str) -> Result<Json, E> {
                Ok(Json::String(t.to_owned()))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
                let mut items = Vec::new();
                while let Some(v) = seq.next_element()? {
                    items.push(v);
                }
                Ok(Json::Array(items))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
                let mut members = Vec::new();
                while let Some((k, v)) = map.next_entry()? {
                    members.push((k, v));
                }
                Ok(Json::Object(members))
            }
        }
        d.deserialize_any(V)
    }
}

/// One field constraint: schema name, property, keywords added to the property's schema.
pub type FieldRule = (String, &'static str, Vec<(&'static str, Json)>);

/// Field constraints the handlers enforce.
pub fn field_rules() -> Vec<FieldRule> {
    vec![
        // `submitOrder` answers 400 `consentRequired` for `consent: false`.
        (
            SubmitBody::name().into_owned(),
            "consent",
            vec![("enum", Json::Array(vec![Json::Bool(true)]))],
        ),
        // `validateRefillPin` answers 400 `PIN_INVALID` (with its catalogue message) for a
        // PIN empty or over 16 characters (seed 002 §9).
        (
            PinBody::name().into_owned(),
            "pin",
            vec![
                ("minLength", Json::Number(1.into())),
                ("maxLength", Json::Number(16.into())),
            ],
        ),
    ]
}

/// Pushes the component names `schema` refers to (`"$ref": "#/components/schemas/<name>"`
/// anywhere inside it).
fn collect_refs(schema: &Json, out: &mut Vec<String>) {
    match schema {
        Json::Object(members) => {
            for (key, value) in members {
                match value {
                    Json::String(r) if key == "$ref" => {
                        if let Some(name) = r.strip_prefix("#/components/schemas/") {
                            out.push(name.to_owned());
                        }
                    }
                    _ => collect_refs(value, out),
                }
            }
        }
        Json::Array(items) => items.iter().for_each(|v| collect_refs(v, out)),
        _ => {}
    }
}

/// The names of the component schemas reachable from any operation's request body.
pub fn request_body_schemas(spec: &Json) -> Vec<String> {
    let mut pending = Vec::new();
    for (_, item) in spec.get("paths").map(Json::members).unwrap_or_default() {
        for (_, op) in item.members() {
            if let Some(body) = op.get("requestBody") {
                collect_refs(body, &mut pending);
            }
        }
    }
    let schemas = spec.get("components").and_then(|c| c.get("schemas"));
    let mut found: Vec<String> = Vec::new();
    while let Some(name) = pending.pop() {
        if !found.contains(&name) {
            if let Some(s) = schemas.and_then(|s| s.get(&name)) {
                collect_refs(s, &mut pending);
            }
            found.push(name);
        }
    }
    found.sort();
    found
}

/// The free-text rule on the string schema `schema` and the strings inside it (an array's
/// items, `allOf`/`anyOf`/`oneOf` branches; a `$ref` is its component's business): a string
/// without `enum`, `format` or `pattern` gets [`FREE_TEXT_PATTERN`], one whose pattern is the
/// unanchored "not blank" `\S` gets [`NOT_BLANK_FREE_TEXT_PATTERN`]; stricter patterns
/// (digits, codes) stay (`tests/it/input_safety.rs` checks each excludes the characters).
pub fn declare_free_text(schema: &mut Json) {
    if schema.get("$ref").is_some() {
        return;
    }
    let kind = schema.get("type").cloned();
    if kind == Some(Json::String("string".into()))
        && schema.get("enum").is_none()
        && schema.get("format").is_none()
    {
        match schema.get("pattern") {
            None => schema.set("pattern", Json::String(FREE_TEXT_PATTERN.into())),
            Some(Json::String(p)) if p == r"\S" => {
                schema.set("pattern", Json::String(NOT_BLANK_FREE_TEXT_PATTERN.into()));
            }
            Some(_) => {}
        }
    }
    if kind == Some(Json::String("array".into()))
        && let Some(items) = schema.get_mut("items")
    {
        declare_free_text(items);
    }
    for k in ["allOf", "anyOf", "oneOf"] {
        if let Some(Json::Array(branches)) = schema.get_mut(k) {
            branches.iter_mut().for_each(declare_free_text);
        }
    }
}

/// The `Retry-After` header of every 429 answer (`http::rate_limit::too_many_after`).
pub fn declare_retry_after(doc: &mut Json) {
    let header = Json::Object(vec![
        (
            "description".into(),
            Json::String(
                "Seconds until the limit's window frees a request (`http::rate_limit`).".into(),
            ),
        ),
        ("required".into(), Json::Bool(true)),
        (
            "schema".into(),
            Json::Object(vec![
                ("type".into(), Json::String("integer".into())),
                ("minimum".into(), Json::Number(1.into())),
            ]),
        ),
    ]);
    let Some(Json::Object(paths)) = doc.get_mut("paths") else {
        return;
    };
    for (_, item) in paths {
        let Json::Object(ops) = item else { continue };
        for (_, op) in ops {
            if let Some(r) = op.get_mut("responses").and_then(|r| r.get_mut("429")) {
                r.set(
                    "headers",
                    Json::Object(vec![("Retry-After".into(), header.clone())]),
                );
            }
        }
    }
}

/// `spec` (poem-openapi's pretty JSON) with the rules of this module applied, pretty JSON in
/// the same key order.
pub fn declare_enforced_rules(spec: &str) -> String {
    let Ok(mut doc) = serde_json::from_str::<Json>(spec) else {
        return spec.to_owned();
    };
    let closed = request_body_schemas(&doc);
    if let Some(schemas) = doc.get_mut("components").and_then(|c| c.get_mut("schemas")) {
        for name in &closed {
            if let Some(schema) = schemas.get_mut(name)
                && schema.get("type") == Some(&Json::String("object".into()))
                && schema.get("additionalProperties").is_none()
            {
                schema.set("additionalProperties", Json::Bool(false));
            }
        }
        for (name, field, keywords) in field_rules() {
            if let Some(prop) = schemas
                .get_mut(&name)
                .and_then(|s| s.get_mut("properties"))
                .and_then(|p| p.get_mut(field))
            {
                for (k, v) in keywords {
                    prop.set(k, v);
                }
            }
        }
        for name in &closed {
            if let Some(schema) = schemas.get_mut(name) {
                declare_free_text(schema);
                if let Some(Json::Object(props)) = schema.get_mut("properties") {
                    props.iter_mut().for_each(|(_, p)| declare_free_text(p));
                }
            }
        }
    }
    declare_retry_after(&mut doc);
    serde_json::to_string_pretty(&doc).unwrap_or_else(|_| spec.to_owned())
}
