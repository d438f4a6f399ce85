//! Rate limits (ARCHITECTURE.md "The BFF contract"): state-changing requests per session and
//! per client address, and new sessions per client address (`http::session::CreationLimit`).
//!
//! - Client address ([`client_ip`]): the TCP peer, unless the peer is a configured proxy
//!   (`BFF_TRUSTED_PROXIES`); then the right-most `X-Forwarded-For` address that is not one.
//!   Every API request carries it as [`ClientAddr`].
//! - [`Budget`]: so many hits per window per key. [`Budget::per_minute`] (the limits of
//!   state-changing requests and of new sessions): in memory `governor` (GCRA: the budget
//!   refills evenly); with Redis one fixed-window counter per key shared by every instance
//!   (`Store::hit`). [`Budget::per_window`] (the quick refill's hourly lookups): at most `n`
//!   hits in each fixed window of the clock (windows aligned to the Unix epoch, e.g. from one
//!   full hour to the next), nothing given back before the window ends; in memory a counter
//!   per key and window, with Redis `Store::hit` on `<name>:<window number>:<key>`, so every
//!   instance counts the same window. Keys are hashed (SHA-1), so no address or session id is
//!   stored.
//! - Every 429 carries `Retry-After` ([`too_many_after`]): for a window budget the seconds
//!   left in the window ([`Budget::retry_after`]), for a per-minute one 60 (the window; the
//!   GCRA frees one sooner). [`RateLimit`] adds it to any 429 an operation answers (the
//!   lookups', [`RetryAfter`]) that lacks it.

use std::{
    collections::HashMap,
    net::IpAddr,
    num::NonZeroU32,
    sync::{
        Arc, Mutex, PoisonError,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use ipnet::IpNet;
use poem::{
    Endpoint, IntoResponse, Middleware, Request, Response,
    http::{HeaderValue, StatusCode, header},
};

use crate::{
    clock::Clock,
    http::{
        error::{ApiError, ErrorCode},
        middleware::changes_state,
    },
    store::{Store, StoreError},
};

/// Proxies whose `X-Forwarded-For` is believed (`BFF_TRUSTED_PROXIES`: comma list of IPs
/// and CIDRs). Empty: the header is ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(pub Vec<IpNet>);

impl TrustedProxies {
    /// Parses `"10.0.0.0/8, 192.168.1.7, ::1"`; the first item that is neither an IP nor a
    /// CIDR is the error.
    pub fn parse(list: &str) -> Result<Self, String> {
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<IpNet>()
                    .or_else(|_| s.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| s.to_owned())
            })
            .collect::<Result<_, _>>()
            .map(Self)
    }

    pub(crate) fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|n| n.contains(&ip))
    }
}

