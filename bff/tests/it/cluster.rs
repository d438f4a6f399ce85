//! The BFF as it runs in production (ARCHITECTURE.md "Operating the BFF"): release `bff`
//! processes, stopped with real signals, two of them over one Redis behind a real load
//! balancer (nginx from Debian with `deploy/nginx.conf`: round-robin, no stickiness,
//! `X-Forwarded-For` overwritten, `BFF_TRUSTED_PROXIES=127.0.0.1/32`).
//!
//! - §3: SIGTERM while a slow refill is in flight: the refill is answered, new connections are
//!   refused, the process exits 0 within `BFF_SHUTDOWN_GRACE_SECS`, the simulators' ledger
//!   holds one refill; SIGINT on an idle instance exits 0 at once.
//! - §4: a whole purchase and a whole signed-in refill through the balancer, each request on
//!   the other instance than the one before (the instances' `served` log lines, by the request
//!   id the browser sent; their `/metrics` counters agree); an instance stopped with SIGTERM
//!   mid-purchase (idle) and mid-refill (serving the slow submit) while the other carries on,
//!   nothing lost (one order, one refill); the per-address limits count the customer's address
//!   across both instances, not the balancer's, and a spoofed `X-Forwarded-For` changes nothing.
//!
//! The simulators run in this test process (`simulators::spawn_embedded`), a server of their
//! own the instances reach over HTTP (every `BFF_UPSTREAM_*` set): their ledgers outlive a
//! stopped instance and are shared by both. nginx and redis-server must be installed
//! (`scripts/test.sh` installs them); Redis is `BFF_TEST_REDIS_URL` when set.

mod browser;
mod live;

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use serde_json::{Value, json};
use simulators::run_state::Run;
use uuid::Uuid;

use browser::Browser;
use live::{Bff, Cluster, Metrics, Scratch, client_address};

/// The signed-in refill's identity and account (a saved card; refill.rs uses the same).
const IDENTITY: &str = "owner-states";
const ACCOUNT: &str = "8993100000001301";
/// A refill scenario of the default world (the console's faults need an active scenario).
const REFILL_SCENARIO: &str = "refill/card-30-day";
/// The refill call's delay in the slow-refill tests, ms.
const SLOW_MS: u64 = 3000;

/// The refills the simulators made in `run` for [`ACCOUNT`] (their admin API's ledger, over
/// HTTP, as QA reads it).
async fn refills(sims: &simulators::Embedded, run: &str) -> Vec<Value> {
    let v: Value = browser::http_client(None)
        .get(format!("{}/admin/ledgers", sims.base_url))
        .header("x-sim-run", run)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let in_memory = simulators::refill::ledger(&Run::new(Some(run)), ACCOUNT).len();
    let book = v["refills"][ACCOUNT]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(book.len(), in_memory, "{v}");
    book
}

/// The orders the simulators placed for the checkout `tracking`.
fn orders(tracking: &str) -> usize {
    simulators::activation::orders_of(tracking).len()
}

/// `A` for `B`, `B` for `A`.
fn other(name: &str) -> &'static str {
    if name == "A" { "B" } else { "A" }
}

/// Each request on another instance than the one before, every one answered by exactly one.
fn assert_alternates(what: &str, landings: &[String]) {
    let seq = landings.concat();
    assert!(
        landings.iter().all(|l| l == "A" || l == "B"),
        "{what}: a request was not served by exactly one instance: {seq}"
    );
    assert!(
        landings.windows(2).all(|w| w[0] != w[1]),
        "{what}: not round-robin: {seq}"
    );
}

/// The `bff_http_requests_total` added on `a` and `b` since `before`: exactly the requests
/// their logs put on each (the counter and the `served` line come from one middleware).
fn assert_counted(
    what: &str,
    before: &(Metrics, Metrics),
    after: &(Metrics, Metrics),
    logged: (usize, usize),
) -> (f64, f64) {
    let da = after.0.requests() - before.0.requests();
    let db = after.1.requests() - before.1.requests();
    eprintln!(
        "{what}: counted A {da} {:?}\n{what}: counted B {db} {:?}",
        after.0.since(&before.0),
        after.1.since(&before.1)
    );
    assert_eq!(
        (da, db),
        (logged.0 as f64, logged.1 as f64),
        "{what}: the instances' counters (A, B) against their served lines"
    );
    (da, db)
}

