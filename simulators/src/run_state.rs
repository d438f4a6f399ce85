//! What the simulators remember between calls: the changes a customer makes upstream (a
//! cancelled move, new communication preferences, a saved card, auto-refill), kept per
//! **run** and per account. The worlds (`account_world`, `identity_world`) stay pure
//! functions of the clock; a simulator reads its [`RunStore`] over them.
//!
//! A run is one start of a harness scenario: the BFF forwards the browser's `sim_run` cookie
//! (a UUID, new at each `/harness/start/...`) as `x-sim-run` (harness mode only). So a
//! scenario always begins from the world's initial state, a retried or parallel browser test
//! never sees another's changes, and a browser without a run (the plain `./scripts/run.sh`
//! portal) shares the one default run. Entries live as long as the process (a run changes a
//! handful of accounts; nothing here grows per request).

use std::{
    collections::BTreeMap,
    sync::{Mutex, MutexGuard, PoisonError},
};

use poem_openapi::param::Header;

/// The run a call belongs to: the `x-sim-run` header, or the default run (empty) without it.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Run(String);

impl Run {
    /// The run named by an `x-sim-run` header value (trimmed; absent or blank: the default).
    pub fn new(header: Option<&str>) -> Self {
        Self(header.map(str::trim).unwrap_or_default().to_owned())
    }

    /// The run of a poem-openapi `x-sim-run` header parameter.
    pub fn of(header: &Header<Option<String>>) -> Self {
        Self::new(header.0.as_deref())
    }
}

/// Values of type `T` per (run, account id): declare one `static` per kind of change in the
/// simulator that owns it, e.g. `static CANCELLED: RunStore<bool> = RunStore::new();`.
#[derive(Debug)]
pub struct RunStore<T>(Mutex<BTreeMap<(Run, String), T>>);

impl<T: Clone> RunStore<T> {
    /// An empty store (usable in a `static`).
    pub const fn new() -> Self {
        Self(Mutex::new(BTreeMap::new()))
    }

    fn lock(&self) -> MutexGuard<'_, BTreeMap<(Run, String), T>> {
        // a panic while holding the lock leaves plain data behind: keep serving it
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What `run` changed for `account`, if anything.
    pub fn get(&self, run: &Run, account: &str) -> Option<T> {
        self.lock().get(&(run.clone(), account.to_owned())).cloned()
    }

    /// Records `value` for `account` in `run`, replacing what was there.
    pub fn set(&self, run: &Run, account: &str, value: T) {
        self.lock().insert((run.clone(), account.to_owned()), value);
    }

    /// Changes the entry of `account` in `run` in place (`None` when nothing is recorded;
    /// leaving `None` removes it) and returns what `f` returns, under one lock, so two
    /// concurrent calls (a double click) see each other's change.
    pub fn update<R>(&self, run: &Run, account: &str, f: impl FnOnce(&mut Option<T>) -> R) -> R {
        let mut map = self.lock();
        let key = (run.clone(), account.to_owned());
        let mut entry = map.remove(&key);
        let out = f(&mut entry);
        if let Some(v) = entry {
            map.insert(key, v);
        }
        out
    }
}

impl<T: Clone> RunStore<T> {
    /// Every entry `run` recorded, by account (or other key), in key order.
    pub fn of_run(&self, run: &Run) -> Vec<(String, T)> {
        self.lock()
            .iter()
            .filter(|((r, _), _)| r == run)
            .map(|((_, key), v)| (key.clone(), v.clone()))
            .collect()
    }

    /// Forgets `run`'s entries, or every run's with `None` (the admin API's reset).
    pub fn clear(&self, run: Option<&Run>) {
        match run {
            Some(run) => self.lock().retain(|(r, _), _| r != run),
            None => self.lock().clear(),
        }
    }
}

impl<T: Clone> Default for RunStore<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_do_not_see_each_other() {
        static STORE: RunStore<u32> = RunStore::new();
        let (a, b) = (Run::new(Some("run-a")), Run::new(Some(" run-b ")));
        STORE.set(&a, "1", 7);
        assert_eq!(STORE.get(&a, "1"), Some(7));
        assert_eq!(STORE.get(&b, "1"), None);
        assert_eq!(STORE.get(&Run::default(), "1"), None);
        assert_eq!(Run::new(Some("  ")), Run::default());
        assert_eq!(Run::new(None), Run::default());
    }

    #[test]
    fn update_is_one_step_and_none_removes() {
        static STORE: RunStore<u32> = RunStore::new();
        let r = Run::new(Some("r"));
        let first = STORE.update(&r, "1", |v| v.replace(1).is_none());
        let second = STORE.update(&r, "1", |v| v.replace(2).is_none());
        assert!(first && !second, "only the first call finds nothing");
        assert_eq!(STORE.get(&r, "1"), Some(2));
        STORE.update(&r, "1", |v| *v = None);
        assert_eq!(STORE.get(&r, "1"), None);
    }
}
