//! Hostile input (security issue, items 10 and 11).
//!
//! - Control characters (C0, DEL, C1) and bidi overrides and isolates (U+202A to U+202E,
//!   U+2066 to U+2069) in any free-text string of any request body are refused: 400
//!   `VALIDATION_FAILED`, `details: [{field, code: "pattern"}]` naming the field, nothing
//!   stored, nothing sent upstream; and the contract says so (a `pattern` on every such
//!   property).
//! - The quick refill's lookups are limited per fixed hour window per client address and per
//!   session (not a bucket that refills as it goes), and every 429 the BFF sends carries
//!   `Retry-After`.

use std::{
    sync::{
        Arc,
        atomic::{AtomicI64, Ordering},
    },
    time::Duration,
};

use bff::{
    config::{LitepayLimits, Mode, UpstreamUrls},
    http::rate_limit::TrustedProxies,
    startup::endpoint,
    state::{AppState, Clock},
};
use poem::{EndpointExt, http::header, session::SessionStorage, test::TestClient};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::{common::*, litepay::Visitor};

const LOOKUP: &str = "/secure/v1/customermanagement/fetchCustomerDashboard";

/// What must never get through: C0 controls, DEL, C1 controls, the bidi embeddings and
/// overrides, the bidi isolates (inclusive ranges).
const FORBIDDEN: [(u32, u32); 4] = [
    (0x00, 0x1F),
    (0x7F, 0x9F),
    (0x202A, 0x202E),
    (0x2066, 0x2069),
];

fn forbidden(c: u32) -> bool {
    FORBIDDEN.iter().any(|(a, b)| (*a..=*b).contains(&c))
}

// ---------------------------------------------------------------------------------------
// The contract: every free-text property of every request body has a pattern excluding them
// ---------------------------------------------------------------------------------------

/// What one regex atom can match: code point ranges, or "anything" for the atoms that are
/// the complement of a small set (`\S`, `\D`, `\W`, `.`).
#[derive(Debug, Clone)]
enum Set {
    Ranges(Vec<(u32, u32)>),
    Complement,
}

impl Set {
    fn may_match_forbidden(&self) -> bool {
        match self {
            Set::Complement => true,
            Set::Ranges(r) => r
                .iter()
                .any(|(a, b)| FORBIDDEN.iter().any(|(x, y)| a <= y && x <= b)),
        }
    }
}

/// ECMA-262 `\s` (the line terminators and spaces).
fn ecma_space() -> Vec<(u32, u32)> {
    vec![
        (0x09, 0x0D),
        (0x20, 0x20),
        (0xA0, 0xA0),
        (0x1680, 0x1680),
        (0x2000, 0x200A),
        (0x2028, 0x2029),
        (0x202F, 0x202F),
        (0x205F, 0x205F),
        (0x3000, 0x3000),
        (0xFEFF, 0xFEFF),
    ]
}

/// The escape after a `\` at `p[0..]`: what it matches and how many characters it took;
/// `None` for an assertion (`\b`, `\B`).
fn escape(p: &[char]) -> Result<(Option<Set>, usize), String> {
    let hex = |n: usize| -> Result<u32, String> {
        let s: String = p.get(1..=n).ok_or("short escape")?.iter().collect();
        u32::from_str_radix(&s, 16).map_err(|_| format!("bad escape \\{s}"))
    };
    let one = |c: u32| Some(Set::Ranges(vec![(c, c)]));
    Ok(match p.first().ok_or("trailing backslash")? {
        'd' => (Some(Set::Ranges(vec![(0x30, 0x39)])), 1),
        'w' => (
            Some(Set::Ranges(vec![
                (0x30, 0x39),
                (0x41, 0x5A),
                (0x5F, 0x5F),
                (0x61, 0x7A),
            ])),
            1,
        ),
        's' => (Some(Set::Ranges(ecma_space())), 1),
        'S' | 'D' | 'W' => (Some(Set::Complement), 1),
        'b' | 'B' => (None, 1),
        'u' => (one(hex(4)?), 5),
        'x' => (one(hex(2)?), 3),
        'n' => (one(0x0A), 1),
        'r' => (one(0x0D), 1),
        't' => (one(0x09), 1),
        'v' => (one(0x0B), 1),
        'f' => (one(0x0C), 1),
        '0' => (one(0x00), 1),
        c if c.is_ascii_alphanumeric() => return Err(format!("unsupported escape \\{c}")),
        c => (one(*c as u32), 1),
    })
}

