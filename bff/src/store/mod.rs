//! The one store of the BFF: sessions, flow contexts and idempotency records, in memory (the
//! default) or in Redis (configuration `BFF_REDIS_URL`, so several BFF instances share them).
//!
//! Both backends keep the same records (JSON strings under `pp:` keys, below) with the same
//! expiry rules, and every operation is written once on top of four primitives of the backend:
//! get, compare-and-set with a time to live, expire and delete. So the memory backend behaves
//! like Redis, only without the network.
//!
//! | record | key | value | expiry |
//! |---|---|---|---|
//! | session ([`poem::session::SessionStorage`]) | `pp:sess:<session id>` | `{"created": <unix ms>, "entries": {..}}` | [`StoreConfig::session_idle`] after the last load or update ([`StoreConfig::empty_session_idle`] while it names no flow context), never later than [`StoreConfig::session_absolute`] after creation |
//! | flow context ([`Store::get`], [`Store::update`]) | `pp:ctx:<namespace>:<id>` | the caller's type as JSON | [`StoreConfig::context_ttl`] after the last update, extended with its session (session entry `ctx.<namespace>` = id) |
//! | idempotency ([`Store::idempotent`]) | `pp:idem:<key>` | `{"state": "running", "fingerprint", "token"}` or `{"state": "done", "fingerprint", "answer"}` | running: [`StoreConfig::lease`], renewed while running; done: [`StoreConfig::idempotency_ttl`] (an anonymous flow's, [`Store::idempotent_keeping`]: [`StoreConfig::context_ttl`]) |
//! | lock ([`Store::exclusive`]) | `pp:idem:lock:<name>` | the holder's token | [`StoreConfig::lease`], renewed while held; released at the end |
//!
//! Errors: [`StoreError::Unavailable`] when Redis cannot be reached or does not answer within
//! 2 s (every Redis command is bounded by that timeout, so no call hangs; a `tracing::warn!`
//! line names the operation and the record kind, never a key, a value or the URL), and
//! [`StoreError::Corrupt`] for a record that does not decode. The Redis connection
//! ([`redis::aio::ConnectionManager`]) reconnects by itself: calls succeed again once Redis is
//! back, without a restart.

use std::{
    fmt,
    future::Future,
    sync::Arc,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::telemetry::metrics::{self, IdempotencyResult};

mod memory;
mod redis_kv;
mod session;

pub use session::{CONTEXT_ENTRY, CREATED_ENTRY};
pub mod testing;

#[cfg(test)]
mod tests;

/// Bound of every Redis command (connect included): past it the call is
/// [`StoreError::Unavailable`].
const OP_TIMEOUT: Duration = Duration::from_secs(2);

/// Most compare-and-set attempts of one [`Store::update`] (or session write) before giving
/// up with [`StoreError::Unavailable`]; with the jittered backoff below that is about 1 s of
/// contention on one record, far beyond what one visitor's parallel requests produce.
const MAX_CAS_ATTEMPTS: u32 = 100;

/// Shortest and longest wait between two looks at an idempotency key that is in flight
/// elsewhere (the memory backend is woken earlier by a notification).
const POLL_MIN: Duration = Duration::from_millis(20);
const POLL_MAX: Duration = Duration::from_millis(200);

/// How long the holder of an idempotency key keeps trying to store its answer while the
/// store is unavailable (after that the answer is only returned to its own caller).
const STORE_ANSWER_FOR: Duration = Duration::from_secs(60);

/// Lifetimes and bounds of the store. All durations are wall-clock; Redis keeps them to the
/// millisecond (`PX`), so sub-second values work (the tests use them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreConfig {
    /// A session not loaded or updated for this long is gone (every request that loads it
    /// slides it). Default 14 min, the seeds' idle window of the signed-in area.
    pub session_idle: Duration,
    /// A session that names no flow context (no identity, no checkout, no quick refill: a
    /// visitor who only fetched a CSRF token) idles out after this instead of
    /// `session_idle`, and is the first the memory bound evicts. Default 2 min.
    pub empty_session_idle: Duration,
    /// A session is gone this long after its creation, however active. Default 8 h (today's
    /// cookie `Max-Age`; give the cookie the same value).
    pub session_absolute: Duration,
    /// A flow context is gone this long after its last update ([`Store::get`] does not
    /// extend it); every load of the session that names it (session entry
    /// `ctx.<namespace>`) extends it to the session's own time to live, so a context lives
    /// as long as its session and no longer. Default 14 min, the session's idle lifetime.
    pub context_ttl: Duration,
    /// How long an idempotency answer is kept after it was stored. Default 24 h.
    pub idempotency_ttl: Duration,
    /// Lease of a running idempotent call: the holder renews it every third of it while
    /// `run` runs; when the holder dies the key is free again this long after the last
    /// renewal. Default 10 s.
    pub lease: Duration,
    /// Memory backend only: most records of each kind (sessions, contexts, idempotency
    /// keys). At the bound a new key is refused (503 `STORE_UNAVAILABLE`) unless an empty
    /// session can be evicted for it (sessions only); nothing else live is evicted.
    /// Default 20 000.
    pub max_memory_entries: usize,
    /// Memory backend only: longest session record, bytes (JSON); longer is refused.
    /// Default 4 KiB (a session holds a token and a few ids, about 200 bytes).
    pub max_session_bytes: usize,
    /// Memory backend only: longest flow context or idempotency record, bytes (JSON);
    /// longer is refused. Default 16 KiB (the largest buy context of the tests is 2.8 KB).
    pub max_record_bytes: usize,
}

