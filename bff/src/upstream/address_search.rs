//! Address search service: `GET {base}/suggest?q=` -> `string[]` (the first two entries are
//! the match count and the query echo; seed 000 §7 "Retail flow calls").

use upstream::service::Service;

use super::{CallCtx, Clients, UpstreamError};

/// Raw suggestions for `q` (unfiltered; see `flows::retail::address::filter_suggestions`).
pub async fn suggest(c: &Clients, ctx: &CallCtx, q: &str) -> Result<Vec<String>, UpstreamError> {
    let rb = c
        .request(
            Service::AddressSearch,
            reqwest::Method::GET,
            "/suggest",
            ctx,
        )
        .query(&[("q", q)]);
    c.send_json(Service::AddressSearch, rb).await
}