/// A class `[...]` starting at `p[0] == '['`: whether it may match a forbidden character, and
/// its length.
fn class(p: &[char]) -> Result<(bool, usize), String> {
    let mut i = 1;
    let negated = p.get(1) == Some(&'^');
    if negated {
        i += 1;
    }
    let mut items: Vec<Set> = Vec::new();
    let single = |p: &[char], i: &mut usize| -> Result<Option<Set>, String> {
        if p[*i] == '\\' {
            let (s, n) = escape(&p[*i + 1..])?;
            *i += 1 + n;
            Ok(s)
        } else {
            *i += 1;
            Ok(Some(Set::Ranges(vec![(
                p[*i - 1] as u32,
                p[*i - 1] as u32,
            )])))
        }
    };
    loop {
        let c = *p.get(i).ok_or("unterminated class")?;
        if c == ']' {
            break;
        }
        let first = single(p, &mut i)?.ok_or("assertion in a class")?;
        // a range `a-b` (a `-` before `]` is a literal)
        if p.get(i) == Some(&'-') && p.get(i + 1).is_some_and(|c| *c != ']') {
            i += 1;
            let last = single(p, &mut i)?.ok_or("assertion in a class")?;
            match (first, last) {
                (Set::Ranges(a), Set::Ranges(b)) if a.len() == 1 && b.len() == 1 => {
                    items.push(Set::Ranges(vec![(a[0].0, b[0].0)]))
                }
                _ => return Err("a class escape in a range".into()),
            }
        } else {
            items.push(first);
        }
    }
    let may = if negated {
        // the class matches a forbidden character unless its items cover all of them
        let mut covered = Vec::new();
        for s in &items {
            match s {
                Set::Ranges(r) => covered.extend(r.iter().copied()),
                Set::Complement => return Err("\\S, \\D or \\W in a negated class".into()),
            }
        }
        FORBIDDEN
            .iter()
            .any(|(a, b)| (*a..=*b).any(|c| !covered.iter().any(|(x, y)| (*x..=*y).contains(&c))))
    } else {
        items.iter().any(Set::may_match_forbidden)
    };
    Ok((may, i + 1))
}

