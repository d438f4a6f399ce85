//! The seeded fault campaign over every money flow of the signed-in area and the quick
//! refill: `campaign.rs` does the buy checkout; this one the card refill
//! with the saved card, the card refill after adding a new card, the PIN redemption, the
//! quick refill (litepay), the reconnect of a closed account and the auto-refill enrolment.
//!
//! Each run is one seed (`u64`): SplitMix64 turns it into a plan (the flow, faults per
//! upstream step of that flow, a PIN or card, a client behaviour at submit); one customer
//! (signed in, or an anonymous visitor for the quick refill) walks the flow through real
//! HTTP against the BFF over the in-process simulators, in a simulator run of its own
//! (`sim_run`: a UUID derived from the seed, so runs never see each other's ledgers), and the
//! simulators' ledgers are compared with what the customer was told:
//!
//! - **duplicated**: more effects than the customer asked for: for a refill (card, new card,
//!   quick refill) more refill-ledger entries ([`simulators::refill::ledger`]) than sign-ins
//!   or visitors that submitted, or one of them told two order numbers; for the PIN more
//!   upstream redemption calls ([`simulators::activation_account::redeem_calls`]) than
//!   validated attempts (plus one for an instance killed mid-redeem, whose attempt the
//!   survivor re-runs); for the reconnect more create calls
//!   ([`simulators::account_reconnect::ledger`]) than devices plus attempts that ended
//!   without the BFF learning what the create did (each answered something other than
//!   `reconnected`, or was abandoned: a fault after the work, an aux fetch failing, an
//!   instance killed, the BFF's own timeout on a loaded machine); the auto-refill enrolment
//!   is a state (on or off), never duplicated;
//! - **lost**: an effect (a refill, a redemption, an aux account) that no customer's final
//!   answer names. After its scripted behaviour every customer (each device) comes back
//!   once, the plan's faults cleared and anything abandoned finished, and submits again with
//!   a new key: that answer is "the way to find" the effect (for the PIN: the redeem again,
//!   and on a kept failure a new validation, whose 409 `PIN_ALREADY_REDEEMED` names the
//!   redemption; for the enrolment: the enrol again, and on anything but `done` the payment
//!   info the page reloads, whose `autoRefillEnabled` names it);
//! - **phantom**: a `refilled` / `redeemed` / `reconnected` / enrolled answer the ledger
//!   does not hold (its order number, the redemption, its aux account, auto-refill on in
//!   [`simulators::payments::current_info`]).
//!
//! Faults at every upstream step of the flow from [`simulators::plan`] (keyed by the run's
//! tracking id, set after the sign-in): the dashboard record, payment info, promotions, tax,
//! tokenize, add payment instrument, PIN validation, the quick refill's lookup, aux account
//! and serviceability, and the effect itself (refill, ezRefill, redeemRefill,
//! createAuxAccount, enrollAutopay); each delay, timeout, reset, 5xx or malformed, before or after the
//! upstream did its work. Client behaviours at submit: single, double click (same key,
//! concurrent), two tabs (new key, concurrent), two devices of one owner (two sign-ins or
//! two visitors, concurrent; 409 `PAYMENT_IN_PROGRESS` for one of them is a correct
//! "nothing charged"), reload mid-submit then a new key, retry after an error with the same
//! key or a new one and, where Redis is configured (`BFF_TEST_REDIS_URL`), two instances
//! taking alternate requests plus an instance killed mid-submit with the customer carrying
//! on at the other.
//!
//! - Slice (the test command): `cargo test --release -p bff --test it money_campaign`
//!   (500 seeds).
//! - Full campaign: `MONEY_CAMPAIGN_RUNS=10000 cargo test --release -p bff --test it
//!   money_campaign -- --nocapture` (prints the counts per flow); with
//!   `BFF_TEST_REDIS_URL=redis://127.0.0.1:<port>` the two-instance variant.
//! - Replay one seed: `MONEY_CAMPAIGN_SEED=<n> cargo test --release -p bff --test it
//!   money_campaign -- --nocapture` (prints its plan and every answer).
//!
//! `MONEY_CAMPAIGN_FIRST` (default 1) is the first seed, `MONEY_CAMPAIGN_CONCURRENCY`
//! (default 16: the enrolments that come back wait 5 s) the runs in flight at once.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bff::{
    config::{Config, LitepayLimits, Mode, UpstreamUrls},
    startup::endpoint,
    state::{AppState, Clock, state_with_store},
    store::Store,
};
use futures_util::StreamExt;
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};
use simulators::fault::Fault;
use simulators::plan::{self, Planned};
use simulators::run_state::Run;
use upstream::call::Call;

use crate::common::config;
use crate::signin::query_of;

/// The BFF's upstream timeout in the campaign: a `timeout` fault costs this much.
const UPSTREAM_TIMEOUT_MS: u64 = if cfg!(debug_assertions) { 250 } else { 120 };
/// Idempotency lease: a killed instance's in-flight key is free again after this.
const LEASE_MS: u64 = 300;
const GOOD_CARD: &str = "4111111111111111";
/// Tries of a step before the submit (the page reloads) before the customer gives up: a
/// step reads up to five upstream calls, each with up to two faults before the submit.
const TRIES: usize = 6;

/// The owner of `8993100000001301` (expiring soon, a Visa stored) among others: the picker.
const SAVED_CARD_IDENTITY: &str = "owner-states";
const SAVED_CARD_ACCOUNT: &str = "8993100000001301";
/// One account, no card stored: the new-card refill and the PIN.
const OWNER_ONE: &str = "owner-one";
const OWNER_ONE_ACCOUNT: &str = "8993100000000101";
/// The quick refill's billing phone and zip of `8993100000000101`.
const LITEPAY_PHONE: &str = "4045550201";
const LITEPAY_ZIP: &str = "30309";
/// The closed, reconnect-eligible account of `deactivated`.
const CLOSED_IDENTITY: &str = "deactivated";
const CLOSED_ACCOUNT: &str = "8993100000000501";

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

