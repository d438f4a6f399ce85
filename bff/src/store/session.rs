//! Sessions: [`Store`] as poem's [`SessionStorage`], so
//! `ServerSession::new(cookie_config, store.clone())` keeps sessions in the store.
//!
//! Record `pp:sess:<id>` = `{"created": <unix ms>, "entries": {..}}`. Every load and update
//! sets its time to live to [`StoreConfig::session_idle`](super::StoreConfig::session_idle)
//! ([`StoreConfig::empty_session_idle`](super::StoreConfig::empty_session_idle) for an
//! [empty](is_empty_session) session: cheap to drop, so a flood of them cannot hold room),
//! cut to what is left of
//! [`StoreConfig::session_absolute`](super::StoreConfig::session_absolute) since `created`;
//! a load past the absolute lifetime removes the record. Each load also extends the flow
//! contexts the session names (entries [`CONTEXT_ENTRY`]`<namespace>`) to the same time to
//! live. poem's `expires` argument (the cookie's `Max-Age`) is not used: give the cookie
//! `session_absolute` as its `max_age`.
//!
//! `created` travels with the entries a load hands to poem, as [`CREATED_ENTRY`], and comes
//! back with them to the update at the end of the request. So a request that straddles the
//! end of the absolute lifetime (its load just before, its update just after, when the
//! record may already be gone) never writes the session again: it cannot give a signed-in
//! session a new life. Entries without it (a new session, or one [`rotate`]d) start at now.
//!
//! [`rotate`]: crate::http::session::rotate

use std::{collections::BTreeMap, time::Duration};

use poem::session::SessionStorage;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Key, MAX_CAS_ATTEMPTS, Store, StoreError, cas_backoff, contention, now_ms};

/// Prefix of the session entries that name a flow context: `ctx.<namespace>` = context id
/// (`crate::flows::context_id`).
pub const CONTEXT_ENTRY: &str = "ctx.";

/// The entry that carries the session's creation time (Unix ms) from a load to the update
/// at the end of the same request (module docs). Store-owned: handlers neither read nor
/// write it; remove it to let the session's absolute lifetime start again.
pub const CREATED_ENTRY: &str = "session.created";

#[derive(Serialize, Deserialize)]
struct SessionRecord {
    /// Creation, Unix ms (wall clock, shared by the instances).
    created: u64,
    entries: BTreeMap<String, Value>,
}

/// Whether a stored session record names no flow context (no identity, no checkout, no
/// quick refill): what the memory bound evicts first. A record that does not decode counts
/// as empty (a load would remove it anyway).
pub(super) fn is_empty_session(raw: &str) -> bool {
    serde_json::from_str::<SessionRecord>(raw).map_or(true, |r| !names_context(&r.entries))
}

fn names_context(entries: &BTreeMap<String, Value>) -> bool {
    entries.keys().any(|k| k.starts_with(CONTEXT_ENTRY))
}

impl Store {
    /// Time to live of a session created at `created` (Unix ms) whose entries name a flow
    /// context or not (`busy`), or `None` when it is past its absolute lifetime.
    fn session_ttl(&self, created: u64, busy: bool) -> Option<Duration> {
        let cfg = &self.inner.cfg;
        let age = Duration::from_millis(now_ms().saturating_sub(created));
        let left = cfg.session_absolute.checked_sub(age)?;
        let idle = if busy {
            cfg.session_idle
        } else {
            cfg.empty_session_idle.min(cfg.session_idle)
        };
        (!left.is_zero()).then(|| left.min(idle))
    }

    pub(super) async fn load(
        &self,
        id: &str,
    ) -> Result<Option<BTreeMap<String, Value>>, StoreError> {
        let key = Key::session(id);
        let backend = &self.inner.backend;
        let Some(raw) = backend.get(&key).await? else {
            return Ok(None);
        };
        let Ok(record) = serde_json::from_str::<SessionRecord>(&raw) else {
            // a session that cannot be read is no session: the visitor starts a new one
            // rather than getting an error on every request until it expires
            tracing::warn!(
                kind = key.kind.name(),
                "store: session record corrupt; removed"
            );
            backend.del(&key).await?;
            return Ok(None);
        };
        let Some(ttl) = self.session_ttl(record.created, names_context(&record.entries)) else {
            backend.del(&key).await?;
            return Ok(None);
        };
        backend.expire(&key, ttl).await?;
        // the session's flow contexts live as long as it does (issue 9: a context that
        // outlived its session would only take room)
        for (ns, id) in record
            .entries
            .iter()
            .filter_map(|(k, v)| Some((k.strip_prefix(CONTEXT_ENTRY)?, v.as_str()?)))
        {
            backend.expire(&Key::context(ns, id), ttl).await?;
        }
        let mut entries = record.entries;
        entries.insert(CREATED_ENTRY.to_owned(), record.created.into());
        Ok(Some(entries))
    }

    pub(super) async fn save(
        &self,
        id: &str,
        entries: &BTreeMap<String, Value>,
    ) -> Result<(), StoreError> {
        let key = Key::session(id);
        let backend = &self.inner.backend;
        let loaded = entries.get(CREATED_ENTRY).and_then(Value::as_u64);
        let mut record = SessionRecord {
            created: 0,
            entries: entries.clone(),
        };
        record.entries.remove(CREATED_ENTRY);
        for attempt in 0..MAX_CAS_ATTEMPTS {
            let raw = backend.get(&key).await?;
            // the creation time the request loaded; else a live record's (entries a handler
            // rebuilt); else a new life
            record.created = loaded
                .or_else(|| {
                    let r = serde_json::from_str::<SessionRecord>(raw.as_deref()?).ok()?;
                    self.session_ttl(r.created, true).map(|_| r.created)
                })
                .unwrap_or_else(now_ms);
            let busy = names_context(&record.entries);
            let Some(ttl) = self.session_ttl(record.created, busy) else {
                // it ended while this request ran: it stays ended
                return backend.del(&key).await;
            };
            let new = super::encode(&key, &record)?;
            if backend.cas(&key, raw.as_deref(), &new, ttl).await? {
                return Ok(());
            }
            cas_backoff(attempt).await;
        }
        Err(contention(key.kind, "save session"))
    }
}

/// Sessions in the store (module docs). Errors are [`StoreError`] as `poem::Error`: 503 when
/// the store is unavailable.
impl SessionStorage for Store {
    /// The session's entries, `None` when unknown, expired (idle or absolute) or corrupt (a
    /// corrupt record is removed). Extends the idle lifetime.
    async fn load_session<'a>(
        &'a self,
        session_id: &'a str,
    ) -> poem::Result<Option<BTreeMap<String, Value>>> {
        Ok(self.load(session_id).await?)
    }

    /// Stores the session's entries (creating it, or keeping its creation time) and extends
    /// the idle lifetime; a session that passed its absolute lifetime since it was loaded
    /// is removed, not written. `expires` is ignored (module docs).
    async fn update_session<'a>(
        &'a self,
        session_id: &'a str,
        entries: &'a BTreeMap<String, Value>,
        _expires: Option<Duration>,
    ) -> poem::Result<()> {
        Ok(self.save(session_id, entries).await?)
    }

    /// Removes the session.
    async fn remove_session<'a>(&'a self, session_id: &'a str) -> poem::Result<()> {
        Ok(self.inner.backend.del(&Key::session(session_id)).await?)
    }
}
