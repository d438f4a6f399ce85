//! The buy flow's scenario book (`scenarios/buy/`): every input fits the world, the test
//! cards and the identities; every payment and activation code of business-codes.md is
//! named; each message group of the error catalogue has one scenario naming all its codes;
//! every `expect.errorCode` resolves through the catalogue (seed 000 §8 lookup).

use std::collections::BTreeSet;

use simulators::buy_world::{self, IDENTITIES};
use simulators::content::{self, Locale};
use simulators::scenario::{self, Call, Scenario};
use simulators::test_cards::{self, Outcome};
use simulators::world::World;
use upstream::content::{Buyflow, ErrorCatalogue};

/// The submit-order codes without a catalogue message (seed 000 §4, §9); with
/// `simulators::content::CATALOGUE_CODES` they are every buy code of `../shared/business-codes.md`.
const SUBMIT_ONLY_CODES: &[&str] = &[
    "BUS_CUSTACT_05",
    "SYS0010",
    "PAYMENT-0001",
    "SYS_CUSTACT_01",
];

fn buy() -> impl Iterator<Item = &'static Scenario> {
    scenario::all().iter().filter(|s| s.flow == "buy")
}

fn text<'a>(v: &'a serde_json::Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(|v| v.as_str())
}

fn catalogue(locale: Locale) -> ErrorCatalogue {
    content::bundle::<Buyflow>(locale, "buyflow")
        .unwrap()
        .error_catalogue
}

/// The seed's lookup (000 §8), as the BFF does it: the code as given, then `_` to `-`;
/// `None` for an unknown code (the generic message).
fn group_of<'a>(cat: &'a ErrorCatalogue, code: &str) -> Option<&'a upstream::content::ErrorGroup> {
    let find = |c: &str| cat.groups.iter().find(|g| g.codes.iter().any(|k| k == c));
    find(code).or_else(|| find(&code.replace('_', "-")))
}

/// Standard base64 (with or without padding) to bytes.
fn base64(text: &str) -> Option<Vec<u8>> {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for b in text.trim_end_matches('=').bytes() {
        let v = ABC.iter().position(|&c| c == b)? as u32;
        bits = (bits << 6) | v;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
            bits &= (1 << n) - 1;
        }
    }
    Some(out)
}

/// `%XX` decoding of a query value.
fn url_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let hex = text.get(i + 1..i + 3).map(|h| u8::from_str_radix(h, 16));
        if let (b'%', Some(Ok(b))) = (bytes[i], hex) {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap()
}

/// `(locationId, marketId, promo)` from a start path `/buy?lm=...[&promo=true]`.
fn entry(start: &str) -> Result<(String, String, bool), String> {
    let query = start
        .strip_prefix("/buy?")
        .ok_or("start must be /buy?lm=...")?;
    let mut lm = None;
    let mut promo = false;
    for pair in query.split('&') {
        match pair.split_once('=') {
            Some(("lm", v)) => lm = Some(url_decode(v)),
            Some(("promo", v)) => promo = v == "true",
            _ => return Err(format!("unexpected query part {pair}")),
        }
    }
    let raw = base64(&lm.ok_or("no lm")?).ok_or("lm is no base64")?;
    let raw = String::from_utf8(raw).map_err(|e| e.to_string())?;
    let (loc, market) = raw.split_once(':').ok_or("lm is no locationId:marketId")?;
    Ok((loc.to_owned(), market.to_owned(), promo))
}

#[test]
fn helpers_decode() {
    assert_eq!(
        base64("TE9DLTMwMzA5LTAwMDE6QVRM").unwrap(),
        b"LOC-30309-0001:ATL"
    );
    assert_eq!(base64("YQ==").unwrap(), b"a");
    assert_eq!(url_decode("YQ%3D%3D"), "YQ==");
    assert_eq!(
        entry("/buy?lm=TE9DLTMwMDMwLTAwMDE6REVD&promo=true").unwrap(),
        ("LOC-30030-0001".into(), "DEC".into(), true)
    );
}

