//! Configuration from environment variables (ARCHITECTURE.md "Upstream contract"; seed 000
//! §9 for the 60 s timeout). Errors are typed ([`ConfigError`]); nothing here panics.
//!
//! | variable | default | meaning |
//! |---|---|---|
//! | `BFF_ADDR` | `127.0.0.1:8080` | listen address |
//! | `BFF_MODE` | harness when no upstream URL is set, else neither | `harness` or `production` |
//! | `BFF_UPSTREAM_<SERVICE>` (one per service of `upstream::service::Service` with an `env_var`) | unset: embedded simulators | base URLs of the upstream services (all or none) |
//! | `BFF_IDENTITY_ROUTER_URL` | harness: `/sim/session/router`; else `BFF_UPSTREAM_SESSION` + `/router`; required in production | identity router (browser-facing) for production and test hosts |
//! | `BFF_IDENTITY_ROUTER_STAGING_URL` | `BFF_IDENTITY_ROUTER_URL`, else as above | identity router for every other host |
//! | `BFF_IDENTITY_PROVIDER_URL` | harness: `/sim/identity`; else `BFF_UPSTREAM_IDENTITY`; required in production | the identity provider's browser-facing base (authorize, create-ID and logout pages; seed 001 §7 redirects) |
//! | `BFF_SIGNIN_IDLE_SECS` | `840` | a sign-in unused this long (no signed-in call) ends: 403 `SESSION_EXPIRED` (seed 001 §9) |
//! | `BFF_PRODUCTION_HOSTS` | empty | comma list of host names (production and test) that use `BFF_IDENTITY_ROUTER_URL` |
//! | `BFF_CARD_ENTRY_URL` | harness: `/sim/card-entry`; else `BFF_UPSTREAM_PAYMENTS` + `/card-entry`; required in production | the card-entry component page (browser-facing, framed); its origin is added to the CSP `frame-src` |
//! | `BFF_PUBLIC_ORIGIN` | unset: from the request's `Host` (harness and plain mode only); required in production | `scheme://host[:port]` the browser uses; return URLs and the card form's `parentOrigin` are built from it |
//! | `BFF_API_DOCS` | `on` in harness mode, else `off` | `on`/`off`: serve `/docs` (Swagger UI) and `/openapi.json` |
//! | `BFF_UPSTREAM_TIMEOUT_MS` | `60000` | total timeout of one upstream call, ms |
//! | `BFF_UPSTREAM_CONNECT_TIMEOUT_MS` | `5000` | connect timeout, ms |
//! | `BFF_WEB_DIST` | `web/dist` | directory of the built web app |
//! | `BFF_RETAILER_ID` | [`DEFAULT_RETAILER_ID`] | retailer id sent on assign (seed 000 §6) |
//! | `BFF_MAX_BODY_BYTES` | `16384` | largest accepted request body, bytes |
//! | `BFF_RATE_LIMIT_PER_MIN` | `120` | state-changing requests per minute per client address; `0` disables |
//! | `BFF_RATE_LIMIT_SESSION_PER_MIN` | `60` | state-changing requests per minute per session; `0` disables |
//! | `BFF_SESSION_CREATE_PER_MIN` | `30` | new sessions per minute per client address; `0` disables |
//! | `BFF_KEYED_PER_SESSION_PER_HOUR` | `30` | state-changing requests with an `Idempotency-Key` (each may keep a record 24 h) per session per fixed hour; `0` disables |
//! | `BFF_KEYED_PER_ADDRESS_PER_HOUR` | `300` | the same per client address; `0` disables |
//! | `BFF_HEADER_TIMEOUT_MS` | `10000` | a request's headers must be complete this long after their first byte |
//! | `BFF_BODY_TIMEOUT_MS` | `30000` | a declared body must arrive this long after its headers |
//! | `BFF_IDLE_TIMEOUT_MS` | `75000` | a keep-alive connection's wait for its next request |
//! | `BFF_MAX_CONNECTIONS` | `10000` | open connections in all; more are closed at accept |
//! | `BFF_MAX_CONNECTIONS_PER_ADDRESS` | `256` | open connections from one client address (a trusted proxy is not counted) |
//! | `BFF_TRUSTED_PROXIES` | empty | comma list of IPs and CIDRs of proxies whose `X-Forwarded-For` names the client (the right-most address not in the list) |
//! | `BFF_REDIS_URL` | unset: in memory (not in production) | Redis of the shared store (sessions, flow contexts, idempotency records, rate-limit windows), `redis://host:port`; set it on every instance behind one load balancer; required in production unless `BFF_STORE=memory` |
//! | `BFF_STORE` | `redis` when `BFF_REDIS_URL` is set, else `memory` (production: no default) | `memory` (this process only: one instance, everything lost on restart) or `redis` (requires `BFF_REDIS_URL`); production without `BFF_REDIS_URL` must say `memory` |
//! | `BFF_SESSION_IDLE_SECS` | `840` | a session unused this long ends (every request slides it) |
//! | `BFF_EMPTY_SESSION_IDLE_SECS` | `120` | the same for a session that holds nothing yet (no sign-in, no checkout, no quick refill); the memory store evicts these first |
//! | `BFF_SESSION_MAX_SECS` | `28800` | a session ends this long after it began, however active |
//! | `BFF_CHAOS` | unset | harness mode only: `<percent>:<seed>` (e.g. `20:4711`), seeded chaos on every upstream call (sent as `x-sim-chaos`; a browser's console setting wins; ARCHITECTURE.md "Seeded chaos") |
//! | `BFF_RECORD` | unset | record mode, refused in production mode: path of a scenario file to write (`<dir>/<flow>/<situation>.yaml`, replaced at start-up); every upstream exchange is masked and saved in its `replay:` list (ARCHITECTURE.md "Record and replay") |
//! | `BFF_RECORD_SERVICES` | unset: every service | with `BFF_RECORD`: comma list of service names (`upstream::service::Service::name`, e.g. `van,serviceability`) whose calls are recorded |
//! | `BFF_CONTENT_CACHE_TTL_S` | `60` | seconds a successful content answer (bundles, cart content) is kept in the process and answered again without an upstream call; `0` turns the cache off; always off in record mode (ARCHITECTURE.md "The BFF hop") |
//! | `BFF_METRICS_ADDR` | unset: no metrics | `host:port` of the Prometheus listener (`GET /metrics`, text exposition), off the public port |
//! | `BFF_DRAIN_DELAY_SECS` | `0` | after SIGTERM or SIGINT, how long the BFF keeps accepting while `/readyz` answers 503 `draining` (for balancers that probe readiness), s |
//! | `BFF_SHUTDOWN_GRACE_SECS` | `25` | then, how long in-flight requests may take before the process exits, s |
//! | `BFF_SUGGESTION_CACHE_TTL_S` | `60` | seconds a successful address-suggestion answer (one per typed query, nobody's session) is kept in the process and answered again without an upstream call; `0` turns the cache off; always off in record mode |
//!
//! Browser-facing URLs may be absolute (`https://...`) or absolute paths on the BFF's own
//! origin (`/sim/...`, served in harness mode only by proxying the simulators, see
//! `harness.rs`). Production mode requires all upstream URLs, `BFF_PUBLIC_ORIGIN`,
//! `BFF_CARD_ENTRY_URL`, `BFF_IDENTITY_ROUTER_URL`, `BFF_IDENTITY_PROVIDER_URL` and
//! `BFF_REDIS_URL` (or `BFF_STORE=memory`, one instance chosen explicitly) (no browser-facing URL is ever derived
//! from an internal upstream address or the `Host` header there); the harness routes do not
//! exist and no scenario header is ever forwarded. Harness mode refuses upstream URLs that are
//! not loopback: the harness would let anyone drive real services ([`Config::validate`]).

