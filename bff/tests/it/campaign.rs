//! The seeded fault campaign over the whole checkout (issue 9, item 14).
//!
//! Each run is one seed (`u64`): a small PRNG turns it into a plan (faults per upstream step,
//! a card, a client behaviour at submit), one customer walks the checkout through real HTTP
//! against the BFF over the in-process simulators, and the simulators' order ledger
//! ([`simulators::activation::ledger`]) is compared with what the customer was told:
//!
//! - **duplicated**: more than one upstream order for one checkout (tracking id);
//! - **lost**: an upstream order exists, but the customer's final answer is not `placed`.
//!   After its scripted behaviour every customer comes back once (the plan's faults are
//!   cleared, anything abandoned has had time to finish) and submits again with a new key:
//!   that later submit is "the way to find" an order, so an order is lost when even it does
//!   not answer `placed`;
//! - **phantom**: a `placed` answer whose order number the ledger does not hold for that
//!   checkout.
//!
//! Faults (per upstream step: serviceability, product details, promotions, tax, create and
//! restore digital session, payment id, tokenize, add instrument, submit order) come from
//! the simulators' programmatic plan ([`simulators::plan`], keyed by the run's tracking id):
//! delay, timeout, reset, 5xx, malformed, each before or after the upstream did its work
//! (after: e.g. the order is placed and its answer is lost). Client behaviours at submit:
//! single, double click (same key, concurrent), two tabs (new key, concurrent), reload
//! mid-submit then a new key, retry after an error with the same key or a new one, and,
//! where Redis is configured (`BFF_TEST_REDIS_URL`), two instances taking alternate requests
//! plus an instance killed mid-submit (its runtime shut down) with the customer carrying on
//! at the other.
//!
//! - Slice (the test command): `cargo test --release -p bff --test it campaign` (500 seeds).
//! - Full campaign: `CAMPAIGN_RUNS=10000 cargo test --release -p bff --test it campaign --
//!   --nocapture` (prints the counts).
//! - Replay one seed: `CAMPAIGN_SEED=<n> cargo test --release -p bff --test it campaign --
//!   --nocapture` (prints its plan and every answer).
//!
//! `CAMPAIGN_FIRST` (default 1) is the first seed, `CAMPAIGN_CONCURRENCY` (default 8) the
//! runs in flight at once.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bff::{
    config::{Config, Mode, UpstreamUrls},
    startup::endpoint,
    state::{AppState, Clock, state_with_store},
    store::Store,
};
use futures_util::StreamExt;
use reqwest::{StatusCode, header};
use serde_json::{Value, json};
use simulators::fault::Fault;
use simulators::plan::{self, Planned};
use upstream::call::Call;

use crate::{buy::now, common::*};

/// The BFF's upstream timeout in the campaign: a `timeout` fault costs this much (more in
/// a debug build, whose ordinary calls are slower on a loaded machine).
const UPSTREAM_TIMEOUT_MS: u64 = if cfg!(debug_assertions) { 250 } else { 120 };
/// Idempotency lease: a killed instance's in-flight key is free again after this.
const LEASE_MS: u64 = 300;
const GOOD_CARD: &str = "4111111111111111";
/// Answers `PAYMENT-0001` at submit: unrecoverable, no order.
const UNRECOVERABLE_CARD: &str = "4010000100000009";

/// SplitMix64: a seed gives the same plan on every machine and build.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// What the customer does at submit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Behaviour {
    /// One click.
    Single,
    /// Two concurrent submits with the same key.
    DoubleClick,
    /// Two tabs: two concurrent submits with different keys.
    TwoTabs,
    /// Reload `ms` after the submit went out (its answer is never read), then submit with a
    /// new key.
    ReloadThenNewKey { ms: u64 },
    /// Submit; on anything but `placed`, again with the same key.
    RetrySameKey,
    /// Submit; on anything but `placed`, again with a new key.
    RetryNewKey,
    /// Redis only: the submit goes to an instance killed `ms` later; the customer then
    /// submits at the surviving instance with the same key or a new one.
    KillInstance { ms: u64, same_key: bool },
}

