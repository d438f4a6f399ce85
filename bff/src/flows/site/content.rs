//! Content bundles (tag content; seed 000 §7 content calls): English under
//! `/-/api/{site}/{area}`, Spanish under `/-/api/es/{site}/{area}`; `{site}` must be
//! [`SITE`], else 404 `NOT_FOUND`. Also the provider's broadband facts of the plan-tier
//! widget, English only (`/-/api/{site}/broadband-facts`, seed 000 §1). Upstream failures:
//! 502 `UPSTREAM_*`, 504 `UPSTREAM_TIMEOUT`.

use std::sync::Arc;

use poem::Request;
use poem_openapi::{
    OpenApi,
    param::{Path, Query},
    payload::Json,
};
use serde::de::DeserializeOwned;
use upstream::content::{All, BroadbandFacts, Buyflow, CartContent, Dictionary, MerchantFlow};

use crate::http::{
    extract::{ScenarioSel, tracking_from_header},
    tags::ApiTags,
};
use crate::{
    http::error::{ApiError, ErrorCode},
    state::AppState,
    upstream::content::{BroadbandQuery, Lang, broadband_facts, bundle},
};

pub use crate::upstream::content::SITE;

crate::answers!(
    /// Answers of `getMerchantFlow` / `getMerchantFlowEs`.
    MerchantFlowResponse(Box<MerchantFlow>), merchant_flow_bad_request = "merchant_flow_bad_request", get;
    404 => NotFound: "`NOT_FOUND`: unknown `{site}`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `getDictionary` / `getDictionaryEs`.
    DictionaryResponse(Box<Dictionary>), dictionary_bad_request = "dictionary_bad_request", get;
    404 => NotFound: "`NOT_FOUND`: unknown `{site}`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `getBuyflow` / `getBuyflowEs`.
    BuyflowResponse(Box<Buyflow>), buyflow_bad_request = "buyflow_bad_request", get;
    404 => NotFound: "`NOT_FOUND`: unknown `{site}`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `getAll` / `getAllEs`.
    AllResponse(Box<All>), all_bad_request = "all_bad_request", get;
    404 => NotFound: "`NOT_FOUND`: unknown `{site}`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `getCartContent` / `getCartContentEs`.
    CartContentResponse(Box<CartContent>), cart_content_bad_request = "cart_content_bad_request", get;
    404 => NotFound: "`NOT_FOUND`: unknown `{site}`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `getBroadbandFacts`.
    BroadbandFactsResponse(BroadbandFacts), broadband_facts_bad_request = "broadband_facts_bad_request", get;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details` (a parameter missing or not of its pattern).",
    404 => NotFound: "`NOT_FOUND`: unknown `{site}`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);

async fn fetch<T: DeserializeOwned + Clone + Send + Sync + 'static>(
    state: &AppState,
    req: &Request,
    sel: ScenarioSel,
    lang: Lang,
    site: &str,
    area: &str,
) -> Result<T, ApiError> {
    if site != SITE {
        return Err(ApiError::new(
            ErrorCode::NotFound,
            format!("unknown site {site:?}"),
        ));
    }
    let ctx = sel.ctx(tracking_from_header(req));
    Ok(bundle(&state.clients, &ctx, lang, site, area).await?)
}

/// Content operations.
pub struct ContentApi;

#[OpenApi(tag = "ApiTags::Content")]
impl ContentApi {
    /// English content of the retail-partner starter-kit flow (`MerchantFlow`).
    #[oai(
        path = "/-/api/:site/merchant-flow",
        method = "get",
        operation_id = "getMerchantFlow"
    )]
    async fn merchant_flow(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> MerchantFlowResponse {
        fetch::<MerchantFlow>(&state, req, sel, Lang::En, &site, "merchant-flow")
            .await
            .into()
    }

    /// Spanish content of the retail-partner starter-kit flow (`MerchantFlow`).
    #[oai(
        path = "/-/api/es/:site/merchant-flow",
        method = "get",
        operation_id = "getMerchantFlowEs"
    )]
    async fn merchant_flow_es(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> MerchantFlowResponse {
        fetch::<MerchantFlow>(&state, req, sel, Lang::Es, &site, "merchant-flow")
            .await
            .into()
    }

    /// English texts shared by every page (`Dictionary`).
    #[oai(
        path = "/-/api/:site/dictionary",
        method = "get",
        operation_id = "getDictionary"
    )]
    async fn dictionary(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> DictionaryResponse {
        fetch::<Dictionary>(&state, req, sel, Lang::En, &site, "dictionary")
            .await
            .into()
    }

    /// Spanish texts shared by every page (`Dictionary`).
    #[oai(
        path = "/-/api/es/:site/dictionary",
        method = "get",
        operation_id = "getDictionaryEs"
    )]
    async fn dictionary_es(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> DictionaryResponse {
        fetch::<Dictionary>(&state, req, sel, Lang::Es, &site, "dictionary")
            .await
            .into()
    }

    /// English texts of the signed-in account area (`All`: page shell, handoff, account
    /// picker, timeout-error and permission-error pages; seed 001 §2, §3 bundle `all`).
    #[oai(path = "/-/api/:site/all", method = "get", operation_id = "getAll")]
    async fn all(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> AllResponse {
        fetch::<All>(&state, req, sel, Lang::En, &site, "all")
            .await
            .into()
    }

    /// Spanish texts of the signed-in account area (`All`).
    #[oai(
        path = "/-/api/es/:site/all",
        method = "get",
        operation_id = "getAllEs"
    )]
    async fn all_es(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> AllResponse {
        fetch::<All>(&state, req, sel, Lang::Es, &site, "all")
            .await
            .into()
    }

    /// English buy-flow content (`Buyflow`: footer).
    #[oai(
        path = "/-/api/:site/buyflow",
        method = "get",
        operation_id = "getBuyflow"
    )]
    async fn buyflow(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> BuyflowResponse {
        fetch::<Buyflow>(&state, req, sel, Lang::En, &site, "buyflow")
            .await
            .into()
    }

    /// Spanish buy-flow content (`Buyflow`: footer).
    #[oai(
        path = "/-/api/es/:site/buyflow",
        method = "get",
        operation_id = "getBuyflowEs"
    )]
    async fn buyflow_es(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
    ) -> BuyflowResponse {
        fetch::<Buyflow>(&state, req, sel, Lang::Es, &site, "buyflow")
            .await
            .into()
    }

    /// English cart content (`CartContent`: cart pages, texts, content products; seed 000
    /// §7 `GET /-/api/cart`).
    #[oai(path = "/-/api/cart", method = "get", operation_id = "getCartContent")]
    async fn cart_content(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
    ) -> CartContentResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let r: Result<CartContent, ApiError> =
            crate::upstream::content::cart(&state.clients, &ctx, Lang::En)
                .await
                .map_err(Into::into);
        r.into()
    }

    /// Spanish cart content (`CartContent`).
    #[oai(
        path = "/-/api/es/cart",
        method = "get",
        operation_id = "getCartContentEs"
    )]
    async fn cart_content_es(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
    ) -> CartContentResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let r: Result<CartContent, ApiError> =
            crate::upstream::content::cart(&state.clients, &ctx, Lang::Es)
                .await
                .map_err(Into::into);
        r.into()
    }

    /// The provider's broadband facts for the plan-tier widget, English only (seed 000 §1:
    /// the English label of tier `HSD_030`, service plan type `PREPAID`, line of business
    /// `INTERNET`; seed 002 §7.4). Passed through: one `labels` entry per requested tier the
    /// provider has a label for, in the order requested; none: 200 with empty `labels`.
    /// Spanish pages show the static label of the buy-flow content instead.
    #[oai(
        path = "/-/api/:site/broadband-facts",
        method = "get",
        operation_id = "getBroadbandFacts"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn broadband_facts(
        &self,
        state: poem::web::Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// Content site; only `my.prepaid`.
        site: Path<String>,
        /// Tier ids, comma-separated, at most 10 (e.g. `HSD_030`).
        #[oai(
            name = "tierIds",
            validator(pattern = r"^[A-Za-z0-9_-]{1,32}(,[A-Za-z0-9_-]{1,32}){0,9}$")
        )]
        tier_ids: Query<String>,
        /// Service plan type, e.g. `PREPAID`.
        #[oai(
            name = "servicePlanType",
            validator(pattern = r"^[A-Za-z0-9_-]{1,32}$")
        )]
        service_plan_type: Query<String>,
        /// Line of business, e.g. `INTERNET`.
        #[oai(validator(pattern = r"^[A-Za-z0-9_-]{1,32}$"))]
        lob: Query<String>,
        /// Ids of the embedding application, comma-separated, at most 10 (e.g.
        /// `prepaid-portal`); the provider uses them for reporting only.
        #[oai(
            name = "sourceIds",
            validator(pattern = r"^[A-Za-z0-9._-]{1,64}(,[A-Za-z0-9._-]{1,64}){0,9}$")
        )]
        source_ids: Query<String>,
    ) -> BroadbandFactsResponse {
        if site.0 != SITE {
            return ApiError::new(ErrorCode::NotFound, format!("unknown site {:?}", site.0)).into();
        }
        let ctx = sel.ctx(tracking_from_header(req));
        let q = BroadbandQuery {
            tier_ids: &tier_ids,
            service_plan_type: &service_plan_type,
            lob: &lob,
            source_ids: &source_ids,
        };
        match broadband_facts(&state.clients, &ctx, q).await {
            Ok(facts) => BroadbandFactsResponse::Ok(Json(facts)),
            Err(e) => ApiError::from(e).into(),
        }
    }
}
