//! Address search service: `GET {base}/suggest?q=` -> `string[]` (the first two entries are
//! the match count and the query echo; seed 000 §7 "Retail flow calls").

use super::{CallCtx, Clients, send_json};
use crate::error::UpstreamError;

/// Raw suggestions for `q` (unfiltered; see `domain::address::filter_suggestions`).
pub async fn suggest(c: &Clients, ctx: &CallCtx, q: &str) -> Result<Vec<String>, UpstreamError> {
    let rb = c
        .request(
            reqwest::Method::GET,
            format!("{}/suggest", c.urls.address_search),
            ctx,
        )
        .query(&[("q", q)]);
    send_json("address-search", rb).await
}
