//! Reading the JSON of an upstream answer or a content bundle into these types, with the
//! unknown fields either reported ([`from_slice_reporting`]: the BFF in production is a
//! tolerant reader, it ignores and logs them) or rejected ([`from_str_strict`],
//! [`from_slice_strict`]: the simulators' bundles, and the BFF in harness mode and the tests,
//! so drift in our own code fails). The types themselves never deny unknown fields, since
//! that would make tolerant reading impossible; missing optional fields take their
//! documented default either way.
//!
//! A field path names fields, never values: `labels[].speedTier` (object members by name,
//! array elements as `[]`, map keys as `{}` since a map key can be data).

use serde::de::{DeserializeOwned, Error as _};

/// The field path of one ignored field (see the module doc).
fn field_path(path: &serde_ignored::Path<'_>) -> String {
    use serde_ignored::Path;
    fn walk(path: &Path<'_>, out: &mut String) {
        match path {
            Path::Root => {}
            Path::Seq { parent, .. } => {
                walk(parent, out);
                out.push_str("[]");
            }
            Path::Map { parent, key } => {
                walk(parent, out);
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
            }
            Path::Some { parent }
            | Path::NewtypeStruct { parent }
            | Path::NewtypeVariant { parent } => walk(parent, out),
        }
    }
    let mut out = String::new();
    walk(path, &mut out);
    if out.is_empty() { ".".to_owned() } else { out }
}

/// `body` as `T` and the paths of the fields `T` does not have (each once, in order).
pub fn from_slice_reporting<T: DeserializeOwned>(
    body: &[u8],
) -> Result<(T, Vec<String>), serde_json::Error> {
    let mut unknown: Vec<String> = Vec::new();
    let mut de = serde_json::Deserializer::from_slice(body);
    let value = serde_ignored::deserialize(&mut de, |path| {
        let p = field_path(&path);
        if !unknown.contains(&p) {
            unknown.push(p);
        }
    })?;
    de.end()?;
    Ok((value, unknown))
}

/// `body` as `T`; a field `T` does not have is an error naming its path.
pub fn from_slice_strict<T: DeserializeOwned>(body: &[u8]) -> Result<T, serde_json::Error> {
    let (value, unknown) = from_slice_reporting(body)?;
    if unknown.is_empty() {
        Ok(value)
    } else {
        Err(serde_json::Error::custom(format!(
            "unknown field(s): {}",
            unknown.join(", ")
        )))
    }
}

/// [`from_slice_strict`] of a string.
pub fn from_str_strict<T: DeserializeOwned>(s: &str) -> Result<T, serde_json::Error> {
    from_slice_strict(s.as_bytes())
}