#[test]
fn starts_name_serviceable_world_locations_with_their_market() {
    let world = World::get();
    let mut markets = BTreeSet::new();
    for s in buy() {
        let (loc, market, _) = entry(&s.start).unwrap_or_else(|e| panic!("{}: {e}", s.id));
        let place = world
            .place(&loc)
            .unwrap_or_else(|| panic!("{}: {loc} is not in the world", s.id));
        assert!(place.serviceable, "{}: {loc} is not serviceable", s.id);
        assert_eq!(market, buy_world::market_for_zip(place.zip), "{}", s.id);
        markets.insert(market);
    }
    // Paid shipping (ATL), free shipping (DEC), WIFI gateways (MAR, SMY), no promotions (SMY).
    assert_eq!(
        markets.into_iter().collect::<Vec<_>>(),
        ["ATL", "DEC", "MAR", "SMY"]
    );
}

#[test]
fn inputs_fit_the_identities_and_the_test_cards() {
    for s in buy() {
        let id = text(&s.input, "identity").unwrap_or_default();
        let identity = buy_world::identity(id)
            .unwrap_or_else(|| panic!("{}: identity {id:?} is not offered by the router", s.id));
        let customer = &s.input["customer"];
        // What the session lacks, the customer-info form needs (seed 000 §2 Session); the
        // strip flags blank the restored phone or e-mail (seed 000 §4).
        let stripped = |flag: &str| s.session_storage.get(flag).is_some_and(|v| v == "true");
        let needs = [
            ("firstName", identity.first_name.is_none()),
            ("lastName", identity.last_name.is_none()),
            ("email", identity.email.is_none() || stripped("stripEmail")),
            (
                "phone",
                identity.phone.is_none() || stripped("stripPhoneNumber"),
            ),
        ];
        for (field, needed) in needs {
            let given = text(customer, field);
            assert_eq!(given.is_some(), needed, "{}: customer.{field}", s.id);
        }
        if let Some(phone) = text(customer, "phone") {
            assert!(phone.len() == 10 && phone.bytes().all(|b| b.is_ascii_digit()));
        }
        if let Some(email) = text(customer, "email") {
            assert!(email.contains('@') && email.contains('.'), "{}", s.id);
        }
        let card: String = text(&s.input, "card")
            .unwrap_or_default()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        assert!(test_cards::luhn_valid(&card), "{}: card {card}", s.id);
        let expiry = text(&s.input, "expiry").unwrap_or_default();
        assert!(
            expiry.len() == 5 && expiry.as_bytes()[2] == b'/',
            "{}",
            s.id
        );
        assert_eq!(text(&s.input, "cvv").map(str::len), Some(3), "{}", s.id);
        for flag in ["acceptPromo", "autoRefill", "smsOptIn"] {
            assert!(s.input[flag].is_boolean(), "{}: {flag}", s.id);
        }
        let lang = text(&s.input, "language");
        assert!(matches!(lang, Some("ENGLISH" | "SPANISH")), "{}", s.id);
        // A card that fails names its code.
        if let Some(code) = test_cards::outcome_of(&card).code() {
            assert!(
                s.codes.iter().any(|c| c == code),
                "{}: {code} not in codes",
                s.id
            );
        }
    }
}

#[test]
fn every_buy_code_is_named_by_a_scenario() {
    let named: BTreeSet<&str> = buy()
        .flat_map(|s| s.codes.iter().map(String::as_str))
        .collect();
    for code in SUBMIT_ONLY_CODES
        .iter()
        .chain(simulators::content::CATALOGUE_CODES)
    {
        assert!(named.contains(code), "{code} is named by no buy scenario");
    }
}

#[test]
fn each_card_group_has_one_scenario_naming_all_its_codes() {
    let cat = catalogue(Locale::En);
    let card_codes: BTreeSet<&str> = test_cards::CARDS
        .iter()
        .filter_map(|c| match c.outcome {
            Outcome::AddInstrument(code) => Some(code),
            _ => None,
        })
        .collect();
    let mut groups = 0;
    for group in &cat.groups {
        if !group.codes.iter().all(|c| card_codes.contains(c.as_str())) {
            continue;
        }
        groups += 1;
        let holders: Vec<&str> = buy()
            .filter(|s| s.codes == group.codes)
            .filter(|s| s.expect["stage"] == "order-details")
            .map(|s| s.id.as_str())
            .collect();
        assert_eq!(holders.len(), 1, "group {:?}: {holders:?}", group.codes);
    }
    assert_eq!(groups, 16);
}

