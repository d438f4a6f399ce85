//! Tests of `upstream::service`.

use std::collections::BTreeSet;
use upstream::service::*;

#[test]
fn discriminants_index_the_table() {
    assert_eq!(Service::ALL.len(), 14);
    for (i, service) in Service::ALL.into_iter().enumerate() {
        assert_eq!(
            service as usize, i,
            "{service:?} is declared out of the table's order"
        );
    }
}

#[test]
fn names_prefixes_and_variables_are_distinct() {
    let names: BTreeSet<_> = Service::ALL.map(Service::name).into();
    let prefixes: BTreeSet<_> = Service::ALL.map(Service::prefix).into();
    let vars: BTreeSet<_> = Service::ALL.iter().filter_map(|s| s.env_var()).collect();
    assert_eq!(names.len(), 14);
    assert_eq!(prefixes.len(), 14);
    assert_eq!(vars.len(), 13);
    for s in Service::ALL {
        assert!(s.prefix().starts_with('/') && !s.prefix().ends_with('/'));
        if let Some(var) = s.env_var() {
            assert!(var.starts_with("BFF_UPSTREAM_"), "{var}");
        }
    }
    assert_eq!(Service::CardEntry.env_var(), None);
}

#[test]
fn paths_find_their_service_segment_wise() {
    assert_eq!(
        Service::of_path("/session/router"),
        Some(Service::DigitalSession)
    );
    assert_eq!(
        Service::of_path("/serviceability/x"),
        Some(Service::Serviceability)
    );
    assert_eq!(Service::of_path("/card-entry"), Some(Service::CardEntry));
    assert_eq!(
        Service::of_path("/offers/get-promo"),
        Some(Service::Promotions)
    );
    assert_eq!(Service::of_path("/identity/token"), Some(Service::Identity));
    assert_eq!(
        Service::of_path("/account/aux-account"),
        Some(Service::Account)
    );
    assert_eq!(Service::of_path("/accounts"), None);
    assert_eq!(Service::of_path("/vans"), None);
    assert_eq!(Service::of_path("/"), None);
    assert_eq!(Service::Van.rest("/van/assign"), Some("/assign"));
}