/// The money flows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Flow {
    /// Card refill with the card on file.
    RefillSavedCard,
    /// Card refill after adding a new card through the payments flow.
    RefillNewCard,
    /// PIN validation and redemption.
    Pin,
    /// The anonymous quick refill: lookup, one-time card, refill.
    Litepay,
    /// Reconnect of a closed account (card added first).
    Reconnect,
    /// Auto-refill enrolment (card added first): a state, not a charge.
    AutoRefill,
}

const FLOWS: &[Flow] = &[
    Flow::RefillSavedCard,
    Flow::RefillNewCard,
    Flow::Pin,
    Flow::Litepay,
    Flow::Reconnect,
    Flow::AutoRefill,
];

impl Flow {
    fn name(self) -> &'static str {
        match self {
            Flow::RefillSavedCard => "refillSavedCard",
            Flow::RefillNewCard => "refillNewCard",
            Flow::Pin => "pin",
            Flow::Litepay => "litepay",
            Flow::Reconnect => "reconnect",
            Flow::AutoRefill => "autoRefillEnrol",
        }
    }

    /// The upstream calls of the steps before the submit (and of the submit's own reads):
    /// each gets 0 to 2 faults, so a step the customer repeats ([`TRIES`]) ends up working.
    fn steps(self) -> &'static [Call] {
        match self {
            Flow::RefillSavedCard => &[
                Call::Dashboard,
                Call::PaymentInfo,
                Call::Promotions,
                Call::Tax,
            ],
            Flow::RefillNewCard => &[
                Call::Tokenize,
                Call::PaymentInfo,
                Call::AddPaymentInstrument,
                Call::Dashboard,
                Call::Promotions,
                Call::Tax,
            ],
            Flow::Pin => &[Call::ValidateActivationCode, Call::Dashboard],
            Flow::Litepay => &[
                Call::LookupDashboard,
                Call::Promotions,
                Call::Tax,
                Call::Tokenize,
                Call::AddPaymentInstrument,
            ],
            Flow::Reconnect => &[
                Call::Tokenize,
                Call::PaymentInfo,
                Call::AddPaymentInstrument,
                Call::Dashboard,
                Call::AuxAccount,
                Call::Serviceability,
                Call::Tax,
            ],
            Flow::AutoRefill => &[
                Call::Tokenize,
                Call::PaymentInfo,
                Call::AddPaymentInstrument,
                Call::Dashboard,
                Call::AuxAccount,
            ],
        }
    }

    /// The call that makes the effect.
    fn effect(self) -> Call {
        match self {
            Flow::RefillSavedCard | Flow::RefillNewCard => Call::Refill,
            Flow::Pin => Call::RedeemRefill,
            Flow::Litepay => Call::EzRefill,
            Flow::Reconnect => Call::CreateAuxAccount,
            Flow::AutoRefill => Call::EnrollAutopay,
        }
    }
}

/// What the customer does at submit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Behaviour {
    Single,
    /// Two concurrent submits with the same key.
    DoubleClick,
    /// Two tabs of one session: two concurrent submits with different keys.
    TwoTabs,
    /// Two devices of one owner (two sign-ins; two visitors for the quick refill), each
    /// walked to the submit, submitting at once.
    TwoDevices,
    /// Reload `ms` after the submit went out (its answer never read), then a new key.
    ReloadThenNewKey {
        ms: u64,
    },
    /// Submit; on anything but success, again with the same key.
    RetrySameKey,
    /// Submit; on anything but success, again with a new key.
    RetryNewKey,
    /// Redis only: the submit goes to an instance killed `ms` later; the customer then
    /// submits at the surviving instance with the same key or a new one.
    KillInstance {
        ms: u64,
        same_key: bool,
    },
}

impl Behaviour {
    fn name(self) -> &'static str {
        match self {
            Behaviour::Single => "single",
            Behaviour::DoubleClick => "doubleClick",
            Behaviour::TwoTabs => "twoTabs",
            Behaviour::TwoDevices => "twoDevices",
            Behaviour::ReloadThenNewKey { .. } => "reloadThenNewKey",
            Behaviour::RetrySameKey => "retrySameKey",
            Behaviour::RetryNewKey => "retryNewKey",
            Behaviour::KillInstance { same_key: true, .. } => "killInstanceSameKey",
            Behaviour::KillInstance { .. } => "killInstanceNewKey",
        }
    }
}

/// One seed's plan.
#[derive(Debug)]
struct RunPlan {
    seed: u64,
    flow: Flow,
    run: String,
    tracking: String,
    faults: plan::Plan,
    /// The PIN of a PIN run (one that fails at redemption now and then).
    pin: String,
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
        let mut rng = Rng(seed ^ 0x6D6F_6E65_7900_0000);
        let flow = rng.pick(FLOWS);
        let mut bytes = [0u8; 16];
        bytes[..8].copy_from_slice(&rng.next().to_le_bytes());
        bytes[8..].copy_from_slice(&rng.next().to_le_bytes());
        let tracking = uuid::Builder::from_random_bytes(bytes)
            .into_uuid()
            .to_string();
        // the simulator run: a UUID (the harness takes no other run id) of the seed's own
        bytes[..8].copy_from_slice(&rng.next().to_le_bytes());
        bytes[8..].copy_from_slice(&seed.to_le_bytes());
        let run = uuid::Builder::from_random_bytes(bytes)
            .into_uuid()
            .to_string();
        let mut faults = plan::Plan::new();
        for &call in flow.steps() {
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
        // the effect: each of its first four calls faulty with 35 %
        let mut queue = VecDeque::new();
        for _ in 0..4 {
            if rng.chance(35) {
                queue.push_back(fault(&mut rng));
            }
        }
        if !queue.is_empty() {
            faults.insert(flow.effect(), queue);
        }
        // a valid PIN (first digit 1 to 8: 1, 2 or 3 plans), or one refused at redemption
        let head = if rng.chance(8) {
            "94".to_owned()
        } else {
            format!("{}{}", 1 + rng.below(8), rng.below(10))
        };
        let pin = format!("{head}{:010}", rng.below(10_000_000_000));
        let kinds = if redis { 9 } else { 8 };
        let behaviour = match rng.below(kinds) {
            0 | 1 => Behaviour::Single,
            2 => Behaviour::DoubleClick,
            3 => Behaviour::TwoTabs,
            4 => Behaviour::TwoDevices,
            5 => Behaviour::ReloadThenNewKey {
                ms: rng.below(UPSTREAM_TIMEOUT_MS / 2),
            },
            6 => Behaviour::RetrySameKey,
            7 => Behaviour::RetryNewKey,
            _ => Behaviour::KillInstance {
                ms: rng.below(30),
                same_key: rng.chance(50),
            },
        };
        RunPlan {
            seed,
            flow,
            run,
            tracking,
            faults,
            pin,
            behaviour,
        }
    }
}

