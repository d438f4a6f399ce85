//! Masking of recorded upstream exchanges by rule (ARCHITECTURE.md "Record and replay",
//! issue 15 §4): what the record mode ([`super::record`]) does to every query, body and
//! answer before a byte reaches the file. The rules, by field name (compared in lower case
//! without `_` and `-`) on string values, then by value anywhere:
//!
//! | what | rule | becomes |
//! |---|---|---|
//! | card number | key holds `cardnumber`, or is `pan`, `ccnumber`; any other 13 to 19 digits passing Luhn (not under an id or account key) | `*` for every digit but the last 4 |
//! | PIN | key `pin`, ending in `pin`, or `pinnumber`, `pincode` | the same: last 4 |
//! | phone | key holds `phone` or `mobile` (not `verified`, `optin`, `matching`), or is `tn`, `msisdn` | the same: last 4 |
//! | token, secret | key holds `token` (not `tokentype`), `password`, `secret`, `cvv`, `cvc`, `securitycode`, `verifier`, `apikey`, `authorization`, or ends in `sessionid`; a form's `code` (an authorization code) | [`MASKED`] |
//! | e-mail | any value `local@domain.tld` | [`EMAIL`] |
//! | name | key ending in `firstname` / `lastname` / `middlename`; `fullname`, `customername`, `cardholdername`, `nameoncard`, `accountname`; `loginid` | [`FIRST_NAME`] / [`LAST_NAME`] / `Q` / [`FULL_NAME`]; [`LOGIN`] |
//! | street line | key ending in `addressline1`, or `street`, `streetaddress`, `address1`, `line1`, `serviceaddress`, `address` (a string); ending in `addressline2`, or `address2`, `line2`; `housenumber`; a query's `q` (the address search) | [`STREET`]; [`UNIT`] (kept empty when empty); `100`; [`STREET`] |
//!
//! Empty strings stay empty and a number stays a number (its last 4 digits), so fields keep
//! their shape. Every rule's result is a
//! fixed point (masking twice changes nothing), so masked answers compare. City, state,
//! zip, account numbers, location ids and codes are kept: the replay needs them and they are
//! not personal on their own. Headers are never recorded.

use serde_json::Value;

/// A token, secret or authorization code.
pub const MASKED: &str = "MASKED";
/// Every e-mail address.
pub const EMAIL: &str = "customer@example.com";
/// First names.
pub const FIRST_NAME: &str = "Alex";
/// Last names.
pub const LAST_NAME: &str = "Sample";
/// Full names.
pub const FULL_NAME: &str = "Alex Sample";
/// Login ids.
pub const LOGIN: &str = "sample-login";
/// First street lines.
pub const STREET: &str = "100 Sample St";
/// Second street lines (units).
pub const UNIT: &str = "Unit 1";

/// What a field's name says its value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    LastFour,
    Secret,
    First,
    Last,
    Middle,
    Full,
    Login,
    Street,
    Unit,
    House,
    /// No rule by name: only the value rules (e-mail, card number).
    Other,
    /// An id or account number: only the e-mail rule.
    Id,
}