impl Behaviour {
    fn name(self) -> &'static str {
        match self {
            Behaviour::Single => "single",
            Behaviour::DoubleClick => "doubleClick",
            Behaviour::TwoTabs => "twoTabs",
            Behaviour::ReloadThenNewKey { .. } => "reloadThenNewKey",
            Behaviour::RetrySameKey => "retrySameKey",
            Behaviour::RetryNewKey => "retryNewKey",
            Behaviour::KillInstance { same_key: true, .. } => "killInstanceSameKey",
            Behaviour::KillInstance { .. } => "killInstanceNewKey",
        }
    }
}

/// The upstream steps of the checkout, in order, with whether the customer retries the
/// step until it works (up to [`TRIES`] times: the page reloads; without it there is
/// nothing to buy) or goes on without it (promotions, tax).
const STEPS: &[(Call, bool)] = &[
    (Call::Serviceability, true),
    (Call::ProductDetails, true),
    (Call::Promotions, false),
    (Call::Tax, false),
    (Call::CreateSession, true),
    (Call::RestoreSession, true),
    (Call::PaymentId, true),
    (Call::Tokenize, true),
    (Call::AddPaymentInstrument, true),
];
const TRIES: usize = 3;

/// One seed's plan.
#[derive(Debug)]
struct RunPlan {
    seed: u64,
    tracking: String,
    faults: plan::Plan,
    card: &'static str,
    promo: bool,
    behaviour: Behaviour,
}

fn fault(rng: &mut Rng) -> Planned {
    let fault = match rng.below(5) {
        0 => Fault::Delay {
            ms: 5 + rng.below(UPSTREAM_TIMEOUT_MS / 3),
        },
        1 => Fault::Timeout,
        2 => Fault::Reset,
        3 => Fault::Error5xx {
            status: rng.pick(&[500, 502, 503, 504]),
        },
        _ => Fault::Malformed,
    };
    Planned {
        fault,
        after_work: rng.chance(50),
    }
}

impl RunPlan {
    fn new(seed: u64, redis: bool) -> RunPlan {
        let mut rng = Rng(seed);
        let mut bytes = [0u8; 16];
        bytes[..8].copy_from_slice(&rng.next().to_le_bytes());
        bytes[8..].copy_from_slice(&rng.next().to_le_bytes());
        let tracking = uuid::Builder::from_random_bytes(bytes)
            .into_uuid()
            .to_string();
        let mut faults = plan::Plan::new();
        for &(call, _) in STEPS {
            // at most TRIES - 1 faults, so a step the customer retries ends up working
            let n = match rng.below(100) {
                0..=84 => 0,
                85..=96 => 1,
                _ => 2,
            };
            let queue: VecDeque<Planned> = (0..n).map(|_| fault(&mut rng)).collect();
            if !queue.is_empty() {
                faults.insert(call, queue);
            }
        }
        // Submit: each of the first four attempts faulty with 35 %.
        let mut queue = VecDeque::new();
        for _ in 0..4 {
            if rng.chance(35) {
                queue.push_back(fault(&mut rng));
            }
        }
        if !queue.is_empty() {
            faults.insert(Call::SubmitOrder, queue);
        }
        let card = if rng.chance(8) {
            UNRECOVERABLE_CARD
        } else {
            GOOD_CARD
        };
        let promo = rng.chance(50);
        let kinds = if redis { 8 } else { 7 };
        let behaviour = match rng.below(kinds) {
            0 | 1 => Behaviour::Single,
            2 => Behaviour::DoubleClick,
            3 => Behaviour::TwoTabs,
            4 => Behaviour::ReloadThenNewKey {
                ms: rng.below(UPSTREAM_TIMEOUT_MS / 2),
            },
            5 => Behaviour::RetrySameKey,
            6 => Behaviour::RetryNewKey,
            _ => Behaviour::KillInstance {
                ms: rng.below(30),
                same_key: rng.chance(50),
            },
        };
        RunPlan {
            seed,
            tracking,
            faults,
            card,
            promo,
            behaviour,
        }
    }
}

/// What one submit answered.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Told {
    Placed(String),
    Failed(String),
    Unrecoverable(String),
    /// An error answer: status and `errorCode`.
    Error(u16, String),
    /// No answer: the connection broke (the instance died) or the customer left.
    NoAnswer(String),
}

impl Told {
    fn placed(&self) -> Option<&str> {
        match self {
            Told::Placed(n) => Some(n),
            _ => None,
        }
    }
}

