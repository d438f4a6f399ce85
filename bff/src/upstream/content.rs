//! Content service: `GET {base}/-/api/{site}/{area}` (English) and
//! `GET {base}/-/api/es/{site}/{area}` (Spanish), seed 000 §7 content calls; and the
//! broadband facts of the plan-tier widget, `GET {base}/broadband-facts` (seed 000 §1).
//!
//! The bundles and the cart content are the same for every customer: successful answers are
//! kept for a short while in the process ([`ContentCache`], `BFF_CONTENT_CACHE_TTL_S`;
//! ARCHITECTURE.md "The BFF hop"). The broadband facts are not cached.

use std::{
    any::{Any, TypeId},
    sync::Arc,
    time::Duration,
};

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

/// `GET {base}{path}` of the content service decoded as `T`, through the content cache when
/// it is on and the call may use it ([`ContentCache::key`]).
async fn cached<T: DeserializeOwned + Clone + Send + Sync + 'static>(
    c: &Clients,
    ctx: &CallCtx,
    path: String,
) -> Result<T, UpstreamError> {
    let fetch =
        |path: &str| c.send_json::<T>(SERVICE, c.request(SERVICE, reqwest::Method::GET, path, ctx));
    let cache = c.content_cache();
    let Some((entries, key)) = cache.0.as_ref().zip(ContentCache::key::<T>(ctx, &path)) else {
        return fetch(&path).await;
    };
    let fetched = async {
        fetch(&path)
            .await
            .map(|t| Arc::new(t) as Arc<dyn Any + Send + Sync>)
    };
    // concurrent misses of one key wait for one upstream call; an error is not kept
    let value = entries
        .try_get_with(key, fetched)
        .await
        .map_err(|e| (*e).clone())?;
    match value.downcast_ref::<T>() {
        Some(t) => Ok(t.clone()),
        // unreachable: the key names the type; fetch rather than fail
        None => fetch(&path).await,
    }
}

/// The content cache: successful content answers (decoded, one entry per path, decoded type
/// and, in harness mode, scenario and run) kept in this process for a time to live
/// (`BFF_CONTENT_CACHE_TTL_S`, default [`CONTENT_CACHE_TTL`]; zero turns it off). Content is
/// the same for every customer and session, so this is a cache, not state: an instance
/// without it, or with another copy, answers the same (ARCHITECTURE.md "The BFF hop").
/// Failures are never kept; concurrent misses of one key share one upstream call.
#[derive(Clone, Default)]
pub struct ContentCache(Option<moka::future::Cache<CacheKey, Arc<dyn Any + Send + Sync>>>);

/// Default time to live of a cached content answer.
pub const CONTENT_CACHE_TTL: Duration = Duration::from_secs(60);

/// At most this many answers are kept (the bundles in two languages, times the scenarios and
/// runs of harness mode); the least used go first.
const CONTENT_CACHE_ENTRIES: u64 = 2048;

/// What selects one cached answer: everything that can change it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct CacheKey {
    /// Path under the content service: language, site and area (`/-/api/es/my.prepaid/all`).
    path: String,
    /// The type the answer was decoded as (the pages keep a `serde_json::Value`).
    ty: TypeId,
    /// Harness mode: the scenario (`x-sim-scenario`), which may replace the answer.
    scenario: Option<String>,
    /// Harness mode: the simulator run (`x-sim-run`).
    run: Option<String>,
}

impl ContentCache {
    /// A cache keeping answers for `ttl`; off when `ttl` is zero.
    pub fn new(ttl: Duration) -> Self {
        if ttl.is_zero() {
            return Self(None);
        }
        Self(Some(
            moka::future::Cache::builder()
                .max_capacity(CONTENT_CACHE_ENTRIES)
                .time_to_live(ttl)
                .build(),
        ))
    }

    /// Whether answers are kept.
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// The key of a content call to `path` decoded as `T`; `None` (not cached) when the call
    /// carries the scenario console's faults or seeded chaos (harness mode only): those decide
    /// per call, and chaos counts every call of its run.
    fn key<T: 'static>(ctx: &CallCtx, path: &str) -> Option<CacheKey> {
        if ctx.faults.is_some() || ctx.chaos.is_some() {
            return None;
        }
        Some(CacheKey {
            path: path.to_owned(),
            ty: TypeId::of::<T>(),
            scenario: ctx.scenario.clone(),
            run: ctx.run.clone(),
        })
    }
}

impl std::fmt::Debug for ContentCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(c) => write!(f, "ContentCache({} entries)", c.entry_count()),
            None => f.write_str("ContentCache(off)"),
        }
    }
}

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