fn norm(key: &str) -> String {
    key.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

fn kind(key: &str) -> Kind {
    let k = norm(key);
    let has = |part: &str| k.contains(part);
    let card = has("cardnumber") || k == "pan" || k == "ccnumber";
    let pin = k == "pin" || k.ends_with("pin") || k == "pinnumber" || k == "pincode";
    let phone = (has("phone") || has("mobile") || k == "tn" || k == "msisdn")
        && !has("verified")
        && !has("optin")
        && !has("matching");
    if card || pin || phone {
        Kind::LastFour
    } else if (has("token") && k != "tokentype")
        || [
            "password",
            "secret",
            "cvv",
            "cvc",
            "securitycode",
            "verifier",
            "apikey",
            "authorization",
        ]
        .iter()
        .any(|p| has(p))
        || k.ends_with("sessionid")
    {
        Kind::Secret
    } else if k.ends_with("firstname") {
        Kind::First
    } else if k.ends_with("lastname") {
        Kind::Last
    } else if k.ends_with("middlename") {
        Kind::Middle
    } else if [
        "fullname",
        "customername",
        "cardholdername",
        "nameoncard",
        "accountname",
    ]
    .contains(&k.as_str())
    {
        Kind::Full
    } else if k == "loginid" {
        Kind::Login
    } else if k.ends_with("addressline1")
        || [
            "street",
            "streetaddress",
            "address1",
            "line1",
            "serviceaddress",
            "address",
        ]
        .contains(&k.as_str())
    {
        Kind::Street
    } else if k.ends_with("addressline2") || k == "address2" || k == "line2" {
        Kind::Unit
    } else if k == "housenumber" {
        Kind::House
    } else if k.ends_with("id") || has("account") || k.ends_with("no") || has("number") {
        Kind::Id
    } else {
        Kind::Other
    }
}

/// Every digit but the last 4 replaced by `*` (other characters kept).
pub fn last_four(value: &str) -> String {
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let mut seen = 0;
    value
        .chars()
        .map(|c| {
            if c.is_ascii_digit() {
                seen += 1;
                if seen + 4 <= digits { '*' } else { c }
            } else {
                c
            }
        })
        .collect()
}

/// Whether `value` is an e-mail address (`local@domain.tld`, no spaces).
pub fn is_email(value: &str) -> bool {
    let v = value.trim();
    match v.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !v.contains(char::is_whitespace)
                && !domain.contains('@')
                && domain
                    .rsplit_once('.')
                    .is_some_and(|(d, tld)| !d.is_empty() && tld.len() >= 2)
        }
        None => false,
    }
}

