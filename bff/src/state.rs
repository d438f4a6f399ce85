//! The application state every request shares: configuration, upstream clients, the clock,
//! and (through sessions and flow contexts) the store.

use std::sync::Arc;

pub use crate::clock::Clock;
use crate::{
    config::{Config, LitepayLimits},
    http::rate_limit::Budget,
    store::Store,
    upstream::{Clients, UpstreamUrls},
};

/// Shared state of every request.
#[derive(Debug)]
pub struct AppState {
    /// The configuration.
    pub config: Config,
    /// The upstream clients.
    pub clients: Clients,
    /// Sessions, flow contexts and idempotency records (memory, or Redis shared by every
    /// instance).
    pub store: Store,
    /// The clock.
    pub clock: Clock,
    /// The quick refill's lookup budgets (`config.litepay`).
    pub lookups: LookupBudgets,
    /// Set once the process got SIGTERM or SIGINT: `/readyz` then answers 503 while the
    /// requests in flight finish (`startup::Application::run_until_stopped`).
    pub draining: std::sync::atomic::AtomicBool,
}

/// The quick refill's account-lookup budgets (`Config::litepay`; `flows::litepay`): per
/// session and per client address, each at most so many in every fixed hour window of the
/// clock (from one full hour to the next, nothing given back before it ends), shared through
/// the store (`http::rate_limit::Budget::per_window`).
#[derive(Clone, Default)]
pub struct LookupBudgets {
    /// Per session (`None`: no limit).
    pub per_session: Option<Budget>,
    /// Per client address (`None`: no limit).
    pub per_address: Option<Budget>,
}

impl LookupBudgets {
    /// The budgets of `limits` over `store`, their windows on `clock`.
    pub fn new(limits: &LitepayLimits, store: &Store, clock: &Clock) -> Self {
        let hour = std::time::Duration::from_secs(3600);
        Self {
            per_session: Budget::per_window(
                "litepay-session",
                limits.session_per_hour,
                hour,
                store.clone(),
                clock.clone(),
            ),
            per_address: Budget::per_window(
                "litepay-address",
                limits.address_per_hour,
                hour,
                store.clone(),
                clock.clone(),
            ),
        }
    }
}

impl std::fmt::Debug for LookupBudgets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LookupBudgets")
            .field("per_session", &self.per_session.is_some())
            .field("per_address", &self.per_address.is_some())
            .finish()
    }
}

/// The state for `config`, its upstream URLs (`Embedded` resolved by the caller: see
/// `startup::Application::build`), the clock (tests pin it) and the store (memory or Redis).
pub fn state_with_store(
    config: Config,
    urls: UpstreamUrls,
    clock: Clock,
    store: Store,
) -> Result<Arc<AppState>, reqwest::Error> {
    let recorder = config.record.clone().map(|path| {
        tracing::warn!(path = %path.display(), "record mode: upstream exchanges are written, masked");
        crate::upstream::record::Recorder::start(path, config.record_services.clone())
    });
    let unless_recording = |ttl| {
        if config.record.is_some() {
            std::time::Duration::ZERO
        } else {
            ttl
        }
    };
    let clients = Clients::new(urls, config.connect_timeout, config.upstream_timeout)?
        .strict(config.strict_upstream())
        .recording(recorder)
        // record mode writes every exchange: no answer is taken from a cache there
        .content_cache_ttl(unless_recording(config.content_cache_ttl))
        .suggestion_cache_ttl(unless_recording(config.suggestion_cache_ttl));
    let lookups = LookupBudgets::new(&config.litepay, &store, &clock);
    Ok(Arc::new(AppState {
        lookups,
        config,
        clients,
        store,
        clock,
        draining: std::sync::atomic::AtomicBool::new(false),
    }))
}
