//! Building the application: state, the one endpoint, the server.
//!
//! Request path through [`endpoint`]: `RequestId` (telemetry) -> `SecurityHeaders` ->
//! dispatch: API paths (`middleware::is_api_path`) go through `ApiErrors`, `RateLimit`
//! (POST), `BodyLimit`, the session, `Csrf` and the OpenAPI service; everything else goes
//! to `/docs`, `/openapi.json`, `/harness` (harness mode only) and the web app.

use std::{net::SocketAddr, sync::Arc};

use poem::{
    Endpoint, EndpointExt, Request, Response, Route, Server,
    http::StatusCode,
    listener::{Acceptor, Listener, TcpAcceptor, TcpListener},
};

use crate::{
    api,
    config::{Config, Mode, UpstreamUrls, Upstreams},
    harness, middleware as mw, session, telemetry,
    upstream::Clients,
    web,
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
    /// Buy contexts and submit-order idempotency keys.
    pub stores: crate::buy::Stores,
    /// Error catalogues by locale.
    pub catalogue: crate::messages::CatalogueCache,
    /// The clock.
    pub clock: Clock,
}

/// Why the application could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    /// The embedded simulators could not start.
    #[error("cannot start the embedded simulators: {0}")]
    Simulators(std::io::Error),
    /// The HTTP client could not be built.
    #[error("cannot build the upstream HTTP client: {0}")]
    Client(#[from] reqwest::Error),
    /// The listen address cannot be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// Address asked for.
        addr: SocketAddr,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// The state for `config` and its upstream URLs (`Embedded` must be resolved by the caller:
/// see [`Application::build`]).
pub fn state(config: Config, urls: UpstreamUrls) -> Result<Arc<AppState>, StartupError> {
    state_with_clock(config, urls, Clock::system())
}

/// [`state`] with the given clock (tests pin time).
pub fn state_with_clock(
    config: Config,
    urls: UpstreamUrls,
    clock: Clock,
) -> Result<Arc<AppState>, StartupError> {
    let clients = Clients::new(urls, config.connect_timeout, config.upstream_timeout)?;
    Ok(Arc::new(AppState {
        config,
        clients,
        stores: crate::buy::Stores::default(),
        catalogue: crate::messages::CatalogueCache::default(),
        clock,
    }))
}

/// Starts the embedded simulators when the configuration asks for them; returns the upstream
/// URLs and the running simulators (keep them alive as long as the state).
pub async fn resolve_upstreams(
    config: &Config,
) -> Result<(UpstreamUrls, Option<simulators::Embedded>), StartupError> {
    match &config.upstreams {
        Upstreams::External(urls) => Ok((urls.clone(), None)),
        Upstreams::Embedded => {
            let sims = simulators::spawn_embedded()
                .await
                .map_err(StartupError::Simulators)?;
            tracing::info!(base_url = %sims.base_url, "embedded simulators started");
            Ok((UpstreamUrls::under(&sims.base_url), Some(sims)))
        }
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

/// The whole application as one endpoint (usable with `poem::test::TestClient`).
pub fn endpoint(state: Arc<AppState>) -> impl Endpoint<Output = Response> {
    let service = api::service();
    let api_ep = Route::new()
        .nest("/", service)
        .with(session::Csrf)
        .with(session::middleware(state.config.mode == Mode::Production))
        .with(mw::BodyLimit(state.config.max_body_bytes))
        .with(mw::RateLimit::per_minute(state.config.rate_limit_per_min))
        .with(mw::ApiErrors)
        .data(state.clone());

    let spec = api::service();
    let mut other = Route::new()
        .nest("/docs", spec.swagger_ui())
        .at("/openapi.json", spec.spec_endpoint());
    if state.config.harness() {
        other = other
            .nest("/harness", harness::routes())
            .nest("/sim", harness::sim_proxy(state.clone()));
    }
    let other = web::routes(other, state.config.web_dist.clone());
    let other = other
        .map_to_response()
        .after(|r: poem::Result<Response>| async move {
            Ok(match r {
                Ok(r) => r,
                Err(e) if e.status() == StatusCode::NOT_FOUND => not_found_page(),
                Err(e) => e.into_response(),
            })
        });

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
    dispatch
        .with(mw::SecurityHeaders::new(frame_origin))
        .with(telemetry::RequestId)
}

/// A bound, not yet running server.
pub struct Application {
    port: u16,
    acceptor: TcpAcceptor,
    state: Arc<AppState>,
    _simulators: Option<simulators::Embedded>,
}

impl Application {
    /// Resolves the upstreams (starting the embedded simulators when none is configured),
    /// builds the state and binds `config.addr` (port 0 picks a free port).
    pub async fn build(config: Config) -> Result<Self, StartupError> {
        let (urls, sims) = resolve_upstreams(&config).await?;
        let addr = config.addr;
        let state = state(config, urls)?;
        let acceptor = TcpListener::bind(addr)
            .into_acceptor()
            .await
            .map_err(|source| StartupError::Bind { addr, source })?;
        let port = acceptor
            .local_addr()
            .first()
            .and_then(|a| a.as_socket_addr().map(|s| s.port()))
            .unwrap_or(addr.port());
        Ok(Self {
            port,
            acceptor,
            state,
            _simulators: sims,
        })
    }

    /// The bound port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until the process gets Ctrl-C (graceful shutdown).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let ep = endpoint(self.state);
        let _sims = self._simulators;
        Server::new_with_acceptor(self.acceptor)
            .run_with_graceful_shutdown(
                ep,
                async {
                    let _ = tokio::signal::ctrl_c().await;
                },
                None,
            )
            .await
    }
}
