//! Catalogue simulator, prefix `/catalogue` (call name `productDetails`): product details
//! of a market, seed 000 §3 "Product details", §7 `GET .../util-service/product-detail`.

use poem_openapi::{OpenApi, Tags, param::Header, param::Query, payload::Json};
use upstream::catalogue::ProductDetailsResponse;

use crate::buy_world;

#[derive(Tags)]
enum Tag {
    /// Catalogue: plans, equipment and shipping of a market.
    Catalogue,
}

/// `GET /catalogue/product-detail`.
#[derive(Debug, Clone, Copy, Default)]
pub struct CatalogueApi;

#[OpenApi(prefix_path = "/catalogue", tag = "Tag::Catalogue")]
impl CatalogueApi {
    /// Product details of a market: the internet product (`HSD_030` at 45.00, `HSD_007` at
    /// 15.00), the gateway (`ECO-HSD-XB3`, or `ECO-HSD-WIFI` in `MAR` and `SMY`) and shipping
    /// `STD` (9.99 in `ATL` and `SMY`, 7.99 in `MAR`, free in `DEC`). Rates are strings in
    /// dollars with 2 decimals. An unknown market answers as `ATL`. Seed 000 §3, §7.
    #[oai(
        path = "/product-detail",
        method = "get",
        operation_id = "getProductDetails"
    )]
    async fn product_detail(
        &self,
        /// Calling source, e.g. `DIGITAL2.0`.
        #[oai(name = "source")]
        _source: Query<Option<String>>,
        /// Market id of the address (`ATL`, `DEC`, `MAR`, `SMY`).
        #[oai(name = "marketId")]
        market_id: Query<String>,
        /// Tracking id (UUID v4).
        #[oai(name = "trackingId")]
        _tracking_id: Query<Option<String>>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<ProductDetailsResponse> {
        Json(buy_world::product_details(&market_id))
    }
}
