//! Rate limits (ARCHITECTURE.md "The BFF contract"): state-changing requests per session and
//! per client address, and new sessions per client address (`http::session::CreationLimit`).
//!
//! - Client address ([`client_ip`]): the TCP peer, unless the peer is a configured proxy
//!   (`BFF_TRUSTED_PROXIES`); then the right-most `X-Forwarded-For` address that is not one.
//!   Every API request carries it as [`ClientAddr`].
//! - [`Budget`]: so many hits per minute per key. In memory, `governor` (GCRA: the budget
//!   refills evenly); with Redis, one fixed-window counter per key shared by every instance
//!   (`Store::hit`). Keys are hashed (SHA-1), so no address or session id is stored.

use std::{
    net::IpAddr,
    num::NonZeroU32,
    sync::{Arc, Mutex, PoisonError},
    time::{Duration, Instant},
};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use ipnet::IpNet;
use poem::{
    Endpoint, IntoResponse, Middleware, Request, Response,
    http::{HeaderValue, header},
};

use crate::{
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

    fn contains(&self, ip: IpAddr) -> bool {
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

/// So many hits per minute per key (module docs); cheap to clone.
#[derive(Clone)]
pub struct Budget {
    /// Name of the budget, part of the shared counter's key.
    name: &'static str,
    per_min: u32,
    /// The shared counter's window (60 s for [`Budget::per_minute`]).
    window: Duration,
    local: Arc<DefaultKeyedRateLimiter<String>>,
    store: Store,
    /// Last time the local limiter forgot keys that are full again.
    cleaned: Arc<Mutex<Instant>>,
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
            local: Arc::new(RateLimiter::keyed(Quota::per_minute(n))),
            store,
            cleaned: Arc::new(Mutex::new(Instant::now())),
        })
    }

    /// `n` hits per `window` (burst of `n`, refilled evenly over the window in memory; one
    /// fixed window per key with Redis) per key; `None` when `n` is 0 or the window empty.
    /// The quick refill's lookups use an hour (`flows::litepay`).
    pub fn per_window(name: &'static str, n: u32, window: Duration, store: Store) -> Option<Self> {
        let count = NonZeroU32::new(n)?;
        let quota = Quota::with_period(window / n)?.allow_burst(count);
        Some(Self {
            name,
            per_min: n,
            window,
            local: Arc::new(RateLimiter::keyed(quota)),
            store,
            cleaned: Arc::new(Mutex::new(Instant::now())),
        })
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
        let key: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        if let Some(n) = self
            .store
            .hit(&format!("{}:{key}", self.name), self.window)
            .await?
        {
            return Ok(n <= u64::from(self.per_min));
        }
        let ok = self.local.check_key(&key).is_ok();
        self.forget_full_keys();
        Ok(ok)
    }

    /// Once a minute, drops the keys whose budget is full again (bounded memory; the scan
    /// is linear, hence not on every hit).
    fn forget_full_keys(&self) {
        let mut last = self.cleaned.lock().unwrap_or_else(PoisonError::into_inner);
        if last.elapsed() >= Duration::from_secs(60) {
            *last = Instant::now();
            self.local.retain_recent();
            self.local.shrink_to_fit();
        }
    }
}

/// 429 `RATE_LIMITED` with `Retry-After: 60`.
pub fn too_many(message: &str) -> Response {
    let mut r = ApiError::new(ErrorCode::RateLimited, message).into_poem_response();
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
    r
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
/// address's), then per client address. Puts [`ClientAddr`] on every request.
#[derive(Clone)]
pub struct RateLimit {
    /// Per session cookie value.
    pub per_session: Option<Budget>,
    /// Per client address.
    pub per_address: Option<Budget>,
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
        if let (Some(b), Some(sid)) = (&rl.per_session, cookie(req, rl.cookie))
            && !b.take(sid).await?
        {
            return Ok(Some(too_many(
                "too many requests in this session; retry in a minute",
            )));
        }
        if let Some(b) = &rl.per_address
            && !b.take(&ip.to_string()).await?
        {
            return Ok(Some(too_many("too many requests; retry in a minute")));
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
        if changes_state(req.method()) {
            match self.over(&req, ip).await {
                Ok(Some(r)) => return Ok(r),
                Ok(None) => {}
                Err(e) => return Ok(ApiError::from(e).into_poem_response()),
            }
        }
        self.0.call(req).await.map(IntoResponse::into_response)
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

    /// The quick refill's hourly budgets: a burst of `n`, then refused for the rest of the
    /// window (one more every `window / n` in memory).
    #[tokio::test]
    async fn an_hourly_budget_allows_its_burst_then_refuses() {
        let hour = Duration::from_secs(3600);
        let b = Budget::per_window("h", 3, hour, Store::memory(Default::default())).unwrap();
        for _ in 0..3 {
            assert!(b.take("s").await.unwrap());
        }
        assert!(!b.take("s").await.unwrap());
        assert!(b.take("other").await.unwrap());
        assert!(Budget::per_window("h", 0, hour, Store::memory(Default::default())).is_none());
    }
}