/// The client's address as [`client_ip`] found it (a request extension on API paths).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// The client of a request from `peer` (`None`: unknown, e.g. in-process tests, read as
/// `0.0.0.0`) with the `X-Forwarded-For` values `xff` (in header order). A trusted peer
/// hands over to the header, read from the right: each trusted hop hands over to the one
/// before it; the first untrusted (or the left-most) address is the client. An entry that
/// is not an address stops the walk at the last trusted hop.
pub fn client_ip<'a>(
    peer: Option<IpAddr>,
    xff: impl IntoIterator<Item = &'a str>,
    trusted: &TrustedProxies,
) -> IpAddr {
    let mut client = peer.unwrap_or(IpAddr::from([0, 0, 0, 0]));
    if !trusted.contains(client) {
        return client;
    }
    let hops: Vec<&str> = xff.into_iter().flat_map(|v| v.split(',')).collect();
    for hop in hops.iter().rev() {
        match hop.trim().parse::<IpAddr>() {
            Ok(ip) => {
                client = ip;
                if !trusted.contains(ip) {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    client
}

/// How a [`Budget`] counts in memory.
#[derive(Clone)]
enum Local {
    /// [`Budget::per_minute`]: GCRA, refilled evenly.
    Gcra(Arc<DefaultKeyedRateLimiter<String>>),
    /// [`Budget::per_window`]: per hashed key, the window number and the hits in it.
    Window(Arc<Mutex<WindowCounts>>),
}

/// Per hashed key (SHA-1), the window number and the hits counted in it.
type WindowCounts = HashMap<[u8; 20], (u64, u32)>;

/// So many hits per window per key (module docs); cheap to clone.
#[derive(Clone)]
pub struct Budget {
    /// Name of the budget, part of the shared counter's key.
    name: &'static str,
    per_min: u32,
    /// The shared counter's window (60 s for [`Budget::per_minute`]).
    window: Duration,
    local: Local,
    /// The clock of the windows of [`Budget::per_window`] (tests move it).
    clock: Clock,
    store: Store,
    /// Last time the local limiter forgot keys that are full again.
    cleaned: Arc<Mutex<Instant>>,
}

/// The fixed window of `window` that `now_ms` (ms since the Unix epoch) falls in: its number
/// and the time left in it (at least 1 ms).
fn window_at(now_ms: i64, window: Duration) -> (u64, Duration) {
    let len = u64::try_from(window.as_millis()).unwrap_or(u64::MAX).max(1);
    let now = u64::try_from(now_ms).unwrap_or(0);
    let n = now / len;
    (n, Duration::from_millis(len - now % len))
}

impl Budget {
    /// `per_min` hits per minute (burst of the same size) per key, shared through `store`
    /// when it is Redis; `None` when `per_min` is 0 (no limit).
    pub fn per_minute(name: &'static str, per_min: u32, store: Store) -> Option<Self> {
        let n = NonZeroU32::new(per_min)?;
        Some(Self {
            name,
            per_min,
            window: Duration::from_secs(60),
            local: Local::Gcra(Arc::new(RateLimiter::keyed(Quota::per_minute(n)))),
            clock: Clock::system(),
            store,
            cleaned: Arc::new(Mutex::new(Instant::now())),
        })
    }

    /// At most `n` hits per key in each fixed `window` of `clock` (module docs: aligned to
    /// the epoch, nothing refilled before the window ends), counted in memory or, with Redis,
    /// in `store` for every instance; `None` when `n` is 0 or the window shorter than 1 ms.
    /// The quick refill's lookups use an hour (`state::LookupBudgets`).
    pub fn per_window(
        name: &'static str,
        n: u32,
        window: Duration,
        store: Store,
        clock: Clock,
    ) -> Option<Self> {
        if n == 0 || window < Duration::from_millis(1) {
            return None;
        }
        Some(Self {
            name,
            per_min: n,
            window,
            local: Local::Window(Arc::default()),
            clock,
            store,
            cleaned: Arc::new(Mutex::new(Instant::now())),
        })
    }

    /// How long a refused client should wait (`Retry-After`): the time left in the current
    /// window for [`Budget::per_window`]; the window (60 s) for [`Budget::per_minute`], whose
    /// shared window started at its first hit and whose GCRA frees one sooner.
    pub fn retry_after(&self) -> Duration {
        match self.local {
            Local::Gcra(_) => self.window,
            Local::Window(_) => window_at(self.clock.now().timestamp_millis(), self.window).1,
        }
    }

    /// Takes one hit for `key`; whether it was within the budget.
    ///
    /// # Errors
    ///
    /// [`StoreError::Unavailable`] when the shared counter (Redis) does not answer.
    /// A refusal counts in `bff_rate_limit_refusals_total{limit=<name>}`.
    pub async fn take(&self, key: &str) -> Result<bool, StoreError> {
        let ok = self.within(key).await?;
        if !ok {
            crate::telemetry::metrics::rate_limit_refusal(self.name);
        }
        Ok(ok)
    }

    async fn within(&self, key: &str) -> Result<bool, StoreError> {
        let digest = sha1_smol::Sha1::from(key.as_bytes()).digest().bytes();
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        match &self.local {
            Local::Gcra(local) => {
                if let Some(n) = self
                    .store
                    .hit(&format!("{}:{hex}", self.name), self.window)
                    .await?
                {
                    return Ok(n <= u64::from(self.per_min));
                }
                let ok = local.check_key(&hex).is_ok();
                self.forget_full_keys();
                Ok(ok)
            }
            Local::Window(counts) => {
                let (n, left) = window_at(self.clock.now().timestamp_millis(), self.window);
                // the record outlives its window by a minute: instances whose clocks run a
                // little behind still count into it
                let ttl = left + Duration::from_secs(60);
                if let Some(hits) = self
                    .store
                    .hit(&format!("{}:{n}:{hex}", self.name), ttl)
                    .await?
                {
                    return Ok(hits <= u64::from(self.per_min));
                }
                let mut counts = counts.lock().unwrap_or_else(PoisonError::into_inner);
                let entry = counts.entry(digest).or_insert((n, 0));
                if entry.0 != n {
                    *entry = (n, 0);
                }
                let ok = entry.1 < self.per_min;
                if ok {
                    entry.1 += 1;
                }
                let mut last = self.cleaned.lock().unwrap_or_else(PoisonError::into_inner);
                if last.elapsed() >= Duration::from_secs(60) {
                    *last = Instant::now();
                    counts.retain(|_, (w, _)| *w >= n);
                    counts.shrink_to_fit();
                }
                Ok(ok)
            }
        }
    }

    /// Once a minute, drops the keys whose budget is full again (bounded memory; the scan
    /// is linear, hence not on every hit).
    fn forget_full_keys(&self) {
        let Local::Gcra(local) = &self.local else {
            return;
        };
        let mut last = self.cleaned.lock().unwrap_or_else(PoisonError::into_inner);
        if last.elapsed() >= Duration::from_secs(60) {
            *last = Instant::now();
            local.retain_recent();
            local.shrink_to_fit();
        }
    }
}

/// 429 `RATE_LIMITED` with `Retry-After: 60` (a per-minute budget's window).
pub fn too_many(message: &str) -> Response {
    too_many_after(message, Duration::from_secs(60))
}

/// 429 `RATE_LIMITED` with `Retry-After` of `wait` in whole seconds, rounded up, at least 1.
pub fn too_many_after(message: &str, wait: Duration) -> Response {
    let mut r = ApiError::new(ErrorCode::RateLimited, message).into_poem_response();
    set_retry_after(&mut r, wait);
    r
}

/// `Retry-After` delay-seconds of `wait`: whole seconds rounded up, at least 1.
fn set_retry_after(r: &mut Response, wait: Duration) {
    let secs = (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1);
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs));
}

/// The `Retry-After` an operation asks for when it answers 429 itself (the quick refill's
/// lookups, `flows::litepay`): [`RateLimit`] puts one on every request and sets the header
/// from it on a 429 without one (60 s when the operation set none).
#[derive(Debug, Clone, Default)]
pub struct RetryAfter(Arc<AtomicU64>);

impl RetryAfter {
    /// Asks for `wait` (ms precision) on this request's 429.
    pub fn set(&self, wait: Duration) {
        let ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).max(1);
        self.0.store(ms, Ordering::Relaxed);
    }

    fn get(&self) -> Option<Duration> {
        match self.0.load(Ordering::Relaxed) {
            0 => None,
            ms => Some(Duration::from_millis(ms)),
        }
    }
}

/// The value of cookie `name` in the request's `Cookie` headers.
fn cookie<'a>(req: &'a Request, name: &str) -> Option<&'a str> {
    req.headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find_map(|(k, v)| (k == name && !v.is_empty()).then_some(v))
}

