//! The browser-to-BFF contract (`openapi/bff.json`, ARCHITECTURE.md "The BFF contract"):
//! every flow's `#[OpenApi]` impls assembled into one service. Each operation has one tag
//! (`http::tags::ApiTags`) and a stable operation id.
//!
//! [`openapi_spec`] is poem-openapi's document plus what its derive macros cannot declare but
//! the server enforces (`http::spec_rules`); it is what `/openapi.json` serves and what
//! `openapi/bff.json` commits. (`/docs` renders poem-openapi's own document.)

use poem_openapi::OpenApiService;

use crate::flows::{
    account_information::api::AccountInformationApi,
    activation::ActivationApi,
    buy::{api::BuyApi, digital_session::DigitalSessionApi, payments::PaymentsApi},
    dashboard::{actions::DashboardActionsApi, api::DashboardApi},
    litepay::api::LitepayApi,
    r#move::api::MoveApi,
    payments::api::AccountPaymentsApi,
    reconnect::api::ReconnectApi,
    refill::api::RefillApi,
    refill::pin::PinRefillApi,
    retail::api::RetailApi,
    signin::api::SignInApi,
    site::{
        account_content::AccountContentApi, content::ContentApi, health::HealthApi,
        logout::LogoutApi, token::TokenApi,
    },
};

/// Title of the BFF's OpenAPI document.
pub const TITLE: &str = "Prepaid Portal BFF";

/// Every operation of the contract.
pub type Api = (
    ContentApi,
    AccountContentApi,
    TokenApi,
    DigitalSessionApi,
    RetailApi,
    BuyApi,
    PaymentsApi,
    HealthApi,
    LogoutApi,
    SignInApi,
    DashboardApi,
    AccountInformationApi,
    DashboardActionsApi,
    ActivationApi,
    LitepayApi,
    // poem-openapi implements `OpenApi` for tuples up to 16: the account flows share a slot
    (
        AccountPaymentsApi,
        RefillApi,
        PinRefillApi,
        ReconnectApi,
        MoveApi,
    ),
);

/// The OpenAPI service of the contract (mounted at `/` by `startup::endpoint`).
pub fn service() -> OpenApiService<Api, ()> {
    OpenApiService::new(
        (
            ContentApi,
            AccountContentApi,
            TokenApi,
            DigitalSessionApi,
            RetailApi,
            BuyApi,
            PaymentsApi,
            HealthApi,
            LogoutApi,
            SignInApi,
            DashboardApi,
            AccountInformationApi,
            DashboardActionsApi,
            ActivationApi,
            LitepayApi,
            (AccountPaymentsApi, RefillApi, PinRefillApi, ReconnectApi, MoveApi),
        ),
        TITLE,
        env!("CARGO_PKG_VERSION"),
    )
    .description(
        "Browser-to-BFF contract of the Prepaid Portal (see ARCHITECTURE.md). Every error \
         answer is an `ApiError`; every state-changing call needs the `x-xsrf-token` header from `GET /token` (security scheme `csrf`).",
    )
}

/// The contract as pretty JSON (committed as `openapi/bff.json`, served at `/openapi.json`).
pub fn openapi_spec() -> String {
    crate::http::spec_rules::declare_enforced_rules(&service().spec())
}