/// What one submit answered.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Told {
    /// Refilled (its order number; empty for a warning), redeemed, reconnected (its aux
    /// account).
    Done(String),
    /// A refusal with its code.
    Failed(String),
    /// 409 `PAYMENT_IN_PROGRESS`: another payment of the account was in flight.
    InProgress,
    /// 409 `PIN_ALREADY_REDEEMED` at a new validation, or auto-refill on in the payment
    /// info read after an enrolment that did not answer `done`: the effect found.
    AlreadyDone,
    /// Another error answer: status and `errorCode`.
    Error(u16, String),
    /// No answer: the connection broke (the instance died) or the customer left.
    NoAnswer(String),
}

impl Told {
    fn done(&self) -> Option<&str> {
        match self {
            Told::Done(n) => Some(n),
            _ => None,
        }
    }
    /// Whether this answer tells the customer the effect exists.
    fn finds(&self) -> bool {
        matches!(self, Told::Done(_) | Told::AlreadyDone)
    }
    /// An answer worth asking again for (the machine, not the BFF, failed to answer; or
    /// another device's payment was in flight).
    fn again(&self) -> bool {
        matches!(
            self,
            Told::NoAnswer(_) | Told::Error(500.., _) | Told::InProgress
        )
    }
    /// [`Told::again`], or a reconnect whose create was accepted but whose aux account the
    /// fetch after it did not list (`fetchFailed`, seed 002 §4.5: the error page; on a loaded
    /// machine the BFF's own timeout on that fetch): the customer tries again from there.
    fn again_at(&self, flow: Flow) -> bool {
        self.again()
            || (flow == Flow::Reconnect && matches!(self, Told::Failed(r) if r == "fetchFailed"))
    }
}

/// One BFF instance served on a loopback port.
struct Instance {
    base: String,
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
    cfg.store.max_memory_entries = 1_000_000;
    cfg.reconnect_aux_fetch = Duration::from_millis(20);
    cfg.litepay = LitepayLimits {
        session_per_hour: 0,
        address_per_hour: 0,
        min_answer: Duration::ZERO,
    };
    cfg
}

async fn serve_state(st: Arc<AppState>) -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let acceptor = poem::listener::TcpAcceptor::from_tokio(listener).unwrap();
    let task = tokio::spawn(async move {
        let _ = poem::Server::new_with_acceptor(acceptor)
            .run(endpoint(st))
            .await;
    });
    (base, task)
}

async fn instance(urls: &UpstreamUrls, store: Store) -> Instance {
    let st = state_with_store(campaign_config(urls), urls.clone(), Clock::system(), store).unwrap();
    let (base, task) = serve_state(st).await;
    Instance {
        base,
        rt: None,
        _task: Some(task),
    }
}

/// An instance on a runtime of its own with its own Redis connection: [`Instance::kill`]
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
            let st = state_with_store(cfg, urls, Clock::system(), store).unwrap();
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

struct World {
    sims_base: String,
    urls: UpstreamUrls,
    instances: Vec<Instance>,
    redis: Option<String>,
    http: reqwest::Client,
}

struct Answer {
    status: StatusCode,
    body: Value,
}

/// One device of the customer: a session at the BFF, the instances it talks to
/// (alternately), the shared trace.
struct Device<'w> {
    world: &'w World,
    name: &'static str,
    plan: &'w RunPlan,
    cookie: RefCell<String>,
    xsrf: RefCell<String>,
    account: RefCell<String>,
    turn: Cell<usize>,
    trace: Rc<RefCell<Vec<String>>>,
    /// PIN validations answered 200 (each opens a redemption attempt).
    validated: Cell<u32>,
}

