//! Tests of the null policy (crate documentation): an absent optional field is left out, on
//! the poem-openapi side (`ToJSON`, the simulators' answers) and on the serde side (the BFF's
//! requests), for every payload type.
//!
//! - [`every_option_field_carries_both_attributes`] reads the sources: every `Option<_>` field
//!   of a poem-openapi `Object` has both attributes.
//! - [`absent_stays_absent_on_both_sides`] round-trips sample values of every type reachable
//!   from [`roots`], built from the types' own schemas: every required field set, optional
//!   objects and lists present (so nested types are exercised) and optional scalars absent;
//!   once more with every optional field absent and once with them explicitly `null`. Both
//!   sides must give back the JSON without the absent fields and without any `null`.

use std::collections::BTreeSet;
use std::path::Path;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{ParseFromJSON, ToJSON, Type};
use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Map, Value, json};

use upstream::*;

/// One payload type: its schema name, registration and round trips through both sides.
struct Root {
    name: String,
    register: fn(&mut Registry),
    serde: fn(Value) -> Result<Value, String>,
    poem: fn(Value) -> Result<Value, String>,
}

fn root<T: Type + ParseFromJSON + ToJSON + Serialize + DeserializeOwned>() -> Root {
    Root {
        name: T::name().into_owned(),
        register: T::register,
        serde: |v| {
            let t: T = serde_json::from_value(v).map_err(|e| e.to_string())?;
            serde_json::to_value(&t).map_err(|e| e.to_string())
        },
        poem: |v| {
            let t = T::parse_from_json(Some(v)).map_err(|e| e.into_message())?;
            t.to_json().ok_or_else(|| "no JSON".to_owned())
        },
    }
}

/// The bodies of every upstream call (requests and answers), the content bundles and the
/// card-entry component's data; every other payload type is reached from these (checked
/// against the sources below).
fn roots() -> Vec<Root> {
    vec![
        root::<address::AddressValidationResponse>(),
        root::<serviceability::ServiceabilityResponse>(),
        root::<van::AssignRequest>(),
        root::<van::AssignResponse>(),
        root::<content::MerchantFlow>(),
        root::<content::Dictionary>(),
        root::<content::Buyflow>(),
        root::<content::CartContent>(),
        root::<content::All>(),
        root::<content::BroadbandFacts>(),
        root::<catalogue::ProductDetailsResponse>(),
        root::<promotions::PromoRequest>(),
        root::<promotions::PromoResponse>(),
        root::<tax::TaxRequest>(),
        root::<tax::TaxResponse>(),
        root::<payments::PaymentIdResponse>(),
        root::<payments::AddInstrumentRequest>(),
        root::<payments::AddInstrumentResponse>(),
        // The card-entry component's data (seed 000 §3), not a call body here.
        root::<payments::CpcData>(),
        root::<payments::CpcPaymentInfo>(),
        root::<activation::ActivationRequest>(),
        root::<activation::ActivationResponse>(),
        root::<activation::account::GetAccountResponse>(),
        root::<activation::account::AccountRef>(),
        root::<activation::account::StatusResponse>(),
        root::<activation::account::DeviceStatusResponse>(),
        root::<activation::account::ValidateMacRequest>(),
        root::<activation::account::ValidateMacResponse>(),
        root::<activation::account::AccountActivationRequest>(),
        root::<activation::account::AccountActivationResponse>(),
        root::<activation::account::ValidateCodeRequest>(),
        root::<activation::account::ValidateCodeResponse>(),
        root::<activation::pin::RedeemRequest>(),
        root::<activation::pin::RedeemResponse>(),
        root::<activation_content::ActivationContent>(),
        root::<digital_session::CreateSessionRequest>(),
        root::<digital_session::CreateSessionResponse>(),
        root::<digital_session::RestoreSessionResponse>(),
        root::<identity::TokenRequest>(),
        root::<identity::TokenResponse>(),
        root::<identity::TokenError>(),
        root::<identity::IdentityInfo>(),
        root::<account::DashboardRequest>(),
        root::<account::DashboardResponse>(),
        root::<account::AuxAccountRequest>(),
        root::<account::AuxAccountResponse>(),
        root::<payments::PaymentInfoRequest>(),
        root::<payments::PaymentInfoResponse>(),
        root::<payments::AutopayResponse>(),
        root::<payments::RemoveInstrumentRequest>(),
        root::<payments::TransactionsResponse>(),
        root::<refill::RefillRequest>(),
        root::<refill::RefillResponse>(),
        // the quick refill's order (seed 002 §3.8); its answer is a RefillResponse
        root::<refill::EzRefillRequest>(),
    ]
}

/// How optional fields appear in a sample.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Optionals {
    /// Left out.
    Absent,
    /// Explicit `null`.
    Null,
    /// Objects and lists present, scalars left out.
    Nested,
}

struct Sampler<'a> {
    registry: &'a Registry,
    optionals: Optionals,
    /// Schemas a sample was built for.
    seen: BTreeSet<String>,
}