impl Default for StoreConfig {
    fn default() -> Self {
        Self {
            session_idle: Duration::from_secs(14 * 60),
            empty_session_idle: Duration::from_secs(2 * 60),
            session_absolute: Duration::from_secs(8 * 3600),
            context_ttl: Duration::from_secs(14 * 60),
            idempotency_ttl: Duration::from_secs(24 * 3600),
            lease: Duration::from_secs(10),
            max_memory_entries: 20_000,
            max_session_bytes: 4 * 1024,
            max_record_bytes: 16 * 1024,
        }
    }
}

/// Why a store call failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Redis is unreachable, answered with an error, or did not answer within 2 s; also a
    /// record updated concurrently so often that [`Store::update`] gave up. Transient: the
    /// same call may succeed later. The text names the operation, never a key or the URL.
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// A record does not decode as the requested type (or a value does not encode).
    #[error("store record corrupt: {0}")]
    Corrupt(String),
}

/// Lets [`poem::session::SessionStorage`] (and handlers) use `?`: 503 for
/// [`StoreError::Unavailable`], 500 for [`StoreError::Corrupt`].
impl poem::error::ResponseError for StoreError {
    fn status(&self) -> poem::http::StatusCode {
        match self {
            Self::Unavailable(_) => poem::http::StatusCode::SERVICE_UNAVAILABLE,
            Self::Corrupt(_) => poem::http::StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// What [`Store::idempotent`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Idempotent<T> {
    /// The answer of the one `run` for this key (this caller's or an earlier one's).
    Answer(T),
    /// The key is known with another fingerprint (nothing ran).
    Mismatch,
}

/// Kind of a record: its key prefix and, in memory, its own bounded map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Session,
    Context,
    Idempotency,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Self::Session => "session",
            Self::Context => "context",
            Self::Idempotency => "idempotency",
        }
    }

    /// The key prefix of the kind's records.
    fn prefix(self) -> &'static str {
        match self {
            Self::Session => "pp:sess:",
            Self::Context => "pp:ctx:",
            Self::Idempotency => "pp:idem:",
        }
    }
}

/// A record's full key (`pp:...`) and kind.
#[derive(Debug, Clone)]
struct Key {
    kind: Kind,
    full: String,
}

impl Key {
    fn session(id: &str) -> Self {
        Self {
            kind: Kind::Session,
            full: format!("{}{id}", Kind::Session.prefix()),
        }
    }
    fn context(ns: &str, id: &str) -> Self {
        Self {
            kind: Kind::Context,
            full: format!("{}{ns}:{id}", Kind::Context.prefix()),
        }
    }
    fn idempotency(key: &str) -> Self {
        Self {
            kind: Kind::Idempotency,
            full: format!("{}{key}", Kind::Idempotency.prefix()),
        }
    }
}

