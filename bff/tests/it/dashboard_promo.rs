//! `getDashboard`'s `promo` (seed 001 §9 "a valid promo's first discount id is on the
//! configured promo list, start date passed, end date empty or passed; winback list is a
//! subset", §6 "Winback and refill promo banners need a valid promo and an active account"):
//! the promotions service is a mock answering each case, every other service the embedded
//! simulators. The rule is `domain::dashboard::dashboard_promo`; this proves the answer uses it.

use bff::{
    config::{Mode, UpstreamUrls},
    domain::dashboard::{REFILL_PROMO, WINBACK_PROMO},
    startup::endpoint,
    state::Clock,
};
use chrono::{Duration, Utc};
use poem::{EndpointExt, test::TestClient};
use serde_json::{Value, json};
use upstream::service::Service;
use wiremock::{Mock, MockServer, ResponseTemplate, matchers::method};

use crate::{common::*, signin::Browser};

/// The one account of `owner-one` (open, 20 days left).
const ACTIVE: &str = "8993100000000101";
/// The one account of `deactivated` (closed, reconnect-eligible).
const DEACTIVATED: &str = "8993100000000501";

/// A promotions date `days` from now (`YYYYMMDDHHMMSS`, UTC).
fn day(days: i64) -> String {
    (Utc::now() + Duration::days(days))
        .format("%Y%m%d%H%M%S")
        .to_string()
}

fn disc(id: &str, start: i64, end: Option<&str>) -> Value {
    let mut d = json!({"discId": id, "discStartDate": day(start), "offerType": "DISCOUNT"});
    if let Some(e) = end {
        d["discEndDate"] = json!(e);
    }
    d
}

/// The dashboard's `promo` for `account` of `identity` while the promotions service answers
/// `discounts`.
async fn promo_of(
    cli: &Client,
    mock: &MockServer,
    identity: &str,
    account: &str,
    discounts: Value,
) -> Value {
    mock.reset().await;
    Mock::given(method("POST"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"prepaidPromotions": {"discounts": discounts}})),
        )
        .mount(mock)
        .await;
    let mut b = Browser::new(cli).await;
    b.sign_in(cli, identity).await;
    let r = b
        .get(cli, &format!("/secure2/accounts/{account}/dashboard"))
        .await;
    r.assert_status_is_ok();
    let d = json(r.0).await;
    assert_eq!(d["next"], "show", "{d}");
    d.get("promo").cloned().unwrap_or(Value::Null)
}

#[tokio::test]
async fn the_dashboard_promo_is_the_first_discount_when_valid_and_the_account_active() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let mock = MockServer::start().await;
    let mut urls = UpstreamUrls::under(&sims.base_url);
    urls.set(Service::Promotions, mock.uri());
    let st = test_state(config(Mode::Harness, &urls, 3000), urls, Clock::system()).await;
    let cli: Client = TestClient::new(endpoint(st).boxed());
    let passed = day(-1);
    let ahead = day(30);
    let cases: [(&str, &str, Value, Value); 9] = [
        (
            "refill, started, no end",
            ACTIVE,
            json!([disc(REFILL_PROMO, -10, None)]),
            json!({"id": REFILL_PROMO, "winback": false}),
        ),
        (
            "winback (the winback list), empty end",
            ACTIVE,
            json!([disc(WINBACK_PROMO, -10, Some(""))]),
            json!({"id": WINBACK_PROMO, "winback": true}),
        ),
        (
            "end not yet passed",
            ACTIVE,
            json!([disc(REFILL_PROMO, -10, Some(&ahead))]),
            json!({"id": REFILL_PROMO, "winback": false}),
        ),
        (
            "only the first discount counts: another id first",
            ACTIVE,
            json!([
                disc("P_NEWCUST35OFF_0126", -10, None),
                disc(REFILL_PROMO, -10, None)
            ]),
            Value::Null,
        ),
        (
            "only the first discount counts: a valid one first",
            ACTIVE,
            json!([
                disc(WINBACK_PROMO, -10, None),
                disc(REFILL_PROMO, -10, None)
            ]),
            json!({"id": WINBACK_PROMO, "winback": true}),
        ),
        (
            "not started",
            ACTIVE,
            json!([disc(REFILL_PROMO, 2, None)]),
            Value::Null,
        ),
        (
            "ended",
            ACTIVE,
            json!([disc(REFILL_PROMO, -10, Some(&passed))]),
            Value::Null,
        ),
        ("no discounts", ACTIVE, json!([]), Value::Null),
        (
            "a valid promo, but the account is deactivated",
            DEACTIVATED,
            json!([disc(REFILL_PROMO, -10, None)]),
            Value::Null,
        ),
    ];
    for (case, account, discounts, want) in cases {
        let identity = if account == ACTIVE {
            "owner-one"
        } else {
            "deactivated"
        };
        let got = promo_of(&cli, &mock, identity, account, discounts).await;
        assert_eq!(got, want, "{case}");
    }
}

/// Seed 001 §4: the promotions are not among the required calls (token, content, cart
/// content, identity, dashboard, aux account), so their failure shows the dashboard without
/// a promotion, never the error page.
#[tokio::test]
async fn a_failed_promotions_lookup_shows_the_dashboard_without_a_promotion() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let mock = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&mock)
        .await;
    let mut urls = UpstreamUrls::under(&sims.base_url);
    urls.set(Service::Promotions, mock.uri());
    let st = test_state(config(Mode::Harness, &urls, 3000), urls, Clock::system()).await;
    let cli: Client = TestClient::new(endpoint(st).boxed());
    let mut b = Browser::new(&cli).await;
    b.sign_in(&cli, "owner-one").await;
    let r = b
        .get(&cli, &format!("/secure2/accounts/{ACTIVE}/dashboard"))
        .await;
    r.assert_status_is_ok();
    let d = json(r.0).await;
    assert_eq!(
        (d["next"].as_str(), d["status"].as_str()),
        (Some("show"), Some("active")),
        "{d}"
    );
    assert!(d.get("promo").is_none(), "{d}");
    assert_eq!(mock.received_requests().await.unwrap().len(), 1);
}
