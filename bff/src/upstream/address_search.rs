//! Address search service: `GET {base}/suggest?q=` -> `string[]` (the first two entries are
//! the match count and the query echo; seed 000 §7 "Retail flow calls").
//!
//! The answer depends on the query alone, not on who asks: successful answers are kept for a
//! short while in the process ([`super::cache::AnswerCache`], `BFF_SUGGESTION_CACHE_TTL_S`;
//! ARCHITECTURE.md "The BFF hop"), so customers typing the same street share one call. They
//! are kept in memory only, keyed by the typed text and nobody's session, and never logged.

use std::time::Duration;

use upstream::service::Service;

use super::{CallCtx, Clients, UpstreamError};

/// Default time to live of a cached suggestion answer (`BFF_SUGGESTION_CACHE_TTL_S`).
pub const SUGGESTION_CACHE_TTL: Duration = Duration::from_secs(60);

/// At most this many suggestion answers are kept (under 1 KB each); the least used go first.
pub const SUGGESTION_CACHE_ENTRIES: u64 = 8192;

/// Raw suggestions for `q` (unfiltered; see `flows::retail::address::filter_suggestions`),
/// through the suggestion cache (off when `BFF_SUGGESTION_CACHE_TTL_S` is 0).
pub async fn suggest(c: &Clients, ctx: &CallCtx, q: &str) -> Result<Vec<String>, UpstreamError> {
    let fetch = || {
        let rb = c
            .request(
                Service::AddressSearch,
                reqwest::Method::GET,
                "/suggest",
                ctx,
            )
            .query(&[("q", q)]);
        c.send_json(Service::AddressSearch, rb)
    };
    c.suggestion_cache()
        .get_or_fetch(ctx, format!("/suggest?q={q}"), fetch)
        .await
}
