//! The scenario book: every file parses and validates, and agrees with the world and the
//! content (seed 000 §4 outcomes, `scenarios/README.md`).

use std::collections::BTreeSet;

use simulators::content::{self, Locale};
use simulators::fault::Fault;
use simulators::scenario::{self, Call, Scenario};
use simulators::world::World;

const RETAIL_CODES: &[&str] = &[
    "BUS0078",
    "BUS0077",
    "BUS0003",
    "BUS0027",
    "BUS0111",
    "BUS0138",
    "BUS0143",
    "BUS0144",
    "BUS011",
    "BUS0021",
    "BUS_VAN_ASSIGN_015",
    "BUS_VAN_ASSIGN_004",
    "BUS_VAN_ASSIGN_016",
    "BUS_VAN_ASSIGN_022",
];

fn input<'a>(s: &'a Scenario, key: &str) -> &'a str {
    s.input
        .get(key)
        .and_then(|v| v.as_str())
        .unwrap_or_default()
}

#[test]
fn every_file_parses_and_validates() {
    let errors: Vec<String> = scenario::errors().iter().map(ToString::to_string).collect();
    assert!(
        errors.is_empty(),
        "bad scenario files:\n{}",
        errors.join("\n")
    );
    let count = |flow: &str| scenario::all().iter().filter(|s| s.flow == flow).count();
    assert_eq!(count("retail"), 35);
    assert_eq!(count("buy"), 55);
    assert_eq!(count("signin"), 40);
    assert_eq!(count("account-information"), 8);
    assert_eq!(count("dashboard"), 5);
    assert_eq!(count("activation"), 13);
    assert_eq!(count("payments"), 37);
    assert_eq!(count("refill"), 27);
    assert_eq!(count("reconnect"), 15);
    assert_eq!(count("litepay"), 12);
    assert_eq!(count("move"), 22);
    assert_eq!(
        scenario::all().len(),
        35 + 55 + 40 + 8 + 5 + 13 + 37 + 27 + 15 + 12 + 22
    );
}

#[test]
fn ids_are_sorted_unique_and_findable() {
    let ids: Vec<&str> = scenario::all().iter().map(|s| s.id.as_str()).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(ids, sorted);
    for id in [
        "retail/existing-prepaid",
        "retail/assign-timeout",
        "retail/address-large-building",
    ] {
        assert_eq!(scenario::find(id).map(|s| s.id.as_str()), Some(id));
    }
    assert!(scenario::find("retail/nope").is_none());
}

#[test]
fn every_retail_code_is_reproduced() {
    let named: BTreeSet<&str> = scenario::all()
        .iter()
        .flat_map(|s| s.codes.iter().map(String::as_str))
        .collect();
    for code in RETAIL_CODES {
        assert!(named.contains(code), "{code} is named by no scenario");
    }
}

#[test]
fn every_fault_kind_is_used() {
    let mut kinds = BTreeSet::new();
    for s in scenario::all() {
        for over in s.calls().unwrap().into_values() {
            if let Some(fault) = over.fault {
                kinds.insert(match fault {
                    Fault::Delay { .. } => "delay",
                    Fault::Timeout => "timeout",
                    Fault::Reset => "reset",
                    Fault::Malformed => "malformed",
                    Fault::Error5xx { .. } => "error5xx",
                });
            }
        }
    }
    assert_eq!(kinds.len(), 5, "{kinds:?}");
}

#[test]
fn messages_are_content_keys_of_their_flow_in_both_locales() {
    for locale in [Locale::En, Locale::Es] {
        for s in scenario::all() {
            let Some(key) = s.expect.get("message").and_then(|m| m.as_str()) else {
                continue;
            };
            if key == "catalogue" {
                // the error catalogue's message for the scenario's code, by locale: the
                // flow's BFF integration test compares it with the catalogue
                continue;
            }
            let area = match s.flow.as_str() {
                "retail" => "merchant-flow",
                "buy" => "buyflow",
                "dashboard" | "payments" => "account-dashboard",
                other => panic!("{}: no content area for flow {other}", s.id),
            };
            let flow: serde_json::Value =
                serde_json::from_str(content::raw(locale, area).unwrap()).unwrap();
            let pointer = format!("/{}", key.replace('.', "/"));
            let text = flow.pointer(&pointer).and_then(|v| v.as_str());
            assert!(
                text.is_some_and(|t| !t.is_empty()),
                "{}: {key} is no text",
                s.id
            );
        }
    }
}

#[test]
fn error_page_scenarios_end_on_the_error_path() {
    for s in scenario::all() {
        if s.expect["stage"] == "errorPage" {
            assert_eq!(s.expect["path"], "/error", "{}", s.id);
        }
    }
}

