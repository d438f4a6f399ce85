//! Building the application: state, the one endpoint, the server.
//!
//! Request path through [`endpoint`]: `RequestId` (telemetry) -> `SecurityHeaders` ->
//! dispatch: API paths (`middleware::is_api_path`) go through `AnswerCompression` (large answers,
//! `Vary: Accept-Encoding`), `ApiErrors`, `BodyLimit` (413 over the limit, else the body read
//! first, so no refusal below leaves unread bytes on a keep-alive connection), `MethodCheck` (405
//! for a wrong method on a contract path, before anything else), the rate limits
//! (state-changing requests), the session and its creation limit, `Csrf`,
//! `BodyTypes` (JSON types of the body) and the OpenAPI service; everything else goes to
//! `/docs` and `/openapi.json` (when `Config::api_docs`), `/harness` and `/sim` (harness mode
//! only) and the web app.
//!
//! Operations: `/healthz` (liveness) and `/readyz` (readiness) on the public port; `GET
//! /metrics` (Prometheus) on `BFF_METRICS_ADDR` only ([`Application::build`]). SIGTERM or
//! SIGINT: `/readyz` turns 503 `draining` (for `BFF_DRAIN_DELAY_SECS` the listener still
//! accepts), then the listener stops accepting, the requests in flight finish within
//! `BFF_SHUTDOWN_GRACE_SECS`, and [`Application::run_until_stopped`] returns
//! ([`shutdown_signal`]).

use std::{net::SocketAddr, sync::Arc, time::Duration};

use poem::{
    Endpoint, EndpointExt, Request, Response, Route, Server,
    http::StatusCode,
    listener::{Acceptor, Listener, TcpAcceptor, TcpListener},
};

use crate::{
    api,
    config::{Config, Mode, Upstreams},
    http::{connections::GuardedAcceptor, middleware as mw, rate_limit, session},
    state::{AppState, Clock, state_with_store},
    store::{Store, StoreError},
    telemetry,
    upstream::UpstreamUrls,
    web,
};