use std::{collections::BTreeMap, net::SocketAddr, path::PathBuf, time::Duration};

use upstream::service::Service;

use crate::{
    http::{connections::ConnectionLimits, rate_limit::TrustedProxies},
    store::StoreConfig,
};

pub use crate::upstream::UpstreamUrls;

/// Retailer id of the discount retail chain (seed 000 §6: fixed, never chosen by the browser).
pub const DEFAULT_RETAILER_ID: &str = "DOLLARGENERAL";

/// Where the upstream services are.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum Upstreams {
    /// Start the simulators in-process and use them (`<base>/address-search` etc.).
    Embedded,
    /// Configured base URLs (no trailing slash).
    External(UpstreamUrls),
}

/// Path of the simulators' identity router as the browser sees it in harness mode.
pub const SIM_ROUTER_PATH: &str = "/sim/session/router";

/// Path of the simulators' identity provider pages as the browser sees them in harness mode.
pub const SIM_IDENTITY_PATH: &str = "/sim/identity";

/// Path of the simulated public ping file (polled behind the modem after activation) as the
/// browser sees it in harness mode.
pub const SIM_ACTIVATION_PING_PATH: &str = "/sim/activation/ping";

/// Default idle window of a sign-in, s (seed 001 §9 "Session idle window 840,000 ms").
pub const SIGNIN_IDLE_SECS: u64 = 840;

/// Path of the simulators' card-entry page as the browser sees it in harness mode.
pub const SIM_CARD_ENTRY_PATH: &str = "/sim/card-entry";

/// Where the browser is sent for identity (seed 000 §2 "Session"; `flows::buy::identity`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IdentityRouter {
    /// Router of production and test hosts (`BFF_IDENTITY_ROUTER_URL`); `None`: default.
    pub production_url: Option<String>,
    /// Router of every other host (`BFF_IDENTITY_ROUTER_STAGING_URL`); `None`: default.
    pub staging_url: Option<String>,
    /// Host names (lower case, no port) of production and test (`BFF_PRODUCTION_HOSTS`).
    pub production_hosts: Vec<String>,
}

/// Harness (scenario cookie honoured, `/harness` mounted) or production.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Scenario selection on: `/harness` pages, cookie `sim_scenario` -> `x-sim-scenario`.
    Harness,
    /// The harness does not exist; secure cookies.
    Production,
    /// Neither (external upstreams, no harness, cookies without `Secure`), e.g. a QA server.
    Plain,
}

/// The BFF's configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// Listen address.
    pub addr: SocketAddr,
    /// Harness, production or plain.
    pub mode: Mode,
    /// Upstream services.
    pub upstreams: Upstreams,
    /// Total timeout of one upstream call.
    pub upstream_timeout: Duration,
    /// Connect timeout of one upstream call.
    pub connect_timeout: Duration,
    /// Directory of the built web app (`index.html`, `assets/`).
    pub web_dist: PathBuf,
    /// Retailer id sent on assign.
    pub retailer_id: String,
    /// Largest accepted request body in bytes.
    pub max_body_bytes: usize,
    /// POSTs per minute per client address; 0 disables the limit.
    pub rate_limit_per_min: u32,
    /// State-changing requests per minute per session; 0 disables the limit.
    pub rate_limit_session_per_min: u32,
    /// New sessions per minute per client address; 0 disables the limit.
    pub session_create_per_min: u32,
    /// State-changing requests carrying an `Idempotency-Key` (each may store a record for
    /// 24 h) per session per fixed hour; 0 disables the quota.
    pub keyed_per_session_per_hour: u32,
    /// The same per client address (every session of it together); 0 disables the quota.
    pub keyed_per_address_per_hour: u32,
    /// Proxies whose `X-Forwarded-For` is believed (`BFF_TRUSTED_PROXIES`).
    pub trusted_proxies: TrustedProxies,
    /// Header, body and idle deadlines and the connection caps (`http::connections`).
    pub connections: ConnectionLimits,
    /// Identity router URLs and the production host list.
    pub identity: IdentityRouter,
    /// The identity provider's browser-facing base (`BFF_IDENTITY_PROVIDER_URL`); `None`:
    /// default (see [`Config::identity_provider`]).
    pub identity_provider_url: Option<String>,
    /// Idle window of a sign-in (`BFF_SIGNIN_IDLE_SECS`, default [`SIGNIN_IDLE_SECS`]):
    /// measured from the last signed-in call (`http::auth`).
    pub signin_idle: Duration,
    /// Card-entry page URL (`BFF_CARD_ENTRY_URL`); `None`: default (see the module table).
    pub card_entry_url: Option<String>,
    /// The origin browsers use (`BFF_PUBLIC_ORIGIN`, `scheme://host[:port]`, no trailing
    /// slash); `None`: taken from the request (see `http::extract::page_origin`).
    pub public_origin: Option<String>,
    /// `BFF_API_DOCS`; `None`: on in harness mode only (see [`Config::api_docs`]).
    pub api_docs: Option<bool>,
    /// Redis URL of the shared store (`BFF_REDIS_URL`); `None`: in memory, this process only.
    pub redis_url: Option<String>,
    /// `BFF_STORE`: the store chosen explicitly; `None`: Redis when [`Config::redis_url`] is
    /// set, else memory, except in production, which requires the URL or an explicit
    /// `memory` ([`Config::validate`], [`Config::store_backend`]).
    pub store_backend: Option<StoreBackend>,
    /// Lifetimes and bounds of sessions, flow contexts and idempotency records.
    pub store: StoreConfig,
    /// The quick refill's lookup limits and answer floor (`flows::litepay`).
    pub litepay: LitepayLimits,
    /// Wait between creating a reconnect's aux account and fetching it
    /// (`BFF_RECONNECT_AUX_FETCH_MS`, default [`RECONNECT_AUX_FETCH_MS`]; seed 002 §4.5, §9
    /// "aux account fetch 10 s after creation"; tests shorten it).
    pub reconnect_aux_fetch: Duration,
    /// `BFF_CHAOS`: `<percent>:<seed>` of seeded chaos (harness mode only; checked by
    /// [`Config::validate`]).
    pub chaos: Option<String>,
    /// `BFF_RECORD`: the scenario file record mode writes (never in production; checked by
    /// [`Config::validate`]; `upstream::record`).
    pub record: Option<PathBuf>,
    /// `BFF_RECORD_SERVICES`: the services record mode records; `None`: every one.
    pub record_services: Option<std::collections::BTreeSet<Service>>,
    /// `BFF_CONTENT_CACHE_TTL_S`: how long a successful content answer is kept in the process
    /// (`upstream::cache::AnswerCache`); zero: not at all. Off in record mode whatever it is.
    pub content_cache_ttl: Duration,
    /// `BFF_SUGGESTION_CACHE_TTL_S`: how long a successful address-suggestion answer is kept in
    /// the process; zero: not at all. Off in record mode whatever it is.
    pub suggestion_cache_ttl: Duration,
    /// `BFF_METRICS_ADDR`: where the Prometheus listener serves `GET /metrics`
    /// (`telemetry::metrics`); `None`: no listener, and the metrics are not recorded.
    pub metrics_addr: Option<SocketAddr>,
    /// `BFF_SHUTDOWN_GRACE_SECS`: after SIGTERM or SIGINT, how long in-flight requests may run
    /// before the process exits (`startup::Application::run_until_stopped`).
    pub shutdown_grace: Duration,
    /// `BFF_DRAIN_DELAY_SECS`: after SIGTERM or SIGINT and before the listener closes, how long
    /// `/readyz` answers 503 `draining` while requests are still taken (zero: close at once).
    pub drain_delay: Duration,
}

