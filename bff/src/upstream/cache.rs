//! Short-lived caches of upstream answers that are the same for every customer (ARCHITECTURE.md
//! "The BFF hop"): the content service's bundles ([`super::content`]) and the address search's
//! suggestions ([`super::address_search`]). One [`AnswerCache`] per service, built from its
//! time to live (`BFF_CONTENT_CACHE_TTL_S`, `BFF_SUGGESTION_CACHE_TTL_S`; zero turns it off,
//! and record mode, which must see every exchange, turns both off).
//!
//! A cache, not state: an instance without it, or with another copy, answers the same, so it
//! stays in the process rather than in the store. Only successful answers are kept; concurrent
//! misses of one key share one upstream call.

use std::{
    any::{Any, TypeId},
    future::Future,
    sync::Arc,
    time::Duration,
};

use super::{CallCtx, UpstreamError};

/// Successful answers of one upstream service, decoded, kept for a time to live; off (every
/// call goes upstream) when built with a zero one.
#[derive(Clone, Default)]
pub struct AnswerCache {
    /// The `cache` label of `bff_answer_cache_total`.
    name: &'static str,
    entries: Option<moka::future::Cache<CacheKey, Arc<dyn Any + Send + Sync>>>,
}

/// What selects one cached answer: everything that can change it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct CacheKey {
    /// Path and query under the service (`/-/api/es/my.prepaid/all`, `/suggest?q=1200 pea`).
    path: String,
    /// The type the answer was decoded as (the pages keep a `serde_json::Value`).
    ty: TypeId,
    /// Harness mode: the scenario (`x-sim-scenario`), which may replace the answer.
    scenario: Option<String>,
    /// Harness mode: the simulator run (`x-sim-run`).
    run: Option<String>,
}

impl AnswerCache {
    /// A cache named `name` (its metrics label) keeping at most `capacity` answers (the least
    /// used go first) for `ttl`; off when `ttl` is zero.
    pub fn new(name: &'static str, ttl: Duration, capacity: u64) -> Self {
        let entries = (!ttl.is_zero()).then(|| {
            moka::future::Cache::builder()
                .max_capacity(capacity)
                .time_to_live(ttl)
                .build()
        });
        Self { name, entries }
    }

    /// The answer of the call to `path` (path and query) decoded as `T`: the kept one, or
    /// `fetch`'s, kept when it succeeded. Not cached (always `fetch`) when the cache is off or
    /// the call carries the scenario console's faults or seeded chaos (harness mode only):
    /// those decide per call, and chaos counts every call of its run.
    pub async fn get_or_fetch<T, F, Fut>(
        &self,
        ctx: &CallCtx,
        path: String,
        fetch: F,
    ) -> Result<T, UpstreamError>
    where
        T: Clone + Send + Sync + 'static,
        F: Fn() -> Fut,
        Fut: Future<Output = Result<T, UpstreamError>>,
    {
        let Some(entries) = self.entries.as_ref() else {
            return fetch().await;
        };
        if ctx.faults.is_some() || ctx.chaos.is_some() {
            return fetch().await;
        }
        let key = CacheKey {
            path,
            ty: TypeId::of::<T>(),
            scenario: ctx.scenario.clone(),
            run: ctx.run.clone(),
        };
        let missed = std::sync::atomic::AtomicBool::new(false);
        let fetched = async {
            missed.store(true, std::sync::atomic::Ordering::Relaxed);
            fetch()
                .await
                .map(|t| Arc::new(t) as Arc<dyn Any + Send + Sync>)
        };
        // an error is not kept
        let value = entries.try_get_with(key, fetched).await;
        crate::telemetry::metrics::answer_cache(
            self.name,
            !missed.load(std::sync::atomic::Ordering::Relaxed),
        );
        let value = value.map_err(|e| (*e).clone())?;
        match value.downcast_ref::<T>() {
            Some(t) => Ok(t.clone()),
            // unreachable: the key names the type; fetch rather than fail
            None => fetch().await,
        }
    }
}

impl std::fmt::Debug for AnswerCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.entries {
            Some(c) => write!(f, "AnswerCache({} entries)", c.entry_count()),
            None => f.write_str("AnswerCache(off)"),
        }
    }
}