/// One BFF instance served on a loopback port.
struct Instance {
    base: String,
    /// The instance's own runtime (killable instances only): shutting it down kills every
    /// task of the instance at once, as a crash would.
    rt: Option<tokio::runtime::Runtime>,
    _task: Option<tokio::task::JoinHandle<()>>,
}

impl Instance {
    fn kill(mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
        if let Some(t) = &self._task {
            t.abort();
        }
    }
}

fn campaign_config(urls: &UpstreamUrls) -> Config {
    let mut cfg = config(Mode::Harness, urls, UPSTREAM_TIMEOUT_MS);
    cfg.store.lease = Duration::from_millis(LEASE_MS);
    // 10,000 checkouts in one process outgrow the memory store's bound of live traffic
    // (20,000 records a kind, refused beyond: ARCHITECTURE.md "Sessions")
    cfg.store.max_memory_entries = 1_000_000;
    cfg
}

async fn bind() -> (String, poem::listener::TcpAcceptor) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    (
        base,
        poem::listener::TcpAcceptor::from_tokio(listener).unwrap(),
    )
}

async fn serve_state(st: Arc<AppState>) -> (String, tokio::task::JoinHandle<()>) {
    let (base, acceptor) = bind().await;
    let task = tokio::spawn(async move {
        let _ = poem::Server::new_with_acceptor(acceptor)
            .run(endpoint(st))
            .await;
    });
    (base, task)
}

/// An instance on the test's runtime over `store`.
async fn instance(urls: &UpstreamUrls, store: Store) -> Instance {
    let st = state_with_store(
        campaign_config(urls),
        urls.clone(),
        Clock::fixed(now()),
        store,
    )
    .unwrap();
    let (base, task) = serve_state(st).await;
    Instance {
        base,
        rt: None,
        _task: Some(task),
    }
}

/// An instance on a runtime of its own, with its own Redis connection: [`Instance::kill`]
/// stops it mid-request.
async fn killable_instance(urls: &UpstreamUrls, redis: &str) -> Instance {
    let (urls, redis) = (urls.clone(), redis.to_owned());
    tokio::task::spawn_blocking(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let base = rt.block_on(async {
            let cfg = campaign_config(&urls);
            let store = Store::redis(&redis, cfg.store.clone())
                .await
                .expect("redis");
            let st = state_with_store(cfg, urls, Clock::fixed(now()), store).unwrap();
            serve_state(st).await.0
        });
        Instance {
            base,
            rt: Some(rt),
            _task: None,
        }
    })
    .await
    .unwrap()
}

/// The world the runs share: simulators, one or two instances, Redis when configured.
struct World {
    sims_base: String,
    urls: UpstreamUrls,
    instances: Vec<Instance>,
    redis: Option<String>,
    http: reqwest::Client,
}

/// One customer: a session at the BFF, the instances it talks to (alternately), a trace.
struct Customer<'w> {
    world: &'w World,
    tracking: String,
    /// The session cookie, followed when the BFF rotates the id (hand-off).
    cookie: std::cell::RefCell<String>,
    /// The CSRF token, followed when the BFF rotates it with the id.
    xsrf: std::cell::RefCell<String>,
    turn: std::cell::Cell<usize>,
    trace: std::cell::RefCell<Vec<String>>,
}

struct Answer {
    status: StatusCode,
    body: Value,
}