async fn scrape(c: &Cluster) -> (Metrics, Metrics) {
    tokio::join!(c.a.metrics(), c.b.metrics())
}

/// The instance with a request of `operation` in flight (polled for 5 s).
async fn busy_with(c: &Cluster, operation: &str) -> &'static str {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let (a, b) = scrape(c).await;
        match (a.in_flight(operation), b.in_flight(operation)) {
            (x, y) if x >= 1.0 && y == 0.0 => return "A",
            (x, y) if y >= 1.0 && x == 0.0 => return "B",
            (x, y) => assert!(
                Instant::now() < deadline,
                "{operation} in flight: A {x}, B {y}"
            ),
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// How long after `since` (its signal) `bff` refuses new connections (1 s at most).
async fn refusing(bff: &Bff, since: Instant) -> Duration {
    loop {
        match tokio::net::TcpStream::connect(("127.0.0.1", bff.port)).await {
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => {
                return since.elapsed();
            }
            _ if since.elapsed() > Duration::from_secs(1) => panic!(
                "{} still accepts connections 1 s after the signal:\n{}",
                bff.name,
                bff.proc.tail()
            ),
            _ => tokio::time::sleep(Duration::from_millis(10)).await,
        }
    }
}

fn count(landings: &[String], name: &str) -> usize {
    landings.iter().filter(|l| *l == name).count()
}

/// §3: a slow refill (the console's 3 s delay on the refill call) is in flight when the
/// instance gets SIGTERM: new connections are refused at once, the refill is answered with its
/// outcome, the process exits 0 well within the grace, and the simulators (which outlive it)
/// made exactly one refill.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_lets_the_in_flight_refill_finish_then_exits_0() {
    let dir = Scratch::new("sigterm");
    let sims = simulators::spawn_embedded().await.unwrap();
    let grace = 10;
    let mut bff = Bff::start(
        "solo",
        &dir.0,
        &sims.base_url,
        None,
        &[("BFF_SHUTDOWN_GRACE_SECS", "10")],
    )
    .await;
    let (status, body) = bff.readyz().await;
    assert_eq!(status, 200, "ready before the signal: {body}");
    let run = Uuid::new_v4().to_string();
    let mut br = Browser::new(&bff.url(), client_address(), "en").await;
    br.scenario = Some(REFILL_SCENARIO.into());
    br.run = Some(run.clone());
    br.sign_in_to(IDENTITY, ACCOUNT).await;
    let cart = br.refill_cart(ACCOUNT).await;
    br.fault("refill", json!({"kind": "delay", "ms": SLOW_MS}))
        .await;
    let br = Arc::new(br);
    let started = Instant::now();
    let submit = tokio::spawn({
        let br = br.clone();
        async move { br.refill_submit(ACCOUNT, &Uuid::new_v4().to_string()).await }
    });
    // the submit is in the instance's hands (its in-flight gauge), waiting for the refill call
    let deadline = Instant::now() + Duration::from_secs(5);
    while bff.metrics().await.in_flight("submitRefill") < 1.0 {
        assert!(Instant::now() < deadline, "the submit never arrived");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!submit.is_finished(), "the refill is still in flight");
    let signalled = Instant::now();
    bff.proc.signal("TERM");
    // no new connection from the signal on (the in-flight request keeps its own)
    let refused = refusing(&bff, signalled).await;
    assert!(
        !submit.is_finished(),
        "connections were refused while the refill was in flight"
    );
    // the metrics listener stays up while the public one drains
    let draining = bff.metrics().await;
    assert_eq!(
        draining.in_flight("submitRefill"),
        1.0,
        "the refill is in flight while draining"
    );
    let answer = submit.await.unwrap();
    let answered = started.elapsed();
    let v = answer.ok();
    assert_eq!(v["outcome"], "refilled", "{v}");
    assert!(v["orderNumber"].is_string(), "{v}");
    assert!(
        answered >= Duration::from_millis(SLOW_MS),
        "the answer waited for the slow refill: {answered:?}"
    );
    let status = bff
        .proc
        .exit_within(Duration::from_secs(grace + 5))
        .await
        .unwrap_or_else(|| {
            panic!(
                "still running {grace} s after SIGTERM:\n{}",
                bff.proc.tail()
            )
        });
    let exited = signalled.elapsed();
    assert_eq!(status.code(), Some(0), "exit status: {}", bff.proc.tail());
    assert!(
        exited < Duration::from_secs(grace),
        "exited within the grace: {exited:?}"
    );
    let book = refills(&sims, &run).await;
    assert_eq!(book.len(), 1, "exactly one refill: {book:?}");
    assert_eq!(book[0]["orderNumber"], v["orderNumber"]);
    assert_eq!(
        book[0]["amount"].as_str().unwrap().parse::<f64>().unwrap(),
        cart["total"].as_f64().unwrap()
    );
    eprintln!(
        "sigterm: refused {refused:?} after the signal, refill answered {answered:?} after the \
         submit ({:?} after the signal), exit 0 {exited:?} after the signal",
        answered.saturating_sub(signalled - started)
    );
}

