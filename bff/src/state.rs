//! The application state every request shares: configuration, upstream clients, the error
//! messages, the clock, and (through sessions and flow contexts) the store.

use std::sync::Arc;

use crate::{
    config::Config,
    error_messages::ErrorMessages,
    store::Store,
    upstream::{Clients, UpstreamUrls},
};

/// The clock of the rules that depend on time (promotion validity); tests pin it.
#[derive(Clone)]
pub struct Clock(pub Arc<dyn Fn() -> chrono::DateTime<chrono::Utc> + Send + Sync>);

impl Clock {
    /// The system clock.
    pub fn system() -> Self {
        Self(Arc::new(chrono::Utc::now))
    }

    /// A clock stopped at `t`.
    pub fn fixed(t: chrono::DateTime<chrono::Utc>) -> Self {
        Self(Arc::new(move || t))
    }

    /// The current time.
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        (self.0)()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Clock({})", self.now())
    }
}

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
    /// The error-message catalogues by locale (seed 000 §8).
    pub error_messages: ErrorMessages,
    /// The clock.
    pub clock: Clock,
}

/// The state for `config`, its upstream URLs (`Embedded` resolved by the caller: see
/// `startup::Application::build`), the clock (tests pin it) and the store (memory or Redis).
pub fn state_with_store(
    config: Config,
    urls: UpstreamUrls,
    clock: Clock,
    store: Store,
) -> Result<Arc<AppState>, reqwest::Error> {
    let clients = Clients::new(urls, config.connect_timeout, config.upstream_timeout)?
        .strict(config.strict_upstream());
    Ok(Arc::new(AppState {
        config,
        clients,
        store,
        error_messages: ErrorMessages::default(),
        clock,
    }))
}