impl<'w> Customer<'w> {
    /// The base URL of the next instance (alternating when there are two).
    fn next_base(&self) -> &'w str {
        let i = self.turn.get();
        self.turn.set(i + 1);
        &self.world.instances[i % self.world.instances.len()].base
    }

    fn log(&self, line: String) {
        self.trace.borrow_mut().push(line);
    }

    fn request(&self, base: &str, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.world
            .http
            .request(method, format!("{base}{path}"))
            .header(header::COOKIE, self.cookie.borrow().as_str())
            .header("x-xsrf-token", self.xsrf.borrow().as_str())
            .header("trackingid", &self.tracking)
            .header("source", "DIGITAL2.0")
            .header(header::ACCEPT_LANGUAGE, "en")
    }

    async fn send(&self, what: &str, rb: reqwest::RequestBuilder) -> Result<Answer, String> {
        let answer = match rb.send().await {
            Ok(r) => {
                let status = r.status();
                if let Some(c) = r
                    .headers()
                    .get_all(header::SET_COOKIE)
                    .iter()
                    .filter_map(|v| v.to_str().ok()?.split(';').next())
                    .find(|c| c.starts_with("pp_session="))
                {
                    *self.cookie.borrow_mut() = c.to_owned();
                }
                if let Some(t) = r
                    .headers()
                    .get("x-xsrf-token")
                    .and_then(|v| v.to_str().ok())
                {
                    *self.xsrf.borrow_mut() = t.to_owned();
                }
                let bytes = r.bytes().await.map_err(|e| e.to_string());
                match bytes {
                    Ok(b) => Ok(Answer {
                        status,
                        body: serde_json::from_slice(&b).unwrap_or(Value::Null),
                    }),
                    Err(e) => Err(e),
                }
            }
            Err(e) => Err(e.to_string()),
        };
        match &answer {
            Ok(a) => self.log(format!("{what}: {} {}", a.status.as_u16(), a.body)),
            Err(e) => self.log(format!("{what}: no answer ({e})")),
        }
        answer
    }

    /// A step the customer repeats (page reload) until it answers 2xx with a JSON body, up
    /// to [`TRIES`].
    async fn step(
        &self,
        what: &str,
        retry: bool,
        build: impl Fn(&str) -> reqwest::RequestBuilder,
    ) -> Option<Value> {
        let tries = if retry { TRIES } else { 1 };
        for _ in 0..tries {
            // a 2xx whose body does not decode (a malformed answer) is a failure too
            if let Ok(a) = self.send(what, build(self.next_base())).await
                && a.status.is_success()
                && !a.body.is_null()
            {
                return Some(a.body);
            }
        }
        None
    }

    fn get(&self, base: &str, path: &str) -> reqwest::RequestBuilder {
        self.request(base, reqwest::Method::GET, path)
    }

    fn post(&self, base: &str, path: &str, body: &Value) -> reqwest::RequestBuilder {
        self.request(base, reqwest::Method::POST, path).json(body)
    }

    /// Everything before the submit; false when the customer could not get there.
    async fn checkout(&self, plan: &RunPlan) -> bool {
        let t = &self.tracking;
        let Some(_) = self
            .step("serviceability", true, |b| {
                self.get(
                    b,
                    "/secure/api/v1/serviceability/address/validate-customer-serviceability",
                )
                .query(&[
                    ("trackingId", t.as_str()),
                    ("locationId", "LOC-30309-0001"),
                    ("source", "CP"),
                ])
            })
            .await
        else {
            return false;
        };
        let Some(_) = self
            .step("productDetails", true, |b| {
                self.get(b, "/secure/api/v1/util-service/product-detail")
                    .query(&[("source", "CP"), ("trackingId", t)])
            })
            .await
        else {
            return false;
        };
        let promo = self
            .step("promotions", false, |b| {
                self.post(
                    b,
                    "/secure/api/v1/offer-service/get-promo",
                    &json!({"trackingId": t}),
                )
            })
            .await;
        if plan.promo && promo.is_some_and(|p| p["validPromotion"].is_object()) {
            self.step("promoInCart", true, |b| {
                self.request(b, reqwest::Method::PUT, "/secure/api/v1/cart")
                    .json(&json!({"promoInCart": true}))
            })
            .await;
        }
        self.step("tax", false, |b| {
            self.post(
                b,
                "/oauth/tax/emm-pp-vertex-service/v1/vertex/ctp/get-tax",
                &json!({"trackingId": t}),
            )
        })
        .await;
        let Some(created) = self
            .step("createSession", true, |b| {
                self.post(
                    b,
                    "/secure/session",
                    &json!({"redirectUrl": "/en/buy/session"}),
                )
            })
            .await
        else {
            return false;
        };
        let Some(id) = created["digitalSessionId"].as_str() else {
            return false;
        };
        let pick = self
            .world
            .http
            .post(format!("{}/sim/session/router", self.next_base()))
            .form(&[
                ("digitalSessionId", id),
                ("identity", "existing-verified"),
                ("returnUrl", ""),
            ])
            .send()
            .await;
        if !pick.is_ok_and(|r| r.status() == StatusCode::SEE_OTHER) {
            self.log("identity router: no pick".into());
            return false;
        }
        let Some(restored) = self
            .step("restoreSession", true, |b| {
                self.get(b, "/secure/session")
                    .query(&[("digitalSessionId", id)])
            })
            .await
        else {
            return false;
        };
        if restored["complete"] != true {
            self.log(format!("restored session incomplete: {restored}"));
            return false;
        }
        if self
            .step("paymentId", true, |b| {
                self.get(b, "/secure/v1/customermanagement/prepaidPaymentID")
            })
            .await
            .is_none()
        {
            return false;
        }
        // The card-entry frame tokenises at the card-entry service itself (the simulator,
        // with the checkout's tracking id so the plan's faults reach it).
        let sims = &self.world.sims_base;
        let Some(tok) = self
            .step("tokenize", true, |_| {
                self.world
                    .http
                    .post(format!("{sims}/card-entry/tokenize"))
                    .header("trackingid", t)
                    .timeout(Duration::from_millis(UPSTREAM_TIMEOUT_MS))
                    .json(&json!({"cardNumber": plan.card, "expirationDate": "1230", "cvv": "123"}))
            })
            .await
            .filter(|v| v["status"] == "SUCCESS")
        else {
            return false;
        };
        let card = &tok["cardDetails"];
        let added = self
            .step("addPaymentInstrument", true, |b| {
                self.post(
                    b,
                    "/secure/payment-service/add-secure-prepaid-payment-instrument",
                    &json!({
                        "token": card["token"], "expirationDate": card["expirationDate"],
                        "cardType": card["cardType"], "cardLast4Digits": card["cardLast4Digits"],
                        "enrollAutoPayment": false, "termsAccepted": true,
                        "billing": {"firstName": "Ana López", "address": "1200 Peachtree St",
                                    "city": "Atlanta", "state": "GA", "zipCode": "30309"},
                    }),
                )
            })
            .await;
        added.is_some_and(|a| a["outcome"] == "added")
    }

    fn submit_request(&self, base: &str, key: &str) -> reqwest::RequestBuilder {
        self.post(
            base,
            "/secure/api/v1/PinlessActivation/prepaid-customer-activation",
            &json!({"smsOptIn": false, "langPref": "ENGLISH", "consent": true}),
        )
        .header("Idempotency-Key", key)
    }

    async fn submit_at(&self, base: &str, key: &str, what: &str) -> Told {
        let what = format!("{what} [{}]", &key[..8]);
        match self.send(&what, self.submit_request(base, key)).await {
            Err(e) => Told::NoAnswer(e),
            Ok(a) if a.status == StatusCode::OK => {
                let code = a.body["businessErrorCode"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned();
                match a.body["outcome"].as_str() {
                    Some("placed") => Told::Placed(
                        a.body["orderNumber"]
                            .as_str()
                            .unwrap_or_default()
                            .to_owned(),
                    ),
                    Some("unrecoverable") => Told::Unrecoverable(code),
                    _ => Told::Failed(code),
                }
            }
            Ok(a) => Told::Error(
                a.status.as_u16(),
                a.body["errorCode"].as_str().unwrap_or_default().to_owned(),
            ),
        }
    }

    async fn submit(&self, key: &str, what: &str) -> Told {
        self.submit_at(self.next_base(), key, what).await
    }
}

