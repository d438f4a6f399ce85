//! Promotions simulator, prefix `/offers` (call name `promotions`): seed 000 §3
//! "Promotions", §4 validity rule, §7 `POST .../offer-service/get-promo`; by account for the
//! dashboard (seed 001 §7 "Promos", [`crate::account_world::promotions`]).

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::promotions::{PromoRequest, PromoResponse};

use crate::{account_world, buy_world};

#[derive(Tags)]
enum Tag {
    /// Promotions: discounts on offer in a market.
    Promotions,
}

/// `POST /offers/get-promo`.
#[derive(Debug, Clone, Copy, Default)]
pub struct PromotionsApi;

#[OpenApi(prefix_path = "/offers", tag = "Tag::Promotions")]
impl PromotionsApi {
    /// Promotions of the market, valid or not, in service order: an expired one, one with
    /// two discount details, one starting in 2099, then the valid `ECO-HSD-030` promotion
    /// `P_NEWCUST35OFF_0126` (45.0 - 35.0 = 10.0); none in market `SMY`. Dates are
    /// `YYYYMMDDHHMMSS` UTC; the caller applies the validity rule (seed 000 §4). With
    /// `accountId` (the dashboard, flow `DASHBOARD`): the winback `P_WINBACK45OFF_1215` for
    /// the expired account, the refill `P_SALE35OFF_021522` for other open accounts with
    /// plans, none otherwise.
    #[oai(path = "/get-promo", method = "post", operation_id = "getPromotions")]
    async fn get_promo(
        &self,
        body: Json<PromoRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<PromoResponse> {
        Json(match (&body.account_id, &body.market_id) {
            (Some(account), _) => account_world::promotions(account),
            (None, market) => buy_world::promotions(market.as_deref().unwrap_or_default()),
        })
    }
}