#[test]
fn error_codes_resolve_through_the_catalogue() {
    for locale in [Locale::En, Locale::Es] {
        let cat = catalogue(locale);
        for s in buy() {
            let Some(code) = text(&s.expect, "errorCode") else {
                continue;
            };
            let group = group_of(&cat, code);
            if s.id == "buy/order-unknown-code" {
                assert!(group.is_none(), "{code} should be unknown");
                continue;
            }
            let group = group.unwrap_or_else(|| panic!("{}: {code} has no message", s.id));
            assert!(!group.message.is_empty());
            // The card a payment scenario uses leads to that very code.
            if s.expect["stage"] == "order-details" {
                let card: String = text(&s.input, "card")
                    .unwrap_or_default()
                    .split_whitespace()
                    .collect();
                assert_eq!(test_cards::outcome_of(&card).code(), Some(code), "{}", s.id);
            }
        }
    }
}

#[test]
fn order_codes_reach_the_submit_call_and_banners_carry_a_code() {
    for s in buy() {
        let over = s.call(Call::SubmitOrder).and_then(|o| o.respond);
        let answered: Vec<String> = over
            .iter()
            .flat_map(|r| ["businessErrorCode", "systemErrorCode"].map(|k| text(r, k)))
            .flatten()
            .map(str::to_owned)
            .collect();
        for code in &s.codes {
            let card: String = text(&s.input, "card")
                .unwrap_or_default()
                .split_whitespace()
                .collect();
            let outcome = test_cards::outcome_of(&card);
            // A card names every code of its catalogue group (the group's scenario).
            let by_card = outcome
                .code()
                .is_some_and(|c| c == code || same_group(c, code));
            let by_submit = answered
                .iter()
                .any(|a| a == code || a.replace('_', "-") == *code);
            assert!(by_card || by_submit, "{}: nothing reproduces {code}", s.id);
        }
        if s.expect["banner"] == true {
            assert_eq!(s.expect["stage"], "order-review", "{}", s.id);
            assert!(text(&s.expect, "errorCode").is_some(), "{}", s.id);
        }
        if s.expect["stage"] == "marketing-redirect" {
            let attempts = s.input["attempts"].as_u64().unwrap_or_default();
            let existing = text(&s.input, "identity") != Some("new");
            assert_eq!(attempts, if existing { 7 } else { 5 }, "{}", s.id);
        }
    }
}

/// Whether two codes share a message group of the English catalogue.
fn same_group(a: &str, b: &str) -> bool {
    let cat = catalogue(Locale::En);
    group_of(&cat, a).is_some_and(|g| g.codes.iter().any(|c| c == b))
}

#[test]
fn every_buy_call_has_a_failure_scenario() {
    let faulted: BTreeSet<Call> = buy()
        .flat_map(|s| s.calls().unwrap())
        .filter(|(_, over)| over.fault.is_some())
        .map(|(call, _)| call)
        .collect();
    for call in [
        Call::Serviceability,
        Call::ProductDetails,
        Call::Promotions,
        Call::Tax,
        Call::PaymentId,
        Call::AddPaymentInstrument,
        Call::SubmitOrder,
        Call::CreateSession,
        Call::RestoreSession,
    ] {
        assert!(
            faulted.contains(&call),
            "no failure scenario for {}",
            call.name()
        );
    }
}

#[test]
fn identities_cover_new_complete_unverified_and_incomplete() {
    let used: BTreeSet<&str> = buy().filter_map(|s| text(&s.input, "identity")).collect();
    for identity in IDENTITIES {
        assert!(
            used.contains(identity.key),
            "identity {} unused",
            identity.key
        );
    }
}
