//! The memory backend: the same primitives as Redis (get, compare-and-set with a time to live,
//! expire, delete) on one bounded map per record kind.
//!
//! - Expiry by time to live, without scans: each map keeps an index ordered by expiry, and
//!   every call first drops the records whose time has come (O(log n) each, every record at
//!   most once).
//! - Bound: at most `max` records per kind, each at most `max_bytes` long (value). A new key
//!   when the map is full, or a value over the size, is refused ([`StoreError::Unavailable`],
//!   503 `STORE_UNAVAILABLE`), except that a full session map first evicts the **empty**
//!   session that expires soonest (one that names no flow context: no identity, no checkout,
//!   [`super::session::is_empty_session`]). So a flood of new sessions pushes out only other
//!   empty sessions, never a signed-in or mid-checkout one (contexts and idempotency records
//!   have maps of their own).

use std::{
    collections::{BTreeMap, HashMap},
    sync::{Mutex, PoisonError},
    time::{Duration, Instant},
};

use tokio::sync::Notify;

use super::{Key, Kind, StoreConfig, StoreError};

struct Entry {
    value: String,
    /// Position in [`Map::by_expiry`].
    expires: (Instant, u64),
    /// Whether the bound may evict it (an empty session; also in [`Map::evictable`]).
    evictable: bool,
}

/// One kind's records, with their order of expiry.
struct Map {
    entries: HashMap<String, Entry>,
    /// (expiry, tie-break tick) to key: the first expires first.
    by_expiry: BTreeMap<(Instant, u64), String>,
    /// The evictable part of `by_expiry`: the first is evicted first when the map is full.
    evictable: BTreeMap<(Instant, u64), String>,
    /// Which values the bound may evict (`None`: none, the contexts and idempotency maps).
    may_evict: Option<fn(&str) -> bool>,
    tick: u64,
    max: usize,
    max_bytes: usize,
}

impl Map {
    fn new(max: usize, max_bytes: usize, may_evict: Option<fn(&str) -> bool>) -> Self {
        Self {
            entries: HashMap::new(),
            by_expiry: BTreeMap::new(),
            evictable: BTreeMap::new(),
            may_evict,
            tick: 0,
            max: max.max(1),
            max_bytes,
        }
    }

    fn remove(&mut self, key: &str) -> Option<Entry> {
        let e = self.entries.remove(key)?;
        self.by_expiry.remove(&e.expires);
        self.evictable.remove(&e.expires);
        Some(e)
    }

    /// Drops every record expired at `now` (the front of the expiry index).
    fn drop_expired(&mut self, now: Instant) {
        while let Some(entry) = self.by_expiry.first_entry() {
            if entry.key().0 > now {
                break;
            }
            let (pos, key) = entry.remove_entry();
            self.evictable.remove(&pos);
            self.entries.remove(&key);
        }
    }

    fn set_expiry(&mut self, key: &str, at: Instant) {
        self.tick += 1;
        let pos = (at, self.tick);
        if let Some(e) = self.entries.get_mut(key) {
            self.by_expiry.remove(&e.expires);
            self.evictable.remove(&e.expires);
            e.expires = pos;
            self.by_expiry.insert(pos, key.to_owned());
            if e.evictable {
                self.evictable.insert(pos, key.to_owned());
            }
        }
    }

    /// Stores `value` under `key`; refused when the value is too long, or the key is new and
    /// the map full.
    fn insert(&mut self, key: &str, value: String, at: Instant) -> Result<(), &'static str> {
        if value.len() > self.max_bytes {
            return Err("record over the size bound");
        }
        let evictable = self.may_evict.is_some_and(|f| f(&value));
        if self.entries.len() >= self.max && !self.entries.contains_key(key) {
            let Some((_, victim)) = self.evictable.pop_first() else {
                return Err("full");
            };
            self.remove(&victim);
            crate::telemetry::metrics::store_refusal("session", "evicted_empty");
        }
        match self.entries.get_mut(key) {
            Some(e) => {
                e.value = value;
                e.evictable = evictable;
            }
            None => {
                // tick 0 is never in the index: `set_expiry` below puts the real position
                let e = Entry {
                    value,
                    expires: (at, 0),
                    evictable,
                };
                self.entries.insert(key.to_owned(), e);
            }
        }
        self.set_expiry(key, at);
        Ok(())
    }
}

