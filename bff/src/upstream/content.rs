//! Content service: `GET {base}/-/api/{site}/{area}` (English) and
//! `GET {base}/-/api/es/{site}/{area}` (Spanish), seed 000 §7 content calls; and the
//! broadband facts of the plan-tier widget, `GET {base}/broadband-facts` (seed 000 §1).
//!
//! The bundles and the cart content are the same for every customer: successful answers are
//! kept for a short while in the process ([`super::cache::AnswerCache`],
//! `BFF_CONTENT_CACHE_TTL_S`; ARCHITECTURE.md "The BFF hop"). The broadband facts are not cached.

use std::time::Duration;

use serde::de::DeserializeOwned;
use upstream::{content::BroadbandFacts, service::Service};

use super::{CallCtx, Clients, UpstreamError};

const SERVICE: Service = Service::Content;

/// The site segment of every content path (seed 000 §7); any other `{site}` is 404.
pub const SITE: &str = "my.prepaid";

/// Content language: English or Spanish (`/es/` in the path).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// `/-/api/{site}/{area}`.
    En,
    /// `/-/api/es/{site}/{area}`.
    Es,
}

/// Fetches one content bundle and decodes it as `T` (`MerchantFlow`, `Dictionary`, `Buyflow`).
pub async fn bundle<T: DeserializeOwned + Clone + Send + Sync + 'static>(
    c: &Clients,
    ctx: &CallCtx,
    lang: Lang,
    site: &str,
    area: &str,
) -> Result<T, UpstreamError> {
    let es = if lang == Lang::Es { "es/" } else { "" };
    let path = format!("/-/api/{es}{site}/{area}");
    cached(c, ctx, path).await
}

/// Fetches the cart content (seed 000 §7 `GET /-/api/cart`, Spanish `/-/api/es/cart`).
pub async fn cart<T: DeserializeOwned + Clone + Send + Sync + 'static>(
    c: &Clients,
    ctx: &CallCtx,
    lang: Lang,
) -> Result<T, UpstreamError> {
    let es = if lang == Lang::Es { "es/" } else { "" };
    let path = format!("/-/api/{es}cart");
    cached(c, ctx, path).await
}

/// `GET {base}{path}` of the content service decoded as `T`, through the content cache
/// ([`super::cache::AnswerCache`]; off when `BFF_CONTENT_CACHE_TTL_S` is 0).
async fn cached<T: DeserializeOwned + Clone + Send + Sync + 'static>(
    c: &Clients,
    ctx: &CallCtx,
    path: String,
) -> Result<T, UpstreamError> {
    let fetch = || {
        c.send_json::<T>(
            SERVICE,
            c.request(SERVICE, reqwest::Method::GET, &path, ctx),
        )
    };
    c.content_cache()
        .get_or_fetch(ctx, path.clone(), fetch)
        .await
}

/// Default time to live of a cached content answer (`BFF_CONTENT_CACHE_TTL_S`).
pub const CONTENT_CACHE_TTL: Duration = Duration::from_secs(60);

/// At most this many content answers are kept (the bundles in two languages, times the
/// scenarios and runs of harness mode); the least used go first.
pub const CONTENT_CACHE_ENTRIES: u64 = 2048;

/// The query of the provider's broadband facts (seed 000 §1 plan-tier widget inputs).
#[derive(Debug, Clone, Copy)]
pub struct BroadbandQuery<'a> {
    /// Tier ids, comma-separated (`HSD_030`).
    pub tier_ids: &'a str,
    /// Service plan type (`PREPAID`).
    pub service_plan_type: &'a str,
    /// Line of business (`INTERNET`).
    pub lob: &'a str,
    /// Ids of the embedding application, comma-separated.
    pub source_ids: &'a str,
}

/// Fetches the broadband facts of the plan-tier widget, English only:
/// `GET {base}/broadband-facts?tierIds&servicePlanType&lob&sourceIds` (seed 002 §7.4).
pub async fn broadband_facts(
    c: &Clients,
    ctx: &CallCtx,
    q: BroadbandQuery<'_>,
) -> Result<BroadbandFacts, UpstreamError> {
    let rb = c
        .request(SERVICE, reqwest::Method::GET, "/broadband-facts", ctx)
        .query(&[
            ("tierIds", q.tier_ids),
            ("servicePlanType", q.service_plan_type),
            ("lob", q.lob),
            ("sourceIds", q.source_ids),
        ]);
    c.send_json(SERVICE, rb).await
}