/// §3: SIGINT (Ctrl-C) on an idle instance: exit 0 at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigint_on_an_idle_instance_exits_0_at_once() {
    let dir = Scratch::new("sigint");
    let sims = simulators::spawn_embedded().await.unwrap();
    let mut bff = Bff::start("idle", &dir.0, &sims.base_url, None, &[]).await;
    let signalled = Instant::now();
    bff.proc.signal("INT");
    let status = bff
        .proc
        .exit_within(Duration::from_secs(5))
        .await
        .unwrap_or_else(|| panic!("still running 5 s after SIGINT:\n{}", bff.proc.tail()));
    assert_eq!(status.code(), Some(0), "exit status: {}", bff.proc.tail());
    eprintln!("sigint: exit 0 {:?} after the signal", signalled.elapsed());
}

/// §4: a whole purchase through the balancer: every request on the other instance than the
/// one before, both instances' metrics count their share, one order placed. Then the body
/// limits: nginx's is a little above the BFF's, so the BFF gives its typed 413.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_purchase_through_the_balancer_alternates_instances() {
    let c = Cluster::start("purchase", &[]).await;
    let before = scrape(&c).await;
    let br = Browser::new(&c.url(), client_address(), "en").await;
    br.shop("30309", "1200 Peachtree St").await;
    let s = br.hand_off("existing-verified").await;
    assert_eq!(s["complete"], true, "{s}");
    let a = br.add_card("4111111111111111").await;
    assert_eq!(a["outcome"], "added", "{a}");
    let o = br.place_order(&Uuid::new_v4().to_string()).await.ok();
    assert_eq!(o["outcome"], "placed", "{o}");
    let after = scrape(&c).await;
    let landings = c.landings(&br.sent());
    eprintln!(
        "purchase: {} requests, A {} B {}: {}",
        landings.len(),
        count(&landings, "A"),
        count(&landings, "B"),
        landings.concat()
    );
    assert_alternates("purchase", &landings);
    assert_counted(
        "purchase",
        &before,
        &after,
        (count(&landings, "A"), count(&landings, "B")),
    );
    assert_eq!(orders(&br.tracking), 1, "one order for the checkout");
    // nginx lets a body a little over the BFF's 16 KiB through, for the BFF's typed 413;
    // far over, nginx answers its own
    let promo = "/secure/api/v1/offer-service/get-promo";
    let r = br
        .post(promo, json!({"trackingId": "x".repeat(17 * 1024)}))
        .await;
    assert_eq!(
        (r.status, r.body["errorCode"].as_str()),
        (413, Some("PAYLOAD_TOO_LARGE")),
        "{}",
        r.text
    );
    let r = br
        .post(promo, json!({"trackingId": "x".repeat(64 * 1024)}))
        .await;
    assert_eq!(
        (r.status, r.body.is_null()),
        (413, true),
        "nginx's 413: {}",
        r.text
    );
}

