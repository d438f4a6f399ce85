//! Address search simulator, prefix `/address-search` (seed 000 §5 suggestion rules, §7
//! "Retail flow calls"; call name `addressSearch`).

use poem_openapi::{OpenApi, Tags, param::Header, param::Query, payload::Json};

use crate::world::World;

#[derive(Tags)]
enum Tag {
    /// Address search: free-text address suggestions.
    AddressSearch,
}

/// `GET /address-search/suggest?q=`.
#[derive(Debug, Clone, Copy, Default)]
pub struct AddressSearchApi;

#[OpenApi(prefix_path = "/address-search", tag = "Tag::AddressSearch")]
impl AddressSearchApi {
    /// Address suggestions for free text.
    ///
    /// Answers a JSON array of strings: the match count, the query echo, then up to 10 full
    /// addresses (`"<street>, <city>, <state> <zip>"`, or with a unit
    /// `"<street>, <unit>, <city>, <state> <zip>-<plus4>"`). The list may hold duplicates.
    /// No match: `["0", q, "N"]`. Seed 000 §7.
    #[oai(path = "/suggest", method = "get", operation_id = "suggestAddresses")]
    async fn suggest(
        &self,
        /// Text typed so far.
        q: Query<String>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<Vec<String>> {
        Json(World::get().suggest(&q))
    }
}
