//! HTTP clients of the upstream services (ARCHITECTURE.md "Upstream contract"), one module
//! per service over one shared `reqwest::Client` (connect timeout 5 s and total timeout 60 s
//! by default, seed 000 §9; see `config.rs`).
//!
//! Every call sends `trackingid` and `source: DIGITAL2.0`; in harness mode only, also
//! `x-sim-scenario` (from the harness cookie). Failures map onto [`UpstreamError`].

pub mod address_search;
pub mod buy;
pub mod content;
pub mod serviceability;
pub mod van;

use std::time::Duration;

use serde::de::DeserializeOwned;
use upstream::{SCENARIO_HEADER, SOURCE_HEADER, TRACKING_HEADER};

use crate::{config::UpstreamUrls, error::UpstreamError};

/// The `source` header value of every upstream call (seed 000 §7).
pub const SOURCE: &str = "DIGITAL2.0";

/// The upstream services: one HTTP client and one base URL per service.
#[derive(Debug, Clone)]
pub struct Clients {
    http: reqwest::Client,
    urls: UpstreamUrls,
}

/// Per-call context: the tracking id and, in harness mode only, the scenario id.
#[derive(Debug, Clone, Default)]
pub struct CallCtx {
    /// Sent as `trackingid`.
    pub tracking_id: String,
    /// Sent as `x-sim-scenario` when `Some` (never in production: see `api::ctx`).
    pub scenario: Option<String>,
}

/// Installs rustls' ring provider as the process default (the workspace builds reqwest without
/// a provider of its own: see `Cargo.toml`). Call before building any `reqwest::Client`; later
/// calls do nothing.
pub fn install_tls_provider() {
    // Err means a provider is already installed, which is all we need.
    let _ = rustls::crypto::ring::default_provider().install_default();
}

impl Clients {
    /// Builds the shared client with the given connect and total timeouts.
    pub fn new(
        urls: UpstreamUrls,
        connect: Duration,
        total: Duration,
    ) -> Result<Self, reqwest::Error> {
        install_tls_provider();
        let http = reqwest::Client::builder()
            .connect_timeout(connect)
            .timeout(total)
            .user_agent(concat!("prepaid-portal-bff/", env!("CARGO_PKG_VERSION")))
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Self { http, urls })
    }

    /// The configured base URLs.
    pub fn urls(&self) -> &UpstreamUrls {
        &self.urls
    }

    /// The shared HTTP client (the harness proxy of `/sim/...` uses it too).
    pub fn http(&self) -> &reqwest::Client {
        &self.http
    }

    /// A request with the common headers set.
    fn request(
        &self,
        method: reqwest::Method,
        url: String,
        ctx: &CallCtx,
    ) -> reqwest::RequestBuilder {
        let mut rb = self
            .http
            .request(method, url)
            .header(TRACKING_HEADER, &ctx.tracking_id)
            .header(SOURCE_HEADER, SOURCE)
            .header(reqwest::header::ACCEPT, "application/json");
        if let Some(s) = &ctx.scenario {
            rb = rb.header(SCENARIO_HEADER, s);
        }
        rb
    }
}

/// Sends `rb` and decodes a 2xx JSON body as `T`.
async fn send_json<T: DeserializeOwned>(
    service: &'static str,
    rb: reqwest::RequestBuilder,
) -> Result<T, UpstreamError> {
    let transport = |e: reqwest::Error| {
        if e.is_timeout() {
            UpstreamError::Timeout { service }
        } else {
            UpstreamError::Unavailable {
                service,
                reason: error_chain(&e),
            }
        }
    };
    let resp = rb.send().await.map_err(transport)?;
    let status = resp.status();
    if !status.is_success() {
        return Err(UpstreamError::Status {
            service,
            status: status.as_u16(),
        });
    }
    let body = resp.bytes().await.map_err(transport)?;
    serde_json::from_slice(&body).map_err(|e| UpstreamError::BadResponse {
        service,
        reason: e.to_string(),
    })
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut src = e.source();
    while let Some(inner) = src {
        s.push_str(": ");
        s.push_str(&inner.to_string());
        src = inner.source();
    }
    s
}