/// §4: a whole signed-in refill through the balancer (sign-in, offer, cart, submit,
/// confirmation): every request on the other instance than the one before, one refill.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_refill_through_the_balancer_alternates_instances() {
    let c = Cluster::start("refill", &[]).await;
    let before = scrape(&c).await;
    let run = Uuid::new_v4().to_string();
    let mut br = Browser::new(&c.url(), client_address(), "en").await;
    br.run = Some(run.clone());
    br.sign_in_to(IDENTITY, ACCOUNT).await;
    let cart = br.refill_cart(ACCOUNT).await;
    let v = br
        .refill_submit(ACCOUNT, &Uuid::new_v4().to_string())
        .await
        .ok();
    assert_eq!(v["outcome"], "refilled", "{v}");
    let conf = br
        .get(&format!("/secure2/accounts/{ACCOUNT}/refill/confirmation"))
        .await
        .ok();
    assert_eq!(conf["orderNumber"], v["orderNumber"], "{conf}");
    assert_eq!(conf["cart"]["total"], cart["total"], "{conf}");
    let after = scrape(&c).await;
    let landings = c.landings(&br.sent());
    eprintln!(
        "refill: {} requests, A {} B {}: {}",
        landings.len(),
        count(&landings, "A"),
        count(&landings, "B"),
        landings.concat()
    );
    assert_alternates("refill", &landings);
    assert_counted(
        "refill",
        &before,
        &after,
        (count(&landings, "A"), count(&landings, "B")),
    );
    let book = refills(&c.sims, &run).await;
    assert_eq!(book.len(), 1, "one refill: {book:?}");
}

/// §4: mid-purchase, the instance nginx would pick next is stopped with SIGTERM (idle: it
/// exits 0 at once); the hand-off, the card and the order go on through the balancer: the
/// first of them is refused by the stopped instance's port, and nginx sends it to the other
/// (nothing was sent, so even a POST is retried), which serves the rest. One order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_stopped_mid_purchase_loses_nothing() {
    let mut c = Cluster::start("stop-mid-purchase", &[]).await;
    let br = Browser::new(&c.url(), client_address(), "en").await;
    br.shop("30309", "1200 Peachtree St").await;
    let shopped = br.sent().len();
    let last = c.landing(br.sent().last().unwrap());
    assert!(last == "A" || last == "B", "{last}");
    let stopped = other(&last);
    let survivor = other(stopped);
    let port = c.instance(stopped).port;
    let bff = c.instance_mut(stopped);
    let signalled = Instant::now();
    bff.proc.signal("TERM");
    let status = bff
        .proc
        .exit_within(Duration::from_secs(5))
        .await
        .unwrap_or_else(|| panic!("an idle instance still running 5 s after SIGTERM"));
    assert_eq!(status.code(), Some(0));
    let exited = signalled.elapsed();
    let s = br.hand_off("existing-verified").await;
    assert_eq!(s["complete"], true, "{s}");
    let a = br.add_card("4111111111111111").await;
    assert_eq!(a["outcome"], "added", "{a}");
    let key = Uuid::new_v4().to_string();
    let o = br.place_order(&key).await.ok();
    assert_eq!(o["outcome"], "placed", "{o}");
    // a retry of the submit (a lost answer) gets the same order
    let again = br.place_order(&key).await.ok();
    assert_eq!(again["orderNumber"], o["orderNumber"]);
    let landings = c.landings(&br.sent());
    let (first, rest) = landings.split_at(shopped);
    eprintln!(
        "stop mid-purchase: {} stopped {exited:?} after SIGTERM (exit 0); before {}, after {}",
        stopped,
        first.concat(),
        rest.concat()
    );
    assert_alternates("before the stop", first);
    assert!(
        rest.iter().all(|l| l == survivor),
        "after the stop, the survivor {survivor} serves everything: {}",
        rest.concat()
    );
    let refused = c
        .nginx
        .error_log()
        .lines()
        .filter(|l| l.contains("Connection refused") && l.contains(&format!(":{port}")))
        .map(str::to_owned)
        .collect::<Vec<_>>();
    assert!(
        refused
            .first()
            .is_some_and(|l| l.contains("request: \"POST /secure/session ")),
        "nginx tried the stopped instance with the next request (the hand-off's POST) and \
         sent it on: {refused:?}\n{}",
        c.nginx.error_log()
    );
    assert_eq!(orders(&br.tracking), 1, "one order for the checkout");
}

