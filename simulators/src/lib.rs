//! Simulators of the provider's upstream services (see `ARCHITECTURE.md`, "Upstream contract").
//!
//! Public surface used by the BFF (embedded default), the xtask and the tests:
//! - [`endpoint`]: every simulator mounted under its prefix, with the built-in scenarios;
//! - [`spawn_embedded`]: that endpoint served on a loopback port;
//! - [`openapi_spec`]: the upstream contract (`openapi/upstream.json`);
//! - [`scenario`]: the scenario book (`scenarios/**/*.yaml`, embedded at build time).

#![warn(missing_docs)]

pub mod account;
pub mod account_move;
pub mod account_reconnect;
pub mod account_world;
pub mod activation;
pub mod activation_account;
pub mod address_search;
pub mod admin;
pub mod buy_world;
pub mod card_entry;
pub mod catalogue;
pub mod chaos;
pub mod content;
pub mod digital_session;
pub mod fault;
pub mod html;
pub mod identity;
pub mod identity_world;
pub mod middleware;
pub mod payments;
pub mod payments_world;
pub mod plan;
pub mod promotions;
pub mod refill;
pub mod replay;
pub mod request_check;
pub mod run_state;
pub mod scenario;
pub mod serviceability;
pub mod tax;
pub mod test_cards;
pub mod test_pins;
pub mod van;
pub mod world;

use poem::EndpointExt;
use poem_openapi::OpenApiService;

/// Title of the upstream contract.
pub const TITLE: &str = "Prepaid upstream services (simulated)";

/// Every simulator's API, one per upstream service ([`upstream::service::Service`]); the
/// `prefix_path` of each must be its service's `prefix()` (checked by a test below).
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
    // std's `Default` stops at 12-tuples: the issue-11 services share the last slot.
    (
        identity::IdentityApi,
        account::AccountApi,
        refill::RefillApi,
    ),
);

/// The one poem-openapi service holding every simulator, with the 400 of the request check
/// declared ([`request_check::Checked`]).
fn service() -> OpenApiService<request_check::Checked<Apis>, ()> {
    OpenApiService::new(
        request_check::Checked::<Apis>::default(),
        TITLE,
        env!("CARGO_PKG_VERSION"),
    )
}

/// Every simulator under its service's prefix ([`upstream::service::Service::prefix`];
/// `ARCHITECTURE.md` "Upstream contract", seed 000 §7), answering from [`world::World`].
///
/// A request carrying `x-sim-scenario: <flow>/<situation>` is answered per that scenario
/// ([`middleware::Scenarios`]); an unknown id is 400 `{"error":"UNKNOWN_SCENARIO"}`.
/// Calls are logged at `debug` only ([`middleware::Access`]).
/// Unknown paths are 404; a request the contract does not allow is 400 `INVALID_REQUEST` naming
/// the field ([`request_check`], before the scenario's faults: a scenario cannot hide it).
/// `/admin/...`: the harness's admin API ([`admin`]), outside the upstream contract.
pub fn endpoint() -> poem::Route {
    // the buy flow's orders are kept for the admin API's ledgers (a handful per harness run)
    activation::enable_ledger();
    poem::Route::new().nest("/admin", admin::routes()).nest(
        "/",
        service()
            .with(middleware::Scenarios)
            .with(request_check::RequestCheck)
            .with(middleware::Access),
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use poem_openapi::OpenApi;
    use upstream::service::Service;

    use super::Apis;
    use crate::scenario::Call;

    /// The `#[OpenApi(prefix_path = "...")]` literals agree with the service table: each
    /// simulator's paths all lie under one service's prefix, one simulator per service; and
    /// the call table agrees with the operations: each is a call of that service, and every
    /// call is served by some operation.
    #[test]
    fn simulators_sit_under_their_service_prefix_and_serve_the_call_table() {
        let mut served = BTreeSet::new();
        let mut calls = BTreeSet::new();
        for api in <Apis as OpenApi>::meta() {
            let paths: Vec<&str> = api.paths.iter().map(|p| p.path.as_str()).collect();
            let services: BTreeSet<Option<Service>> =
                paths.iter().map(|p| Service::of_path(p)).collect();
            let [Some(service)] = services.into_iter().collect::<Vec<_>>()[..] else {
                panic!("paths {paths:?} are not under exactly one service's prefix");
            };
            assert!(served.insert(service), "two simulators of {service}");
            for path in &api.paths {
                for op in &path.operations {
                    let method = op.method.as_str();
                    let call = Call::from_request(method, &path.path)
                        .unwrap_or_else(|| panic!("{method} {} is no call", path.path));
                    assert_eq!(call.service(), service, "{method} {}", path.path);
                    calls.insert(call);
                }
            }
        }
        assert_eq!(
            served,
            BTreeSet::from(Service::ALL),
            "one simulator per service"
        );
        assert_eq!(calls, BTreeSet::from(Call::ALL), "every call is served");
    }
}