/// Why the application could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    /// The embedded simulators could not start.
    #[error("cannot start the embedded simulators: {0}")]
    Simulators(std::io::Error),
    /// No upstream URL is configured and this build has no embedded simulators (cargo
    /// feature `simulators` off, as in production builds).
    #[error("built without the embedded simulators: set every BFF_UPSTREAM_* URL")]
    NoSimulators,
    /// `BFF_REDIS_URL` is set but Redis cannot be reached.
    #[error("cannot reach the store: {0}")]
    Store(StoreError),
    /// The HTTP client could not be built.
    #[error("cannot build the upstream HTTP client: {0}")]
    Client(#[from] reqwest::Error),
    /// The configuration breaks a rule across settings (`Config::validate`).
    #[error("invalid configuration: {0}")]
    Config(#[from] crate::config::ConfigError),
    /// The metrics address cannot be bound.
    #[error("cannot listen for metrics on {addr}: {source}")]
    MetricsBind {
        /// Address asked for (`BFF_METRICS_ADDR`).
        addr: SocketAddr,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The listen address cannot be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// Address asked for.
        addr: SocketAddr,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// Keeps the embedded simulators running as long as it lives (`None` with external
/// upstreams).
pub type SimulatorsGuard = Option<Box<dyn std::any::Any + Send>>;

/// Starts the embedded simulators when the configuration asks for them; returns the upstream
/// URLs and the guard of the running simulators (keep it alive as long as the state).
pub async fn resolve_upstreams(
    config: &Config,
) -> Result<(UpstreamUrls, SimulatorsGuard), StartupError> {
    match &config.upstreams {
        Upstreams::External(urls) => Ok((urls.clone(), None)),
        #[cfg(feature = "simulators")]
        Upstreams::Embedded => {
            let sims = simulators::spawn_embedded()
                .await
                .map_err(StartupError::Simulators)?;
            tracing::info!(base_url = %sims.base_url, "embedded simulators started");
            Ok((UpstreamUrls::under(&sims.base_url), Some(Box::new(sims))))
        }
        #[cfg(not(feature = "simulators"))]
        Upstreams::Embedded => Err(StartupError::NoSimulators),
    }
}

fn not_found_page() -> Response {
    Response::builder()
        .status(StatusCode::NOT_FOUND)
        .content_type("text/html; charset=utf-8")
        .body(
            "<!doctype html><html lang=\"en\"><head><title>Not found</title></head>\
               <body><h1>Not found</h1><p><a href=\"/en\">Home</a></p></body></html>",
        )
}

/// Budgets of state-changing requests per session and per address (`http::rate_limit`).
fn rate_limits(config: &Config, store: &Store) -> rate_limit::RateLimit {
    rate_limit::RateLimit {
        per_session: rate_limit::Budget::per_minute(
            "session",
            config.rate_limit_session_per_min,
            store.clone(),
        ),
        per_address: rate_limit::Budget::per_minute(
            "address",
            config.rate_limit_per_min,
            store.clone(),
        ),
        keyed_per_session: rate_limit::Budget::per_window(
            "keyed-session",
            config.keyed_per_session_per_hour,
            Duration::from_secs(3600),
            store.clone(),
            Clock::system(),
        ),
        keyed_per_address: rate_limit::Budget::per_window(
            "keyed-address",
            config.keyed_per_address_per_hour,
            Duration::from_secs(3600),
            store.clone(),
            Clock::system(),
        ),
        cookie: session::cookie_name(config.mode == Mode::Production),
        trusted: Arc::new(config.trusted_proxies.clone()),
    }
}

/// The whole application as one endpoint (usable with `poem::test::TestClient`).
pub fn endpoint(state: Arc<AppState>) -> impl Endpoint<Output = Response> {
    let production = state.config.mode == Mode::Production;
    let service = api::service();
    let spec_json = api::openapi_spec();
    let spec_value: serde_json::Value = serde_json::from_str(&spec_json).unwrap_or_default();
    let allowed = crate::http::methods::AllowedMethods::from_spec(&spec_value);
    let body_schemas = crate::http::body_types::BodySchemas::from_spec(&spec_value);
    // Each layer is boxed (`.boxed()`): a middleware's future holds its inner one, so without
    // the boxes the request's future grew to tens of KB and every layer copied it once more
    // (memmove was 7% of the hop's CPU; issue 10, "The BFF hop"). A box is one small allocation.
    let api_ep = Route::new()
        .nest("/", service)
        .with(crate::http::body_types::BodyTypes(Arc::new(body_schemas)))
        .boxed()
        .with(crate::http::csrf::Csrf)
        .boxed()
        .with(session::CreationLimit(rate_limit::Budget::per_minute(
            "session-new",
            state.config.session_create_per_min,
            state.store.clone(),
        )))
        .boxed()
        .with(session::middleware(production, state.store.clone()))
        .boxed()
        .with(rate_limits(&state.config, &state.store))
        .boxed()
        .with(crate::http::methods::MethodCheck(Arc::new(allowed)))
        .boxed()
        // first: every refusal after it answers a request whose body was read, so the
        // keep-alive connection stays usable
        .with(mw::BodyLimit(state.config.max_body_bytes))
        .boxed()
        .with(mw::ApiErrors)
        .boxed()
        .with(mw::AnswerCompression)
        .data(state.clone())
        .boxed();

    let mut other = Route::new();
    if state.config.api_docs() {
        other = other.nest("/docs", api::service().swagger_ui()).at(
            "/openapi.json",
            poem::get(poem::endpoint::make_sync(move |_| {
                Response::builder()
                    .content_type("application/json; charset=utf-8")
                    .body(spec_json.clone())
            })),
        );
    }
    #[cfg(feature = "simulators")]
    if state.config.harness() {
        other = other
            .nest("/harness", crate::harness::routes())
            .nest(
                "/harness/admin",
                crate::harness::admin(state.clone())
                    .with(crate::http::csrf::Csrf)
                    .with(session::middleware(production, state.store.clone())),
            )
            .nest(
                "/harness/settings",
                crate::harness::settings::routes()
                    .data(state.clone())
                    .with(crate::http::csrf::Csrf)
                    .with(session::middleware(production, state.store.clone())),
            )
            .nest("/sim", crate::harness::sim_proxy(state.clone()));
    }
    let other = web::routes(other, state.clone());
    let other = other
        .map_to_response()
        .after(|r: poem::Result<Response>| async move {
            Ok(match r {
                Ok(r) => r,
                Err(e) if e.status() == StatusCode::NOT_FOUND => not_found_page(),
                Err(e) => e.into_response(),
            })
        })
        .boxed();

    let api_ep = Arc::new(api_ep);
    let other = Arc::new(other);
    let dispatch = poem::endpoint::make(move |req: Request| {
        let api_ep = api_ep.clone();
        let other = other.clone();
        async move {
            if mw::is_api_path(req.uri().path()) {
                api_ep.call(req).await
            } else {
                other.call(req).await
            }
        }
    });
    let frame_origin = mw::origin_of_url(&state.config.card_entry(state.clients.urls()));
    let hsts = state.config.mode == Mode::Production;
    dispatch
        .with(mw::SecurityHeaders::new(frame_origin, hsts))
        .boxed()
        .with(telemetry::RequestId {
            operations: telemetry::operation::Operations::of_spec(&spec_value),
            api_path: mw::is_api_path,
        })
}

/// The metrics listener's endpoint: `GET /metrics`, the text exposition (the store's record
/// gauges refreshed first); nothing else.
pub fn metrics_endpoint(state: Arc<AppState>) -> impl Endpoint<Output = Response> {
    Route::new().at(
        "/metrics",
        poem::get(poem::endpoint::make(move |_| {
            let state = state.clone();
            async move {
                state.store.report_records().await;
                Response::builder()
                    .content_type("text/plain; version=0.0.4; charset=utf-8")
                    .body(telemetry::metrics::render())
            }
        })),
    )
}

/// Resolves at the first SIGTERM or SIGINT (Ctrl-C), after [`drain_after`].
pub async fn shutdown_signal(state: Arc<AppState>) {
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    let signal = async {
        tokio::select! {
            _ = tokio::signal::ctrl_c() => "SIGINT",
            () = term => "SIGTERM",
        }
    };
    drain_after(state, signal).await;
}

/// Waits for `trigger` (naming what stopped the process), then sets `state.draining`
/// (`/readyz` answers 503 `draining`) and waits `BFF_DRAIN_DELAY_SECS`, while the listener still
/// accepts, so a balancer that probes readiness stops sending before the listener closes.
pub async fn drain_after(state: Arc<AppState>, trigger: impl Future<Output = &'static str>) {
    let which = trigger.await;
    state
        .draining
        .store(true, std::sync::atomic::Ordering::Relaxed);
    tracing::info!(
        signal = which,
        delay_secs = state.config.drain_delay.as_secs(),
        grace_secs = state.config.shutdown_grace.as_secs(),
        "draining: not ready, finishing the requests in flight"
    );
    tokio::time::sleep(state.config.drain_delay).await;
}

/// A bound, not yet running server.
pub struct Application {
    port: u16,
    acceptor: TcpAcceptor,
    metrics: Option<(u16, TcpAcceptor)>,
    state: Arc<AppState>,
    _simulators: SimulatorsGuard,
}

async fn bind(addr: SocketAddr) -> std::io::Result<(u16, TcpAcceptor)> {
    let acceptor = TcpListener::bind(addr).into_acceptor().await?;
    let port = acceptor
        .local_addr()
        .first()
        .and_then(|a| a.as_socket_addr().map(|s| s.port()))
        .unwrap_or(addr.port());
    Ok((port, acceptor))
}

impl Application {
    /// Checks the configuration ([`Config::validate`]: a configuration built in code gets
    /// the rules of `Config::from_env` too), resolves the upstreams (starting the embedded simulators when none is configured),
    /// builds the state and binds `config.addr` (port 0 picks a free port), and
    /// `config.metrics_addr` when set (installing the metrics recorder).
    pub async fn build(config: Config) -> Result<Self, StartupError> {
        config.validate()?;
        let metrics = match config.metrics_addr {
            Some(addr) => {
                telemetry::metrics::install();
                Some(
                    bind(addr)
                        .await
                        .map_err(|source| StartupError::MetricsBind { addr, source })?,
                )
            }
            None => None,
        };
        let (urls, sims) = resolve_upstreams(&config).await?;
        let addr = config.addr;
        // `validate` made sure Redis has its URL, and production memory was chosen
        let store = match (config.store_backend(), &config.redis_url) {
            (crate::config::StoreBackend::Redis, Some(url)) => {
                Store::redis(url, config.store.clone())
                    .await
                    .map_err(StartupError::Store)?
            }
            _ => Store::memory(config.store.clone()),
        };
        if config.mode == Mode::Production && store.backend_name() == "memory" {
            tracing::warn!(
                "BFF_STORE=memory in production: one instance only; a restart signs everyone out and forgets idempotency records"
            );
        }
        tracing::info!(backend = store.backend_name(), "store ready");
        let state = state_with_store(config, urls, Clock::system(), store)?;
        let (port, acceptor) = bind(addr)
            .await
            .map_err(|source| StartupError::Bind { addr, source })?;
        Ok(Self {
            port,
            acceptor,
            metrics,
            state,
            _simulators: sims,
        })
    }

    /// The metrics listener's bound port, when `BFF_METRICS_ADDR` is set.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics.as_ref().map(|(p, _)| *p)
    }

    /// The application's state (tests read its store and flags).
    pub fn state(&self) -> Arc<AppState> {
        self.state.clone()
    }

    /// The bound port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until the process gets SIGTERM or SIGINT ([`shutdown_signal`]), then drains.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let state = self.state.clone();
        self.run_until(shutdown_signal(state)).await
    }

    /// Serves until `stop` resolves, then stops accepting and lets the requests in flight
    /// finish for at most `BFF_SHUTDOWN_GRACE_SECS` (connections still open then are
    /// closed). The metrics listener serves until the main one has drained, so the drain
    /// itself can be watched.
    pub async fn run_until(self, stop: impl Future<Output = ()> + Send) -> std::io::Result<()> {
        let grace = self.state.config.shutdown_grace;
        let ep = endpoint(self.state.clone());
        let _sims = self._simulators;
        let (drained_tx, drained_rx) = tokio::sync::oneshot::channel::<()>();
        let metrics = self.metrics.map(|(_, acceptor)| {
            let ep = metrics_endpoint(self.state.clone());
            tokio::spawn(async move {
                let upkeep = async {
                    let mut tick = tokio::time::interval(std::time::Duration::from_secs(5));
                    loop {
                        tick.tick().await;
                        telemetry::metrics::upkeep();
                    }
                };
                tokio::select! {
                    r = Server::new_with_acceptor(acceptor).run_with_graceful_shutdown(
                        ep,
                        async { let _ = drained_rx.await; },
                        Some(std::time::Duration::from_secs(1)),
                    ) => r,
                    () = upkeep => Ok(()),
                }
            })
        });
        let cfg = &self.state.config;
        let acceptor = GuardedAcceptor::new(
            self.acceptor,
            cfg.connections.clone(),
            Arc::new(cfg.trusted_proxies.clone()),
        );
        let served = Server::new_with_acceptor(acceptor)
            .run_with_graceful_shutdown(ep, stop, Some(grace))
            .await;
        let _ = drained_tx.send(());
        if let Some(task) = metrics {
            let _ = task.await;
        }
        tracing::info!("stopped");
        served
    }
}