/// The four primitives, per backend (an enum: async trait objects would box every call).
enum Backend {
    /// Boxed: three maps are large beside a connection handle.
    Memory(Box<memory::MemoryKv>),
    Redis(redis_kv::RedisKv),
}

impl Backend {
    fn name(&self) -> &'static str {
        match self {
            Self::Memory(_) => "memory",
            Self::Redis(_) => "redis",
        }
    }

    /// Runs one primitive, timed into `bff_store_operation_duration_seconds` (and
    /// `bff_store_errors_total` when it fails).
    async fn timed<T>(
        &self,
        op: &'static str,
        key: &Key,
        call: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let started = std::time::Instant::now();
        let r = call.await;
        metrics::store_operation(
            self.name(),
            op,
            key.kind.name(),
            started.elapsed(),
            r.is_ok(),
        );
        r
    }

    /// The value under `key`, if any (and not expired).
    async fn get(&self, key: &Key) -> Result<Option<String>, StoreError> {
        self.timed("get", key, async {
            match self {
                Self::Memory(m) => Ok(m.get(key)),
                Self::Redis(r) => r.get(key).await,
            }
        })
        .await
    }

    /// Sets `key` to `new` with time to live `ttl` if its value is `expect` (`None`: absent);
    /// whether it did.
    async fn cas(
        &self,
        key: &Key,
        expect: Option<&str>,
        new: &str,
        ttl: Duration,
    ) -> Result<bool, StoreError> {
        self.timed("cas", key, async {
            match self {
                Self::Memory(m) => m.cas(key, expect, new, ttl),
                Self::Redis(r) => r.cas(key, expect, new, ttl).await,
            }
        })
        .await
    }

    /// Sets the time to live of `key` (nothing when absent).
    async fn expire(&self, key: &Key, ttl: Duration) -> Result<(), StoreError> {
        self.timed("expire", key, async {
            match self {
                Self::Memory(m) => {
                    m.expire(key, ttl);
                    Ok(())
                }
                Self::Redis(r) => r.expire(key, ttl).await,
            }
        })
        .await
    }

    /// Removes `key`.
    async fn del(&self, key: &Key) -> Result<(), StoreError> {
        self.timed("del", key, async {
            match self {
                Self::Memory(m) => {
                    m.del(key);
                    Ok(())
                }
                Self::Redis(r) => r.del(key).await,
            }
        })
        .await
    }

    /// Waits up to `max` for a change of an idempotency record (memory: woken by the
    /// change; Redis: just sleeps, the caller polls).
    async fn wait_change(&self, max: Duration) {
        match self {
            Self::Memory(m) => m.wait_change(max).await,
            Self::Redis(_) => tokio::time::sleep(max).await,
        }
    }
}

struct Inner {
    cfg: StoreConfig,
    backend: Backend,
}

/// The store: sessions, flow contexts and idempotency records (module docs for keys and
/// expiry). Cheap to clone (one `Arc`); every clone is the same store.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // never the URL: it may carry a password
        f.debug_struct("Store")
            .field("backend", &self.backend_name())
            .field("cfg", &self.inner.cfg)
            .finish()
    }
}

/// The stored form of an idempotency key.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "camelCase")]
enum IdemRecord {
    /// Claimed by the holder with `token`, who is running it.
    Running { fingerprint: String, token: String },
    /// Done: the answer as JSON.
    Done {
        fingerprint: String,
        answer: serde_json::Value,
    },
}

impl IdemRecord {
    fn fingerprint(&self) -> &str {
        match self {
            Self::Running { fingerprint, .. } | Self::Done { fingerprint, .. } => fingerprint,
        }
    }
}

/// Milliseconds since the Unix epoch (wall clock: session creation times are compared
/// across instances).
fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// A random pause of up to `2^min(attempt, 4)` ms, so competing writers spread out.
async fn cas_backoff(attempt: u32) {
    let cap = 1u64 << attempt.min(4);
    let r = u64::try_from(uuid::Uuid::new_v4().as_u128() % u128::from(cap * 1000)).unwrap_or(0);
    tokio::time::sleep(Duration::from_micros(r)).await;
}

