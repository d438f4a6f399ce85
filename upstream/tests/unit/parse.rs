//! Tests of `upstream::parse`.

use upstream::content::{BroadbandFacts, Link};
use upstream::parse::*;

#[test]
fn reports_unknown_fields_by_path_without_values() {
    let body = br#"{"labels":[],"extra":{"secret":"value"}}"#;
    let (facts, unknown): (BroadbandFacts, _) = from_slice_reporting(body).unwrap();
    assert!(facts.labels.is_empty());
    assert_eq!(unknown, vec!["extra".to_owned()]);
    let link = br#"{"label":"a","url":"/","target":"_self","new":1}"#;
    assert!(
        from_slice_strict::<Link>(link)
            .unwrap_err()
            .to_string()
            .contains("new")
    );
    let ok = br#"{"label":"a","url":"/","target":"_self"}"#;
    assert!(from_slice_strict::<Link>(ok).is_ok());
}

#[test]
fn array_elements_are_one_path() {
    let body = br#"[{"label":"a","url":"/","target":"_self","x":1},{"label":"b","url":"/","target":"_self","x":2}]"#;
    let (_, unknown): (Vec<Link>, _) = from_slice_reporting(body).unwrap();
    assert_eq!(unknown, vec!["[].x".to_owned()]);
}
