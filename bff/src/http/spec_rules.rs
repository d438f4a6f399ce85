//! What the server enforces but poem-openapi 5's derive macros do not write into the
//! contract, added to its document by [`declare_enforced_rules`] (`api::openapi_spec`):
//!
//! - `additionalProperties: false` on every object schema reachable from a request body. Every
//!   body the browser sends is `#[oai(deny_unknown_fields)]` (an unknown field is 400
//!   `VALIDATION_FAILED`, detail code `unknownField`), which poem-openapi enforces but does not
//!   render; `tests/it/methods_and_bodies.rs` checks every such body really rejects one.
//! - [`field_rules`]: field constraints the handlers enforce with their own detail codes (so
//!   they cannot be poem-openapi validators, whose failures carry generic codes).
//!
//! The document keeps poem-openapi's key order (so `openapi/bff.json` and the generated web
//! types only change where a rule applies): it is edited as an ordered [`Json`] tree.

use poem_openapi::types::Type;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de, ser::SerializeMap};

use crate::flows::{buy::types::SubmitBody, refill::pin::types::PinBody};

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
    }
    serde_json::to_string_pretty(&doc).unwrap_or_else(|_| spec.to_owned())
}