/// Where sessions, flow contexts, idempotency records and rate-limit windows live
/// (`BFF_STORE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreBackend {
    /// This process's memory: one instance only, everything lost on restart.
    Memory,
    /// Redis at `BFF_REDIS_URL`, shared by every instance.
    Redis,
}

/// Whether `s` is `<percent>:<seed>`: percent 0..=100, seed an unsigned 64-bit number (the
/// simulators' `chaos::Chaos`).
pub fn is_chaos(s: &str) -> bool {
    s.split_once(':').is_some_and(|(p, seed)| {
        p.parse::<u8>().is_ok_and(|p| p <= 100) && seed.parse::<u64>().is_ok()
    })
}

/// Default of `BFF_SHUTDOWN_GRACE_SECS`: below the 30 s an orchestrator (Kubernetes'
/// `terminationGracePeriodSeconds`, systemd's `TimeoutStopSec` is 90) waits before SIGKILL.
pub const SHUTDOWN_GRACE_SECS: u64 = 25;

/// The seed's wait before a reconnect's aux account is fetched, ms (seed 002 §9).
pub const RECONNECT_AUX_FETCH_MS: u64 = 10_000;

/// The quick refill's account lookups by phone and zip (seed 002 §2.11, §4.6; the docs of
/// `flows::litepay`): budgets shared by every instance through the store, and a floor under
/// every lookup's answer time so that no timing separates the outcomes of a miss.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LitepayLimits {
    /// Lookups per session per hour (`BFF_LITEPAY_SESSION_LOOKUPS_PER_HOUR`, default 10;
    /// 0: no limit).
    pub session_per_hour: u32,
    /// Lookups per client address per hour (`BFF_LITEPAY_LOOKUPS_PER_HOUR`, default 30; 0:
    /// no limit).
    pub address_per_hour: u32,
    /// No lookup answers sooner than this after it arrived (`BFF_LITEPAY_LOOKUP_MIN_MS`,
    /// default 400 ms).
    pub min_answer: Duration,
}

impl Default for LitepayLimits {
    fn default() -> Self {
        Self {
            session_per_hour: 10,
            address_per_hour: 30,
            min_answer: Duration::from_millis(400),
        }
    }
}

/// Why the configuration is unusable.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    /// A variable has a value that cannot be parsed.
    #[error("{var}={value:?} is invalid: {reason}")]
    Invalid {
        /// Variable name.
        var: &'static str,
        /// Value found.
        value: String,
        /// What is expected.
        reason: &'static str,
    },
    /// Some but not all upstream URLs are set.
    #[error("set all BFF_UPSTREAM_* URLs or none; missing: {0}")]
    PartialUpstreams(String),
    /// Production mode without settings it cannot do without (names listed).
    #[error("BFF_MODE=production requires: {0}")]
    ProductionMissing(String),
    /// `BFF_STORE=redis` without `BFF_REDIS_URL`.
    #[error("BFF_STORE=redis requires BFF_REDIS_URL")]
    RedisUrlMissing,
    /// Harness mode with upstream URLs that are not loopback (variables listed).
    #[error(
        "harness mode (scenario cookie, /sim proxy) refuses upstreams that are not loopback: {0}; \
         set BFF_MODE=production or point them at local simulators"
    )]
    HarnessWithRemoteUpstreams(String),
}