/// Whether `value` is a card number: 13 to 19 digits (spaces and dashes between) passing
/// the Luhn check.
pub fn is_card_number(value: &str) -> bool {
    if !value
        .chars()
        .all(|c| c.is_ascii_digit() || c == ' ' || c == '-')
    {
        return false;
    }
    let digits: Vec<u32> = value.chars().filter_map(|c| c.to_digit(10)).collect();
    if !(13..=19).contains(&digits.len()) {
        return false;
    }
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| {
            if i % 2 == 1 {
                let x = d * 2;
                if x > 9 { x - 9 } else { x }
            } else {
                *d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// The masked form of the string `value` held under `key`.
fn string(key: Option<&str>, value: &str) -> String {
    if value.is_empty() {
        return String::new();
    }
    let kind = key.map_or(Kind::Other, kind);
    match kind {
        Kind::LastFour => return last_four(value),
        Kind::Secret => return MASKED.into(),
        Kind::First => return FIRST_NAME.into(),
        Kind::Last => return LAST_NAME.into(),
        Kind::Middle => return "Q".into(),
        Kind::Full => return FULL_NAME.into(),
        Kind::Login if !is_email(value) => return LOGIN.into(),
        Kind::Street => return STREET.into(),
        Kind::Unit => return UNIT.into(),
        Kind::House => return "100".into(),
        Kind::Login | Kind::Other | Kind::Id => {}
    }
    if is_email(value) {
        EMAIL.into()
    } else if kind == Kind::Id {
        value.to_owned()
    } else {
        text(value)
    }
}

/// Masks a JSON value in place: object fields by their names, then strings by value.
pub fn json(value: &mut Value) {
    walk(None, value);
}

fn walk(key: Option<&str>, value: &mut Value) {
    match value {
        Value::String(s) => *s = string(key, s),
        Value::Array(items) => items.iter_mut().for_each(|v| walk(key, v)),
        Value::Object(fields) => fields.iter_mut().for_each(|(k, v)| walk(Some(k), v)),
        // a number keeps its type (a strict reader still decodes it): its last 4 digits
        Value::Number(n) if key.map(kind) == Some(Kind::LastFour) => {
            if let Some(u) = n.as_u64() {
                *value = Value::from(u % 10_000);
            } else {
                *value = Value::from(0);
            }
        }
        _ => {}
    }
}

/// The fields of a form body (`a=1&b=2`), masked: as [`json`], and `code` (an OAuth
/// authorization code) is a secret too.
pub fn form(bytes: &[u8]) -> Value {
    let fields = form_urlencoded::parse(bytes)
        .into_owned()
        .map(|(k, v)| {
            let masked = if norm(&k) == "code" && !v.is_empty() {
                MASKED.to_owned()
            } else {
                string(Some(&k), &v)
            };
            (k, Value::String(masked))
        })
        .collect();
    Value::Object(fields)
}

/// A query string with each parameter masked as a field of that name; `q` (what the
/// customer typed in the address search) is a street line.
pub fn query(query: &str) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        let masked = if k == "q" && !v.is_empty() {
            STREET.to_owned()
        } else if norm(&k) == "code" && !v.is_empty() {
            MASKED.to_owned()
        } else {
            string(Some(&k), &v)
        };
        out.append_pair(&k, &masked);
    }
    out.finish()
}

/// Free text (a non-JSON answer, e.g. an HTML page, or a string under no rule's key):
/// e-mail addresses found as words and card numbers found anywhere (digits with single
/// spaces or dashes between) are replaced.
pub fn text(text: &str) -> String {
    cards_in(&emails_in(text))
}

/// Every run of 13 to 19 digits (single spaces or dashes between) passing Luhn, to its
/// last 4.
fn cards_in(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() || (i > 0 && chars[i - 1].is_ascii_digit()) {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        // the longest run from i: digits, with one separator between two digits
        let mut end = i;
        let mut j = i;
        while j < chars.len() {
            if chars[j].is_ascii_digit() {
                end = j + 1;
                j += 1;
            } else if (chars[j] == ' ' || chars[j] == '-')
                && j + 1 < chars.len()
                && chars[j + 1].is_ascii_digit()
                && chars[j - 1].is_ascii_digit()
            {
                j += 1;
            } else {
                break;
            }
        }
        let run: String = chars[i..end].iter().collect();
        if is_card_number(&run) {
            out.push_str(&last_four(&run));
        } else {
            out.push_str(&run);
        }
        i = end;
    }
    out
}

fn emails_in(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let trimmed = word.trim_matches(|c: char| "<>\"'(),;:.!?".contains(c));
        if is_email(trimmed) {
            out.push_str(&word.replace(trimmed, EMAIL));
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_whitespace() {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The address search's answer (`string[]`: the match count, the query echo, then
/// addresses): every entry after the count becomes [`STREET`].
pub fn suggestions(value: &mut Value) {
    if let Value::Array(items) = value {
        for item in items.iter_mut().skip(1) {
            if let Value::String(s) = item
                && !s.is_empty()
            {
                *s = STREET.into();
            }
        }
    }
    json(value);
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const CARD: &str = "4111111111111111";
    const PHONE: &str = "4045550123";
    const MAIL: &str = "sam.rivera@mail.test";

    fn masked(mut v: Value) -> Value {
        json(&mut v);
        v
    }

    #[test]
    fn cards_pins_and_phones_keep_their_last_four() {
        let v = masked(json!({
            "cardNumber": CARD, "pin": "200000000002", "refillPin": "123456789012",
            "phoneNo": PHONE, "mobile_no": "(404) 555-0188", "tn": 4045550177u64,
            "note": "4010 1175 0000 0007", "cardLast4Digits": "4444",
        }));
        assert_eq!(v["cardNumber"], "************1111");
        assert_eq!(v["pin"], "********0002");
        assert_eq!(v["refillPin"], "********9012");
        assert_eq!(v["phoneNo"], "******0123");
        assert_eq!(v["mobile_no"], "(***) ***-0188");
        assert_eq!(
            v["tn"], 177,
            "a number keeps its type and its last 4 digits"
        );
        assert_eq!(v["note"], "**** **** **** 0007", "a card number by value");
        assert_eq!(v["cardLast4Digits"], "4444");
    }

    #[test]
    fn tokens_secrets_and_codes_are_replaced() {
        let v = masked(json!({
            "access_token": "at-123", "id_token": "it-456", "paymentInstToken": "tok-789",
            "token_type": "Bearer", "cvv": "123", "digitalSessionId": "ds-1",
            "code": "PLAN-7",
        }));
        for k in [
            "access_token",
            "id_token",
            "paymentInstToken",
            "cvv",
            "digitalSessionId",
        ] {
            assert_eq!(v[k], MASKED, "{k}");
        }
        assert_eq!(v["token_type"], "Bearer");
        assert_eq!(v["code"], "PLAN-7", "a JSON code (a business code) is kept");
        let f = form(b"grant_type=authorization_code&code=abc123&code_verifier=xyz&client_id=prepaid-digital");
        assert_eq!(f["code"], MASKED);
        assert_eq!(f["code_verifier"], MASKED);
        assert_eq!(f["grant_type"], "authorization_code");
        assert_eq!(f["client_id"], "prepaid-digital");
    }

    #[test]
    fn emails_names_and_streets_get_stand_ins() {
        let v = masked(json!({
            "emailAddress": MAIL, "contact": {"other": "x"}, "notes": [MAIL],
            "emailVerified": "false",
            "name": {"firstName": "Ana", "lastName": "López", "middleName": "M"},
            "chosenFirstName": "Alexis", "idcmtLastName": "Ruiz", "customerName": "Ana López",
            "loginID": "ana.lopez",
            "address": {"addressLine1": "1200 Peachtree St", "addressLine2": "Apt 12",
                        "city": "Atlanta", "state": "GA", "zip": "30309"},
            "street": "845 Spring St NW", "serviceAddress": "1 Main St", "houseNumber": "1200",
            "accountId": "8993100000000101", "locationId": "LOC-30309-0001",
            "productName": "Internet", "unit2": "",
        }));
        assert_eq!(v["emailAddress"], EMAIL);
        assert_eq!(v["notes"][0], EMAIL);
        assert_eq!(v["emailVerified"], "false");
        assert_eq!(v["name"]["firstName"], FIRST_NAME);
        assert_eq!(v["name"]["lastName"], LAST_NAME);
        assert_eq!(v["name"]["middleName"], "Q");
        assert_eq!(v["chosenFirstName"], FIRST_NAME);
        assert_eq!(v["idcmtLastName"], LAST_NAME);
        assert_eq!(v["customerName"], FULL_NAME);
        assert_eq!(v["loginID"], LOGIN);
        assert_eq!(v["address"]["addressLine1"], STREET);
        assert_eq!(v["address"]["addressLine2"], UNIT);
        assert_eq!(v["address"]["city"], "Atlanta");
        assert_eq!(v["address"]["zip"], "30309");
        assert_eq!(v["street"], STREET);
        assert_eq!(v["serviceAddress"], STREET);
        assert_eq!(v["houseNumber"], "100");
        assert_eq!(v["accountId"], "8993100000000101", "ids are kept");
        assert_eq!(v["locationId"], "LOC-30309-0001");
        assert_eq!(v["productName"], "Internet");
    }

    #[test]
    fn queries_forms_and_text_are_masked_too() {
        let q = query(
            "addressLine1=1200+Peachtree+St&addressLine2=&zip=30309&q=1200+peach&phone=4045550123&email=sam%40mail.test",
        );
        for secret in ["Peachtree", "peach", "4045550123", "sam"] {
            assert!(!q.contains(secret), "{q}");
        }
        assert!(
            q.contains("zip=30309") && q.contains("addressLine2=&"),
            "{q}"
        );
        let t = text("<p>Mail sam.rivera@mail.test or pay with 4111 1111 1111 1111.</p>");
        assert_eq!(
            t,
            "<p>Mail customer@example.com or pay with **** **** **** 1111.</p>"
        );
        let t = text("order 12345, card 5555-5555-5555-4444, mail a@b.co.");
        assert_eq!(
            t,
            "order 12345, card ****-****-****-4444, mail customer@example.com."
        );
        let v = masked(
            json!({"note": "card 4111111111111111 on file", "accountId": "4111111111111111"}),
        );
        assert_eq!(v["note"], "card ************1111 on file");
        assert_eq!(v["accountId"], "4111111111111111", "an id is kept");
        let mut s = json!(["2", "1200 peach", "1200 Peachtree St, Atlanta, GA 30309"]);
        suggestions(&mut s);
        assert_eq!(s, json!(["2", STREET, STREET]));
    }

    #[test]
    fn masking_twice_changes_nothing() {
        let once = masked(json!({
            "cardNumber": CARD, "phone": PHONE, "email": MAIL, "firstName": "Ana",
            "addressLine1": "1200 Peachtree St", "token": "t", "pin": "1234567",
        }));
        assert_eq!(masked(once.clone()), once);
        assert_eq!(
            query(&query("q=x&phone=4045550123")),
            query("q=x&phone=4045550123")
        );
    }

    #[test]
    fn recognisers() {
        assert!(is_card_number("5555 5555 5555 4444"));
        assert!(!is_card_number("5555 5555 5555 4445"), "Luhn");
        assert!(!is_card_number("30309"));
        assert!(
            is_email("a@b.co") && !is_email("a@b") && !is_email("@b.co") && !is_email("a b@c.de")
        );
        assert_eq!(last_four("12"), "12");
    }
}