impl Store {
    /// A store in this process's memory (the default backend): bounded by
    /// [`StoreConfig::max_memory_entries`] per kind, lost on restart, not shared between
    /// instances. Needs no runtime and cannot fail.
    pub fn memory(cfg: StoreConfig) -> Self {
        let backend = Backend::Memory(Box::new(memory::MemoryKv::new(&cfg)));
        Self {
            inner: Arc::new(Inner { cfg, backend }),
        }
    }

    /// A store in Redis at `url` (`redis://[:password@]host:port[/db]`, from
    /// `BFF_REDIS_URL`). Connects and pings once (each bounded by 2 s; a refused connection
    /// fails at once).
    ///
    /// # Errors
    ///
    /// [`StoreError::Unavailable`] when the URL does not parse or Redis cannot be reached now
    /// (startup should fail then). Later outages are per call; the connection comes back by
    /// itself.
    pub async fn redis(url: &str, cfg: StoreConfig) -> Result<Self, StoreError> {
        let backend = Backend::Redis(redis_kv::RedisKv::connect(url).await?);
        let store = Self {
            inner: Arc::new(Inner { cfg, backend }),
        };
        store.ping().await?;
        Ok(store)
    }

    /// `"memory"` or `"redis"` (for the startup log and the health answer).
    pub fn backend_name(&self) -> &'static str {
        self.inner.backend.name()
    }

    /// Sets `bff_store_records` for each kind (before a metrics scrape): counted in memory,
    /// or by `SCAN`ning Redis for each kind's key prefix (bounded like every Redis call; on a
    /// failure the gauges keep their last values).
    pub async fn report_records(&self) {
        let backend = self.backend_name();
        for kind in [Kind::Session, Kind::Context, Kind::Idempotency] {
            let count = match &self.inner.backend {
                Backend::Memory(m) => m.len(kind),
                Backend::Redis(r) => match r.count(kind.prefix()).await {
                    Ok(n) => n,
                    Err(_) => continue,
                },
            };
            metrics::store_records(backend, kind.name(), count);
        }
    }

    /// The configuration the store was made with.
    pub fn config(&self) -> &StoreConfig {
        &self.inner.cfg
    }

    /// Whether the backend answers (memory always does).
    ///
    /// # Errors
    ///
    /// [`StoreError::Unavailable`] when Redis does not answer `PING` within 2 s.
    pub async fn ping(&self) -> Result<(), StoreError> {
        match &self.inner.backend {
            Backend::Memory(_) => Ok(()),
            Backend::Redis(r) => r.ping().await,
        }
    }

    /// Live records in memory: (sessions, flow contexts, idempotency records); `None` on
    /// Redis. For measurements (flood tests) and the bound in ARCHITECTURE.md.
    pub fn memory_counts(&self) -> Option<(usize, usize, usize)> {
        match &self.inner.backend {
            Backend::Memory(m) => Some((
                m.len(Kind::Session),
                m.len(Kind::Context),
                m.len(Kind::Idempotency),
            )),
            Backend::Redis(_) => None,
        }
    }

    /// One hit on the shared counter `name` (fixed window `window`, started by its first
    /// hit): the hits counted in the window so far, this one included. `Ok(None)` on the
    /// memory backend (the caller counts in process). Key `pp:rate:<name>`.
    ///
    /// # Errors
    ///
    /// [`StoreError::Unavailable`] when Redis does not answer within 2 s.
    pub async fn hit(&self, name: &str, window: Duration) -> Result<Option<u64>, StoreError> {
        match &self.inner.backend {
            Backend::Memory(_) => Ok(None),
            Backend::Redis(r) => r.hit(&format!("pp:rate:{name}"), window).await.map(Some),
        }
    }

    /// A digest of the flow context under (`ns`, `id`) as stored (`-` when absent): it changes
    /// whenever the context does. [`Self::shared`] keys carry it, so a call after the context
    /// changed (a failed attempt counted, a new date held) runs anew instead of joining the
    /// answer of a run that saw the old context.
    ///
    /// # Errors
    ///
    /// [`StoreError::Unavailable`] (Redis).
    pub async fn version_of(&self, ns: &str, id: &str) -> Result<String, StoreError> {
        let raw = self.inner.backend.get(&Key::context(ns, id)).await?;
        Ok(raw.map_or_else(
            || "-".to_owned(),
            |r| sha1_smol::Sha1::from(r.as_bytes()).digest().to_string()[..16].to_owned(),
        ))
    }

    /// The flow context under (`ns`, `id`), e.g. (`"buy"`, context id), if present and not
    /// expired. `ns` must not contain `:`. Reading does not extend its life.
    ///
    /// # Errors
    ///
    /// [`StoreError::Unavailable`] (Redis); [`StoreError::Corrupt`] when the record does not
    /// decode as `T`.
    pub async fn get<T: DeserializeOwned>(
        &self,
        ns: &str,
        id: &str,
    ) -> Result<Option<T>, StoreError> {
        let key = Key::context(ns, id);
        match self.inner.backend.get(&key).await? {
            None => Ok(None),
            Some(raw) => decode(&key, &raw).map(Some),
        }
    }

    /// Atomic read-modify-write of the flow context under (`ns`, `id`), across instances:
    /// runs `f` on the current value (`T::default()` when absent or expired), stores the
    /// result for [`StoreConfig::context_ttl`] and returns what `f` returned. When another
    /// writer changed the record in between (compare-and-set failed) it re-reads and runs `f`
    /// again, so `f` must depend only on its input (it may run several times; only the last
    /// run's value is stored and its result returned).
    ///
    /// # Errors
    ///
    /// [`StoreError::Unavailable`] (Redis, or 100 lost compare-and-sets in a row);
    /// [`StoreError::Corrupt`] when the stored record does not decode as `T` (nothing is
    /// written then) or `T` does not encode.
    pub async fn update<T, R, F>(&self, ns: &str, id: &str, f: F) -> Result<R, StoreError>
    where
        T: Serialize + DeserializeOwned + Default + Send,
        F: Fn(&mut T) -> R + Send,
        R: Send,
    {
        let key = Key::context(ns, id);
        let backend = &self.inner.backend;
        for attempt in 0..MAX_CAS_ATTEMPTS {
            let raw = backend.get(&key).await?;
            let mut value: T = match &raw {
                None => T::default(),
                Some(raw) => decode(&key, raw)?,
            };
            let out = f(&mut value);
            let new = encode(&key, &value)?;
            if backend
                .cas(&key, raw.as_deref(), &new, self.inner.cfg.context_ttl)
                .await?
            {
                return Ok(out);
            }
            cas_backoff(attempt).await;
        }
        Err(contention(key.kind, "update"))
    }

    /// Runs `run` once per `key` across every instance sharing the store (a second time only
    /// when the first holder died before storing its answer), and gives every caller with the
    /// same `fingerprint` that answer.
    ///
    /// - `key`: the full idempotency key; the caller scopes it (e.g.
    ///   `submitOrder:<context id>:<Idempotency-Key>`).
    /// - `fingerprint`: a canonical form of the request body (e.g. its sorted JSON).
    ///
    /// The first caller anywhere claims the key (lease [`StoreConfig::lease`]) and runs `run`
    /// on its own tokio task, so a client that goes away does not cancel it; the task renews
    /// the lease every third of it while `run` runs, then stores the answer for
    /// [`StoreConfig::idempotency_ttl`] (retrying for up to 60 s while the store is
    /// unavailable). Callers that find the key in flight with the same fingerprint wait (poll
    /// every 20 to 200 ms; in memory, woken at once) and return the stored answer; a
    /// different fingerprint is [`Idempotent::Mismatch`] at once, in flight or done. When the
    /// holder dies (process killed, runtime gone) its lease lapses and the next caller takes
    /// the key over and runs its own `run`: a crash never blocks a key beyond one lease.
    ///
    /// A panic in `run` is resumed in the claiming caller and, like a crash, leaves the key
    /// to lapse with its lease.
    ///
    /// # Errors
    ///
    /// [`StoreError::Unavailable`] (Redis, while claiming or waiting; a claiming caller whose
    /// `run` finished gets its answer even if storing it failed);
    /// [`StoreError::Corrupt`] when the stored record or answer does not decode (or `T`
    /// does not encode, which only the claiming caller can see: it then gets its answer and
    /// later callers find the key lapsed).
    pub async fn idempotent<T, Fut>(
        &self,
        key: &str,
        fingerprint: &str,
        run: impl FnOnce() -> Fut + Send + 'static,
    ) -> Result<Idempotent<T>, StoreError>
    where
        T: Serialize + DeserializeOwned + Clone + Send + Sync + 'static,
        Fut: Future<Output = T> + Send + 'static,
    {
        let ttl = self.inner.cfg.idempotency_ttl;
        self.idempotent_for(key, fingerprint, ttl, |_: &T| true, run)
            .await
    }

    /// [`Self::idempotent`], except that an answer `keep` refuses is not stored: the key is
    /// released, so the callers that joined the run claim it again and run their own, and a
    /// later retry of the key runs anew (a refusal that says "not now", such as 409
    /// `PAYMENT_IN_PROGRESS`, must not be replayed for 24 h); and that with `anonymous` the
    /// answer is kept [`StoreConfig::context_ttl`] instead of 24 h (module docs: an
    /// anonymous session's records live as long as its flow context could, which holds
    /// the outcome itself).
    ///
    /// # Errors
    ///
    /// As [`Self::idempotent`].
    pub async fn idempotent_keeping<T, Fut>(
        &self,
        key: &str,
        fingerprint: &str,
        keep: fn(&T) -> bool,
        anonymous: bool,
        run: impl FnOnce() -> Fut + Send + 'static,
    ) -> Result<Idempotent<T>, StoreError>
    where
        T: Serialize + DeserializeOwned + Clone + Send + Sync + 'static,
        Fut: Future<Output = T> + Send + 'static,
    {
        let cfg = &self.inner.cfg;
        let ttl = if anonymous {
            cfg.context_ttl.min(cfg.idempotency_ttl)
        } else {
            cfg.idempotency_ttl
        };
        self.idempotent_for(key, fingerprint, ttl, keep, run).await
    }

    /// Runs `run` only if no other holder has the lock `name` (any instance), holding it
    /// (leased and renewed as an idempotency key is) until `run` ends: `Ok(None)`, and
    /// nothing run, while another holds it. A holder that dies frees the lock one lease later.
    ///
    /// # Errors
    ///
    /// [`StoreError::Unavailable`] while claiming (nothing run).
    pub async fn exclusive<T, Fut>(
        &self,
        name: &str,
        run: impl FnOnce() -> Fut,
    ) -> Result<Option<T>, StoreError>
    where
        Fut: Future<Output = T>,
    {
        let key = Key::idempotency(&format!("lock:{name}"));
        let claim = uuid::Uuid::new_v4().simple().to_string();
        let backend = &self.inner.backend;
        if !backend
            .cas(&key, None, &claim, self.inner.cfg.lease)
            .await?
        {
            return Ok(None);
        }
        let work = run();
        tokio::pin!(work);
        let renew = renew_lease(&self.inner, &key, &claim);
        tokio::pin!(renew);
        let answer = tokio::select! {
            answer = &mut work => answer,
            () = &mut renew => work.await,
        };
        release(&self.inner, &key, &claim).await;
        Ok(Some(answer))
    }

    /// [`Self::shared`]'s answer time to live: long enough for every caller that overlapped
    /// the run to read it (they poll at most every 200 ms), short enough that a later,
    /// separate request runs again.
    pub const SHARED_ANSWER: Duration = Duration::from_secs(5);

    /// Joins a run in flight: the first caller of `key` runs `run`, every caller that
    /// overlaps it (any instance) waits and gets its answer, and the answer is kept only
    /// [`Self::SHARED_ANSWER`], so a request after that runs anew. Put the
    /// [`Self::version_of`] of the state the run reads and writes in `key`: a call after the
    /// run changed it then runs anew at once. For writes without an
    /// `Idempotency-Key` whose second run would answer differently from the first (an
    /// enrolment that is "not offered" once done), and around a write's checks that the write
    /// itself changes (a move "already scheduled" by the move in flight).
    ///
    /// # Errors
    ///
    /// As [`Self::idempotent`].
    pub async fn shared<T, Fut>(
        &self,
        key: &str,
        run: impl FnOnce() -> Fut + Send + 'static,
    ) -> Result<T, StoreError>
    where
        T: Serialize + DeserializeOwned + Clone + Send + Sync + 'static,
        Fut: Future<Output = T> + Send + 'static,
    {
        match self
            .idempotent_for(key, "", Self::SHARED_ANSWER, |_: &T| true, run)
            .await?
        {
            Idempotent::Answer(t) => Ok(t),
            // unreachable: one fingerprint for every caller
            Idempotent::Mismatch => Err(StoreError::Unavailable(
                "shared run: fingerprint mismatch".into(),
            )),
        }
    }

    /// [`Self::idempotent`] with the done record kept `done_ttl`.
    async fn idempotent_for<T, Fut>(
        &self,
        key: &str,
        fingerprint: &str,
        done_ttl: Duration,
        keep: fn(&T) -> bool,
        run: impl FnOnce() -> Fut + Send + 'static,
    ) -> Result<Idempotent<T>, StoreError>
    where
        T: Serialize + DeserializeOwned + Clone + Send + Sync + 'static,
        Fut: Future<Output = T> + Send + 'static,
    {
        let key = Key::idempotency(key);
        let backend = &self.inner.backend;
        let mut pause = POLL_MIN;
        let mut run = Some(run);
        let mut waited = false;
        loop {
            let Some(raw) = backend.get(&key).await? else {
                let claim = encode(
                    &key,
                    &IdemRecord::Running {
                        fingerprint: fingerprint.to_owned(),
                        token: uuid::Uuid::new_v4().simple().to_string(),
                    },
                )?;
                if !backend
                    .cas(&key, None, &claim, self.inner.cfg.lease)
                    .await?
                {
                    continue; // another caller claimed it first: look again
                }
                let Some(run) = run.take() else {
                    // unreachable: the loop returns right after the one claim
                    return Err(StoreError::Unavailable("idempotent: claimed twice".into()));
                };
                metrics::idempotency(IdempotencyResult::Fresh);
                // a task of the request: its upstream calls keep its id and trace
                let holder = crate::telemetry::spawn(hold(
                    self.inner.clone(),
                    key,
                    claim,
                    done_ttl,
                    keep,
                    run,
                ));
                return match holder.await {
                    Ok(answer) => Ok(Idempotent::Answer(answer)),
                    Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
                    Err(_) => Err(StoreError::Unavailable(
                        "idempotent: the runtime is shutting down".into(),
                    )),
                };
            };
            let record: IdemRecord = decode(&key, &raw)?;
            if record.fingerprint() != fingerprint {
                metrics::idempotency(IdempotencyResult::Mismatch);
                return Ok(Idempotent::Mismatch);
            }
            match record {
                IdemRecord::Done { answer, .. } => {
                    metrics::idempotency(if waited {
                        IdempotencyResult::Join
                    } else {
                        IdempotencyResult::Replay
                    });
                    return serde_json::from_value(answer)
                        .map(Idempotent::Answer)
                        .map_err(|e| corrupt(key.kind, &e));
                }
                IdemRecord::Running { .. } => {
                    waited = true;
                    backend.wait_change(pause).await;
                    pause = (pause * 2).min(POLL_MAX);
                }
            }
        }
    }
}

