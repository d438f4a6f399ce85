//! Tests of `upstream::call`.

use std::collections::BTreeSet;
use upstream::call::*;

#[test]
fn names_are_distinct_and_are_the_serde_names() {
    let names: BTreeSet<&str> = Call::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(names.len(), Call::ALL.len());
    for (i, call) in Call::ALL.into_iter().enumerate() {
        assert_eq!(call as usize, i);
        assert_eq!(serde_json::to_value(call).unwrap(), call.name());
        let back: Call = serde_json::from_value(call.name().into()).unwrap();
        assert_eq!(back, call);
    }
    assert!(serde_json::from_value::<Call>("payment".into()).is_err());
}

#[test]
fn every_call_routes_from_its_own_method_and_path() {
    for call in Call::ALL {
        let path = format!(
            "{}{}",
            call.service().prefix(),
            call.path().replace('*', "x")
        );
        for m in call.methods() {
            assert_eq!(
                Call::from_request(m.as_str(), &path),
                Some(call),
                "{m:?} {path}"
            );
        }
    }
}

#[test]
fn routing_examples() {
    let cases = [
        ("POST", "/session/secure/session", Some(Call::CreateSession)),
        (
            "GET",
            "/session/secure/session?digitalSessionId=x",
            Some(Call::RestoreSession),
        ),
        ("GET", "/card-entry", Some(Call::CardEntry)),
        ("GET", "/card-entry/?lang=es", Some(Call::CardEntry)),
        ("POST", "/card-entry/tokenize", Some(Call::Tokenize)),
        (
            "GET",
            "/content/-/api/es/my.prepaid/buyflow",
            Some(Call::Content),
        ),
        (
            "GET",
            "/content/broadband-facts",
            Some(Call::BroadbandFacts),
        ),
        ("POST", "/session/router", Some(Call::IdentityRouter)),
        ("POST", "/identity/token", Some(Call::IdentityToken)),
        ("GET", "/identity/token", None),
        ("GET", "/identity/userinfo", Some(Call::IdentityInfo)),
        ("POST", "/account/dashboard", Some(Call::Dashboard)),
        ("POST", "/account/aux-account/", Some(Call::AuxAccount)),
        ("GET", "/account/dashboard", None),
        (
            "POST",
            "/payments/get-custpayment-info",
            Some(Call::PaymentInfo),
        ),
        ("GET", "/van/assign", None),
        ("POST", "/van/assignment", None),
        ("GET", "/vans/assign", None),
        ("GET", "/elsewhere", None),
        ("get", "/address-search/suggest", None),
    ];
    for (method, path, call) in cases {
        assert_eq!(Call::from_request(method, path), call, "{method} {path}");
    }
}
