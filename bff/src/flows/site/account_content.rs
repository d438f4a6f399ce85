//! The signed-in area's content bundles: the dashboard's (tag content; seed 001 §7 "Other content",
//! §3 `accountDashboard`): English `GET /-/api/{site}/account-dashboard`, Spanish
//! `GET /-/api/es/{site}/account-dashboard`, and the activation pages' (§7 "Activation
//! content": `/-/api/{site}/activation`, `/-/api/es/{site}/activation`), passed through
//! from the content service.
//! `{site}` must be [`SITE`], else 404 `NOT_FOUND`; upstream failures 502 `UPSTREAM_*`,
//! 504 `UPSTREAM_TIMEOUT`. Kept beside [`super::content`] in its own impl so the bundles of
//! the signed-in area can grow without touching the merchant ones.

use std::sync::Arc;

use poem::Request;
use poem_openapi::{OpenApi, param::Path};
use upstream::{account_content::AccountDashboard, activation_content::ActivationContent};

use crate::http::{
    error::{ApiError, ErrorCode},
    extract::{ScenarioSel, tracking_from_header},
    tags::ApiTags,
};
use crate::{
    state::AppState,
    upstream::content::{Lang, SITE, bundle},
};

crate::answers!(
    /// Answers of `getAccountDashboard` / `getAccountDashboardEs`.
    AccountDashboardResponse(Box<AccountDashboard>), account_dashboard_bad_request = "account_dashboard_bad_request", get;
    404 => NotFound: "`NOT_FOUND`: unknown `{site}`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);

crate::answers!(
    /// Answers of `getActivationContent` / `getActivationContentEs`.
    ActivationContentResponse(Box<ActivationContent>), activation_content_bad_request = "activation_content_bad_request", get;
    404 => NotFound: "`NOT_FOUND`: unknown `{site}`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);

async fn fetch<T: serde::de::DeserializeOwned + Clone + Send + Sync + 'static>(
    state: &AppState,
    req: &Request,
    sel: ScenarioSel,
    lang: Lang,
    site: &str,
    area: &str,
) -> Result<Box<T>, ApiError> {
    if site != SITE {
        return Err(ApiError::new(
            ErrorCode::NotFound,
            format!("unknown site {site:?}"),
        ));
    }
    let ctx = sel.ctx(tracking_from_header(req));
    Ok(bundle(&state.clients, &ctx, lang, site, area).await?)
}

/// Content operations of the signed-in area.
pub struct AccountContentApi;

#[OpenApi(tag = "ApiTags::Content")]
impl AccountContentApi {
    /// English texts of the dashboard (`AccountDashboard`: services status, banners, helpful
    /// links, modals; seed 001 §2 "Dashboard").
    #[oai(
        path = "/-/api/:site/account-dashboard",
        method = "get",
        operation_id = "getAccountDashboard"
    )]
    async fn account_dashboard(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> AccountDashboardResponse {
        fetch(&state, req, sel, Lang::En, &site, "account-dashboard")
            .await
            .into()
    }

    /// Spanish texts of the dashboard (`AccountDashboard`).
    #[oai(
        path = "/-/api/es/:site/account-dashboard",
        method = "get",
        operation_id = "getAccountDashboardEs"
    )]
    async fn account_dashboard_es(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> AccountDashboardResponse {
        fetch(&state, req, sel, Lang::Es, &site, "account-dashboard")
            .await
            .into()
    }

    /// English texts of the activation pages (`ActivationContent`: groups of key/value
    /// items; seed 001 §7 "Activation content").
    #[oai(
        path = "/-/api/:site/activation",
        method = "get",
        operation_id = "getActivationContent"
    )]
    async fn activation(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> ActivationContentResponse {
        fetch(&state, req, sel, Lang::En, &site, "activation")
            .await
            .into()
    }

    /// Spanish texts of the activation pages (`ActivationContent`).
    #[oai(
        path = "/-/api/es/:site/activation",
        method = "get",
        operation_id = "getActivationContentEs"
    )]
    async fn activation_es(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> ActivationContentResponse {
        fetch(&state, req, sel, Lang::Es, &site, "activation")
            .await
            .into()
    }
}