/// The claiming caller's task: runs `run` while renewing the lease, then stores the answer.
async fn hold<T, Fut>(
    inner: Arc<Inner>,
    key: Key,
    claim: String,
    done_ttl: Duration,
    keep: fn(&T) -> bool,
    run: impl FnOnce() -> Fut,
) -> T
where
    T: Serialize,
    Fut: Future<Output = T>,
{
    let work = run();
    tokio::pin!(work);
    let renew = renew_lease(&inner, &key, &claim);
    tokio::pin!(renew);
    // the renewal loop only ends when the key was lost to another holder; the work goes on
    let answer = tokio::select! {
        answer = &mut work => answer,
        () = &mut renew => work.await,
    };
    if !keep(&answer) {
        release(&inner, &key, &claim).await;
        return answer;
    }
    match serde_json::to_value(&answer) {
        Ok(value) => store_answer(&inner, &key, &claim, value, done_ttl).await,
        Err(e) => tracing::warn!(
            kind = key.kind.name(),
            error = %e,
            "store: idempotent answer does not encode; the key lapses with its lease"
        ),
    }
    answer
}

/// Frees `key` if `claim` still holds it (a 1 ms time to live: compare-and-delete from the
/// four primitives); a failure leaves it to lapse with its lease.
async fn release(inner: &Inner, key: &Key, claim: &str) {
    let _ = inner
        .backend
        .cas(key, Some(claim), claim, Duration::from_millis(1))
        .await;
}