/// Limits of state-changing requests (POST, PUT, PATCH, DELETE; 429 `RATE_LIMITED`): first
/// per session (the session cookie's value; a session over its budget does not use up its
/// address's), then per client address; then, for those carrying an `Idempotency-Key` (each
/// may keep an idempotency record for 24 h), the hourly quotas of such requests per session
/// and per address, so that one client cannot fill the store's records for everyone. Puts
/// [`ClientAddr`] on every request.
#[derive(Clone)]
pub struct RateLimit {
    /// Per session cookie value.
    pub per_session: Option<Budget>,
    /// Per client address.
    pub per_address: Option<Budget>,
    /// Requests carrying an `Idempotency-Key` per session (each may keep a record 24 h).
    pub keyed_per_session: Option<Budget>,
    /// The same per client address.
    pub keyed_per_address: Option<Budget>,
    /// Name of the session cookie.
    pub cookie: &'static str,
    /// Proxies whose `X-Forwarded-For` is believed.
    pub trusted: Arc<TrustedProxies>,
}

impl<E: Endpoint> Middleware<E> for RateLimit {
    type Output = RateLimitEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        RateLimitEndpoint(ep, self.clone())
    }
}

/// Endpoint of [`RateLimit`].
pub struct RateLimitEndpoint<E>(E, RateLimit);