fn key() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// One run's result.
#[derive(Debug)]
struct Outcome {
    seed: u64,
    behaviour: Behaviour,
    reached_submit: bool,
    /// Every submit answer, the final recovery submit last.
    told: Vec<Told>,
    orders: usize,
    duplicated: bool,
    lost: bool,
    phantom: bool,
    /// An order existed while the behaviour's last answer was not `placed` (the recovery
    /// submit then found it, or it is counted as lost).
    told_failed_while_placed: bool,
    /// Submit faults that struck after the upstream placed the order and kept its answer
    /// from the BFF (timeout, reset, malformed, 5xx after the work; reset and malformed
    /// always strike after it), plus one when the instance was killed mid-submit.
    lost_answers: usize,
    trace: Vec<String>,
    took: Duration,
}

impl Outcome {
    fn failed(&self) -> bool {
        self.duplicated || self.lost || self.phantom
    }
}

async fn run(world: &World, plan: &RunPlan) -> Outcome {
    let started = Instant::now();
    simulators::plan::set(&plan.tracking, plan.faults.clone());
    let base = &world.instances[0].base;
    let token = world
        .http
        .get(format!("{base}/token"))
        .query(&[("trackingId", &plan.tracking)])
        .send()
        .await
        .expect("GET /token");
    let cookie = token
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("pp_session="))
        .and_then(|c| c.split(';').next())
        .expect("session cookie")
        .to_owned();
    let body: Value = token.json().await.expect("token body");
    let customer = Customer {
        world,
        tracking: plan.tracking.clone(),
        cookie: std::cell::RefCell::new(cookie),
        xsrf: std::cell::RefCell::new(body["xsrfToken"].as_str().unwrap().to_owned()),
        turn: std::cell::Cell::new(0),
        trace: Default::default(),
    };
    let reached_submit = customer.checkout(plan).await;
    let mut told = Vec::new();
    let mut abandoned = false;
    if reached_submit {
        let c = &customer;
        match plan.behaviour {
            Behaviour::Single => told.push(c.submit(&key(), "submit").await),
            Behaviour::DoubleClick => {
                let k = key();
                let (a, b) = tokio::join!(c.submit(&k, "click 1"), c.submit(&k, "click 2"));
                told.extend([a, b]);
            }
            Behaviour::TwoTabs => {
                let (k1, k2) = (key(), key());
                let (a, b) = tokio::join!(c.submit(&k1, "tab 1"), c.submit(&k2, "tab 2"));
                told.extend([a, b]);
            }
            Behaviour::ReloadThenNewKey { ms } => {
                let k = key();
                let first = c.submit(&k, "submit before reload");
                let left = tokio::time::timeout(Duration::from_millis(ms), first).await;
                match left {
                    Ok(t) => told.push(t),
                    Err(_) => {
                        abandoned = true;
                        c.log(format!("reloaded after {ms} ms"));
                    }
                }
                told.push(c.submit(&key(), "submit after reload").await);
            }
            Behaviour::RetrySameKey | Behaviour::RetryNewKey => {
                let k = key();
                let first = c.submit(&k, "submit").await;
                let again = first.placed().is_none();
                told.push(first);
                if again {
                    let k2 = if plan.behaviour == Behaviour::RetrySameKey {
                        k
                    } else {
                        key()
                    };
                    told.push(c.submit(&k2, "retry").await);
                }
            }
            Behaviour::KillInstance { ms, same_key } => {
                let victim =
                    killable_instance(&world.urls, world.redis.as_deref().expect("redis")).await;
                let k = key();
                let doomed = victim.base.clone();
                let first = c.submit_at(&doomed, &k, "submit at the doomed instance");
                tokio::pin!(first);
                let done = tokio::select! {
                    t = &mut first => Some(t),
                    () = tokio::time::sleep(Duration::from_millis(ms)) => None,
                };
                c.log(format!("instance killed {ms} ms after the submit"));
                victim.kill();
                let t = match done {
                    Some(t) => t,
                    None => first.await,
                };
                told.push(t);
                abandoned = true;
                let k2 = if same_key { k.clone() } else { key() };
                told.push(c.submit(&k2, "submit at the survivor").await);
            }
        }
    }
    // Submit faults taken: the queue's first ones.
    let left = simulators::plan::remaining(&plan.tracking)
        .get(&Call::SubmitOrder)
        .map_or(0, VecDeque::len);
    let killed = matches!(plan.behaviour, Behaviour::KillInstance { .. })
        && matches!(told.first(), Some(Told::NoAnswer(_)));
    let lost_answers = usize::from(killed)
        + plan.faults.get(&Call::SubmitOrder).map_or(0, |q| {
            q.iter()
                .take(q.len() - left)
                .filter(|p| loses_answer(p))
                .count()
        });
    // The customer comes back later: faults gone, anything abandoned finished.
    simulators::plan::clear(&plan.tracking);
    if abandoned {
        tokio::time::sleep(Duration::from_millis(2 * UPSTREAM_TIMEOUT_MS + LEASE_MS)).await;
    }
    let behaviour_last_placed = told.last().and_then(Told::placed).is_some();
    let orders_before_recovery = simulators::activation::orders_of(&plan.tracking).len();
    if reached_submit {
        // A transport failure of its own (a loaded machine) is not an answer: try again.
        for _ in 0..3 {
            let t = customer.submit(&key(), "later submit").await;
            let again = matches!(t, Told::NoAnswer(_) | Told::Error(500.., _));
            told.push(t);
            if !again {
                break;
            }
        }
    }
    let orders = simulators::activation::orders_of(&plan.tracking);
    let final_placed = told.last().and_then(Told::placed).is_some();
    let phantom = told.iter().filter_map(Told::placed).any(|n| {
        !orders
            .iter()
            .any(|o| o.order_number == n && o.tracking_id == plan.tracking)
    });
    Outcome {
        seed: plan.seed,
        behaviour: plan.behaviour,
        reached_submit,
        orders: orders.len(),
        duplicated: orders.len() > 1,
        lost: !orders.is_empty() && !final_placed,
        phantom,
        told_failed_while_placed: orders_before_recovery > 0 && !behaviour_last_placed,
        lost_answers,
        told,
        trace: customer.trace.into_inner(),
        took: started.elapsed(),
    }
}

