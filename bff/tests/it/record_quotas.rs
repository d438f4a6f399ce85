//! Capacity one client cannot use up: the hourly quotas of requests carrying an
//! `Idempotency-Key` (`BFF_KEYED_PER_SESSION_PER_HOUR`, `BFF_KEYED_PER_ADDRESS_PER_HOUR`;
//! `http::rate_limit`), and the short life of an anonymous flow's records (`Store::
//! idempotent_keeping`). One located quick-refill visitor, then a crowd of them from its
//! address, send card adds with new keys: past the quotas they get 429 with `Retry-After`,
//! the store never refuses a record, and a signed-in customer elsewhere adds a card as
//! usual.

use std::time::Duration;

use bff::{config::Mode, config::UpstreamUrls, http::rate_limit::TrustedProxies};
use bff::{startup::endpoint, state::Clock};
use poem::{EndpointExt, http::header, test::TestClient};
use serde_json::json;
use uuid::Uuid;

use crate::common::*;
use crate::litepay::{Visitor, unlimited};
use crate::refill::Refiller;

/// Card adds of `v` with new keys: (accepted, refused with 429, anything else).
async fn adds(cli: &Client, v: &Visitor, n: usize) -> (usize, usize, Vec<u16>) {
    let (mut ok, mut limited, mut other) = (0, 0, Vec::new());
    for _ in 0..n {
        match v.add_card(cli, "5555555555554444").await {
            (200, _) => ok += 1,
            (429, b) => {
                assert_eq!(b["errorCode"], "RATE_LIMITED", "{b}");
                limited += 1;
            }
            (s, _) => other.push(s),
        }
    }
    (ok, limited, other)
}

#[tokio::test]
async fn one_client_cannot_fill_the_idempotency_records() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let mut cfg = config(Mode::Harness, &urls, 3000);
    cfg.litepay = unlimited();
    cfg.trusted_proxies = TrustedProxies::parse("0.0.0.0/32").unwrap();
    cfg.keyed_per_session_per_hour = 30;
    cfg.keyed_per_address_per_hour = 300;
    // without the quotas the crowd below stores 1,000+ records and fills this bound
    cfg.store.max_memory_entries = 600;
    let st = test_state(cfg, urls, Clock::system()).await;
    let cli = TestClient::new(endpoint(st.clone()).boxed());

    let attacker = "203.0.113.7".to_owned();
    let mut first = Visitor::new(&cli, None, "en").await;
    first.forwarded = Some(attacker.clone());
    assert_eq!(first.lookup(&cli, "4045550201", "30309").await.0, 200);
    let (ok, limited, other) = adds(&cli, &first, 60).await;
    assert_eq!((ok, limited, other), (30, 30, vec![]));
    // the refusal says when to come back
    let r = cli
        .post("/secure/litepay/payment-instrument")
        .header(header::COOKIE, first.b.cookies())
        .header("x-xsrf-token", &first.b.xsrf)
        .header("x-forwarded-for", &attacker)
        .header("Idempotency-Key", Uuid::new_v4().to_string())
        .body_json(&json!({}))
        .send()
        .await;
    assert_eq!(r.0.status().as_u16(), 429);
    let wait: u64 = r.0.headers()[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=3600).contains(&wait), "{wait}");

    // a crowd of new sessions from the same address: the address's quota ends them
    let (mut crowd_ok, mut crowd_limited) = (0, 0);
    for _ in 0..15 {
        let mut v = Visitor::new(&cli, None, "en").await;
        v.forwarded = Some(attacker.clone());
        let _ = v.lookup(&cli, "4045550201", "30309").await;
        let (ok, limited, other) = adds(&cli, &v, 40).await;
        assert!(other.is_empty(), "never a 5xx: {other:?}");
        crowd_ok += ok;
        crowd_limited += limited;
    }
    assert!(ok + crowd_ok <= 300, "{crowd_ok}");
    assert!(crowd_limited >= 300, "{crowd_limited}");

    // nobody else notices: a signed-in customer (another address) adds a card
    let owner = Refiller::in_run(&cli, "owner-one", None, None, &Uuid::new_v4().to_string()).await;
    owner.add_card(&cli, "4111111111111111").await;
    if let Some((_, _, idempotency)) = st.store.memory_counts() {
        assert!(idempotency < 600, "{idempotency} records");
    }
    // the anonymous records live as long as a flow context, not 24 h
    assert!(st.store.config().context_ttl < Duration::from_secs(3600));
}