impl<E: Endpoint> RateLimitEndpoint<E> {
    /// `Some(429)` when a budget is spent.
    async fn over(&self, req: &Request, ip: IpAddr) -> Result<Option<Response>, StoreError> {
        let rl = &self.1;
        let session = cookie(req, rl.cookie);
        let address = ip.to_string();
        let keyed = req.headers().contains_key("idempotency-key");
        // in order: a session over its budget does not use up its address's
        let budgets = [
            (
                rl.per_session.as_ref(),
                session,
                "too many requests in this session; retry in a minute",
            ),
            (
                rl.per_address.as_ref(),
                Some(address.as_str()),
                "too many requests; retry in a minute",
            ),
            (
                rl.keyed_per_session.as_ref().filter(|_| keyed),
                session,
                "too many attempts in this session; retry later",
            ),
            (
                rl.keyed_per_address.as_ref().filter(|_| keyed),
                Some(address.as_str()),
                "too many attempts; retry later",
            ),
        ];
        for (budget, key, message) in budgets {
            if let (Some(b), Some(key)) = (budget, key)
                && !b.take(key).await?
            {
                return Ok(Some(too_many_after(message, b.retry_after())));
            }
        }
        Ok(None)
    }
}

impl<E: Endpoint> Endpoint for RateLimitEndpoint<E> {
    type Output = Response;
    async fn call(&self, mut req: Request) -> poem::Result<Response> {
        let peer = req.remote_addr().as_socket_addr().map(|a| a.ip());
        let xff = req
            .headers()
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok());
        let ip = client_ip(peer, xff, &self.1.trusted);
        req.extensions_mut().insert(ClientAddr(ip));
        let retry = RetryAfter::default();
        req.extensions_mut().insert(retry.clone());
        if changes_state(req.method()) {
            match self.over(&req, ip).await {
                Ok(Some(r)) => return Ok(r),
                Ok(None) => {}
                Err(e) => return Ok(ApiError::from(e).into_poem_response()),
            }
        }
        let mut resp = self.0.call(req).await.map(IntoResponse::into_response)?;
        if resp.status() == StatusCode::TOO_MANY_REQUESTS
            && !resp.headers().contains_key(header::RETRY_AFTER)
        {
            set_retry_after(&mut resp, retry.get().unwrap_or(Duration::from_secs(60)));
        }
        Ok(resp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_for_is_believed_only_from_trusted_proxies() {
        let t = TrustedProxies::parse("10.0.0.0/8, 192.168.1.7").unwrap();
        let none = TrustedProxies::default();
        // untrusted peer: the header is ignored, whatever it says
        assert_eq!(
            client_ip(Some(ip("203.0.113.9")), ["1.2.3.4"], &t),
            ip("203.0.113.9")
        );
        assert_eq!(
            client_ip(Some(ip("10.0.0.1")), ["1.2.3.4"], &none),
            ip("10.0.0.1")
        );
        // trusted peer: the right-most untrusted hop; a spoofed left part is not reached
        assert_eq!(
            client_ip(Some(ip("10.0.0.1")), ["6.6.6.6, 1.2.3.4, 192.168.1.7"], &t),
            ip("1.2.3.4")
        );
        // several headers read as one list, in order
        assert_eq!(
            client_ip(Some(ip("10.0.0.1")), ["6.6.6.6", "1.2.3.4"], &t),
            ip("1.2.3.4")
        );
        // only trusted hops: the left-most; garbage stops at the last trusted hop
        assert_eq!(
            client_ip(Some(ip("10.0.0.1")), ["10.1.1.1"], &t),
            ip("10.1.1.1")
        );
        assert_eq!(
            client_ip(Some(ip("10.0.0.1")), ["1.2.3.4, junk, 10.2.2.2"], &t),
            ip("10.2.2.2")
        );
        assert_eq!(client_ip(Some(ip("10.0.0.1")), [], &t), ip("10.0.0.1"));
        assert_eq!(client_ip(None, ["1.2.3.4"], &t), ip("0.0.0.0"));
        assert!(TrustedProxies::parse("10.0.0.0/8, nope").is_err());
    }

    #[tokio::test]
    async fn budget_is_per_key() {
        let b = Budget::per_minute("t", 2, Store::memory(Default::default())).unwrap();
        assert!(b.take("a").await.unwrap());
        assert!(b.take("a").await.unwrap());
        assert!(!b.take("a").await.unwrap());
        assert!(b.take("b").await.unwrap());
        assert!(Budget::per_minute("t", 0, Store::memory(Default::default())).is_none());
    }

    /// A clock at `ms` since the epoch, moved by the test.
    fn test_clock(ms: i64) -> (Arc<std::sync::atomic::AtomicI64>, Clock) {
        let t = Arc::new(std::sync::atomic::AtomicI64::new(ms));
        let c = t.clone();
        let clock = Clock(Arc::new(move || {
            chrono::DateTime::from_timestamp_millis(c.load(Ordering::SeqCst)).unwrap()
        }));
        (t, clock)
    }

    /// The quick refill's hourly budgets: `n` in the window, then refused until the window
    /// ends however much of it passes (no refill on the way), `Retry-After` the time left;
    /// the next window has `n` again.
    #[tokio::test]
    async fn an_hourly_budget_allows_n_per_window_and_nothing_before_it_ends() {
        let hour = Duration::from_secs(3600);
        let store = || Store::memory(Default::default());
        // 10 minutes into an hour window
        let (t, clock) = test_clock(1_000 * 3_600_000 + 600_000);
        let b = Budget::per_window("h", 3, hour, store(), clock.clone()).unwrap();
        for _ in 0..3 {
            assert!(b.take("s").await.unwrap());
        }
        assert!(!b.take("s").await.unwrap());
        assert!(b.take("other").await.unwrap());
        assert_eq!(b.retry_after(), Duration::from_secs(50 * 60));
        // 49 minutes later: a leaky bucket would have refilled it twice over
        t.fetch_add(49 * 60_000, Ordering::SeqCst);
        assert!(!b.take("s").await.unwrap());
        assert_eq!(b.retry_after(), Duration::from_secs(60));
        t.fetch_add(60_000, Ordering::SeqCst);
        for _ in 0..3 {
            assert!(b.take("s").await.unwrap(), "the next window");
        }
        assert!(!b.take("s").await.unwrap());
        assert!(Budget::per_window("h", 0, hour, store(), clock.clone()).is_none());
        assert!(Budget::per_window("h", 1, Duration::ZERO, store(), clock).is_none());
    }

    #[test]
    fn windows_are_aligned_and_retry_after_is_whole_seconds() {
        let hour = Duration::from_secs(3600);
        assert_eq!(window_at(0, hour), (0, hour));
        assert_eq!(window_at(3_600_000, hour), (1, hour));
        assert_eq!(window_at(3_599_999, hour), (0, Duration::from_millis(1)));
        assert_eq!(window_at(-5, hour).0, 0);
        let secs = |d| too_many_after("x", d).headers()[header::RETRY_AFTER].clone();
        assert_eq!(secs(Duration::from_millis(1)), "1");
        assert_eq!(secs(Duration::from_millis(1_001)), "2");
        assert_eq!(secs(Duration::from_secs(60)), "60");
        assert_eq!(too_many("x").headers()[header::RETRY_AFTER], "60");
    }
}
