//! Simulators of the provider's upstream services (see `ARCHITECTURE.md`, "Upstream contract").
//!
//! Public surface used by the BFF (embedded default), the xtask and the tests:
//! - [`endpoint`]: every simulator mounted under its prefix, with the built-in scenarios;
//! - [`spawn_embedded`]: that endpoint served on a loopback port;
//! - [`openapi_spec`]: the upstream contract (`openapi/upstream.json`);
//! - [`scenario`]: the scenario book (`scenarios/**/*.yaml`, embedded at build time).

#![warn(missing_docs)]

pub mod activation;
pub mod address_search;
pub mod buy_world;
pub mod card_entry;
pub mod catalogue;
pub mod content;
pub mod digital_session;
pub mod fault;
pub mod html;
pub mod middleware;
pub mod payments;
pub mod promotions;
pub mod scenario;
pub mod serviceability;
pub mod tax;
pub mod test_cards;
pub mod van;
pub mod world;

use poem::EndpointExt;
use poem_openapi::OpenApiService;

/// Title of the upstream contract.
pub const TITLE: &str = "Prepaid upstream services (simulated)";

type Apis = (
    address_search::AddressSearchApi,
    serviceability::ServiceabilityApi,
    van::VanApi,
    content::ContentApi,
    catalogue::CatalogueApi,
    promotions::PromotionsApi,
    tax::TaxApi,
    payments::PaymentsApi,
    activation::ActivationApi,
    card_entry::CardEntryApi,
    digital_session::DigitalSessionApi,
);

/// The one poem-openapi service holding every simulator.
fn service() -> OpenApiService<Apis, ()> {
    OpenApiService::new(
        (
            address_search::AddressSearchApi,
            serviceability::ServiceabilityApi,
            van::VanApi,
            content::ContentApi,
            catalogue::CatalogueApi,
            promotions::PromotionsApi,
            tax::TaxApi,
            payments::PaymentsApi,
            activation::ActivationApi,
            card_entry::CardEntryApi,
            digital_session::DigitalSessionApi,
        ),
        TITLE,
        env!("CARGO_PKG_VERSION"),
    )
}

/// Every simulator under its prefix (`/address-search`, `/serviceability`, `/van`, `/content`;
/// `ARCHITECTURE.md` "Upstream contract", seed 000 §7), answering from [`world::World`].
///
/// A request carrying `x-sim-scenario: <flow>/<situation>` is answered per that scenario
/// ([`middleware::Scenarios`]); an unknown id is 400 `{"error":"UNKNOWN_SCENARIO"}`.
/// Unknown paths are 404; a structurally invalid body or a missing required query is 400.
pub fn endpoint() -> poem::Route {
    poem::Route::new().nest(
        "/",
        service()
            .with(middleware::Scenarios)
            .with(poem::middleware::Tracing),
    )
}

/// The upstream contract rendered from the simulators' poem-openapi code, pretty JSON
/// (title [`TITLE`]); committed as `openapi/upstream.json` and drift-checked by
/// `tests/it/contract.rs`.
pub fn openapi_spec() -> String {
    service().spec()
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

/// Serves [`endpoint`] on `127.0.0.1:0` and returns its base URL. The socket is bound
/// (and accepting) before this returns, so the first request never races the server.
pub async fn spawn_embedded() -> std::io::Result<Embedded> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let acceptor = poem::listener::TcpAcceptor::from_tokio(listener)?;
    let task = tokio::spawn(async move {
        let _ = poem::Server::new_with_acceptor(acceptor)
            .run(endpoint())
            .await;
    });
    Ok(Embedded {
        base_url: format!("http://{addr}"),
        task,
    })
}