/// The three maps, and a wake-up for callers waiting on an idempotency key.
pub(super) struct MemoryKv {
    maps: Mutex<[Map; 3]>,
    changed: Notify,
}

/// `now + ttl`, saturating at about 136 years (an `Instant` sum may overflow).
fn after(now: Instant, ttl: Duration) -> Instant {
    now.checked_add(ttl)
        .or_else(|| now.checked_add(Duration::from_secs(u64::from(u32::MAX))))
        .unwrap_or(now)
}

fn slot(kind: Kind) -> usize {
    match kind {
        Kind::Session => 0,
        Kind::Context => 1,
        Kind::Idempotency => 2,
    }
}

impl MemoryKv {
    pub(super) fn new(cfg: &StoreConfig) -> Self {
        let n = cfg.max_memory_entries;
        Self {
            maps: Mutex::new([
                Map::new(
                    n,
                    cfg.max_session_bytes,
                    Some(super::session::is_empty_session),
                ),
                Map::new(n, cfg.max_record_bytes, None),
                Map::new(n, cfg.max_record_bytes, None),
            ]),
            changed: Notify::new(),
        }
    }

    /// Runs `f` on the map of `key`'s kind under the lock, after dropping its expired
    /// records (no await inside, so a std mutex; a panic elsewhere cannot leave a map
    /// half-written, hence the poison is ignored).
    fn with<R>(&self, key: &Key, f: impl FnOnce(&mut Map, Instant) -> R) -> R {
        let mut maps = self.maps.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        let map = &mut maps[slot(key.kind)];
        map.drop_expired(now);
        f(map, now)
    }

    fn changed(&self, key: &Key) {
        if key.kind == Kind::Idempotency {
            self.changed.notify_waiters();
        }
    }

    pub(super) fn get(&self, key: &Key) -> Option<String> {
        self.with(key, |m, _| {
            m.entries.get(&key.full).map(|e| e.value.clone())
        })
    }

    /// Compare-and-set; [`StoreError::Unavailable`] when the bound refuses the record.
    pub(super) fn cas(
        &self,
        key: &Key,
        expect: Option<&str>,
        new: &str,
        ttl: Duration,
    ) -> Result<bool, StoreError> {
        let done = self.with(key, |m, now| {
            let current = m.entries.get(&key.full).map(|e| e.value.as_str());
            if current != expect {
                return Ok(false);
            }
            m.insert(&key.full, new.to_owned(), after(now, ttl))
                .map(|()| true)
        });
        match done {
            Ok(true) => {
                self.changed(key);
                Ok(true)
            }
            Ok(false) => Ok(false),
            Err(why) => {
                let reason = if why == "full" { "full" } else { "too_large" };
                crate::telemetry::metrics::store_refusal(key.kind.name(), reason);
                tracing::warn!(
                    kind = key.kind.name(),
                    why,
                    "store: memory bound refused a record"
                );
                Err(StoreError::Unavailable(format!(
                    "memory store: {} {why}",
                    key.kind.name()
                )))
            }
        }
    }

    pub(super) fn expire(&self, key: &Key, ttl: Duration) {
        self.with(key, |m, now| m.set_expiry(&key.full, after(now, ttl)));
    }

    pub(super) fn del(&self, key: &Key) {
        self.with(key, |m, _| m.remove(&key.full));
        self.changed(key);
    }

    /// Waits for the next change of any idempotency record, at most `max`.
    pub(super) async fn wait_change(&self, max: Duration) {
        let _ = tokio::time::timeout(max, self.changed.notified()).await;
    }

    /// Number of live records of `kind` (tests, flood measurements).
    pub(super) fn len(&self, kind: Kind) -> usize {
        let mut maps = self.maps.lock().unwrap_or_else(PoisonError::into_inner);
        let map = &mut maps[slot(kind)];
        map.drop_expired(Instant::now());
        map.entries.len()
    }
}
