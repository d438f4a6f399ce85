//! The memory backend: the same primitives as Redis (get, compare-and-set with a time to live,
//! expire, delete) on one bounded map per record kind.
//!
//! Each map holds at most `max` records: a new record first drops the expired ones (at most
//! once a second, the scan is linear) and then, if still full, the least recently used
//! (read or written). Expired records are also dropped when met.

use std::{
    collections::{BTreeMap, HashMap},
    sync::{Mutex, PoisonError},
    time::{Duration, Instant},
};

use tokio::sync::Notify;

use super::{Key, Kind};

struct Entry {
    value: String,
    expires: Instant,
    /// Position in [`Map::by_use`].
    used: u64,
}

/// One kind's records, with their order of last use.
struct Map {
    entries: HashMap<String, Entry>,
    /// Last-use tick to key: the first is the least recently used.
    by_use: BTreeMap<u64, String>,
    tick: u64,
    max: usize,
    last_sweep: Option<Instant>,
}

impl Map {
    fn new(max: usize) -> Self {
        Self {
            entries: HashMap::new(),
            by_use: BTreeMap::new(),
            tick: 0,
            max: max.max(1),
            last_sweep: None,
        }
    }

    fn remove(&mut self, key: &str) -> Option<Entry> {
        let e = self.entries.remove(key)?;
        self.by_use.remove(&e.used);
        Some(e)
    }

    /// The live entry under `key`, marked as just used; an expired one is dropped.
    fn live(&mut self, key: &str, now: Instant) -> Option<&mut Entry> {
        if self.entries.get(key).is_some_and(|e| e.expires <= now) {
            self.remove(key);
            return None;
        }
        let e = self.entries.get_mut(key)?;
        self.tick += 1;
        self.by_use.remove(&e.used);
        e.used = self.tick;
        self.by_use.insert(self.tick, key.to_owned());
        Some(e)
    }

    /// Makes room for one new record.
    fn make_room(&mut self, now: Instant) {
        if self.entries.len() < self.max {
            return;
        }
        if self
            .last_sweep
            .is_none_or(|t| now.duration_since(t) >= Duration::from_secs(1))
        {
            self.last_sweep = Some(now);
            let expired: Vec<String> = self
                .entries
                .iter()
                .filter(|(_, e)| e.expires <= now)
                .map(|(k, _)| k.clone())
                .collect();
            for k in expired {
                self.remove(&k);
            }
        }
        while self.entries.len() >= self.max {
            let Some((_, oldest)) = self.by_use.pop_first() else {
                break;
            };
            self.entries.remove(&oldest);
        }
    }

    fn insert(&mut self, key: &str, value: String, expires: Instant, now: Instant) {
        self.remove(key);
        self.make_room(now);
        self.tick += 1;
        self.by_use.insert(self.tick, key.to_owned());
        self.entries.insert(
            key.to_owned(),
            Entry {
                value,
                expires,
                used: self.tick,
            },
        );
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
    pub(super) fn new(max_per_kind: usize) -> Self {
        Self {
            maps: Mutex::new([
                Map::new(max_per_kind),
                Map::new(max_per_kind),
                Map::new(max_per_kind),
            ]),
            changed: Notify::new(),
        }
    }

    /// Runs `f` on the map of `key`'s kind under the lock (no await inside, so a std mutex;
    /// a panic elsewhere cannot leave a map half-written, hence the poison is ignored).
    fn with<R>(&self, key: &Key, f: impl FnOnce(&mut Map, Instant) -> R) -> R {
        let mut maps = self.maps.lock().unwrap_or_else(PoisonError::into_inner);
        f(&mut maps[slot(key.kind)], Instant::now())
    }

    fn changed(&self, key: &Key) {
        if key.kind == Kind::Idempotency {
            self.changed.notify_waiters();
        }
    }

    pub(super) fn get(&self, key: &Key) -> Option<String> {
        self.with(key, |m, now| {
            m.live(&key.full, now).map(|e| e.value.clone())
        })
    }

    pub(super) fn cas(&self, key: &Key, expect: Option<&str>, new: &str, ttl: Duration) -> bool {
        let done = self.with(key, |m, now| {
            let current = m.live(&key.full, now).map(|e| e.value.as_str());
            if current != expect {
                return false;
            }
            m.insert(&key.full, new.to_owned(), after(now, ttl), now);
            true
        });
        if done {
            self.changed(key);
        }
        done
    }

    pub(super) fn expire(&self, key: &Key, ttl: Duration) {
        self.with(key, |m, now| {
            if let Some(e) = m.live(&key.full, now) {
                e.expires = after(now, ttl);
            }
        });
    }

    pub(super) fn del(&self, key: &Key) {
        self.with(key, |m, _| m.remove(&key.full));
        self.changed(key);
    }

    /// Waits for the next change of any idempotency record, at most `max`.
    pub(super) async fn wait_change(&self, max: Duration) {
        let _ = tokio::time::timeout(max, self.changed.notified()).await;
    }

    /// Number of records of `kind`, expired ones included (tests).
    #[cfg(test)]
    pub(super) fn len(&self, kind: Kind) -> usize {
        let maps = self.maps.lock().unwrap_or_else(PoisonError::into_inner);
        maps[slot(kind)].entries.len()
    }
}