impl Default for Config {
    fn default() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            mode: Mode::Harness,
            upstreams: Upstreams::Embedded,
            upstream_timeout: Duration::from_millis(60_000),
            connect_timeout: Duration::from_millis(5_000),
            web_dist: PathBuf::from("web/dist"),
            retailer_id: DEFAULT_RETAILER_ID.to_owned(),
            max_body_bytes: 16 * 1024,
            rate_limit_per_min: 120,
            rate_limit_session_per_min: 60,
            session_create_per_min: 30,
            keyed_per_session_per_hour: 30,
            keyed_per_address_per_hour: 300,
            connections: ConnectionLimits::default(),
            trusted_proxies: TrustedProxies::default(),
            identity: IdentityRouter::default(),
            identity_provider_url: None,
            signin_idle: Duration::from_secs(SIGNIN_IDLE_SECS),
            card_entry_url: None,
            public_origin: None,
            api_docs: None,
            redis_url: None,
            store_backend: None,
            store: StoreConfig::default(),
            litepay: LitepayLimits::default(),
            reconnect_aux_fetch: Duration::from_millis(RECONNECT_AUX_FETCH_MS),
            chaos: None,
            record: None,
            record_services: None,
            content_cache_ttl: crate::upstream::content::CONTENT_CACHE_TTL,
            suggestion_cache_ttl: crate::upstream::address_search::SUGGESTION_CACHE_TTL,
            metrics_addr: None,
            shutdown_grace: Duration::from_secs(SHUTDOWN_GRACE_SECS),
            drain_delay: Duration::ZERO,
        }
    }
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|k| std::env::var(k).ok())
    }

    /// Reads variables through `get` (tests pass a map).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |k: &str| {
            get(k)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let d = Self::default();
        let addr = parse(&get, "BFF_ADDR", d.addr, "host:port")?;
        let ms = |var, def: Duration| {
            parse(&get, var, def.as_millis() as u64, "milliseconds").map(Duration::from_millis)
        };
        let upstream_timeout = ms("BFF_UPSTREAM_TIMEOUT_MS", d.upstream_timeout)?;
        let connect_timeout = ms("BFF_UPSTREAM_CONNECT_TIMEOUT_MS", d.connect_timeout)?;
        let max_body_bytes = parse(&get, "BFF_MAX_BODY_BYTES", d.max_body_bytes, "bytes")?;
        let rate_limit_per_min = parse(
            &get,
            "BFF_RATE_LIMIT_PER_MIN",
            d.rate_limit_per_min,
            "count",
        )?;
        let rate_limit_session_per_min = parse(
            &get,
            "BFF_RATE_LIMIT_SESSION_PER_MIN",
            d.rate_limit_session_per_min,
            "count",
        )?;
        let session_create_per_min = parse(
            &get,
            "BFF_SESSION_CREATE_PER_MIN",
            d.session_create_per_min,
            "count",
        )?;
        let keyed_per_session_per_hour = parse(
            &get,
            "BFF_KEYED_PER_SESSION_PER_HOUR",
            d.keyed_per_session_per_hour,
            "count",
        )?;
        let keyed_per_address_per_hour = parse(
            &get,
            "BFF_KEYED_PER_ADDRESS_PER_HOUR",
            d.keyed_per_address_per_hour,
            "count",
        )?;
        let dc = &d.connections;
        let connections = ConnectionLimits {
            header_timeout: ms("BFF_HEADER_TIMEOUT_MS", dc.header_timeout)?,
            body_timeout: ms("BFF_BODY_TIMEOUT_MS", dc.body_timeout)?,
            idle_timeout: ms("BFF_IDLE_TIMEOUT_MS", dc.idle_timeout)?,
            max_total: parse(&get, "BFF_MAX_CONNECTIONS", dc.max_total, "count")?,
            max_per_address: parse(
                &get,
                "BFF_MAX_CONNECTIONS_PER_ADDRESS",
                dc.max_per_address,
                "count",
            )?,
        };
        let trusted_proxies = match get("BFF_TRUSTED_PROXIES") {
            None => TrustedProxies::default(),
            Some(v) => TrustedProxies::parse(&v).map_err(|_| ConfigError::Invalid {
                var: "BFF_TRUSTED_PROXIES",
                value: v,
                reason: "a comma list of IP addresses and CIDRs",
            })?,
        };
        let web_dist = get("BFF_WEB_DIST").map(PathBuf::from).unwrap_or(d.web_dist);
        let retailer_id = get("BFF_RETAILER_ID").unwrap_or(d.retailer_id);

        let upstreams = match upstream_urls(&get)? {
            Some(urls) => Upstreams::External(urls),
            None => Upstreams::Embedded,
        };

        let mode = match get("BFF_MODE").as_deref() {
            Some("harness") => Mode::Harness,
            Some("production") => Mode::Production,
            Some(other) => {
                return Err(ConfigError::Invalid {
                    var: "BFF_MODE",
                    value: other.to_owned(),
                    reason: "harness or production",
                });
            }
            None if upstreams == Upstreams::Embedded => Mode::Harness,
            None => Mode::Plain,
        };
        let browser_url = |var: &'static str| -> Result<Option<String>, ConfigError> {
            match get(var) {
                None => Ok(None),
                Some(u)
                    if u.starts_with("http://")
                        || u.starts_with("https://")
                        || (u.starts_with('/') && !u.starts_with("//")) =>
                {
                    Ok(Some(u))
                }
                Some(u) => Err(ConfigError::Invalid {
                    var,
                    value: u,
                    reason: "an http(s) URL or an absolute path",
                }),
            }
        };
        let identity = IdentityRouter {
            production_url: browser_url("BFF_IDENTITY_ROUTER_URL")?,
            staging_url: browser_url("BFF_IDENTITY_ROUTER_STAGING_URL")?,
            production_hosts: get("BFF_PRODUCTION_HOSTS")
                .unwrap_or_default()
                .split(',')
                .map(|h| h.trim().to_ascii_lowercase())
                .filter(|h| !h.is_empty())
                .collect(),
        };
        let card_entry_url = browser_url("BFF_CARD_ENTRY_URL")?;
        let identity_provider_url =
            browser_url("BFF_IDENTITY_PROVIDER_URL")?.map(|u| u.trim_end_matches('/').to_owned());
        let public_origin = match get("BFF_PUBLIC_ORIGIN") {
            None => None,
            Some(o) => Some(
                crate::http::middleware::origin_of_url(&o)
                    .filter(|origin| origin == o.trim_end_matches('/'))
                    .ok_or(ConfigError::Invalid {
                        var: "BFF_PUBLIC_ORIGIN",
                        value: o,
                        reason: "scheme://host[:port] (http or https, no path)",
                    })?,
            ),
        };
        let api_docs = match get("BFF_API_DOCS").as_deref() {
            None => None,
            Some("on") => Some(true),
            Some("off") => Some(false),
            Some(other) => {
                return Err(ConfigError::Invalid {
                    var: "BFF_API_DOCS",
                    value: other.to_owned(),
                    reason: "on or off",
                });
            }
        };
        let redis_url = match get("BFF_REDIS_URL") {
            Some(u) if u.starts_with("redis://") || u.starts_with("rediss://") => Some(u),
            Some(u) => {
                return Err(ConfigError::Invalid {
                    var: "BFF_REDIS_URL",
                    value: u,
                    reason: "a redis:// or rediss:// URL",
                });
            }
            None => None,
        };
        let store_backend = match get("BFF_STORE").as_deref() {
            None => None,
            Some("memory") => Some(StoreBackend::Memory),
            Some("redis") => Some(StoreBackend::Redis),
            Some(other) => {
                return Err(ConfigError::Invalid {
                    var: "BFF_STORE",
                    value: other.to_owned(),
                    reason: "memory or redis",
                });
            }
        };
        let secs = |var, def: Duration| {
            parse(&get, var, def.as_secs(), "seconds").map(Duration::from_secs)
        };
        let signin_idle = secs("BFF_SIGNIN_IDLE_SECS", d.signin_idle)?;
        let reconnect_aux_fetch = ms("BFF_RECONNECT_AUX_FETCH_MS", d.reconnect_aux_fetch)?;
        let litepay = LitepayLimits {
            session_per_hour: parse(
                &get,
                "BFF_LITEPAY_SESSION_LOOKUPS_PER_HOUR",
                d.litepay.session_per_hour,
                "count",
            )?,
            address_per_hour: parse(
                &get,
                "BFF_LITEPAY_LOOKUPS_PER_HOUR",
                d.litepay.address_per_hour,
                "count",
            )?,
            min_answer: ms("BFF_LITEPAY_LOOKUP_MIN_MS", d.litepay.min_answer)?,
        };
        let store = StoreConfig {
            session_idle: secs("BFF_SESSION_IDLE_SECS", d.store.session_idle)?,
            empty_session_idle: secs("BFF_EMPTY_SESSION_IDLE_SECS", d.store.empty_session_idle)?,
            session_absolute: secs("BFF_SESSION_MAX_SECS", d.store.session_absolute)?,
            ..d.store.clone()
        };
        let content_cache_ttl = secs("BFF_CONTENT_CACHE_TTL_S", d.content_cache_ttl)?;
        let suggestion_cache_ttl = secs("BFF_SUGGESTION_CACHE_TTL_S", d.suggestion_cache_ttl)?;
        let metrics_addr = match get("BFF_METRICS_ADDR") {
            None => None,
            Some(_) => Some(parse(&get, "BFF_METRICS_ADDR", d.addr, "host:port")?),
        };
        let shutdown_grace = secs("BFF_SHUTDOWN_GRACE_SECS", d.shutdown_grace)?;
        let drain_delay = secs("BFF_DRAIN_DELAY_SECS", d.drain_delay)?;
        let chaos = get("BFF_CHAOS");
        let record = get("BFF_RECORD").map(PathBuf::from);
        let record_services = match get("BFF_RECORD_SERVICES") {
            None => None,
            Some(list) => Some(
                list.split(',')
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(|n| Service::ALL.into_iter().find(|s| s.name() == n))
                    .collect::<Option<std::collections::BTreeSet<Service>>>()
                    .ok_or(ConfigError::Invalid {
                        var: "BFF_RECORD_SERVICES",
                        value: list.clone(),
                        reason: "a comma list of upstream service names (e.g. van,serviceability)",
                    })?,
            ),
        };
        let config = Self {
            metrics_addr,
            shutdown_grace,
            drain_delay,
            content_cache_ttl,
            suggestion_cache_ttl,
            record,
            record_services,
            chaos,
            redis_url,
            store_backend,
            store,
            litepay,
            reconnect_aux_fetch,
            identity,
            identity_provider_url,
            signin_idle,
            card_entry_url,
            public_origin,
            api_docs,
            addr,
            mode,
            upstreams,
            upstream_timeout,
            connect_timeout,
            web_dist,
            retailer_id,
            max_body_bytes,
            rate_limit_per_min,
            rate_limit_session_per_min,
            session_create_per_min,
            keyed_per_session_per_hour,
            keyed_per_address_per_hour,
            trusted_proxies,
            connections,
        };
        config.validate()?;
        Ok(config)
    }

    /// The rules across settings, checked by [`Self::from_lookup`] and again at start-up
    /// (`startup::Application::build`) for configurations built in code:
    /// - production names every missing setting of: `BFF_PUBLIC_ORIGIN`, `BFF_CARD_ENTRY_URL`,
    ///   `BFF_IDENTITY_ROUTER_URL`, `BFF_IDENTITY_PROVIDER_URL`, the `BFF_UPSTREAM_*` URLs,
    ///   `BFF_REDIS_URL` unless `BFF_STORE=memory` ([`ConfigError::ProductionMissing`]): several
    ///   instances on their own memory would share neither sessions nor idempotency records;
    /// - `BFF_STORE=redis` requires `BFF_REDIS_URL` ([`ConfigError::RedisUrlMissing`]), and
    ///   `BFF_STORE=memory` with `BFF_REDIS_URL` set is a contradiction ([`ConfigError::Invalid`]);
    /// - harness mode accepts external upstreams on loopback only (local simulators, tests),
    ///   else [`ConfigError::HarnessWithRemoteUpstreams`] names the variables;
    /// - `BFF_CHAOS` only in harness mode and as `<percent>:<seed>`;
    /// - `BFF_RECORD` never in production mode, and a `.yaml` path.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if let Some(record) = &self.record
            && (self.mode == Mode::Production || record.extension().is_none_or(|e| e != "yaml"))
        {
            return Err(ConfigError::Invalid {
                var: "BFF_RECORD",
                value: record.display().to_string(),
                reason: "a scenario file path ending in .yaml; record mode is refused in production mode \
                         (it writes upstream answers to disk)",
            });
        }
        if let Some(chaos) = &self.chaos
            && (self.mode != Mode::Harness || !is_chaos(chaos))
        {
            return Err(ConfigError::Invalid {
                var: "BFF_CHAOS",
                value: chaos.clone(),
                reason: "<percent 0..=100>:<seed>, in harness mode only",
            });
        }
        match (self.store_backend, &self.redis_url) {
            (Some(StoreBackend::Redis), None) => return Err(ConfigError::RedisUrlMissing),
            (Some(StoreBackend::Memory), Some(_)) => {
                return Err(ConfigError::Invalid {
                    var: "BFF_STORE",
                    value: "memory".to_owned(),
                    reason: "memory or BFF_REDIS_URL, not both: unset one",
                });
            }
            _ => {}
        }
        match self.mode {
            Mode::Production => {
                let mut missing = Vec::new();
                if self.public_origin.is_none() {
                    missing.push("BFF_PUBLIC_ORIGIN");
                }
                if self.card_entry_url.is_none() {
                    missing.push("BFF_CARD_ENTRY_URL");
                }
                if self.identity.production_url.is_none() {
                    missing.push("BFF_IDENTITY_ROUTER_URL");
                }
                if self.identity_provider_url.is_none() {
                    missing.push("BFF_IDENTITY_PROVIDER_URL");
                }
                if self.upstreams == Upstreams::Embedded {
                    missing.extend(Service::ALL.iter().filter_map(|s| s.env_var()));
                }
                if self.redis_url.is_none() && self.store_backend != Some(StoreBackend::Memory) {
                    missing.push("BFF_REDIS_URL (or BFF_STORE=memory for one instance)");
                }
                if !missing.is_empty() {
                    return Err(ConfigError::ProductionMissing(missing.join(", ")));
                }
            }
            Mode::Harness => {
                if let Upstreams::External(urls) = &self.upstreams {
                    let remote: Vec<_> = Service::ALL
                        .iter()
                        .filter(|s| !is_loopback_url(urls.get(**s)))
                        .map(|s| s.env_var().unwrap_or(s.name()))
                        .collect();
                    if !remote.is_empty() {
                        return Err(ConfigError::HarnessWithRemoteUpstreams(remote.join(", ")));
                    }
                }
            }
            Mode::Plain => {}
        }
        Ok(())
    }

    /// The store to open: `BFF_STORE` when set, else Redis when `BFF_REDIS_URL` is set, else
    /// memory (production reaches memory only by `BFF_STORE=memory`: [`Config::validate`]).
    pub fn store_backend(&self) -> StoreBackend {
        self.store_backend.unwrap_or(if self.redis_url.is_some() {
            StoreBackend::Redis
        } else {
            StoreBackend::Memory
        })
    }

    /// Whether `/docs` and `/openapi.json` are served (`BFF_API_DOCS`, else harness mode only).
    pub fn api_docs(&self) -> bool {
        self.api_docs.unwrap_or(self.harness())
    }

    /// Whether the harness (scenario cookie, `/harness`) is on.
    pub fn harness(&self) -> bool {
        self.mode == Mode::Harness
    }

    /// Whether upstream answers are read strictly: an unknown field is `UPSTREAM_BAD_RESPONSE`
    /// (harness mode: the simulators, so the tests, must match our types exactly) rather than
    /// ignored and logged once (production and plain: a provider adding a field must not take
    /// the portal down). See `upstream::drift`.
    pub fn strict_upstream(&self) -> bool {
        self.harness()
    }

    /// Default browser-facing URL of a simulator page: the `/sim/...` proxy in harness
    /// mode, else the upstream URL itself.
    fn browser_default(&self, sim_path: &str, upstream: String) -> String {
        if self.harness() {
            sim_path.to_owned()
        } else {
            upstream
        }
    }

    /// The identity router of production and test hosts.
    pub fn router_production(&self, urls: &UpstreamUrls) -> String {
        self.identity.production_url.clone().unwrap_or_else(|| {
            self.browser_default(
                SIM_ROUTER_PATH,
                format!("{}/router", urls.get(Service::DigitalSession)),
            )
        })
    }

    /// The identity router of every other host (the production one when no staging one is
    /// set, so no internal upstream address reaches the browser).
    pub fn router_staging(&self, urls: &UpstreamUrls) -> String {
        let set = self.identity.staging_url.as_ref();
        set.or(self.identity.production_url.as_ref())
            .cloned()
            .unwrap_or_else(|| {
                self.browser_default(
                    SIM_ROUTER_PATH,
                    format!("{}/router", urls.get(Service::DigitalSession)),
                )
            })
    }

    /// The identity provider's browser-facing base, no trailing slash (`/authorize`,
    /// `/create-id`, `/logout` are appended): `BFF_IDENTITY_PROVIDER_URL`, else the `/sim`
    /// proxy in harness mode, else the identity upstream itself (plain mode only;
    /// production requires the variable).
    pub fn identity_provider(&self, urls: &UpstreamUrls) -> String {
        self.identity_provider_url.clone().unwrap_or_else(|| {
            self.browser_default(SIM_IDENTITY_PATH, urls.get(Service::Identity).to_owned())
        })
    }

    /// The public ping file the activation page polls behind the modem (seed 001 §4
    /// "Activation", §7 "Public ping"): harness mode [`SIM_ACTIVATION_PING_PATH`], else the
    /// activation service's `/ping`.
    pub fn activation_ping(&self, urls: &UpstreamUrls) -> String {
        self.browser_default(
            SIM_ACTIVATION_PING_PATH,
            format!("{}/ping", urls.get(Service::Activation)),
        )
    }

    /// The card-entry page as the browser loads it in the iframe.
    pub fn card_entry(&self, urls: &UpstreamUrls) -> String {
        self.card_entry_url.clone().unwrap_or_else(|| {
            self.browser_default(SIM_CARD_ENTRY_PATH, urls.get(Service::CardEntry).to_owned())
        })
    }
}