impl Sampler<'_> {
    fn sample(&mut self, schema: &MetaSchemaRef) -> Value {
        match schema {
            MetaSchemaRef::Reference(name) => {
                self.seen.insert(name.clone());
                let schema = &self.registry.schemas[name];
                self.sample_schema(schema)
            }
            MetaSchemaRef::Inline(schema) => self.sample_schema(schema),
        }
    }

    fn sample_schema(&mut self, s: &MetaSchema) -> Value {
        let composed = s.all_of.iter().chain(&s.any_of).chain(&s.one_of);
        if let Some(first) = composed
            .clone()
            .find(|r| is_nested(r))
            .or(composed.clone().next())
        {
            return self.sample(first);
        }
        if let Some(first) = s.enum_items.first() {
            return first.clone();
        }
        match s.ty {
            "string" => json!("x"),
            "integer" => json!(1),
            "number" => json!(1.5),
            "boolean" => json!(true),
            "array" => Value::Array(s.items.iter().map(|i| self.sample(i)).collect()),
            "object" => {
                let mut map = Map::new();
                for (name, prop) in &s.properties {
                    if s.required.contains(name) {
                        map.insert((*name).to_owned(), self.sample(prop));
                        continue;
                    }
                    match self.optionals {
                        Optionals::Absent => {}
                        Optionals::Null => {
                            map.insert((*name).to_owned(), Value::Null);
                        }
                        Optionals::Nested if is_nested(prop) => {
                            map.insert((*name).to_owned(), self.sample(prop));
                        }
                        Optionals::Nested => {}
                    }
                }
                Value::Object(map)
            }
            _ => json!({}),
        }
    }
}

/// An object or a list (of anything), as opposed to a scalar or an untyped value.
fn is_nested(schema: &MetaSchemaRef) -> bool {
    match schema {
        MetaSchemaRef::Reference(_) => true,
        MetaSchemaRef::Inline(s) => {
            s.ty == "array"
                || s.all_of
                    .iter()
                    .chain(&s.any_of)
                    .chain(&s.one_of)
                    .any(is_nested)
        }
    }
}

fn nulls(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::Null => out.push(at.to_owned()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                nulls(item, &format!("{at}[{i}]"), out);
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                nulls(item, &format!("{at}.{k}"), out);
            }
        }
        _ => {}
    }
}

/// `v` without its `null` members (what an explicit-`null` sample must come back as).
fn without_nulls(v: &Value) -> Value {
    match v {
        Value::Array(items) => Value::Array(items.iter().map(without_nulls).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(_, item)| !item.is_null())
                .map(|(k, item)| (k.clone(), without_nulls(item)))
                .collect(),
        ),
        other => other.clone(),
    }
}

#[test]
fn absent_stays_absent_on_both_sides() {
    let roots = roots();
    let mut registry = Registry::new();
    for root in &roots {
        (root.register)(&mut registry);
    }
    let mut seen = BTreeSet::new();
    let mut failures = Vec::new();
    for root in &roots {
        for optionals in [Optionals::Absent, Optionals::Null, Optionals::Nested] {
            let mut sampler = Sampler {
                registry: &registry,
                optionals,
                seen: BTreeSet::new(),
            };
            let input = sampler.sample(&MetaSchemaRef::Reference(root.name.clone()));
            seen.extend(sampler.seen);
            let expected = without_nulls(&input);
            for (side, round_trip) in [("serde", root.serde), ("poem-openapi", root.poem)] {
                let what = format!("{} ({optionals:?}, {side})", root.name);
                match round_trip(input.clone()) {
                    Err(e) => failures.push(format!("{what}: does not read {input}: {e}")),
                    Ok(output) => {
                        let mut found = Vec::new();
                        nulls(&output, "", &mut found);
                        if !found.is_empty() {
                            failures.push(format!("{what}: null at {found:?}"));
                        } else if output != expected {
                            failures.push(format!("{what}: {output} instead of {expected}"));
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    let registered: BTreeSet<String> = registry.schemas.keys().cloned().collect();
    assert_eq!(seen, registered, "every registered type got a sample");
    let declared = declared_types();
    let missing: Vec<_> = declared.difference(&registered).collect();
    assert!(
        missing.is_empty(),
        "types not reached from roots(): {missing:?}"
    );
}

/// The sources of the payload types: every `src/*.rs` deriving poem-openapi's `Object`.
fn payload_sources() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("src/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read source");
            (p.file_name().unwrap().to_string_lossy().into_owned(), text)
        })
        .filter(|(_, text)| text.lines().any(|l| l == "use poem_openapi::Object;"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "payload sources found: {}", files.len());
    files
}

/// Names of the payload types declared in the sources (`pub struct X` and `section!`'s
/// `X {` lines in `content.rs`).
fn declared_types() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (_, text) in payload_sources() {
        for line in text.lines() {
            let name = match line.trim_start().strip_prefix("pub struct ") {
                Some(rest) => rest,
                None if line.starts_with("    ") && line.trim_end().ends_with(" {") => line.trim(),
                None => continue,
            };
            let name: String = name
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                names.insert(name);
            }
        }
    }
    names
}

#[test]
fn every_option_field_carries_both_attributes() {
    let mut fields = 0;
    let mut missing = Vec::new();
    for (file, text) in payload_sources() {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let field = line.trim_start().trim_start_matches("pub ");
            let is_option = field.split_once(": ").is_some_and(|(name, ty)| {
                name.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                    && ty.starts_with("Option<")
            });
            if !is_option {
                continue;
            }
            fields += 1;
            let attrs: Vec<&str> = lines[..i]
                .iter()
                .rev()
                .map(|l| l.trim())
                .take_while(|l| l.starts_with("#["))
                .collect();
            let oai = attrs
                .iter()
                .any(|a| a.starts_with("#[oai(") && a.contains("skip_serializing_if_is_none"));
            let serde = attrs.iter().any(|a| {
                a.starts_with("#[serde(")
                    && a.contains("default")
                    && a.contains(r#"skip_serializing_if = "Option::is_none""#)
            });
            if !(oai && serde) {
                missing.push(format!("{file}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(fields >= 30, "Option fields found: {fields}");
    assert!(
        missing.is_empty(),
        "fields without the null-policy attributes: {missing:#?}"
    );
}