#[test]
fn retail_inputs_fit_the_world() {
    let world = World::get();
    for s in scenario::all().iter().filter(|s| s.flow == "retail") {
        let (street, unit, zip) = (input(s, "street"), input(s, "unit"), input(s, "zip"));
        assert!(
            !street.is_empty() && zip.len() == 5,
            "{}: street and zip",
            s.id
        );
        let stage = s.expect["stage"].as_str().unwrap();
        let mut found = world.validate(street, unit, zip).customer_infos;
        if found.is_empty() && !unit.is_empty() {
            found = world.validate(street, "", zip).customer_infos;
        }
        let overridden = s.call(Call::ValidateAddress).is_some();
        if stage == "addressError" && !overridden {
            assert!(found.is_empty(), "{}: the address must not exist", s.id);
            continue;
        }
        assert!(
            !found.is_empty(),
            "{}: {street} {zip} is not in the world",
            s.id
        );
        let pick = input(s, "pickUnit");
        if found.len() > 1 {
            assert!(
                found.iter().any(|c| c.address.address_line2 == pick),
                "{}: pickUnit {pick:?} is no unit of {street}",
                s.id
            );
        }
    }
}

fn parse(yaml: &str) -> Result<Scenario, String> {
    Scenario::parse("retail/test.yaml", yaml).map_err(|e| e.to_string())
}

const HEAD: &str = "title: t\nflow: retail\nstart: /dollargeneral\n";

#[test]
fn bad_files_are_rejected_with_a_reason() {
    let ok = format!("{HEAD}expect: {{stage: serviceable}}\n");
    assert_eq!(parse(&ok).unwrap().id, "retail/test");
    let cases = [
        (
            format!("{HEAD}expect: {{stage: nowhere}}\n"),
            "expect.stage",
        ),
        (format!("{HEAD}expect: {{}}\n"), "expect.stage"),
        (
            format!("{HEAD}upstream: {{payment: {{}}}}\nexpect: {{stage: serviceable}}\n"),
            "payment",
        ),
        (
            format!(
                "{HEAD}upstream: {{assign: {{fault: {{kind: explode}}}}}}\nexpect: {{stage: serviceable}}\n"
            ),
            "explode",
        ),
        (
            format!(
                "{HEAD}upstream: {{assign: {{fault: {{kind: error5xx, status: 200}}}}}}\nexpect: {{stage: serviceable}}\n"
            ),
            "500..=599",
        ),
        (
            format!(
                "{HEAD}upstream: {{assign: {{reply: {{}}}}}}\nexpect: {{stage: serviceable}}\n"
            ),
            "reply",
        ),
        (
            "title: t\nflow: buy\nstart: /x\nexpect: {stage: serviceable}\n".to_owned(),
            "folder",
        ),
        (format!("{HEAD}expect: [unclosed\n"), "retail/test.yaml"),
    ];
    for (yaml, needle) in cases {
        let err = parse(&yaml).expect_err(&yaml);
        assert!(err.contains(needle), "{err:?} should mention {needle:?}");
    }
}

#[test]
fn stages_are_checked_per_flow() {
    let buy = |stage: &str| {
        Scenario::parse(
            "buy/test.yaml",
            &format!("title: t\nflow: buy\nstart: /buy?lm=x\nexpect: {{stage: '{stage}'}}\n"),
        )
        .map_err(|e| e.to_string())
    };
    for stage in scenario::BUY_STAGES {
        assert_eq!(buy(stage).unwrap().id, "buy/test");
    }
    let err = buy("serviceable").expect_err("a retail stage in the buy flow");
    assert!(err.contains("expect.stage"), "{err}");
    let err = parse(&format!("{HEAD}expect: {{stage: order-review}}\n")).unwrap_err();
    assert!(err.contains("expect.stage"), "{err}");
    let err = Scenario::parse(
        "nope/test.yaml",
        "title: t\nflow: nope\nstart: /x\nexpect: {stage: x}\n",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("unknown flow"), "{err}");
    let err = Scenario::parse(
        "refill/test.yaml",
        "title: t\nflow: refill\nstart: /x\nexpect: {stage: order-review}\n",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("expect.stage"), "{err}");
}

#[test]
fn call_names_round_trip() {
    for call in Call::ALL {
        let json = serde_json::to_value(call).unwrap();
        assert_eq!(json, call.name());
    }
    assert_eq!(
        Call::from_request("POST", "/van/assign"),
        Some(Call::Assign)
    );
    assert_eq!(
        Call::from_request("GET", "/content/-/api/es/my.prepaid/buyflow"),
        Some(Call::Content)
    );
    assert_eq!(Call::from_request("GET", "/elsewhere"), None);
}
