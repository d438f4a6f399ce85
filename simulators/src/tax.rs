//! Tax simulator, prefix `/tax` (call name `tax`): seed 000 §3 "Tax data", §7
//! `POST .../vertex/ctp/get-tax`.

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::tax::{TaxRequest, TaxResponse};

use crate::buy_world;

#[derive(Tags)]
enum Tag {
    /// Tax: taxes of the cart's lines at a geocode.
    Tax,
}

/// `POST /tax/get-tax`.
#[derive(Debug, Clone, Copy, Default)]
pub struct TaxApi;

#[OpenApi(prefix_path = "/tax", tag = "Tag::Tax")]
impl TaxApi {
    /// Taxes of each line (plans, equipment, shipping) at the geocode: `SALES` tax by
    /// `STATE`, `COUNTY` and `CITY` at the geocode's rates (Atlanta `110601130`: 4 %, 3 %,
    /// 1.9 %), each amount in dollars rounded to whole cents, half away from zero;
    /// `totalTaxAmt` is their sum. An unknown geocode taxes nothing (total 0).
    #[oai(path = "/get-tax", method = "post", operation_id = "getTax")]
    async fn get_tax(
        &self,
        body: Json<TaxRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<TaxResponse> {
        Json(buy_world::tax(&body))
    }
}