/// Reads every service's `BFF_UPSTREAM_*` variable through `get`: `None` when none is set
/// (embedded simulators), the URLs when all are, else [`ConfigError::PartialUpstreams`].
/// Each must be an http(s) URL ([`ConfigError::Invalid`]).
fn upstream_urls(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<Option<UpstreamUrls>, ConfigError> {
    let mut urls = BTreeMap::new();
    let mut missing = Vec::new();
    for s in Service::ALL {
        let Some(var) = s.env_var() else { continue };
        match get(var).map(|u| u.trim_end_matches('/').to_owned()) {
            Some(u) if u.starts_with("http://") || u.starts_with("https://") => {
                urls.insert(s, u);
            }
            Some(u) => {
                return Err(ConfigError::Invalid {
                    var,
                    value: u,
                    reason: "an http(s) URL",
                });
            }
            None => missing.push(var),
        }
    }
    if urls.is_empty() {
        return Ok(None);
    }
    if !missing.is_empty() {
        return Err(ConfigError::PartialUpstreams(missing.join(", ")));
    }
    Ok(Some(UpstreamUrls::from_map(urls)))
}

/// Whether `url` is http(s) on a loopback host (`localhost`, `127.0.0.0/8`, `[::1]`).
fn is_loopback_url(url: &str) -> bool {
    let Some(origin) = crate::http::middleware::origin_of_url(url) else {
        return false;
    };
    let authority = origin.split_once("://").map_or("", |(_, a)| a);
    // userinfo would hide the real host: never loopback
    if authority.contains('@') {
        return false;
    }
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.split(':').next().unwrap_or(""),
    };
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

fn parse<T: std::str::FromStr>(
    get: &impl Fn(&str) -> Option<String>,
    var: &'static str,
    default: T,
    reason: &'static str,
) -> Result<T, ConfigError> {
    match get(var) {
        None => Ok(default),
        Some(v) => v.parse().map_err(|_| ConfigError::Invalid {
            var,
            value: v,
            reason,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn cfg(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let m: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| m.get(k).cloned())
    }

    const ALL: [(&str, &str); 13] = [
        ("BFF_UPSTREAM_ADDRESS_SEARCH", "http://a"),
        ("BFF_UPSTREAM_SERVICEABILITY", "http://s/"),
        ("BFF_UPSTREAM_VAN", "http://v"),
        ("BFF_UPSTREAM_CONTENT", "https://c"),
        ("BFF_UPSTREAM_CATALOGUE", "http://cat"),
        ("BFF_UPSTREAM_PROMOTIONS", "http://p"),
        ("BFF_UPSTREAM_TAX", "http://t"),
        ("BFF_UPSTREAM_PAYMENTS", "http://x/payments"),
        ("BFF_UPSTREAM_ACTIVATION", "http://act"),
        ("BFF_UPSTREAM_SESSION", "http://ses"),
        ("BFF_UPSTREAM_IDENTITY", "http://idp"),
        ("BFF_UPSTREAM_ACCOUNT", "http://acct"),
        ("BFF_UPSTREAM_REFILL", "http://refill"),
    ];

    #[test]
    fn chaos_is_harness_only() {
        let c = cfg(&[("BFF_CHAOS", "20:4711")]).unwrap();
        assert_eq!(c.chaos.as_deref(), Some("20:4711"));
        for bad in ["20", "101:1", "x:1", "20:-3"] {
            assert!(cfg(&[("BFF_CHAOS", bad)]).is_err(), "{bad}");
        }
        let mut prod: Vec<_> = ALL.to_vec();
        prod.push(("BFF_MODE", "production"));
        prod.push(("BFF_CHAOS", "20:4711"));
        let refused = |r, name| matches!(r, Err(ConfigError::Invalid { var, .. }) if var == name);
        assert!(refused(cfg(&prod), "BFF_CHAOS"));
        let plain: Vec<_> = ALL.iter().copied().chain([("BFF_CHAOS", "20:1")]).collect();
        assert!(refused(cfg(&plain), "BFF_CHAOS"));
    }

    #[test]
    fn record_mode_is_refused_in_production() {
        let c = cfg(&[("BFF_RECORD", "/tmp/rec/retail/assign.yaml")]).unwrap();
        assert_eq!(c.record, Some(PathBuf::from("/tmp/rec/retail/assign.yaml")));
        assert_eq!(c.record_services, None);
        let mut plain: Vec<_> = ALL.to_vec();
        plain.extend([
            ("BFF_RECORD", "rec/van/x.yaml"),
            ("BFF_RECORD_SERVICES", "van, serviceability"),
        ]);
        let c = cfg(&plain).unwrap();
        assert_eq!(c.mode, Mode::Plain);
        assert_eq!(
            c.record_services,
            Some([Service::Serviceability, Service::Van].into())
        );
        let refused = |r, name| matches!(r, Err(ConfigError::Invalid { var, .. }) if var == name);
        assert!(refused(
            cfg(&[("BFF_RECORD", "rec/retail/x.json")]),
            "BFF_RECORD"
        ));
        assert!(refused(
            cfg(&[
                ("BFF_RECORD", "a.yaml"),
                ("BFF_RECORD_SERVICES", "van,nope")
            ]),
            "BFF_RECORD_SERVICES"
        ));
        let mut prod: Vec<_> = ALL.to_vec();
        prod.extend([
            ("BFF_MODE", "production"),
            ("BFF_RECORD", "rec/retail/x.yaml"),
        ]);
        let err = cfg(&prod).unwrap_err();
        assert!(matches!(&err, ConfigError::Invalid { var, .. } if *var == "BFF_RECORD"));
        assert!(err.to_string().contains("refused in production"), "{err}");
    }

    #[test]
    fn defaults_are_embedded_harness() {
        let c = cfg(&[]).unwrap();
        assert_eq!(c.upstreams, Upstreams::Embedded);
        assert!(c.harness());
        assert_eq!(c.upstream_timeout, Duration::from_secs(60));
        assert_eq!(c.max_body_bytes, 16384);
        assert_eq!(c.store.session_idle, Duration::from_secs(840));
        assert_eq!(c.session_create_per_min, 30);
        assert!(c.trusted_proxies.0.is_empty());
    }

    #[test]
    fn session_and_rate_limit_settings() {
        let c = cfg(&[
            ("BFF_TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.1"),
            ("BFF_RATE_LIMIT_SESSION_PER_MIN", "5"),
            ("BFF_SESSION_CREATE_PER_MIN", "0"),
        ])
        .unwrap();
        assert_eq!(c.trusted_proxies.0.len(), 2);
        assert_eq!(
            (c.rate_limit_session_per_min, c.session_create_per_min),
            (5, 0)
        );
        assert!(matches!(
            cfg(&[("BFF_TRUSTED_PROXIES", "10.0.0.0/33")]),
            Err(ConfigError::Invalid { .. })
        ));
    }

    const PRODUCTION: [(&str, &str); 6] = [
        ("BFF_MODE", "production"),
        ("BFF_REDIS_URL", "redis://redis.internal:6379"),
        ("BFF_PUBLIC_ORIGIN", "https://prepaid.example.com/"),
        ("BFF_CARD_ENTRY_URL", "https://pay.example.com/card-entry"),
        ("BFF_IDENTITY_ROUTER_URL", "https://id.example.com/router"),
        (
            "BFF_IDENTITY_PROVIDER_URL",
            "https://login.example.com/oauth/",
        ),
    ];

    #[test]
    fn production_names_every_missing_setting() {
        let err = cfg(&[("BFF_MODE", "production")]).unwrap_err().to_string();
        for var in [
            "BFF_PUBLIC_ORIGIN",
            "BFF_CARD_ENTRY_URL",
            "BFF_IDENTITY_ROUTER_URL",
            "BFF_IDENTITY_PROVIDER_URL",
            "BFF_UPSTREAM_ADDRESS_SEARCH",
            "BFF_UPSTREAM_SESSION",
        ] {
            assert!(err.contains(var), "{var} not named: {err}");
        }
        for (var, _) in &PRODUCTION[1..] {
            let mut v = ALL.to_vec();
            v.extend(PRODUCTION.iter().filter(|(k, _)| k != var));
            let named = match *var {
                "BFF_REDIS_URL" => "BFF_REDIS_URL (or BFF_STORE=memory for one instance)",
                other => other,
            };
            assert_eq!(
                cfg(&v).unwrap_err(),
                ConfigError::ProductionMissing(named.to_owned())
            );
        }
        let mut v = ALL.to_vec();
        v.extend(PRODUCTION);
        let c = cfg(&v).unwrap();
        assert_eq!(
            c.public_origin.as_deref(),
            Some("https://prepaid.example.com")
        );
        assert!(!c.api_docs(), "docs off by default in production");
        assert_eq!(
            c.identity_provider(&UpstreamUrls::under("http://10.0.0.1")),
            "https://login.example.com/oauth",
            "no trailing slash, never the internal upstream"
        );
    }

    #[test]
    fn production_needs_the_shared_store_or_an_explicit_single_instance() {
        let mut v = ALL.to_vec();
        v.extend(PRODUCTION.iter().filter(|(k, _)| *k != "BFF_REDIS_URL"));
        assert!(matches!(
            cfg(&v),
            Err(ConfigError::ProductionMissing(m)) if m.contains("BFF_REDIS_URL")
        ));
        v.push(("BFF_STORE", "memory"));
        let c = cfg(&v).unwrap();
        assert_eq!(c.store_backend(), StoreBackend::Memory);
        let mut v = ALL.to_vec();
        v.extend(PRODUCTION);
        assert_eq!(cfg(&v).unwrap().store_backend(), StoreBackend::Redis);
        v.push(("BFF_STORE", "memory"));
        assert!(matches!(
            cfg(&v),
            Err(ConfigError::Invalid {
                var: "BFF_STORE",
                ..
            })
        ));
        assert_eq!(
            cfg(&[("BFF_STORE", "redis")]).unwrap_err(),
            ConfigError::RedisUrlMissing
        );
        assert!(matches!(
            cfg(&[("BFF_STORE", "file")]),
            Err(ConfigError::Invalid {
                var: "BFF_STORE",
                ..
            })
        ));
        assert_eq!(cfg(&[]).unwrap().store_backend(), StoreBackend::Memory);
        assert_eq!(cfg(&ALL).unwrap().store_backend(), StoreBackend::Memory);
    }

    #[test]
    fn public_origin_is_an_origin_and_api_docs_a_switch() {
        for bad in [
            "prepaid.example.com",
            "https://x.example/app",
            "ftp://x",
            "https://",
        ] {
            assert!(
                matches!(
                    cfg(&[("BFF_PUBLIC_ORIGIN", bad)]),
                    Err(ConfigError::Invalid { .. })
                ),
                "{bad}"
            );
        }
        let c = cfg(&[("BFF_PUBLIC_ORIGIN", "http://localhost:5173")]).unwrap();
        assert_eq!(c.public_origin.as_deref(), Some("http://localhost:5173"));
        assert!(c.api_docs(), "docs on by default in harness mode");
        assert!(!cfg(&[("BFF_API_DOCS", "off")]).unwrap().api_docs());
        let mut v = ALL.to_vec();
        v.push(("BFF_API_DOCS", "on"));
        assert!(cfg(&v).unwrap().api_docs());
        assert!(!cfg(&ALL).unwrap().api_docs(), "plain mode: off");
        assert!(matches!(
            cfg(&[("BFF_API_DOCS", "yes")]),
            Err(ConfigError::Invalid { .. })
        ));
    }

    #[test]
    fn harness_mode_refuses_remote_upstreams() {
        let mut v = ALL.to_vec();
        v.push(("BFF_MODE", "harness"));
        let err = cfg(&v).unwrap_err();
        assert!(
            matches!(&err, ConfigError::HarnessWithRemoteUpstreams(vars) if vars.contains("BFF_UPSTREAM_VAN")),
            "{err}"
        );
        let local = [
            "http://127.0.0.1:9/x",
            "http://localhost:8",
            "http://[::1]:7",
            "https://127.8.0.1",
        ];
        let v: Vec<_> = ALL
            .iter()
            .enumerate()
            .map(|(i, (k, _))| (*k, local[i % local.len()]))
            .chain([("BFF_MODE", "harness")])
            .collect();
        assert!(cfg(&v).unwrap().harness());
        let mut v = v;
        v[3].1 = "http://127.0.0.1@evil.example";
        assert!(matches!(
            cfg(&v),
            Err(ConfigError::HarnessWithRemoteUpstreams(vars)) if vars == "BFF_UPSTREAM_CONTENT"
        ));
        v[3].1 = "http://localhost.evil.example";
        assert!(cfg(&v).is_err());
    }

    #[test]
    fn production_rules() {
        let mut v = ALL.to_vec();
        v.extend(PRODUCTION);
        let c = cfg(&v).unwrap();
        assert_eq!(c.mode, Mode::Production);
        let Upstreams::External(u) = c.upstreams else {
            panic!("external")
        };
        assert_eq!(u.get(Service::Serviceability), "http://s");
        assert_eq!(cfg(&ALL).unwrap().mode, Mode::Plain);
        assert!(matches!(
            cfg(&ALL[..2]),
            Err(ConfigError::PartialUpstreams(_))
        ));
    }

    #[test]
    fn invalid_values_are_typed_errors() {
        assert!(matches!(
            cfg(&[("BFF_UPSTREAM_TIMEOUT_MS", "soon")]),
            Err(ConfigError::Invalid { .. })
        ));
        assert!(matches!(
            cfg(&[("BFF_MODE", "dev")]),
            Err(ConfigError::Invalid { .. })
        ));
        assert!(matches!(
            cfg(&[("BFF_ADDR", "nowhere")]),
            Err(ConfigError::Invalid { .. })
        ));
        let mut v = ALL.to_vec();
        v[0].1 = "ftp://x";
        assert!(matches!(cfg(&v), Err(ConfigError::Invalid { .. })));
        assert!(matches!(
            cfg(&[("BFF_IDENTITY_ROUTER_URL", "//evil.example")]),
            Err(ConfigError::Invalid { .. })
        ));
    }

    #[test]
    fn browser_urls_default_to_the_sim_proxy_in_harness_mode() {
        let c = cfg(&[(
            "BFF_PRODUCTION_HOSTS",
            " Portal.Example.com, test.example.com ,",
        )])
        .unwrap();
        let urls = UpstreamUrls::under("http://127.0.0.1:1");
        assert_eq!(c.router_production(&urls), SIM_ROUTER_PATH);
        assert_eq!(c.router_staging(&urls), SIM_ROUTER_PATH);
        assert_eq!(c.card_entry(&urls), SIM_CARD_ENTRY_PATH);
        assert_eq!(c.identity_provider(&urls), SIM_IDENTITY_PATH);
        assert_eq!(c.signin_idle, Duration::from_secs(SIGNIN_IDLE_SECS));
        assert_eq!(
            c.identity.production_hosts,
            vec!["portal.example.com", "test.example.com"]
        );
        let mut v = ALL.to_vec();
        v.push(("BFF_IDENTITY_ROUTER_URL", "https://id.example.com/router"));
        let c = cfg(&v).unwrap();
        let Upstreams::External(u) = &c.upstreams else {
            panic!("external")
        };
        assert_eq!(u.get(Service::CardEntry), "http://x/card-entry");
        assert_eq!(c.router_production(u), "https://id.example.com/router");
        assert_eq!(
            c.router_staging(u),
            "https://id.example.com/router",
            "never an upstream address when a router is configured"
        );
        assert_eq!(c.card_entry(u), "http://x/card-entry");
    }
}