/// Whether `p` lets the upstream place the order and keeps the answer from the BFF.
fn loses_answer(p: &Planned) -> bool {
    match p.fault {
        Fault::Reset | Fault::Malformed => true,
        Fault::Timeout | Fault::Error5xx { .. } => p.after_work,
        Fault::Delay { .. } => false,
    }
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn seeded_fault_campaign_over_the_checkout() {
    let replay = env_u64("CAMPAIGN_SEED");
    let runs = env_u64("CAMPAIGN_RUNS").unwrap_or(500);
    let first = env_u64("CAMPAIGN_FIRST").unwrap_or(1);
    let concurrency = env_u64("CAMPAIGN_CONCURRENCY").unwrap_or(8) as usize;
    let seeds: Vec<u64> = match replay {
        Some(s) => vec![s],
        None => (first..first + runs).collect(),
    };
    simulators::activation::enable_ledger();
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let redis = std::env::var("BFF_TEST_REDIS_URL")
        .ok()
        .filter(|u| !u.is_empty());
    let mut instances = Vec::new();
    match &redis {
        Some(url) => {
            for _ in 0..2 {
                let cfg = campaign_config(&urls);
                let store = Store::redis(url, cfg.store.clone()).await.expect("redis");
                instances.push(instance(&urls, store).await);
            }
        }
        None => {
            let cfg = campaign_config(&urls);
            instances.push(instance(&urls, Store::memory(cfg.store.clone())).await);
        }
    }
    let world = World {
        sims_base: sims.base_url.clone(),
        urls,
        instances,
        redis: redis.clone(),
        http: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(30))
            .build()
            .unwrap(),
    };
    let started = Instant::now();
    let plans: Vec<RunPlan> = seeds
        .iter()
        .map(|&s| RunPlan::new(s, redis.is_some()))
        .collect();
    if replay.is_some() {
        println!("plan: {:#?}", plans[0]);
    }
    let outcomes: Vec<Outcome> = futures_util::stream::iter(plans.iter())
        .map(|p| run(&world, p))
        .buffer_unordered(concurrency.max(1))
        .collect()
        .await;
    let elapsed = started.elapsed();
    let report = report(&outcomes, elapsed, redis.is_some());
    println!("{report}");
    if replay.is_some() {
        for line in &outcomes[0].trace {
            println!("  {line}");
        }
        println!("  told: {:?}", outcomes[0].told);
    }
    let failing: Vec<u64> = {
        let mut f: Vec<u64> = outcomes
            .iter()
            .filter(|o| o.failed())
            .map(|o| o.seed)
            .collect();
        f.sort_unstable();
        f
    };
    // the store refusing records (memory bound) would hide the checkout behind 503s
    let refused = outcomes
        .iter()
        .filter(|o| o.told.iter().any(|t| matches!(t, Told::Error(503, _))))
        .count();
    assert_eq!(
        refused, 0,
        "{report}\nthe store refused records in {refused} runs"
    );
    // a campaign whose customers never reach the submit proves nothing: most plans leave
    // every step before it a way through (retries), so most runs must get there
    let reached = outcomes.iter().filter(|o| o.reached_submit).count();
    assert!(
        reached * 2 >= outcomes.len(),
        "{report}\nonly {reached} of {} runs reached the submit: the checkout itself is broken",
        outcomes.len()
    );
    assert!(
        failing.is_empty(),
        "{report}\n{} failing seeds (first 20: {:?}); replay one with\n  CAMPAIGN_SEED={} {}cargo test --release -p bff --test it campaign -- --nocapture",
        failing.len(),
        &failing[..failing.len().min(20)],
        failing[0],
        if redis.is_some() {
            "BFF_TEST_REDIS_URL=<redis url> "
        } else {
            ""
        },
    );
}

