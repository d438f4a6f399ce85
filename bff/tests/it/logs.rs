//! Issue 9 item 11: the BFF's log, captured at TRACE, holds no card number, card token,
//! e-mail, phone, name or street over a whole purchase and over upstream failures (the
//! failure line once carried the upstream URL with its query: street, digital session id).
//!
//! The capture is the test thread's default subscriber (`set_default`) and the test runs on a
//! current-thread runtime, so every task of the BFF and of the in-process simulators logs into
//! it and nothing of the tests running in parallel does. The simulators' own lines are left
//! out: in production they are the provider's services, not this process.

use crate::{
    buy::{Buyer, app, submit_body},
    common::*,
};
use bff::config::UpstreamUrls;
use serde_json::json;
use upstream::service::Service;

/// A listener that accepts and drops every connection: each call to it is a reset.
async fn resetting_upstream() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            drop(sock);
        }
    });
    format!("http://{addr}")
}

const CARD: &str = "5555555555554444";
const SECRET_SESSION: &str = "DS-secret-4711";
/// The quick refill's phone, its account's zip being `30309`, and another zip.
const LITEPAY_PHONE: &str = "4045550201";
const LITEPAY_WRONG_ZIP: &str = "30310";
const LITEPAY_CARD: &str = "6011111111111117";

#[tokio::test(flavor = "current_thread")]
async fn no_customer_data_in_the_log() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new(
            "trace,simulators=off,poem::middleware::tracing_mw=off",
        ))
        .with_span_events(tracing_subscriber::fmt::format::FmtSpan::NEW)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    // With one registered dispatcher tracing-core takes the interest of a callsite first hit
    // on another test's thread (no subscriber: never) for everyone; a second one makes it ask
    // every registered dispatcher, ours included.
    let _second = tracing::Dispatch::new(tracing::subscriber::NoSubscriber::default());
    let _guard = tracing::subscriber::set_default(subscriber);

    // A whole purchase with a test card.
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let cli = app(&urls, |_| {}).await;
    let mut b = Buyer::new(&cli, "en").await;
    b.shop("30309", "1200 Peachtree St", true).await;
    let restored = b.hand_off("existing-verified").await;
    assert_eq!(restored["complete"], true, "{restored}");
    b.ok(b.get("/secure/api/v1/payments/card-entry-config"))
        .await;
    let token = b.tokenize(CARD).await["token"].as_str().unwrap().to_owned();
    let a = b.add_card(CARD).await;
    assert_eq!(a["outcome"], "added", "{a}");
    let key = uuid::Uuid::new_v4().to_string();
    let o = b.ok(b.submit(&key, &submit_body())).await;
    assert_eq!(o["outcome"], "placed", "{o}");

    // A scenario whose upstream call fails (the card's billing data is in that call's body).
    let mut f = Buyer::new(&cli, "en").await;
    f.shop("30309", "1200 Peachtree St", false).await;
    f.hand_off("existing-verified").await;
    f.cookie = format!(
        "{}; sim_scenario=buy/add-instrument-network-failure",
        f.cookie
    );
    let failed = f.add_card(CARD).await;
    assert!(failed["errorCode"].is_string(), "{failed}");

    // Transport failures of calls whose query carries the street and the session id.
    let mut broken = urls.clone();
    let reset = resetting_upstream().await;
    broken.set(Service::Serviceability, &reset);
    broken.set(Service::DigitalSession, &reset);
    let cli = app(&broken, |_| {}).await;
    let b = Buyer::new(&cli, "en").await;
    let r = b
        .get("/secure/api/v1/serviceability/address/validate-customer-address")
        .query("addressLine1", &"1200 Peachtree St")
        .query("zip", &"30309")
        .query("trackingId", &TRACKING)
        .send()
        .await;
    assert_api_error(r, 502, "UPSTREAM_UNAVAILABLE").await;
    // an id this checkout did not create never reaches the upstream (and is not logged)
    let r = b
        .get_csrf("/secure/session")
        .query("digitalSessionId", &SECRET_SESSION)
        .send()
        .await;
    assert_api_error(r, 404, "NOT_FOUND").await;
    let r = b
        .send(
            "post",
            "/secure/payment-service/add-secure-prepaid-payment-instrument",
            &json!({"token": token}),
        )
        .send()
        .await;
    assert!(r.0.status().is_client_error(), "{:?}", r.0.status());

    // A quick refill (issue 14): a lookup by phone and zip, a card, the refill; a miss with
    // another zip. Neither the phone, the zip, the card nor the billing name may be logged.
    let (lcli, _lsims) = crate::litepay::litepay_app(crate::litepay::unlimited(), false).await;
    let v = crate::litepay::Visitor::new(&lcli, None, "en").await;
    let (_, found) = v.lookup(&lcli, LITEPAY_PHONE, "30309").await;
    assert_eq!(found["outcome"], "found", "{found}");
    let (_, added) = v.add_card(&lcli, LITEPAY_CARD).await;
    assert_eq!(added["outcome"], "added", "{added}");
    let (_, refilled) = v.submit(&lcli, uuid::Uuid::new_v4()).await;
    assert_eq!(refilled["outcome"], "refilled", "{refilled}");
    let (_, missed) = v.lookup(&lcli, LITEPAY_PHONE, LITEPAY_WRONG_ZIP).await;
    assert_eq!(missed["outcome"], "notLocated", "{missed}");

    let log = captured.text();
    // the capture works: requests and the failed operations are there, by path only
    assert!(log.contains("served"), "{log}");
    for op in [
        "/validate-customer-address",
        "/payments/add-secure-prepaid-payment-instrument",
    ] {
        assert!(
            log.lines()
                .any(|l| l.contains("upstream operation failed") && l.contains(op)),
            "failure of {op} not logged:\n{log}"
        );
    }
    let needles = [
        CARD,
        &CARD[..12],
        &token,
        "maria.garcia",
        "example.com",
        "4045550101",
        "5550101",
        "María",
        "Mar%C3%ADa",
        "García",
        "Garc%C3%ADa",
        "López",
        "L%C3%B3pez",
        "Ana Mar",
        "Peachtree",
        SECRET_SESSION,
        LITEPAY_PHONE,
        &LITEPAY_PHONE[3..],
        LITEPAY_CARD,
        &LITEPAY_CARD[..12],
        "Lovelace",
        "Byron",
        "\"30310\"",
        "=30310",
        "\"30309\"",
        "=30309",
    ];
    let leaks: Vec<String> = log
        .lines()
        .filter_map(|l| {
            let found: Vec<_> = needles.iter().filter(|n| l.contains(**n)).collect();
            (!found.is_empty()).then(|| format!("{found:?} in: {l}"))
        })
        .collect();
    assert!(
        leaks.is_empty(),
        "customer data logged:\n{}",
        leaks.join("\n")
    );
}
