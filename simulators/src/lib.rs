//! Simulators of the provider's upstream services (see `ARCHITECTURE.md`, "Upstream contract").
//!
//! Public surface used by the BFF (embedded default), the xtask and the tests:
//! - [`endpoint`]: every simulator mounted under its prefix, with the built-in scenarios;
//! - [`spawn_embedded`]: that endpoint served on a loopback port;
//! - [`openapi_spec`]: the upstream contract (`openapi/upstream.json`);
//! - [`scenario`]: the scenario book (`scenarios/**/*.yaml`, embedded at build time).

pub mod scenario;

/// Every simulator under its prefix (`/address-search`, `/serviceability`, `/van`, `/content`).
pub fn endpoint() -> poem::Route {
    poem::Route::new()
}

/// The upstream contract rendered from the simulators' poem-openapi code, pretty JSON.
pub fn openapi_spec() -> String {
    String::from("{}")
}

/// A running simulator server on loopback; dropping it stops the server.
pub struct Embedded {
    /// `http://127.0.0.1:<port>`, no trailing slash.
    pub base_url: String,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Embedded {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Serves [`endpoint`] on `127.0.0.1:0` and returns its base URL.
pub async fn spawn_embedded() -> std::io::Result<Embedded> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let std_listener = listener.into_std()?;
    let task = tokio::spawn(async move {
        let listener = poem::listener::TcpListener::bind(addr);
        drop(std_listener);
        let _ = poem::Server::new(listener).run(endpoint()).await;
    });
    Ok(Embedded { base_url: format!("http://{addr}"), task })
}