fn report(outcomes: &[Outcome], elapsed: Duration, redis: bool) -> String {
    let count = |f: &dyn Fn(&Outcome) -> bool| outcomes.iter().filter(|o| f(o)).count();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "campaign: {} runs in {:.1} s ({}), store {}",
        outcomes.len(),
        elapsed.as_secs_f64(),
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        if redis {
            "redis, two instances"
        } else {
            "memory, one instance"
        },
    );
    let _ = writeln!(
        s,
        "  reached submit {}, finally placed {}, upstream orders {}, told a failure while an order existed (before the later submit) {}",
        count(&|o| o.reached_submit),
        count(&|o| o.told.last().and_then(Told::placed).is_some()),
        outcomes.iter().map(|o| o.orders).sum::<usize>(),
        count(&|o| o.told_failed_while_placed),
    );
    let _ = writeln!(
        s,
        "  duplicated orders {} (extra orders {}), lost orders {}, placed answers without an order {}",
        count(&|o| o.duplicated),
        outcomes
            .iter()
            .map(|o| o.orders.saturating_sub(1))
            .sum::<usize>(),
        count(&|o| o.lost),
        count(&|o| o.phantom),
    );
    let _ = writeln!(
        s,
        "  duplicated runs where an order's answer may have been lost on the way to the BFF (fault after the work, instance killed) {}, where none was {}",
        count(&|o| o.duplicated && o.lost_answers > 0),
        count(&|o| o.duplicated && o.lost_answers == 0),
    );
    let mut by: BTreeMap<&str, (usize, usize, usize, usize)> = BTreeMap::new();
    for o in outcomes {
        let e = by.entry(o.behaviour.name()).or_default();
        e.0 += 1;
        e.1 += usize::from(o.duplicated);
        e.2 += usize::from(o.lost);
        e.3 += usize::from(o.phantom);
    }
    for (name, (n, d, l, p)) in by {
        let _ = writeln!(
            s,
            "    {name:<20} runs {n:>5}  duplicated {d:>4}  lost {l:>4}  phantom {p:>4}"
        );
    }
    let mut failing: Vec<&Outcome> = outcomes.iter().filter(|o| o.failed()).collect();
    // lost and phantom orders first: the rarer findings
    failing.sort_by_key(|o| (!(o.lost || o.phantom), o.seed));
    for o in failing.iter().take(20) {
        let what: Vec<&str> = [
            (o.duplicated, "duplicated"),
            (o.lost, "lost"),
            (o.phantom, "phantom"),
        ]
        .iter()
        .filter(|(b, _)| *b)
        .map(|(_, w)| *w)
        .collect();
        let _ = writeln!(
            s,
            "    seed {} {}: {} ({} orders, {} lost answers), told {:?}",
            o.seed,
            o.behaviour.name(),
            what.join("+"),
            o.orders,
            o.lost_answers,
            o.told
        );
    }
    let stopped: Vec<String> = outcomes
        .iter()
        .filter(|o| !o.reached_submit)
        .take(10)
        .map(|o| o.seed.to_string())
        .collect();
    let _ = writeln!(
        s,
        "  stopped before submit (first 10): {}",
        stopped.join(", ")
    );
    let mut slow: Vec<&Outcome> = outcomes.iter().collect();
    slow.sort_by_key(|o| std::cmp::Reverse(o.took));
    let slow: Vec<String> = slow
        .iter()
        .take(5)
        .map(|o| format!("{} ({} ms)", o.seed, o.took.as_millis()))
        .collect();
    let _ = writeln!(s, "  slowest seeds: {}", slow.join(", "));
    let mut reasons: HashMap<String, usize> = HashMap::new();
    for o in outcomes.iter().filter(|o| o.failed()) {
        let first = o.told.first().map(|t| format!("{t:?}")).unwrap_or_default();
        let first = first.split('(').next().unwrap_or_default().to_owned();
        *reasons.entry(format!("first answer {first}")).or_default() += 1;
    }
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort();
    for (r, n) in reasons {
        let _ = writeln!(s, "    failing runs with {r}: {n}");
    }
    s
}