impl<'w> Device<'w> {
    fn next_base(&self) -> &'w str {
        let i = self.turn.get();
        self.turn.set(i + 1);
        &self.world.instances[i % self.world.instances.len()].base
    }

    fn log(&self, line: String) {
        self.trace
            .borrow_mut()
            .push(format!("[{}] {line}", self.name));
    }

    fn request(&self, base: &str, method: Method, path: &str) -> reqwest::RequestBuilder {
        self.world
            .http
            .request(method, format!("{base}{path}"))
            .header(
                header::COOKIE,
                format!("{}; sim_run={}", self.cookie.borrow(), self.plan.run),
            )
            .header("x-xsrf-token", self.xsrf.borrow().as_str())
            .header("trackingid", &self.plan.tracking)
            .header("source", "DIGITAL2.0")
            .header(header::ACCEPT_LANGUAGE, "en")
    }

    fn account_path(&self, tail: &str) -> String {
        format!("/secure2/accounts/{}/{tail}", self.account.borrow())
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
                match r.bytes().await {
                    Ok(b) => Ok(Answer {
                        status,
                        body: serde_json::from_slice(&b).unwrap_or(Value::Null),
                    }),
                    Err(e) => Err(e.to_string()),
                }
            }
            Err(e) => Err(e.to_string()),
        };
        match &answer {
            Ok(a) => {
                let mut body = a.body.to_string();
                if body.len() > 300 {
                    body.truncate(300);
                    body.push('…');
                }
                self.log(format!("{what}: {} {body}", a.status.as_u16()));
            }
            Err(e) => self.log(format!("{what}: no answer ({e})")),
        }
        answer
    }

    /// A step the customer repeats (page reload) until `ok` holds of its 2xx JSON answer,
    /// up to [`TRIES`].
    async fn step(
        &self,
        what: &str,
        ok: impl Fn(&Value) -> bool,
        build: impl Fn(&str) -> reqwest::RequestBuilder,
    ) -> Option<Value> {
        for _ in 0..TRIES {
            if let Ok(a) = self.send(what, build(self.next_base())).await
                && a.status.is_success()
                && !a.body.is_null()
                && ok(&a.body)
            {
                return Some(a.body);
            }
        }
        None
    }

    /// A new session (`GET /token`).
    async fn new(
        world: &'w World,
        plan: &'w RunPlan,
        name: &'static str,
        trace: Rc<RefCell<Vec<String>>>,
    ) -> Option<Device<'w>> {
        let base = &world.instances[0].base;
        let token = world
            .http
            .get(format!("{base}/token"))
            .query(&[("trackingId", &plan.tracking)])
            .send()
            .await
            .ok()?;
        let cookie = token
            .headers()
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|c| c.starts_with("pp_session="))
            .and_then(|c| c.split(';').next())?
            .to_owned();
        let body: Value = token.json().await.ok()?;
        Some(Device {
            world,
            name,
            plan,
            cookie: RefCell::new(cookie),
            xsrf: RefCell::new(body["xsrfToken"].as_str()?.to_owned()),
            account: RefCell::new(String::new()),
            turn: Cell::new(0),
            trace,
            validated: Cell::new(0),
        })
    }

    /// Signs in as `identity` (through the provider's page via the harness proxy) and picks
    /// `account` when the picker comes; no faults are planned yet.
    async fn sign_in(&self, identity: &str, account: &str) -> bool {
        let base = self.next_base();
        let Ok(a) = self
            .send(
                "authorize",
                self.request(base, Method::POST, "/secure2/authorize")
                    .json(&json!({"locale": "en", "bhr": true})),
            )
            .await
        else {
            return false;
        };
        let Some(url) = a.body["authorizeUrl"].as_str().map(str::to_owned) else {
            return false;
        };
        // the provider's page, straight at the simulators (the harness proxy's short
        // campaign timeout would fail a slow page now and then: not what is under test)
        let Some(path) = url
            .split_once('?')
            .map_or(url.as_str(), |(p, _)| p)
            .strip_prefix("/sim")
        else {
            return false;
        };
        let target = format!("{}{path}", self.world.sims_base);
        let mut form = query_of(&url);
        form.push(("identity".into(), identity.into()));
        let Ok(pick) = self
            .world
            .http
            .post(target)
            .header("x-sim-run", &self.plan.run)
            .form(&form)
            .send()
            .await
        else {
            return false;
        };
        let Some(location) = pick
            .headers()
            .get(header::LOCATION)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
        else {
            self.log(format!("authorize pick: {}", pick.status()));
            return false;
        };
        let q = query_of(&location);
        let get = |k: &str| {
            q.iter()
                .find(|(n, _)| n == k)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        let Ok(d) = self
            .send(
                "decoder",
                self.request(base, Method::POST, "/secure2/decoder")
                    .json(&json!({"code": get("code"), "state": get("state")})),
            )
            .await
        else {
            return false;
        };
        if d.body["next"] == "accountPicker" {
            let ok = self
                .send(
                    "accountPicker",
                    self.request(base, Method::POST, "/secure2/account-picker")
                        .json(&json!({"accountId": account})),
                )
                .await
                .is_ok_and(|a| a.status.is_success());
            if !ok {
                return false;
            }
        }
        *self.account.borrow_mut() = account.to_owned();
        true
    }

    /// The card-entry frame's tokenisation at the card-entry service itself (with the
    /// run's tracking id, so the plan's faults reach it).
    async fn tokenize(&self) -> Option<Value> {
        let sims = &self.world.sims_base;
        let tok = self
            .step(
                "tokenize",
                |v| v["status"] == "SUCCESS",
                |_| {
                    self.world
                        .http
                        .post(format!("{sims}/card-entry/tokenize"))
                        .header("trackingid", &self.plan.tracking)
                        .timeout(Duration::from_millis(UPSTREAM_TIMEOUT_MS))
                        .json(&json!({"cardNumber": GOOD_CARD, "expirationDate": "1230", "cvv": "123"}))
                },
            )
            .await?;
        let card = &tok["cardDetails"];
        Some(json!({
            "token": card["token"], "expirationDate": card["expirationDate"],
            "cardType": card["cardType"], "cardLast4Digits": card["cardLast4Digits"],
            "billing": {"firstName": "Olivia", "lastName": "Owens", "address": "410 Magnolia Ave",
                        "city": "Atlanta", "state": "GA", "zipCode": "30309"},
        }))
    }

    /// Saves a new card on the account through the payments flow.
    async fn add_account_card(&self) -> bool {
        let Some(body) = self.tokenize().await else {
            return false;
        };
        let path = self.account_path("payment-instrument");
        self.step(
            "addCard",
            |v| v["outcome"] == "done",
            |b| {
                self.request(b, Method::POST, &path)
                    .header("Idempotency-Key", key())
                    .json(&body)
            },
        )
        .await
        .is_some()
    }

    /// The refill pages: the offer, then its default cart chosen.
    async fn refill_cart(&self) -> bool {
        let offer_path = self.account_path("refill");
        let Some(offer) = self
            .step(
                "offer",
                |_| true,
                |b| self.request(b, Method::GET, &offer_path),
            )
            .await
        else {
            return false;
        };
        let cart = &offer["cart"];
        let choices = json!({
            "plan": cart["plan"], "packages": cart["packages"], "addOns": cart["addOns"],
            "promo": cart["promoInCart"],
        });
        let cart_path = self.account_path("refill/cart");
        self.step(
            "cart",
            |_| true,
            |b| self.request(b, Method::PUT, &cart_path).json(&choices),
        )
        .await
        .is_some()
    }

    async fn validate_pin(&self) -> Result<Answer, String> {
        let path = self.account_path("refill/pin/validate");
        let a = self
            .send(
                "validate",
                self.request(self.next_base(), Method::POST, &path)
                    .json(&json!({"pin": self.plan.pin})),
            )
            .await;
        if a.as_ref().is_ok_and(|a| a.status == StatusCode::OK) {
            self.validated.set(self.validated.get() + 1);
        }
        a
    }

    /// Everything before the submit, for one device; false when it could not get there.
    async fn prepare(&self, first: bool) -> bool {
        match self.plan.flow {
            Flow::RefillSavedCard => self.refill_cart().await,
            Flow::RefillNewCard => {
                (!first || self.add_account_card().await) && self.refill_cart().await
            }
            Flow::Pin => {
                for _ in 0..TRIES {
                    if self
                        .validate_pin()
                        .await
                        .is_ok_and(|a| a.status == StatusCode::OK)
                    {
                        return true;
                    }
                }
                false
            }
            Flow::Litepay => {
                let found = self
                    .step(
                        "lookup",
                        |v| v["outcome"] == "found",
                        |b| {
                            self.request(
                                b,
                                Method::POST,
                                "/secure/v1/customermanagement/fetchCustomerDashboard",
                            )
                            .json(&json!({"phone": LITEPAY_PHONE, "zip": LITEPAY_ZIP}))
                        },
                    )
                    .await;
                if found.is_none() {
                    return false;
                }
                let Some(body) = self.tokenize().await else {
                    return false;
                };
                self.step(
                    "addCard",
                    |v| v["outcome"] == "added",
                    |b| {
                        self.request(b, Method::POST, "/secure/litepay/payment-instrument")
                            .header("Idempotency-Key", key())
                            .json(&body)
                    },
                )
                .await
                .is_some()
            }
            Flow::Reconnect => {
                if first && !self.add_account_card().await {
                    return false;
                }
                let path = self.account_path("reconnect");
                self.step("check", |_| true, |b| self.request(b, Method::GET, &path))
                    .await
                    .is_some()
            }
            Flow::AutoRefill => !first || self.add_account_card().await,
        }
    }

    fn submit_request(&self, base: &str, key: &str) -> reqwest::RequestBuilder {
        let rb = match self.plan.flow {
            Flow::RefillSavedCard | Flow::RefillNewCard => self
                .request(base, Method::POST, &self.account_path("refill/order"))
                .json(&json!({"termsAccepted": true})),
            Flow::Pin => self.request(base, Method::POST, &self.account_path("refill/pin/redeem")),
            Flow::Litepay => self
                .request(base, Method::POST, "/secure/litepay/refill")
                .json(&json!({"termsAccepted": true})),
            Flow::Reconnect => self
                .request(base, Method::POST, &self.account_path("reconnect"))
                .json(&json!({"plan": "HSD_030"})),
            Flow::AutoRefill => self
                .request(base, Method::POST, &self.account_path("auto-refill/enrol"))
                .json(&json!({"termsAccepted": true})),
        };
        rb.header("Idempotency-Key", key)
    }

    fn told_of(&self, a: &Answer) -> Told {
        let code = |k: &str| a.body[k].as_str().unwrap_or_default().to_owned();
        if a.status == StatusCode::OK {
            let outcome = a.body["outcome"].as_str().unwrap_or_default();
            return match (self.plan.flow, outcome) {
                (Flow::Pin, _) => Told::Done("redeemed".into()),
                (Flow::Reconnect, "reconnected") => Told::Done(code("activationAccountId")),
                (Flow::Reconnect, _) => Told::Failed(code("reason")),
                (Flow::AutoRefill, "done") if a.body["autoRefillEnabled"] == true => {
                    Told::Done("enrolled".into())
                }
                (Flow::AutoRefill, _) => Told::Failed(code("businessErrorCode")),
                (_, "refilled" | "warning") => Told::Done(code("orderNumber")),
                _ => Told::Failed(code("errorCode")),
            };
        }
        match (a.status.as_u16(), code("errorCode").as_str()) {
            (409, "PAYMENT_IN_PROGRESS") => Told::InProgress,
            (422, "PIN_REDEEM_FAILED") => Told::Failed("PIN_REDEEM_FAILED".into()),
            (s, c) => Told::Error(s, c.to_owned()),
        }
    }

    async fn submit_at(&self, base: &str, key: &str, what: &str) -> Told {
        let what = format!("{what} [{}]", &key[..8]);
        match self.send(&what, self.submit_request(base, key)).await {
            Err(e) => Told::NoAnswer(e),
            Ok(a) => self.told_of(&a),
        }
    }

    async fn submit(&self, key: &str, what: &str) -> Told {
        self.submit_at(self.next_base(), key, what).await
    }

    /// The customer back later (faults cleared): a submit with a new key; for the PIN, on a
    /// kept failure, a new validation and its redemption.
    async fn come_back(&self) -> Vec<Told> {
        let mut told = Vec::new();
        // a transport failure of its own (a loaded machine) or the other device's payment
        // in flight is not an answer: ask again
        for _ in 0..5 {
            let t = self.submit(&key(), "later submit").await;
            let again = t.again_at(self.plan.flow);
            told.push(t);
            if !again {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        if self.plan.flow == Flow::Pin && !told.last().is_some_and(Told::finds) {
            for _ in 0..5 {
                match self.validate_pin().await {
                    Ok(a) if a.status == StatusCode::OK => {
                        let t = self.submit(&key(), "redeem after a new validation").await;
                        let again = t.again();
                        told.push(t);
                        // a transport failure of its own: validate (a new attempt) again
                        if !again {
                            break;
                        }
                    }
                    Ok(a) if a.body["errorCode"] == "PIN_ALREADY_REDEEMED" => {
                        told.push(Told::AlreadyDone);
                        break;
                    }
                    Ok(a) if a.status.as_u16() < 500 => {
                        told.push(self.told_of(&a));
                        break;
                    }
                    _ => {}
                }
            }
        }
        if self.plan.flow == Flow::AutoRefill && !told.last().is_some_and(Told::finds) {
            // the page reloads the payment info: auto-refill on is the enrolment found
            let path = self.account_path("payment-info");
            let info = self
                .step(
                    "paymentInfo",
                    |_| true,
                    |b| self.request(b, Method::GET, &path),
                )
                .await;
            if let Some(info) = info {
                told.push(if info["autoRefillEnabled"] == true {
                    Told::AlreadyDone
                } else {
                    Told::Failed("notEnrolled".into())
                });
            }
        }
        told
    }
}

fn key() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// The effects the simulators hold for a run.
#[derive(Debug, Default)]
struct Effects {
    /// Refill order numbers; `redeemed` for the PIN; the aux account of a reconnect.
    ids: Vec<String>,
    /// Upstream calls of the effect that reached the simulator's work (PIN redemptions,
    /// reconnect creates); refill-ledger entries for the refills.
    calls: u32,
}

fn effects(plan: &RunPlan) -> Effects {
    let run = Run::new(Some(&plan.run));
    match plan.flow {
        Flow::RefillSavedCard | Flow::RefillNewCard | Flow::Litepay => {
            let account = if plan.flow == Flow::RefillSavedCard {
                SAVED_CARD_ACCOUNT
            } else {
                OWNER_ONE_ACCOUNT
            };
            let entries = simulators::refill::ledger(&run, account);
            Effects {
                calls: entries.len() as u32,
                ids: entries.into_iter().map(|e| e.order_number).collect(),
            }
        }
        Flow::Pin => Effects {
            ids: simulators::activation_account::redeemed(Some(&plan.run), &plan.pin)
                .then(|| "redeemed".to_owned())
                .into_iter()
                .collect(),
            calls: simulators::activation_account::redeem_calls(Some(&plan.run), &plan.pin),
        },
        Flow::Reconnect => {
            let l = simulators::account_reconnect::ledger(&run, CLOSED_ACCOUNT);
            Effects {
                ids: l.aux.into_iter().collect(),
                calls: l.calls,
            }
        }
        Flow::AutoRefill => {
            let on =
                simulators::payments::current_info(&run, OWNER_ONE_ACCOUNT).enroll_auto_payment;
            Effects {
                ids: on.then(|| "enrolled".to_owned()).into_iter().collect(),
                calls: u32::from(on),
            }
        }
    }
}

/// One run's result.
#[derive(Debug)]
struct Outcome {
    seed: u64,
    flow: Flow,
    behaviour: Behaviour,
    reached_submit: bool,
    /// Every answer per device, the come-back answers last.
    told: Vec<(&'static str, Vec<Told>)>,
    effects: usize,
    calls: u32,
    duplicated: bool,
    lost: bool,
    phantom: bool,
    /// An effect existed while a device's last answer of its behaviour did not find it.
    told_failed_while_done: bool,
    /// 409 `PAYMENT_IN_PROGRESS` answers.
    in_progress: usize,
    lost_answers: usize,
    trace: Vec<String>,
    took: Duration,
}

impl Outcome {
    fn failed(&self) -> bool {
        self.duplicated || self.lost || self.phantom
    }
    fn finally_done(&self) -> bool {
        self.told
            .iter()
            .any(|(_, t)| t.last().is_some_and(Told::finds))
    }
}

/// Whether `p` lets the upstream do its work and keeps the answer from the BFF.
fn loses_answer(p: &Planned) -> bool {
    match p.fault {
        Fault::Reset | Fault::Malformed => true,
        Fault::Timeout | Fault::Error5xx { .. } => p.after_work,
        Fault::Delay { .. } => false,
    }
}

/// The identity and account of `flow` (the quick refill's visitor: none).
fn owner(flow: Flow) -> Option<(&'static str, &'static str)> {
    match flow {
        Flow::RefillSavedCard => Some((SAVED_CARD_IDENTITY, SAVED_CARD_ACCOUNT)),
        Flow::RefillNewCard | Flow::Pin | Flow::AutoRefill => Some((OWNER_ONE, OWNER_ONE_ACCOUNT)),
        Flow::Litepay => None,
        Flow::Reconnect => Some((CLOSED_IDENTITY, CLOSED_ACCOUNT)),
    }
}

async fn run(world: &World, plan: &RunPlan) -> Outcome {
    let started = Instant::now();
    let trace: Rc<RefCell<Vec<String>>> = Default::default();
    let two = plan.behaviour == Behaviour::TwoDevices;
    let mut devices = Vec::new();
    let names: &[&'static str] = if two {
        &["device 1", "device 2"]
    } else {
        &["device"]
    };
    for &name in names {
        let Some(d) = Device::new(world, plan, name, trace.clone()).await else {
            trace.borrow_mut().push(format!("[{name}] no session"));
            continue;
        };
        if let Some((identity, account)) = owner(plan.flow) {
            // a cold simulator can miss the BFF's short timeout: the customer tries again
            let mut signed_in = false;
            for _ in 0..TRIES {
                if d.sign_in(identity, account).await {
                    signed_in = true;
                    break;
                }
            }
            if !signed_in {
                d.log("sign-in failed".into());
                continue;
            }
        }
        devices.push(d);
    }
    // the faults strike the flow, not the sign-in
    simulators::plan::set(&plan.tracking, plan.faults.clone());
    let expected = if two { 2 } else { 1 };
    let mut reached_submit = devices.len() == expected;
    for (i, d) in devices.iter().enumerate() {
        if reached_submit && !d.prepare(i == 0).await {
            reached_submit = false;
        }
    }
    let mut told: Vec<Vec<Told>> = vec![Vec::new(); devices.len()];
    let mut abandoned = false;
    let mut killed = false;
    if reached_submit {
        let c = &devices[0];
        let t0 = &mut told[0];
        match plan.behaviour {
            Behaviour::Single => t0.push(c.submit(&key(), "submit").await),
            Behaviour::DoubleClick => {
                let k = key();
                let (a, b) = tokio::join!(c.submit(&k, "click 1"), c.submit(&k, "click 2"));
                t0.extend([a, b]);
            }
            Behaviour::TwoTabs => {
                let (k1, k2) = (key(), key());
                let (a, b) = tokio::join!(c.submit(&k1, "tab 1"), c.submit(&k2, "tab 2"));
                t0.extend([a, b]);
            }
            Behaviour::TwoDevices => {
                let d = &devices[1];
                let (k1, k2) = (key(), key());
                let (a, b) = tokio::join!(c.submit(&k1, "submit"), d.submit(&k2, "submit"));
                told[0].push(a);
                told[1].push(b);
            }
            Behaviour::ReloadThenNewKey { ms } => {
                let k = key();
                let first = c.submit(&k, "submit before reload");
                match tokio::time::timeout(Duration::from_millis(ms), first).await {
                    Ok(t) => t0.push(t),
                    Err(_) => {
                        abandoned = true;
                        c.log(format!("reloaded after {ms} ms"));
                    }
                }
                t0.push(c.submit(&key(), "submit after reload").await);
            }
            Behaviour::RetrySameKey | Behaviour::RetryNewKey => {
                let k = key();
                let first = c.submit(&k, "submit").await;
                let again = first.done().is_none();
                t0.push(first);
                if again {
                    let k2 = if plan.behaviour == Behaviour::RetrySameKey {
                        k
                    } else {
                        key()
                    };
                    t0.push(c.submit(&k2, "retry").await);
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
                killed = matches!(t, Told::NoAnswer(_));
                t0.push(t);
                abandoned = true;
                let k2 = if same_key { k.clone() } else { key() };
                t0.push(c.submit(&k2, "submit at the survivor").await);
            }
        }
    }
    // faults of the effect taken, and what else may have lost an answer
    let remaining = simulators::plan::remaining(&plan.tracking);
    let taken = |call: Call| -> Vec<Planned> {
        let left = remaining.get(&call).map_or(0, VecDeque::len);
        plan.faults
            .get(&call)
            .map(|q| q.iter().take(q.len() - left).cloned().collect())
            .unwrap_or_default()
    };
    let mut lost_answers = usize::from(killed)
        + taken(plan.flow.effect())
            .iter()
            .filter(|p| loses_answer(p))
            .count();
    if plan.flow == Flow::Reconnect {
        // an aux fetch that failed after the create ends the attempt too
        lost_answers += taken(Call::AuxAccount).len();
    }
    // the customer comes back later: faults gone, anything abandoned finished
    simulators::plan::clear(&plan.tracking);
    if abandoned {
        tokio::time::sleep(Duration::from_millis(2 * UPSTREAM_TIMEOUT_MS + LEASE_MS)).await;
    }
    let before = effects(plan);
    let told_failed_while_done = !before.ids.is_empty()
        && told
            .iter()
            .any(|t| !t.is_empty() && !t.last().is_some_and(Told::finds));
    // an enrolment's answer, failures too, is shared with every enrolment for 5 s after
    // it (`Store::shared`): the customer who comes back later comes back after that
    if plan.flow == Flow::AutoRefill
        && reached_submit
        && told.iter().any(|t| !t.last().is_some_and(Told::finds))
    {
        tokio::time::sleep(Store::SHARED_ANSWER + Duration::from_millis(200)).await;
    }
    if reached_submit {
        for (d, t) in devices.iter().zip(told.iter_mut()) {
            t.extend(d.come_back().await);
        }
    }
    let after = effects(plan);
    let finals: Vec<&Told> = told.iter().filter_map(|t| t.last()).collect();
    let all = || told.iter().flatten();
    let phantom = all().any(|t| match t {
        Told::Done(id) if id.is_empty() => after.ids.is_empty(),
        Told::Done(id) if matches!(plan.flow, Flow::Pin | Flow::AutoRefill) => {
            !after.ids.contains(id)
        }
        Told::Done(id) => !after.ids.contains(id),
        Told::AlreadyDone => after.ids.is_empty(),
        _ => false,
    });
    let found = |id: &String| {
        finals.iter().any(|t| match t {
            Told::Done(n) => n == id || n.is_empty(),
            Told::AlreadyDone => true,
            _ => false,
        })
    };
    let lost = after.ids.iter().any(|id| !found(id));
    let devices_n = devices.len().max(1) as u32;
    let duplicated = match plan.flow {
        Flow::RefillSavedCard | Flow::RefillNewCard | Flow::Litepay => {
            let two_numbers = told.iter().any(|t| {
                t.iter()
                    .filter_map(Told::done)
                    .collect::<BTreeSet<_>>()
                    .len()
                    > 1
            });
            after.calls > devices_n || two_numbers
        }
        Flow::Pin => {
            let attempts: u32 = devices.iter().map(|d| d.validated.get()).sum();
            after.calls > attempts + u32::from(killed)
        }
        Flow::Reconnect => {
            // each create beyond one per device needs an attempt that ended without the BFF
            // learning what the create did (a fault, the BFF's own timeout under load, an
            // aux fetch that failed, a killed instance, an abandoned submit): every such
            // attempt answered something other than `reconnected`, or was left unread
            let unknown = all().filter(|t| t.done().is_none()).count() + usize::from(abandoned);
            after.calls > devices_n + unknown as u32
        }
        // a state: enrolled or not, never twice
        Flow::AutoRefill => false,
    };
    let in_progress = all().filter(|t| **t == Told::InProgress).count();
    Outcome {
        seed: plan.seed,
        flow: plan.flow,
        behaviour: plan.behaviour,
        reached_submit,
        told: devices.iter().map(|d| d.name).zip(told.clone()).collect(),
        effects: after.ids.len(),
        calls: after.calls,
        duplicated,
        lost,
        phantom,
        told_failed_while_done,
        in_progress,
        lost_answers,
        trace: trace.take(),
        took: started.elapsed(),
    }
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn seeded_fault_campaign_over_every_money_flow() {
    let replay = env_u64("MONEY_CAMPAIGN_SEED");
    let runs = env_u64("MONEY_CAMPAIGN_RUNS").unwrap_or(500);
    let first = env_u64("MONEY_CAMPAIGN_FIRST").unwrap_or(1);
    let concurrency = env_u64("MONEY_CAMPAIGN_CONCURRENCY").unwrap_or(16) as usize;
    let seeds: Vec<u64> = match replay {
        Some(s) => vec![s],
        None => (first..first + runs).collect(),
    };
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
    let report = report(&outcomes, started.elapsed(), redis.is_some());
    println!("{report}");
    if replay.is_some() {
        for line in &outcomes[0].trace {
            println!("  {line}");
        }
        println!("  told: {:?}", outcomes[0].told);
    }
    let mut failing: Vec<u64> = outcomes
        .iter()
        .filter(|o| o.failed())
        .map(|o| o.seed)
        .collect();
    failing.sort_unstable();
    let refused = outcomes
        .iter()
        .filter(|o| {
            o.told
                .iter()
                .flat_map(|(_, t)| t)
                .any(|t| matches!(t, Told::Error(503, c) if c == "STORE_UNAVAILABLE"))
        })
        .count();
    assert_eq!(
        refused, 0,
        "{report}\nthe store refused records in {refused} runs"
    );
    // a campaign whose customers never reach the submit proves nothing
    for &flow in FLOWS.iter().filter(|_| replay.is_none()) {
        let of: Vec<&Outcome> = outcomes.iter().filter(|o| o.flow == flow).collect();
        let reached = of.iter().filter(|o| o.reached_submit).count();
        assert!(
            reached * 2 >= of.len(),
            "{report}\n{}: only {reached} of {} runs reached the submit",
            flow.name(),
            of.len()
        );
    }
    assert!(
        failing.is_empty(),
        "{report}\n{} failing seeds (first 20: {:?}); replay one with\n  MONEY_CAMPAIGN_SEED={} {}cargo test --release -p bff --test it money_campaign -- --nocapture",
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
    let mut s = String::new();
    let _ = writeln!(
        s,
        "money campaign: {} runs in {:.1} s ({}), store {}",
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
        "  {:<16} {:>5} {:>7} {:>6} {:>7} {:>6} {:>10} {:>4} {:>4} {:>7} {:>11} {:>10}",
        "flow",
        "runs",
        "reached",
        "found",
        "effects",
        "calls",
        "duplicated",
        "lost",
        "phantom",
        "409s",
        "toldFailed*",
        "lostAnsw"
    );
    let mut by: BTreeMap<Flow, Vec<&Outcome>> = BTreeMap::new();
    for o in outcomes {
        by.entry(o.flow).or_default().push(o);
    }
    let row = |s: &mut String, name: &str, of: &[&Outcome]| {
        let count = |f: &dyn Fn(&Outcome) -> bool| of.iter().filter(|o| f(o)).count();
        let _ = writeln!(
            s,
            "  {:<16} {:>5} {:>7} {:>6} {:>7} {:>6} {:>10} {:>4} {:>7} {:>7} {:>11} {:>10}",
            name,
            of.len(),
            count(&|o| o.reached_submit),
            count(&Outcome::finally_done),
            of.iter().map(|o| o.effects).sum::<usize>(),
            of.iter().map(|o| o.calls).sum::<u32>(),
            count(&|o| o.duplicated),
            count(&|o| o.lost),
            count(&|o| o.phantom),
            of.iter().map(|o| o.in_progress).sum::<usize>(),
            count(&|o| o.told_failed_while_done),
            of.iter().map(|o| o.lost_answers).sum::<usize>(),
        );
    };
    for (flow, of) in &by {
        row(&mut s, flow.name(), of);
    }
    let all: Vec<&Outcome> = outcomes.iter().collect();
    row(&mut s, "all", &all);
    let _ = writeln!(
        s,
        "  (found: runs whose final answer names the effect; calls: refill-ledger entries, PIN redemption calls, reconnect create calls; 409s: PAYMENT_IN_PROGRESS answers; toldFailed*: an effect existed while the behaviour's last answer did not name it, before the customer came back)"
    );
    let mut beh: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for o in outcomes {
        let e = beh.entry(o.behaviour.name()).or_default();
        e.0 += 1;
        e.1 += usize::from(o.failed());
    }
    for (name, (n, f)) in beh {
        let _ = writeln!(s, "    {name:<20} runs {n:>5}  failing {f:>4}");
    }
    let mut failing: Vec<&Outcome> = outcomes.iter().filter(|o| o.failed()).collect();
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
            "    seed {} {} {}: {} ({} effects, {} calls, {} lost answers), told {:?}",
            o.seed,
            o.flow.name(),
            o.behaviour.name(),
            what.join("+"),
            o.effects,
            o.calls,
            o.lost_answers,
            o.told
        );
    }
    let stopped: Vec<String> = outcomes
        .iter()
        .filter(|o| !o.reached_submit)
        .take(10)
        .map(|o| format!("{} ({})", o.seed, o.flow.name()))
        .collect();
    let _ = writeln!(
        s,
        "  stopped before submit (first 10): {}",
        stopped.join(", ")
    );
    let unfound: Vec<String> = outcomes
        .iter()
        .filter(|o| o.reached_submit && !o.finally_done())
        .take(10)
        .map(|o| format!("{} ({})", o.seed, o.flow.name()))
        .collect();
    let _ = writeln!(
        s,
        "  no effect in the end (first 10): {}",
        unfound.join(", ")
    );
    let mut slow: Vec<&Outcome> = outcomes.iter().collect();
    slow.sort_by_key(|o| std::cmp::Reverse(o.took));
    let slow: Vec<String> = slow
        .iter()
        .take(5)
        .map(|o| format!("{} ({} ms)", o.seed, o.took.as_millis()))
        .collect();
    let _ = writeln!(s, "  slowest seeds: {}", slow.join(", "));
    s
}