/// §4: mid-refill, the instance serving the slow submit (3 s delay on the refill call) is
/// stopped with SIGTERM: it finishes the refill and answers through the balancer, exits 0;
/// meanwhile and afterwards the other carries on (profile, confirmation, a repeated submit
/// answered with the same refill). One refill in the simulators' ledger.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_stopped_mid_refill_loses_nothing() {
    let mut c = Cluster::start("stop-mid-refill", &[("BFF_SHUTDOWN_GRACE_SECS", "10")]).await;
    let run = Uuid::new_v4().to_string();
    let mut br = Browser::new(&c.url(), client_address(), "en").await;
    br.scenario = Some(REFILL_SCENARIO.into());
    br.run = Some(run.clone());
    br.sign_in_to(IDENTITY, ACCOUNT).await;
    br.refill_cart(ACCOUNT).await;
    br.fault("refill", json!({"kind": "delay", "ms": SLOW_MS}))
        .await;
    let before = br.sent().len();
    let br = Arc::new(br);
    let key = Uuid::new_v4().to_string();
    let submit = tokio::spawn({
        let (br, key) = (br.clone(), key.clone());
        async move { br.refill_submit(ACCOUNT, &key).await }
    });
    // the instance serving it: its in-flight gauge of submitRefill
    let busy = busy_with(&c, "submitRefill").await;
    assert!(!submit.is_finished(), "the submit is still in flight");
    let signalled = Instant::now();
    c.instance(busy).proc.signal("TERM");
    refusing(c.instance(busy), signalled).await;
    // the other instance carries on while the stopped one drains
    let p = br.get("/secure2/profile").await.ok();
    assert_eq!(p["accountId"], ACCOUNT, "{p}");
    let answer = submit.await.unwrap();
    let submit_id = answer.request_id.clone();
    let v = answer.ok();
    assert_eq!(v["outcome"], "refilled", "{v}");
    let status = c
        .instance_mut(busy)
        .proc
        .exit_within(Duration::from_secs(15))
        .await
        .unwrap_or_else(|| panic!("{busy} still running 15 s after SIGTERM"));
    assert_eq!(status.code(), Some(0));
    let exited = signalled.elapsed();
    assert_eq!(
        c.landing(&submit_id),
        busy,
        "the stopped instance answered the submit it was serving"
    );
    let conf = br
        .get(&format!("/secure2/accounts/{ACCOUNT}/refill/confirmation"))
        .await
        .ok();
    assert_eq!(conf["orderNumber"], v["orderNumber"], "{conf}");
    // the browser retries (a lost answer): the same refill, not a second one
    let again = br.refill_submit(ACCOUNT, &key).await.ok();
    assert_eq!(again["orderNumber"], v["orderNumber"], "{again}");
    let fresh = br
        .refill_submit(ACCOUNT, &Uuid::new_v4().to_string())
        .await
        .ok();
    assert_eq!(fresh["orderNumber"], v["orderNumber"], "{fresh}");
    let survivor = other(busy);
    let ids = br.sent();
    let landings = c.landings(&ids);
    let after_signal: Vec<(String, String)> = ids[before + 1..]
        .iter()
        .cloned()
        .zip(landings[before + 1..].iter().cloned())
        .filter(|(id, _)| *id != submit_id)
        .collect();
    eprintln!(
        "stop mid-refill: submit on {busy}, SIGTERM, answered {}, {busy} exit 0 {exited:?} after \
         the signal; requests: {}",
        v["orderNumber"],
        landings.concat()
    );
    assert!(
        after_signal.iter().all(|(_, l)| l == survivor),
        "after the signal the survivor {survivor} serves everything: {after_signal:?}"
    );
    let book = refills(&c.sims, &run).await;
    assert_eq!(book.len(), 1, "one refill: {book:?}");
}