/// Whether no string holding a forbidden character matches the JSON Schema (ECMA-262)
/// `pattern`: anchored at both ends with no alternative at the top level, and no atom able
/// to match one. A sufficient check for the patterns of this contract (literals, escapes,
/// classes, groups, quantifiers); anything else is an error, i.e. not accepted.
fn excludes_forbidden(pattern: &str) -> Result<(), String> {
    let p: Vec<char> = pattern.chars().collect();
    let n = p.len();
    if n < 2 || p[0] != '^' || p[n - 1] != '$' || p[n - 2] == '\\' {
        return Err("not anchored at both ends".into());
    }
    let body = &p[1..n - 1];
    let (mut i, mut depth) = (0usize, 0i32);
    while i < body.len() {
        match body[i] {
            '\\' => {
                let (s, len) = escape(&body[i + 1..])?;
                if s.is_some_and(|s| s.may_match_forbidden()) {
                    return Err(format!("escape at {i} matches a forbidden character"));
                }
                i += 1 + len;
                continue;
            }
            '[' => {
                let (may, len) = class(&body[i..])?;
                if may {
                    return Err(format!("class at {i} matches a forbidden character"));
                }
                i += len;
                continue;
            }
            '(' => {
                depth += 1;
                if body.get(i + 1) == Some(&'?') {
                    if body.get(i + 2) != Some(&':') {
                        return Err("lookaround or named group".into());
                    }
                    i += 2;
                }
            }
            ')' => depth -= 1,
            '|' if depth == 0 => return Err("an alternative at the top level".into()),
            '.' => return Err("`.` matches control characters".into()),
            '^' | '$' if depth == 0 => return Err("an anchor inside the pattern".into()),
            c if forbidden(c as u32) => return Err(format!("literal U+{:04X}", c as u32)),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

#[test]
fn the_pattern_check_itself() {
    for ok in [
        r"^\d{5}$",
        r"^(0[1-9]|1[0-2])\d{2}$",
        r"^/(en|es)/[!-\[\]-~]*$",
        r"^[A-Za-z0-9._~-]+$",
        r"^([A-Za-z]{2})?$",
        r"^[^\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$",
        r"^[^\u0000-\u001F\u007F-\u009F\u2028-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u2028-\u202E\u2066-\u2069][^\u0000-\u001F\u007F-\u009F\u2028-\u202E\u2066-\u2069]*$",
    ] {
        assert_eq!(excludes_forbidden(ok), Ok(()), "{ok}");
    }
    for bad in [
        r"\S",
        r"^.*$",
        r"^\S+$",
        r"^[^a]*$",
        r"^[^\u0000-\u001F]*$",
        r"^[^\u0000-\u001F\u007F-\u009F\u202A-\u202D\u2066-\u2069]*$",
        r"^a$|b",
        r"^[\s]*$",
        r"^a\nb$",
        "^[a-\u{7f}]$",
        r"^[\u0000-\u0008]$",
    ] {
        assert!(excludes_forbidden(bad).is_err(), "{bad}");
    }
}

/// The component schemas reachable from any request body of `spec`.
fn request_body_schemas(spec: &Value) -> Vec<String> {
    fn refs(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                for (k, v) in m {
                    match (k.as_str(), v) {
                        ("$ref", Value::String(r)) => {
                            if let Some(n) = r.strip_prefix("#/components/schemas/") {
                                out.push(n.to_owned());
                            }
                        }
                        _ => refs(v, out),
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    let mut pending = Vec::new();
    for item in spec["paths"].as_object().unwrap().values() {
        for op in item.as_object().unwrap().values() {
            refs(&op["requestBody"], &mut pending);
        }
    }
    let mut found: Vec<String> = Vec::new();
    while let Some(n) = pending.pop() {
        if !found.contains(&n) {
            refs(&spec["components"]["schemas"][&n], &mut pending);
            found.push(n);
        }
    }
    found.sort();
    found
}

/// The inline string schemas of `schema` under the name `at` (itself, an array's items, the
/// branches of `allOf`/`anyOf`/`oneOf`); `$ref`s are checked as components.
fn strings<'a>(at: String, schema: &'a Value, out: &mut Vec<(String, &'a Value)>) {
    if schema.get("$ref").is_some() {
        return;
    }
    if schema["type"] == "string" {
        out.push((at.clone(), schema));
    }
    if schema["type"] == "array" {
        strings(format!("{at}[]"), &schema["items"], out);
    }
    for k in ["allOf", "anyOf", "oneOf"] {
        for s in schema[k].as_array().into_iter().flatten() {
            strings(at.clone(), s, out);
        }
    }
}

/// Item 10: every string property of every request body schema of the served contract is an
/// enum, has a format, or has a pattern no string holding a control or bidi character matches
/// (checked on the pattern, and the pattern compiles as JSON Schema).
#[test]
fn every_free_text_property_of_every_request_body_excludes_control_characters() {
    let spec: Value = serde_json::from_str(&bff::api::openapi_spec()).unwrap();
    let mut all = Vec::new();
    for name in request_body_schemas(&spec) {
        let schema = &spec["components"]["schemas"][&name];
        strings(name.clone(), schema, &mut all);
        for (prop, s) in schema["properties"].as_object().into_iter().flatten() {
            strings(format!("{name}.{prop}"), s, &mut all);
        }
    }
    let mut failures = Vec::new();
    let mut patterned = 0;
    for (at, s) in &all {
        if s.get("enum").is_some() || s.get("format").is_some() {
            continue;
        }
        let Some(p) = s["pattern"].as_str() else {
            failures.push(format!("{at}: no pattern"));
            continue;
        };
        if let Err(e) = excludes_forbidden(p) {
            failures.push(format!("{at}: {p}: {e}"));
            continue;
        }
        if let Err(e) = jsonschema::validator_for(&json!({"type": "string", "pattern": p})) {
            failures.push(format!("{at}: {p} does not compile: {e}"));
        }
        patterned += 1;
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(
        patterned >= 40,
        "only {patterned} patterned strings: {all:?}"
    );
}

// ---------------------------------------------------------------------------------------
// The server: refused with the field named, nothing stored
// ---------------------------------------------------------------------------------------

/// The characters each free-text field is tried with.
const HOSTILE: [&str; 8] = [
    "Ada\u{202E}ecalevoL",
    "Ada\u{0}",
    "Ada\r\nX-Injected: 1",
    "Ada\u{7F}",
    "Ada\u{0B}",
    "Ada\u{85}",
    "Ada\u{2066}x\u{2069}",
    "\u{1B}[31mAda",
];

fn detail(v: &Value) -> (String, String) {
    (
        v["details"][0]["field"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        v["details"][0]["code"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    )
}

/// The quick refill's card add (a located account, a tokenised card) with a hostile billing
/// name, street, unit or city: 400 naming the field, no card kept (nothing echoed back);
/// then the same card with clean billing is added.
#[tokio::test]
async fn a_quick_refill_card_with_control_characters_in_its_billing_is_refused() {
    let (cli, _sims) = crate::litepay::litepay_app(crate::litepay::unlimited(), false).await;
    let v = Visitor::new(&cli, None, "en").await;
    let (s, found) = v.lookup(&cli, "4045550201", "30309").await;
    assert_eq!(
        (s, found["outcome"].as_str()),
        (200, Some("found")),
        "{found}"
    );
    let r = cli
        .post("/sim/card-entry/tokenize")
        .body_json(
            &json!({"cardNumber": "4111111111111111", "expirationDate": "1230", "cvv": "123"}),
        )
        .send()
        .await;
    let card = json(r.0).await["cardDetails"].clone();
    let body = |field: &str, value: &str| {
        let mut billing = json!({"firstName": "Ada", "lastName": "Lovelace", "address": "12 Byron Row",
                                 "addressLine2": "", "city": "Atlanta", "state": "GA", "zipCode": "30309"});
        billing[field] = value.into();
        json!({
            "token": card["token"], "expirationDate": card["expirationDate"],
            "cardType": card["cardType"], "cardLast4Digits": card["cardLast4Digits"],
            "billing": billing,
        })
    };
    let fields = ["firstName", "lastName", "address", "addressLine2", "city"];
    for (i, hostile) in HOSTILE.iter().enumerate() {
        let field = fields[i % fields.len()];
        let (s, e) = v
            .send(
                &cli,
                "post",
                "/secure/litepay/payment-instrument",
                Some(body(field, hostile)),
                Some(Uuid::new_v4()),
            )
            .await;
        assert_eq!(
            (s, e["errorCode"].as_str()),
            (400, Some("VALIDATION_FAILED")),
            "{field} {hostile:?}: {e}"
        );
        assert_eq!(detail(&e), (field.to_owned(), "pattern".to_owned()), "{e}");
    }
    let (s, refill) = v
        .send(&cli, "get", "/secure/litepay/refill", None, None)
        .await;
    assert_eq!(s, 200, "{refill}");
    assert!(refill["card"].is_null(), "no card kept: {refill}");
    // the card itself is fine
    let (s, added) = v
        .send(
            &cli,
            "post",
            "/secure/litepay/payment-instrument",
            Some(body("firstName", "Ada")),
            Some(Uuid::new_v4()),
        )
        .await;
    assert_eq!(
        (s, added["outcome"].as_str()),
        (200, Some("added")),
        "{added}"
    );
}

/// The buy flow's customer update with a hostile name or e-mail: 400 naming the field, and
/// the customer stored before is unchanged.
#[tokio::test]
async fn a_customer_update_with_control_characters_is_refused_and_nothing_is_stored() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (cli, st) = client_for(config(Mode::Harness, &urls, 3000)).await;
    let (cookie, xsrf) = session(&cli).await;
    let put = |body: Value| {
        cli.put("/secure/api/v1/customer")
            .header(header::COOKIE, &cookie)
            .header("x-xsrf-token", &xsrf)
            .body_json(&body)
            .send()
    };
    let good = json!({"firstName": "Ana", "lastName": "Lopez", "email": "ana@example.com",
                      "confirmEmail": "ana@example.com", "tn": "4045550199"});
    put(good.clone()).await.assert_status_is_ok();
    let mut cases = Vec::new();
    for hostile in [
        "ana\u{0}@example.com",
        "ana@exa\u{202E}mple.com",
        "ana@example.com\u{85}",
    ] {
        cases.push(("email", hostile.to_owned()));
    }
    for hostile in ["Ana\u{202E}", "Ana\u{0}", "Ana\r\nLopez"] {
        cases.push(("firstName", hostile.to_owned()));
        cases.push(("lastName", hostile.to_owned()));
    }
    for (field, value) in cases {
        let mut b = good.clone();
        b[field] = value.clone().into();
        if field == "email" {
            b["confirmEmail"] = value.clone().into();
        }
        let e = assert_api_error(put(b).await, 400, "VALIDATION_FAILED").await;
        let named: Vec<&str> = e["details"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["field"].as_str().unwrap())
            .collect();
        assert!(named.contains(&field), "{field} {value:?}: {e}");
        assert!(
            e["details"]
                .as_array()
                .unwrap()
                .iter()
                .all(|d| d["code"] == "pattern"),
            "{e}"
        );
    }
    let id = cookie.trim_start_matches("pp_session=");
    let entries = st.store.load_session(id).await.unwrap().unwrap();
    let ctx_id = entries["ctx.buy"].as_str().unwrap().to_owned();
    let ctx: Value = st.store.get("buy", &ctx_id).await.unwrap().unwrap();
    assert_eq!(
        (
            ctx["customer"]["first_name"].as_str(),
            ctx["customer"]["last_name"].as_str(),
            ctx["customer"]["email"].as_str()
        ),
        (Some("Ana"), Some("Lopez"), Some("ana@example.com")),
        "{ctx}"
    );
}

// ---------------------------------------------------------------------------------------
// The lookup budgets: a fixed hour window, and Retry-After on every 429
// ---------------------------------------------------------------------------------------

const HOUR_MS: i64 = 3_600_000;

/// A clock the test moves forward, starting `into` the current hour window (so a test never
/// runs across a window's end unless it moves the clock there).
#[derive(Clone)]
struct TestClock(Arc<AtomicI64>);

impl TestClock {
    fn into_the_hour(into: Duration) -> (Self, Clock) {
        let now = chrono::Utc::now().timestamp_millis();
        let start = now - now.rem_euclid(HOUR_MS);
        let offset = Arc::new(AtomicI64::new(start + into.as_millis() as i64 - now));
        let o = offset.clone();
        let clock = Clock(Arc::new(move || {
            chrono::Utc::now() + chrono::Duration::milliseconds(o.load(Ordering::SeqCst))
        }));
        (Self(offset), clock)
    }

    fn advance(&self, d: Duration) {
        self.0.fetch_add(d.as_millis() as i64, Ordering::SeqCst);
    }
}

/// A harness BFF over the embedded simulators with these limits, the in-process peer trusted
/// as a proxy (so `X-Forwarded-For` names the client), and `clock`.
async fn limited_app(
    limits: LitepayLimits,
    clock: Clock,
    tweak: impl FnOnce(&mut bff::config::Config),
) -> (Client, Arc<AppState>, simulators::Embedded) {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let mut cfg = config(Mode::Harness, &urls, 3000);
    cfg.litepay = limits;
    cfg.trusted_proxies = TrustedProxies::parse("0.0.0.0/32").unwrap();
    tweak(&mut cfg);
    let st = test_state(cfg, urls, clock).await;
    (TestClient::new(endpoint(st.clone()).boxed()), st, sims)
}

/// A fresh client address per run: the Redis counters outlive the test.
fn fresh_address() -> String {
    let b = Uuid::new_v4();
    let b = b.as_bytes();
    format!("10.{}.{}.{}", b[0], b[1], b[2])
}

/// One lookup from `addr` in the session `(cookie, xsrf)`: status, `Retry-After`, body.
async fn lookup(
    cli: &Client,
    (cookie, xsrf): &(String, String),
    addr: &str,
) -> (u16, Option<u64>, Value) {
    let r = cli
        .post(LOOKUP)
        .header(header::COOKIE, cookie)
        .header("x-xsrf-token", xsrf)
        .header("trackingid", Uuid::new_v4().to_string())
        .header("x-forwarded-for", addr)
        .body_json(&json!({"phone": "4045559999", "zip": "30309"}))
        .send()
        .await;
    let status = r.0.status().as_u16();
    let retry = retry_after(&r.0);
    (status, retry, json(r.0).await)
}

/// `Retry-After` as whole seconds (`None` when absent; a panic when not a number).
fn retry_after(r: &poem::Response) -> Option<u64> {
    r.headers().get(header::RETRY_AFTER).map(|v| {
        v.to_str()
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("Retry-After {v:?} is not delay-seconds"))
    })
}

/// Item 11: 30 lookups an hour per address (`BFF_LITEPAY_LOOKUPS_PER_HOUR`), counted over the
/// hour and not refilled as it goes: spread over 22 minutes, the 31st is 429 `RATE_LIMITED`
/// with `Retry-After` the rest of the window; the budget is back once the window is over;
/// another address was never affected.
#[tokio::test]
async fn the_31st_lookup_within_the_hour_from_one_address_is_429_until_the_window_ends() {
    let (clock, c) = TestClock::into_the_hour(Duration::from_secs(600));
    let limits = LitepayLimits {
        session_per_hour: 0,
        address_per_hour: 30,
        min_answer: Duration::ZERO,
    };
    let (cli, _st, _sims) = limited_app(limits, c, |_| {}).await;
    let s = session(&cli).await;
    let addr = fresh_address();
    for i in 0..30 {
        if i % 10 == 9 {
            // 22 minutes in all: a bucket refilling one every 2 minutes would take 11 more
            clock.advance(Duration::from_secs(22 * 60 / 3));
        }
        let (status, _, body) = lookup(&cli, &s, &addr).await;
        assert_eq!(status, 200, "lookup {}: {body}", i + 1);
    }
    // now 10 + 22 minutes into the window: 28 minutes left
    let (status, retry, body) = lookup(&cli, &s, &addr).await;
    assert_eq!(
        (status, body["errorCode"].as_str()),
        (429, Some("RATE_LIMITED")),
        "{body}"
    );
    let retry = retry.expect("Retry-After on the lookup's 429");
    assert!(
        (28 * 60 - 30..=28 * 60).contains(&retry),
        "Retry-After {retry}: the window's remaining time (28 min)"
    );
    // refused lookups do not push the window further
    clock.advance(Duration::from_secs(27 * 60));
    let (status, retry, _) = lookup(&cli, &s, &addr).await;
    assert_eq!(status, 429);
    assert!(retry.is_some_and(|r| (1..=60).contains(&r)), "{retry:?}");
    // another address has its own budget
    assert_eq!(lookup(&cli, &s, &fresh_address()).await.0, 200);
    // the next window
    clock.advance(Duration::from_secs(61));
    let (status, _, body) = lookup(&cli, &s, &addr).await;
    assert_eq!(status, 200, "the budget is back after the window: {body}");
}

/// Item 11: 10 lookups an hour per session (`BFF_LITEPAY_SESSION_LOOKUPS_PER_HOUR`), whatever
/// the address; the 11th is 429 with `Retry-After`; back in the next window.
#[tokio::test]
async fn the_session_lookup_budget_is_an_hour_window_too() {
    let (clock, c) = TestClock::into_the_hour(Duration::from_secs(30 * 60));
    let limits = LitepayLimits {
        session_per_hour: 10,
        address_per_hour: 0,
        min_answer: Duration::ZERO,
    };
    let (cli, _st, _sims) = limited_app(limits, c, |_| {}).await;
    let s = session(&cli).await;
    for i in 0..10 {
        clock.advance(Duration::from_secs(120));
        let (status, _, body) = lookup(&cli, &s, &fresh_address()).await;
        assert_eq!(status, 200, "lookup {}: {body}", i + 1);
    }
    // 50 minutes into the window
    let (status, retry, body) = lookup(&cli, &s, &fresh_address()).await;
    assert_eq!(
        (status, body["errorCode"].as_str()),
        (429, Some("RATE_LIMITED")),
        "{body}"
    );
    let retry = retry.expect("Retry-After on the lookup's 429");
    assert!(
        (10 * 60 - 30..=10 * 60).contains(&retry),
        "Retry-After {retry}"
    );
    clock.advance(Duration::from_secs(10 * 60 + 1));
    assert_eq!(lookup(&cli, &s, &fresh_address()).await.0, 200);
}

/// Item 11: with Redis (`BFF_TEST_REDIS_URL`), two instances share one address budget: 30
/// lookups alternating between them, then both refuse. (In memory each instance counts its
/// own: skipped.)
#[tokio::test]
async fn two_instances_over_redis_share_the_lookup_budget() {
    if std::env::var("BFF_TEST_REDIS_URL").map_or(true, |u| u.is_empty()) {
        return;
    }
    let (_clock, c) = TestClock::into_the_hour(Duration::from_secs(600));
    let limits = LitepayLimits {
        session_per_hour: 0,
        address_per_hour: 30,
        min_answer: Duration::ZERO,
    };
    let (a, _sa, _sims_a) = limited_app(limits.clone(), c.clone(), |_| {}).await;
    let (b, _sb, _sims_b) = limited_app(limits, c, |_| {}).await;
    let (sa, sb) = (session(&a).await, session(&b).await);
    let addr = fresh_address();
    for i in 0..30 {
        let (cli, s) = if i % 2 == 0 { (&a, &sa) } else { (&b, &sb) };
        assert_eq!(lookup(cli, s, &addr).await.0, 200, "lookup {}", i + 1);
    }
    for (cli, s) in [(&a, &sa), (&b, &sb)] {
        let (status, retry, _) = lookup(cli, s, &addr).await;
        assert_eq!(status, 429);
        assert!(retry.is_some());
    }
}

/// Item 11: every 429 the BFF sends carries `Retry-After` (delay-seconds, at least 1): the
/// per-session and per-address limits of state-changing requests, the new-session limit, the
/// lookups; and the contract declares it on every 429 answer.
#[tokio::test]
async fn every_429_carries_retry_after() {
    let spec: Value = serde_json::from_str(&bff::api::openapi_spec()).unwrap();
    let mut declared = 0;
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            if let Some(r) = op["responses"].get("429") {
                let h = &r["headers"]["Retry-After"];
                assert_eq!(h["required"], true, "{method} {path}: {r}");
                assert_eq!(h["schema"]["type"], "integer", "{method} {path}: {r}");
                declared += 1;
            }
        }
    }
    assert!(declared >= 20, "{declared} operations declare a 429");

    let (_clock, c) = TestClock::into_the_hour(Duration::from_secs(600));
    let limits = LitepayLimits {
        session_per_hour: 1,
        address_per_hour: 0,
        min_answer: Duration::ZERO,
    };
    let (cli, _st, _sims) = limited_app(limits, c, |cfg| {
        cfg.rate_limit_session_per_min = 3;
        cfg.rate_limit_per_min = 6;
        cfg.session_create_per_min = 3;
    })
    .await;
    let check = |what: &str, r: &poem::Response| {
        assert_eq!(r.status().as_u16(), 429, "{what}");
        let secs = retry_after(r).unwrap_or_else(|| panic!("{what}: no Retry-After"));
        assert!((1..=3600).contains(&secs), "{what}: Retry-After {secs}");
    };
    // the lookups (one per session an hour here)
    let addr = fresh_address();
    let s = session(&cli).await;
    assert_eq!(lookup(&cli, &s, &addr).await.0, 200);
    let (status, retry, body) = lookup(&cli, &s, &addr).await;
    assert_eq!(status, 429, "{body}");
    assert!(retry.is_some_and(|r| r >= 1), "lookup: {retry:?}");
    // the session's state-changing requests (3 a minute; 2 spent by the lookups)
    let put = |s: &(String, String), addr: &str| {
        cli.put("/secure/api/v1/cart")
            .header(header::COOKIE, &s.0)
            .header("x-xsrf-token", &s.1)
            .header("x-forwarded-for", addr)
            .body_json(&json!({"promoInCart": false}))
            .send()
    };
    let r = put(&s, &addr).await;
    assert_ne!(r.0.status().as_u16(), 429);
    check("per session", &put(&s, &addr).await.0);
    // the address's (6 a minute): POSTs without a session
    let other = fresh_address();
    let post = |addr: &str| {
        cli.post("/secure/logout")
            .header("x-forwarded-for", addr)
            .send()
    };
    for _ in 0..6 {
        assert_ne!(post(&other).await.0.status().as_u16(), 429);
    }
    check("per address", &post(&other).await.0);
    // new sessions (3 a minute per address)
    let third = fresh_address();
    let token = || cli.get("/token").header("x-forwarded-for", &third).send();
    for _ in 0..3 {
        token().await.assert_status_is_ok();
    }
    check("new sessions", &token().await.0);
}
