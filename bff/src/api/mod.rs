//! The browser-to-BFF contract (`openapi/bff.json`, ARCHITECTURE.md "The BFF contract"):
//! one `#[OpenApi]` impl per tag, stable operation ids, typed answers and errors.

pub mod buy;
pub mod buy_types;
pub mod content;
pub mod health;
pub mod payments;
pub mod retail;
pub mod retail_types;
pub mod session;

use std::sync::Arc;

use poem::{FromRequest, Request, RequestBody};
use poem_openapi::{OpenApiService, Tags};

use crate::{startup::AppState, upstream::CallCtx};

/// Title of the BFF's OpenAPI document.
pub const TITLE: &str = "Prepaid Portal BFF";

/// Operation tags (one per operation).
#[derive(Tags)]
#[oai(rename_all = "lowercase")]
pub enum ApiTags {
    /// Content bundles (en/es) from the content service.
    Content,
    /// Anonymous session and CSRF token.
    Session,
    /// Retail-partner starter-kit flow: address search and validation, serviceability, assign.
    Retail,
    /// New-customer buy flow: product details, promotions, cart, tax, customer, order.
    Buy,
    /// Buy-flow payments: payment id, card-entry component, payment instrument.
    Payments,
    /// Liveness.
    Health,
}

/// Every operation of the contract.
pub type Api = (
    content::ContentApi,
    session::SessionApi,
    retail::RetailApi,
    buy::BuyApi,
    payments::PaymentsApi,
    health::HealthApi,
);

/// The OpenAPI service of the contract (mounted at `/` by `startup::endpoint`).
pub fn service() -> OpenApiService<Api, ()> {
    OpenApiService::new(
        (
            content::ContentApi,
            session::SessionApi,
            retail::RetailApi,
            buy::BuyApi,
            payments::PaymentsApi,
            health::HealthApi,
        ),
        TITLE,
        env!("CARGO_PKG_VERSION"),
    )
    .description(
        "Browser-to-BFF contract of the Prepaid Portal (see ARCHITECTURE.md). Every error \
         answer is an `ApiError`; every POST needs the `x-xsrf-token` header from `GET /token`.",
    )
}

/// The contract as pretty JSON (committed as `openapi/bff.json`).
pub fn openapi_spec() -> String {
    service().spec()
}

/// The scenario chosen by the harness cookie `sim_scenario`, in harness mode only; `None` in
/// any other mode, whatever the browser sends (ARCHITECTURE.md "Scenarios").
#[derive(Debug, Clone, Default)]
pub struct ScenarioSel(pub Option<String>);

impl<'a> FromRequest<'a> for ScenarioSel {
    async fn from_request(req: &'a Request, _body: &mut RequestBody) -> poem::Result<Self> {
        let harness = req
            .data::<Arc<AppState>>()
            .is_some_and(|s| s.config.harness());
        if !harness {
            return Ok(Self(None));
        }
        Ok(Self(crate::harness::scenario_from_cookies(req.headers())))
    }
}

impl ScenarioSel {
    /// The upstream call context for `tracking_id`.
    pub fn ctx(self, tracking_id: impl Into<String>) -> CallCtx {
        CallCtx {
            tracking_id: tracking_id.into(),
            scenario: self.0,
        }
    }
}

/// The tracking id of a call without a `trackingId` parameter: the browser's `trackingid`
/// header when it is a UUID, else a new UUID v4.
pub fn tracking_from_header(req: &Request) -> String {
    req.header(upstream::TRACKING_HEADER)
        .and_then(|h| uuid::Uuid::parse_str(h).ok())
        .unwrap_or_else(uuid::Uuid::new_v4)
        .to_string()
}

/// The request's locale: `es` when `Accept-Language` starts with `es` (the web client sends
/// `en` or `es`), else English.
pub fn locale(req: &Request) -> crate::upstream::content::Lang {
    let es = req
        .header("accept-language")
        .and_then(|h| h.split(',').next())
        .is_some_and(|l| l.trim().to_ascii_lowercase().starts_with("es"));
    if es {
        crate::upstream::content::Lang::Es
    } else {
        crate::upstream::content::Lang::En
    }
}

/// The origin of the page that called (`https://<Host>` in production, `http://<Host>`
/// otherwise; `Host` is `localhost` when absent or not a plain host[:port]).
pub fn page_origin(req: &Request, config: &crate::config::Config) -> String {
    let host = req
        .header("host")
        .filter(|h| {
            !h.is_empty()
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .unwrap_or("localhost");
    let scheme = if config.mode == crate::config::Mode::Production {
        "https"
    } else {
        "http"
    };
    format!("{scheme}://{host}")
}