/// §4: the per-address limit (`BFF_RATE_LIMIT_PER_MIN=6` here, the per-session one off)
/// behind the balancer: one customer's state-changing requests spread over both instances and
/// are counted together (Redis): the 7th is 429 `RATE_LIMITED`, though neither instance saw
/// 7; a spoofed `X-Forwarded-For` does not escape it (nginx overwrites the header). Another
/// customer (another address, naming the first one's in its own `X-Forwarded-For`) still
/// gets through on both: the limit sees the customer's address, not the balancer's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn per_address_limits_see_the_customer_behind_the_balancer() {
    let budget = 6;
    let c = Cluster::start(
        "rate-limit",
        &[
            ("BFF_RATE_LIMIT_PER_MIN", "6"),
            ("BFF_RATE_LIMIT_SESSION_PER_MIN", "0"),
        ],
    )
    .await;
    let (x_addr, y_addr) = (client_address(), client_address());
    let x = Browser::new(&c.url(), x_addr, "en").await;
    let start = json!({"locale": "en", "bhr": true});
    let mut x_posts = Vec::new();
    for i in 0..budget {
        let spoof = format!("198.51.100.{i}");
        let r = x
            .send(
                reqwest::Method::POST,
                "/secure2/authorize",
                browser::Body::Json(start.clone()),
                &[("x-forwarded-for", &spoof)],
            )
            .await;
        assert_eq!(r.status, 200, "within the budget ({i}): {}", r.text);
        x_posts.push(r.request_id);
    }
    let over = x
        .send(
            reqwest::Method::POST,
            "/secure2/authorize",
            browser::Body::Json(start.clone()),
            &[("x-forwarded-for", "203.0.113.77")],
        )
        .await;
    assert_eq!(over.status, 429, "{}", over.text);
    assert_eq!(over.body["errorCode"], "RATE_LIMITED", "{}", over.text);
    assert_eq!(over.headers["retry-after"], "60");
    let refusing = c.landing(&over.request_id);
    let on = c.landings(&x_posts);
    eprintln!(
        "rate limit: customer {x_addr}: {} within the budget, 429 from {refusing}",
        on.concat()
    );
    assert!(refusing == "A" || refusing == "B", "{refusing}");
    assert!(
        count(&on, "A") >= 1 && count(&on, "B") >= 1,
        "the customer's requests spread over both: {}",
        on.concat()
    );
    assert!(
        count(&on, &refusing) < budget,
        "{refusing} refused after fewer than {budget} hits of its own: the count is shared"
    );
    let refusals = c
        .instance(&refusing)
        .metrics()
        .await
        .sum("bff_rate_limit_refusals_total", "limit=\"address\"");
    assert_eq!(
        refusals, 1.0,
        "{refusing} counted one refusal by the address limit"
    );
    // another customer, claiming to be the first: nginx overwrites the header
    let y = Browser::new(&c.url(), y_addr, "en").await;
    let mut y_posts = Vec::new();
    for _ in 0..2 {
        let r = y
            .send(
                reqwest::Method::POST,
                "/secure2/authorize",
                browser::Body::Json(start.clone()),
                &[("x-forwarded-for", &x_addr.to_string())],
            )
            .await;
        assert_eq!(r.status, 200, "another customer gets through: {}", r.text);
        y_posts.push(r.request_id);
    }
    let on_y = c.landings(&y_posts);
    eprintln!("rate limit: customer {y_addr}: {} through", on_y.concat());
    assert_alternates("the other customer", &on_y);
}