/// Renews the lease of `claim` every third of it; returns only when another holder has the
/// key (this one's lease lapsed during an outage and someone took over).
async fn renew_lease(inner: &Inner, key: &Key, claim: &str) {
    let lease = inner.cfg.lease;
    let mut tick = tokio::time::interval((lease / 3).max(Duration::from_millis(1)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await; // the first tick is immediate: the claim was just written
    loop {
        tick.tick().await;
        let backend = &inner.backend;
        let renewed = async {
            // absent: the record vanished (Redis restarted empty); take it back
            Ok::<_, StoreError>(
                backend.cas(key, Some(claim), claim, lease).await?
                    || backend.cas(key, None, claim, lease).await?,
            )
        };
        match renewed.await {
            Ok(true) => {}
            Ok(false) => {
                tracing::warn!(
                    kind = key.kind.name(),
                    "store: idempotency lease lost to another instance; this run goes on"
                );
                return;
            }
            // already logged; try again at the next tick
            Err(_) => {}
        }
    }
}

/// Stores the done record in place of `claim` (or of nothing, when the claim lapsed),
/// retrying while the store is unavailable for up to [`STORE_ANSWER_FOR`].
async fn store_answer(
    inner: &Inner,
    key: &Key,
    claim: &str,
    answer: serde_json::Value,
    ttl: Duration,
) {
    let Ok(IdemRecord::Running { fingerprint, .. }) = serde_json::from_str(claim) else {
        return; // unreachable: `claim` is our own running record
    };
    let done = match serde_json::to_string(&IdemRecord::Done {
        fingerprint,
        answer,
    }) {
        Ok(done) => done,
        Err(e) => {
            tracing::warn!(kind = key.kind.name(), error = %e, "store: done record does not encode");
            return;
        }
    };
    let backend = &inner.backend;
    let deadline = tokio::time::Instant::now() + STORE_ANSWER_FOR;
    loop {
        let stored = async {
            Ok::<_, StoreError>(
                backend.cas(key, Some(claim), &done, ttl).await?
                    || backend.cas(key, None, &done, ttl).await?,
            )
        };
        match stored.await {
            Ok(true) => return,
            Ok(false) => {
                tracing::warn!(
                    kind = key.kind.name(),
                    "store: idempotency key taken over while running; answer not stored"
                );
                return;
            }
            Err(_) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(_) => {
                tracing::warn!(
                    kind = key.kind.name(),
                    "store: idempotent answer not stored (store unavailable for 60 s)"
                );
                return;
            }
        }
    }
}

fn decode<T: DeserializeOwned>(key: &Key, raw: &str) -> Result<T, StoreError> {
    serde_json::from_str(raw).map_err(|e| corrupt(key.kind, &e))
}

fn encode<T: Serialize>(key: &Key, value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| corrupt(key.kind, &e))
}

fn corrupt(kind: Kind, e: &serde_json::Error) -> StoreError {
    // category and position only: serde's message may quote the data (a session's values)
    let what = format!(
        "{} record: {:?} error at line {} column {}",
        kind.name(),
        e.classify(),
        e.line(),
        e.column()
    );
    tracing::warn!(kind = kind.name(), error = %what, "store: record does not decode");
    StoreError::Corrupt(what)
}

fn contention(kind: Kind, op: &str) -> StoreError {
    tracing::warn!(
        kind = kind.name(),
        op,
        "store: gave up after {MAX_CAS_ATTEMPTS} concurrent writes"
    );
    StoreError::Unavailable(format!(
        "{op} {}: {MAX_CAS_ATTEMPTS} concurrent writes in a row",
        kind.name()
    ))
}
