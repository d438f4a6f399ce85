//! The same tests against both backends (`<test>::memory`, `<test>::redis`), plus the
//! memory bound and Redis outages. Each Redis test starts its own `redis-server`
//! ([`RedisServer`]); without the binary they fail with the install hint.

use std::{
    collections::BTreeMap,
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use poem::session::SessionStorage;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{testing::RedisServer, *};

#[derive(Debug, Clone, Copy)]
enum Backing {
    Memory,
    Redis,
}

/// One shared store and a way to get "instances" of it: clones of one memory store (one
/// process), or separate connections to one Redis (separate BFF instances).
struct Harness {
    memory: Option<Store>,
    redis: Option<RedisServer>,
    cfg: StoreConfig,
}

impl Harness {
    fn new(backing: Backing, cfg: StoreConfig) -> Self {
        match backing {
            Backing::Memory => Self {
                memory: Some(Store::memory(cfg.clone())),
                redis: None,
                cfg,
            },
            Backing::Redis => Self {
                memory: None,
                redis: Some(RedisServer::start()),
                cfg,
            },
        }
    }

    async fn instance(&self) -> Store {
        match (&self.memory, &self.redis) {
            (Some(m), _) => m.clone(),
            (None, Some(r)) => Store::redis(&r.url, self.cfg.clone())
                .await
                .expect("connect to the test redis-server"),
            (None, None) => unreachable!("a harness has one backing"),
        }
    }

    fn server(&mut self) -> &mut RedisServer {
        self.redis.as_mut().expect("a Redis harness")
    }
}

/// `#[tokio::test]`s `<name>::memory` and `<name>::redis` calling `name(Backing)`.
macro_rules! both {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            use super::Backing;
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn memory() {
                super::$name(Backing::Memory).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn redis() {
                super::$name(Backing::Redis).await;
            }
        }
    )*};
}

both!(
    context_roundtrip,
    update_is_atomic_across_instances,
    idempotent_runs_once_across_instances,
    idempotent_mismatch,
    context_expires_after_last_update,
    idempotent_answer_expires,
    session_roundtrip,
    session_idle_expiry,
    contexts_live_as_long_as_their_session,
    session_absolute_expiry,
    session_ended_during_a_request_is_not_written,
    session_through_poem,
    session_rotation_deletes_the_old_record,
    session_rotation_starts_a_new_life,
    corrupt_records,
);

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
struct Ctx {
    n: u32,
    name: Option<String>,
}

fn short(cfg: impl FnOnce(&mut StoreConfig)) -> StoreConfig {
    let mut c = StoreConfig::default();
    cfg(&mut c);
    c
}

async fn context_roundtrip(b: Backing) {
    let h = Harness::new(b, StoreConfig::default());
    let s = h.instance().await;
    assert_eq!(s.get::<Ctx>("buy", "a").await.unwrap(), None);
    let r = s
        .update("buy", "a", |c: &mut Ctx| {
            c.n += 1;
            c.name = Some("x".into());
            c.n * 10
        })
        .await
        .unwrap();
    assert_eq!(r, 10);
    assert_eq!(
        s.get::<Ctx>("buy", "a").await.unwrap(),
        Some(Ctx {
            n: 1,
            name: Some("x".into())
        })
    );
    // namespaces and ids are separate records
    assert_eq!(s.get::<Ctx>("other", "a").await.unwrap(), None);
    assert_eq!(s.get::<Ctx>("buy", "b").await.unwrap(), None);
}

async fn update_is_atomic_across_instances(b: Backing) {
    let h = Harness::new(b, StoreConfig::default());
    let (one, two) = (h.instance().await, h.instance().await);
    let tasks: Vec<_> = (0..50)
        .map(|i| {
            let s = if i % 2 == 0 { one.clone() } else { two.clone() };
            tokio::spawn(async move { s.update("buy", "c", |c: &mut Ctx| c.n += 1).await })
        })
        .collect();
    for t in tasks {
        t.await.unwrap().unwrap();
    }
    assert_eq!(one.get::<Ctx>("buy", "c").await.unwrap().unwrap().n, 50);
    assert_eq!(two.get::<Ctx>("buy", "c").await.unwrap().unwrap().n, 50);
}

async fn idempotent_runs_once_across_instances(b: Backing) {
    let h = Harness::new(b, StoreConfig::default());
    let (one, two) = (h.instance().await, h.instance().await);
    let runs = Arc::new(AtomicUsize::new(0));
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let s = if i % 2 == 0 { one.clone() } else { two.clone() };
            let runs = runs.clone();
            tokio::spawn(async move {
                s.idempotent("order:1", "{\"a\":1}", move || async move {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    let n = runs.fetch_add(1, Ordering::SeqCst);
                    format!("answer {n} of {i}")
                })
                .await
            })
        })
        .collect();
    let mut answers = Vec::new();
    for t in tasks {
        match t.await.unwrap().unwrap() {
            Idempotent::Answer(a) => answers.push(a),
            Idempotent::Mismatch => panic!("same fingerprint"),
        }
    }
    assert_eq!(runs.load(Ordering::SeqCst), 1, "run ran once");
    assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
    // a later caller gets the stored answer, without running
    let again = two
        .idempotent("order:1", "{\"a\":1}", || async {
            String::from("ran again")
        })
        .await
        .unwrap();
    assert_eq!(again, Idempotent::Answer(answers[0].clone()));
}

async fn idempotent_mismatch(b: Backing) {
    let h = Harness::new(b, StoreConfig::default());
    let (one, two) = (h.instance().await, h.instance().await);
    // in flight: another fingerprint is refused at once
    let slow = tokio::spawn(async move {
        one.idempotent("k", "body-a", || async {
            tokio::time::sleep(Duration::from_millis(1000)).await;
            1u32
        })
        .await
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    let t = Instant::now();
    let other = two
        .idempotent("k", "body-b", || async { 2u32 })
        .await
        .unwrap();
    assert_eq!(other, Idempotent::Mismatch);
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(slow.await.unwrap().unwrap(), Idempotent::Answer(1));
    // done: still a mismatch; the same fingerprint gets the answer
    assert_eq!(
        two.idempotent("k", "body-b", || async { 2u32 })
            .await
            .unwrap(),
        Idempotent::Mismatch
    );
    assert_eq!(
        two.idempotent("k", "body-a", || async { 3u32 })
            .await
            .unwrap(),
        Idempotent::Answer(1)
    );
}

async fn context_expires_after_last_update(b: Backing) {
    let h = Harness::new(b, short(|c| c.context_ttl = Duration::from_millis(600)));
    let s = h.instance().await;
    s.update("buy", "e", |c: &mut Ctx| c.n = 1).await.unwrap();
    tokio::time::sleep(Duration::from_millis(350)).await;
    s.update("buy", "e", |c: &mut Ctx| c.n += 1).await.unwrap();
    tokio::time::sleep(Duration::from_millis(350)).await;
    // 700 ms after creation, 350 ms after the last update: alive
    assert_eq!(s.get::<Ctx>("buy", "e").await.unwrap().unwrap().n, 2);
    tokio::time::sleep(Duration::from_millis(350)).await;
    // reads did not extend it
    assert_eq!(s.get::<Ctx>("buy", "e").await.unwrap(), None);
    // an update after expiry starts from the default
    let n = s
        .update("buy", "e", |c: &mut Ctx| {
            c.n += 1;
            c.n
        })
        .await
        .unwrap();
    assert_eq!(n, 1);
}

async fn idempotent_answer_expires(b: Backing) {
    let h = Harness::new(b, short(|c| c.idempotency_ttl = Duration::from_millis(300)));
    let s = h.instance().await;
    assert_eq!(
        s.idempotent("x", "f", || async { 1u8 }).await.unwrap(),
        Idempotent::Answer(1)
    );
    assert_eq!(
        s.idempotent("x", "other", || async { 2u8 }).await.unwrap(),
        Idempotent::Mismatch
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(
        s.idempotent("x", "other", || async { 2u8 }).await.unwrap(),
        Idempotent::Answer(2)
    );
}

fn entries(pairs: &[(&str, serde_json::Value)]) -> BTreeMap<String, serde_json::Value> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

/// A loaded session's entries as a handler sets them: without [`CREATED_ENTRY`].
fn without_created(
    mut loaded: Option<BTreeMap<String, serde_json::Value>>,
) -> Option<BTreeMap<String, serde_json::Value>> {
    if let Some(e) = &mut loaded {
        e.remove(CREATED_ENTRY);
    }
    loaded
}

async fn session_roundtrip(b: Backing) {
    let h = Harness::new(b, StoreConfig::default());
    let (one, two) = (h.instance().await, h.instance().await);
    assert_eq!(one.load_session("s1").await.unwrap(), None);
    let e = entries(&[("xsrf", json!("t0k3n")), ("buy", json!({"id": 7}))]);
    one.update_session("s1", &e, Some(Duration::from_secs(60)))
        .await
        .unwrap();
    let loaded = two.load_session("s1").await.unwrap().unwrap();
    // the store's creation time travels with the entries, and is not stored among them
    assert!(loaded[CREATED_ENTRY].as_u64().is_some(), "{loaded:?}");
    assert_eq!(without_created(Some(loaded)), Some(e.clone()));
    let e2 = entries(&[("xsrf", json!("other"))]);
    two.update_session("s1", &e2, None).await.unwrap();
    assert_eq!(
        without_created(one.load_session("s1").await.unwrap()),
        Some(e2)
    );
    assert_eq!(one.load_session("s2").await.unwrap(), None);
    one.remove_session("s1").await.unwrap();
    assert_eq!(two.load_session("s1").await.unwrap(), None);
    // removing an unknown session is fine
    two.remove_session("s1").await.unwrap();
}

async fn session_idle_expiry(b: Backing) {
    let h = Harness::new(b, short(|c| c.session_idle = Duration::from_millis(600)));
    let s = h.instance().await;
    let e = entries(&[("k", json!(1))]);
    s.update_session("idle", &e, None).await.unwrap();
    // each load refreshes the idle lifetime: 3 x 300 ms > 600 ms in all
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(
            without_created(s.load_session("idle").await.unwrap()),
            Some(e.clone())
        );
    }
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(s.load_session("idle").await.unwrap(), None);
}

async fn contexts_live_as_long_as_their_session(b: Backing) {
    let h = Harness::new(
        b,
        short(|c| {
            c.session_idle = Duration::from_millis(600);
            c.context_ttl = Duration::from_millis(600);
        }),
    );
    let s = h.instance().await;
    s.update("buy", "c1", |c: &mut Ctx| c.n = 1).await.unwrap();
    s.update("buy", "orphan", |c: &mut Ctx| c.n = 1)
        .await
        .unwrap();
    let e = entries(&[("ctx.buy", json!("c1")), ("xsrf", json!("t"))]);
    s.update_session("live", &e, None).await.unwrap();
    // the session is loaded every 300 ms (requests that only read the context): 3 x 300 ms
    // > 600 ms, the context is still there; the one no session names is gone
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(s.load_session("live").await.unwrap().is_some());
    }
    assert_eq!(
        s.get::<Ctx>("buy", "c1").await.unwrap().map(|c| c.n),
        Some(1)
    );
    assert_eq!(s.get::<Ctx>("buy", "orphan").await.unwrap(), None);
    // with the session idle, both end
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(s.get::<Ctx>("buy", "c1").await.unwrap(), None);
}

async fn session_absolute_expiry(b: Backing) {
    let h = Harness::new(
        b,
        short(|c| {
            c.session_idle = Duration::from_millis(600);
            c.session_absolute = Duration::from_millis(1500);
        }),
    );
    let s = h.instance().await;
    let e = entries(&[("k", json!(1))]);
    s.update_session("abs", &e, None).await.unwrap();
    // created no later than now: a load started 1500 ms after `born` must find nothing
    let born = Instant::now();
    let mut last_seen = Duration::ZERO;
    // kept busy (loads and updates every 200 ms, each update writing what its load
    // returned, as poem does), it still ends at 1500 ms
    while born.elapsed() < Duration::from_millis(2000) {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let at = born.elapsed();
        if let Some(loaded) = s.load_session("abs").await.unwrap() {
            last_seen = at;
            s.update_session("abs", &loaded, None).await.unwrap();
        }
    }
    assert!(
        last_seen >= Duration::from_millis(1000) && last_seen < Duration::from_millis(1500),
        "last seen {last_seen:?}"
    );
    assert_eq!(s.load_session("abs").await.unwrap(), None);
}

/// A request loads the session just before its absolute end and updates it just after
/// (the record may be gone by then): the update must not give it a new life.
async fn session_ended_during_a_request_is_not_written(b: Backing) {
    let h = Harness::new(
        b,
        short(|c| c.session_absolute = Duration::from_millis(300)),
    );
    let s = h.instance().await;
    s.update_session("late", &entries(&[("user", json!("u1"))]), None)
        .await
        .unwrap();
    let loaded = s.load_session("late").await.unwrap().expect("live");
    tokio::time::sleep(Duration::from_millis(400)).await;
    s.update_session("late", &loaded, None).await.unwrap();
    assert_eq!(
        s.inner.backend.get(&Key::session("late")).await.unwrap(),
        None
    );
    assert_eq!(s.load_session("late").await.unwrap(), None);
}

async fn session_through_poem(b: Backing) {
    use poem::{
        EndpointExt, Route, get, handler,
        session::{CookieConfig, ServerSession, Session},
        test::TestClient,
    };

    #[handler]
    fn count(session: &Session) -> String {
        let n = session.get::<u32>("n").unwrap_or(0) + 1;
        session.set("n", n);
        n.to_string()
    }

    let h = Harness::new(b, StoreConfig::default());
    let (one, two) = (h.instance().await, h.instance().await);
    let app = |s: Store| {
        Route::new().at("/", get(count)).with(ServerSession::new(
            CookieConfig::new().name("pp_session"),
            s,
        ))
    };
    let (a, b2) = (TestClient::new(app(one)), TestClient::new(app(two)));
    let first = a.get("/").send().await;
    first.assert_status_is_ok();
    let cookie = first
        .0
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .expect("session cookie")
        .to_owned();
    first.assert_text("1").await;
    // the same session through the other instance
    b2.get("/")
        .header("cookie", &cookie)
        .send()
        .await
        .assert_text("2")
        .await;
    a.get("/")
        .header("cookie", &cookie)
        .send()
        .await
        .assert_text("3")
        .await;
}

/// Rotation through poem: `GET /` counts visits in the session (`n`); `?rotate` also
/// [`rotate`](crate::http::session::rotate)s it.
mod rotating {
    use poem::{
        Endpoint, EndpointExt, Route, get, handler,
        session::Session,
        test::{TestClient, TestResponse},
    };

    use crate::store::Store;

    #[handler]
    fn visit(session: &Session, req: &poem::Request) -> String {
        let n = session.get::<u32>("n").unwrap_or(0) + 1;
        session.set("n", n);
        if req.uri().query().is_some_and(|q| q.starts_with("rotate")) {
            crate::http::session::rotate(session);
        }
        n.to_string()
    }

    pub fn app(s: &Store) -> TestClient<impl Endpoint> {
        TestClient::new(
            Route::new()
                .at("/", get(visit))
                .with(crate::http::session::middleware(false, s.clone())),
        )
    }

    /// The `name=value` of the response's session cookie.
    pub fn cookie(r: &TestResponse) -> String {
        r.0.headers()
            .get("set-cookie")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .expect("session cookie")
            .to_owned()
    }
}

async fn session_rotation_deletes_the_old_record(b: Backing) {
    use rotating::cookie;
    let h = Harness::new(b, StoreConfig::default());
    let s = h.instance().await;
    let app = rotating::app(&s);
    let first = app.get("/").send().await;
    let old = cookie(&first);
    let rotated = app
        .get("/")
        .query("rotate", &1)
        .header("cookie", &old)
        .send()
        .await;
    let new = cookie(&rotated);
    assert_ne!(new, old, "a new id");
    rotated.assert_text("2").await;
    // the values moved to the new id; the old id has no record left
    let old_id = old.split_once('=').unwrap().1;
    assert_eq!(s.load_session(old_id).await.unwrap(), None);
    app.get("/")
        .header("cookie", &new)
        .send()
        .await
        .assert_text("3")
        .await;
    app.get("/")
        .header("cookie", &old)
        .send()
        .await
        .assert_text("1")
        .await;
}

/// Rotation (at sign-in) starts the absolute lifetime again: the session outlives its
/// first id's lifetime, not its own.
async fn session_rotation_starts_a_new_life(b: Backing) {
    use rotating::cookie;
    let h = Harness::new(
        b,
        short(|c| c.session_absolute = Duration::from_millis(1000)),
    );
    let s = h.instance().await;
    let app = rotating::app(&s);
    let born = app.get("/").send().await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let rotated = app
        .get("/")
        .query("rotate", &1)
        .header("cookie", cookie(&born))
        .send()
        .await;
    let new = cookie(&rotated);
    rotated.assert_text("2").await;
    // 1200 ms after the first id was born, 600 ms after the rotation
    tokio::time::sleep(Duration::from_millis(600)).await;
    app.get("/")
        .header("cookie", new)
        .send()
        .await
        .assert_text("3")
        .await;
}

async fn corrupt_records(b: Backing) {
    let h = Harness::new(b, StoreConfig::default());
    let s = h.instance().await;
    let backend = &s.inner.backend;
    let ttl = Duration::from_secs(60);
    for key in [
        Key::context("buy", "bad"),
        Key::idempotency("bad"),
        Key::session("bad"),
    ] {
        assert!(backend.cas(&key, None, "{not json", ttl).await.unwrap());
    }
    assert!(matches!(
        s.get::<Ctx>("buy", "bad").await,
        Err(StoreError::Corrupt(_))
    ));
    assert!(matches!(
        s.update("buy", "bad", |c: &mut Ctx| c.n += 1).await,
        Err(StoreError::Corrupt(_))
    ));
    assert!(matches!(
        s.idempotent("bad", "f", || async { 1u8 }).await,
        Err(StoreError::Corrupt(_))
    ));
    // a well-formed record of another shape is corrupt too, and says nothing of its data
    s.update("buy", "shape", |c: &mut Ctx| c.name = Some("secret".into()))
        .await
        .unwrap();
    match s.get::<u32>("buy", "shape").await {
        Err(StoreError::Corrupt(why)) => assert!(!why.contains("secret"), "{why}"),
        other => panic!("{other:?}"),
    }
    // a corrupt session is no session (and is removed)
    assert_eq!(s.load_session("bad").await.unwrap(), None);
    assert_eq!(backend.get(&Key::session("bad")).await.unwrap(), None);
}

/// A holder that dies (its runtime, tasks and connection gone, as when the process is
/// killed) stops renewing; the key is taken over after its lease, and not before.
fn takeover_after_crash(b: Backing) {
    let lease = Duration::from_millis(1000);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let h = Harness::new(b, short(|c| c.lease = lease));

    // instance A, on a runtime of its own
    let rt_a = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let a = rt_a.block_on(h.instance());
    let (started_tx, started_rx) = std::sync::mpsc::channel();
    rt_a.spawn(async move {
        let _ = a
            .idempotent("crash", "f", move || async move {
                let _ = started_tx.send(());
                std::future::pending::<u32>().await
            })
            .await;
    });
    started_rx
        .recv_timeout(Duration::from_secs(5))
        .expect("A started");

    let second = Arc::new(AtomicUsize::new(0));
    rt.block_on(async {
        let bb = h.instance().await;
        // while A lives (and renews), B waits: nothing runs for 2.5 leases
        let runs = second.clone();
        let waited = tokio::time::timeout(
            lease * 5 / 2,
            bb.idempotent("crash", "f", move || async move {
                runs.fetch_add(1, Ordering::SeqCst);
                9u32
            }),
        )
        .await;
        assert!(waited.is_err(), "B must wait while A holds the lease");
        assert_eq!(second.load(Ordering::SeqCst), 0);
    });

    rt_a.shutdown_background(); // A crashes
    let died = Instant::now();
    let answer = rt.block_on(async {
        let bb = h.instance().await;
        let runs = second.clone();
        bb.idempotent("crash", "f", move || async move {
            runs.fetch_add(1, Ordering::SeqCst);
            7u32
        })
        .await
        .unwrap()
    });
    assert_eq!(answer, Idempotent::Answer(7));
    assert_eq!(second.load(Ordering::SeqCst), 1);
    assert!(
        died.elapsed() < lease + Duration::from_millis(1000),
        "took over after {:?}",
        died.elapsed()
    );
}

mod takeover_after_crash {
    #[test]
    fn memory() {
        super::takeover_after_crash(super::Backing::Memory);
    }
    #[test]
    fn redis() {
        super::takeover_after_crash(super::Backing::Redis);
    }
}

#[tokio::test]
async fn memory_is_bounded_per_kind_and_evicts_only_empty_sessions() {
    let s = Store::memory(short(|c| c.max_memory_entries = 3));
    let Backend::Memory(m) = &s.inner.backend else {
        unreachable!()
    };
    for id in ["a", "b", "c"] {
        s.update("buy", id, |c: &mut Ctx| c.n = 1).await.unwrap();
    }
    // full: a new key is refused (503), every live record stays and can still change
    let refused = s.update("buy", "d", |c: &mut Ctx| c.n = 1).await;
    assert!(
        matches!(refused, Err(StoreError::Unavailable(_))),
        "{refused:?}"
    );
    for id in ["a", "b", "c"] {
        s.update("buy", id, |c: &mut Ctx| c.n += 1).await.unwrap();
        assert_eq!(s.get::<Ctx>("buy", id).await.unwrap().unwrap().n, 2, "{id}");
    }
    // other kinds have their own bound: sessions fill up without touching contexts; a
    // full session map evicts the empty session that expires first for a new one, never
    // one that names a flow context
    let busy = entries(&[("ctx.buy", json!("a"))]);
    s.update_session("busy", &busy, None).await.unwrap();
    for id in ["s1", "s2"] {
        s.update_session(id, &entries(&[]), None).await.unwrap();
    }
    s.update_session("s3", &entries(&[]), None).await.unwrap();
    assert_eq!(
        s.load("s1").await.unwrap(),
        None,
        "the first empty one made room"
    );
    assert!(s.load("busy").await.unwrap().is_some());
    s.update_session("s4", &busy, None).await.unwrap();
    s.update_session("s5", &busy, None).await.unwrap();
    // only busy sessions left: refused
    assert!(s.update_session("s6", &entries(&[]), None).await.is_err());
    assert!(s.load("busy").await.unwrap().is_some());
    assert_eq!(m.len(Kind::Session), 3);
    assert_eq!(m.len(Kind::Context), 3);
    s.idempotent("i", "f", || async { 1u8 }).await.unwrap();
    assert_eq!(m.len(Kind::Idempotency), 1);
    assert_eq!(s.memory_counts(), Some((3, 3, 1)));
}

#[tokio::test]
async fn memory_refuses_records_over_the_size_bound() {
    let s = Store::memory(short(|c| {
        c.max_session_bytes = 100;
        c.max_record_bytes = 200;
    }));
    let big = "x".repeat(300);
    assert!(
        s.update_session("s", &entries(&[("k", json!(big))]), None)
            .await
            .is_err()
    );
    let r = s
        .update("buy", "a", |c: &mut Ctx| c.name = Some(big.clone()))
        .await;
    assert!(matches!(r, Err(StoreError::Unavailable(_))), "{r:?}");
    s.update("buy", "a", |c: &mut Ctx| c.n = 1).await.unwrap();
}

#[tokio::test]
async fn memory_expiry_frees_room_without_scans() {
    let s = Store::memory(short(|c| {
        c.max_memory_entries = 2;
        c.context_ttl = Duration::from_millis(100);
    }));
    s.update("buy", "old", |c: &mut Ctx| c.n = 1).await.unwrap();
    s.update("buy", "old2", |c: &mut Ctx| c.n = 1)
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(150)).await;
    s.update("buy", "x", |c: &mut Ctx| c.n = 1).await.unwrap();
    s.update("buy", "y", |c: &mut Ctx| c.n = 1).await.unwrap();
    assert!(s.get::<Ctx>("buy", "x").await.unwrap().is_some());
    assert!(s.get::<Ctx>("buy", "y").await.unwrap().is_some());
    assert!(s.get::<Ctx>("buy", "old").await.unwrap().is_none());
    assert_eq!(s.backend_name(), "memory");
}

#[tokio::test]
async fn memory_insert_stays_fast_at_the_bound() {
    // the old clean-up scanned every record on insert at the bound: 50k inserts into a
    // full map of 50k took seconds; expiry by index keeps each call O(log n)
    let n = 50_000;
    let s = Store::memory(short(|c| {
        c.max_memory_entries = n;
        c.session_idle = Duration::from_millis(300);
    }));
    for i in 0..n {
        s.update_session(&format!("a{i}"), &entries(&[]), None)
            .await
            .unwrap();
    }
    tokio::time::sleep(Duration::from_millis(350)).await;
    let t = Instant::now();
    for i in 0..n {
        s.update_session(&format!("b{i}"), &entries(&[]), None)
            .await
            .unwrap();
    }
    // every insert found room (the expired made way), quickly
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    assert!(s.memory_counts().unwrap().0 <= n);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_keys_are_namespaced_with_ttls() {
    let h = Harness::new(Backing::Redis, StoreConfig::default());
    let s = h.instance().await;
    assert_eq!(s.backend_name(), "redis");
    s.update("buy", "k1", |c: &mut Ctx| c.n = 1).await.unwrap();
    s.update_session("sid", &entries(&[]), None).await.unwrap();
    s.idempotent("scope:key", "f", || async { 1u8 })
        .await
        .unwrap();

    let client = redis::Client::open(h.redis.as_ref().unwrap().url.as_str()).unwrap();
    let mut c = client.get_multiplexed_async_connection().await.unwrap();
    let mut keys: Vec<String> = redis::cmd("KEYS")
        .arg("*")
        .query_async(&mut c)
        .await
        .unwrap();
    keys.sort();
    assert_eq!(keys, ["pp:ctx:buy:k1", "pp:idem:scope:key", "pp:sess:sid"]);
    let cfg = StoreConfig::default();
    for (key, ttl) in [
        ("pp:ctx:buy:k1", cfg.context_ttl),
        ("pp:idem:scope:key", cfg.idempotency_ttl),
        // it names no flow context: the empty session's short idle time
        ("pp:sess:sid", cfg.empty_session_idle),
    ] {
        let pttl: i64 = redis::cmd("PTTL")
            .arg(key)
            .query_async(&mut c)
            .await
            .unwrap();
        let want = i64::try_from(ttl.as_millis()).unwrap();
        assert!(pttl > want - 5_000 && pttl <= want, "{key}: {pttl} ms");
    }
}

/// Asserts `call` fails with `Unavailable` within 2.5 s.
async fn unavailable_fast<T: std::fmt::Debug>(
    what: &str,
    call: impl Future<Output = Result<T, StoreError>>,
) {
    let t = Instant::now();
    let r = call.await;
    eprintln!("{what}: {:?} {r:?}", t.elapsed());
    assert!(
        matches!(r, Err(StoreError::Unavailable(_))),
        "{what}: {r:?}"
    );
    assert!(
        t.elapsed() < Duration::from_millis(2500),
        "{what} took {:?}",
        t.elapsed()
    );
}

async fn all_calls_unavailable(s: &Store) {
    unavailable_fast("ping", s.ping()).await;
    unavailable_fast("get", s.get::<Ctx>("buy", "d")).await;
    unavailable_fast("update", s.update("buy", "d", |c: &mut Ctx| c.n += 1)).await;
    unavailable_fast("idempotent", s.idempotent("d", "f", || async { 1u8 })).await;
    unavailable_fast("load session", s.load("d")).await;
    unavailable_fast("save session", s.save("d", &entries(&[]))).await;
}

async fn recovers(s: &Store) {
    let t = Instant::now();
    while s.ping().await.is_err() {
        assert!(t.elapsed() < Duration::from_secs(10), "no recovery in 10 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // the restarted Redis is empty (no persistence); the second update runs the CAS script,
    // which the crate loads again (NOSCRIPT)
    for want in 1..=2 {
        let n = s
            .update("buy", "d", |c: &mut Ctx| {
                c.n += 1;
                c.n
            })
            .await
            .unwrap();
        assert_eq!(n, want);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_down_is_unavailable_fast_and_recovers() {
    let mut h = Harness::new(Backing::Redis, StoreConfig::default());
    let s = h.instance().await;
    s.update("buy", "d", |c: &mut Ctx| c.n += 1).await.unwrap();
    h.server().stop();
    all_calls_unavailable(&s).await;
    // and again, now that the connection manager has tried to reconnect
    all_calls_unavailable(&s).await;
    h.server().restart();
    recovers(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_hung_times_out_and_recovers() {
    let h = Harness::new(Backing::Redis, StoreConfig::default());
    let s = h.instance().await;
    s.ping().await.unwrap();
    let pid = h
        .redis
        .as_ref()
        .and_then(RedisServer::pid)
        .unwrap()
        .to_string();
    let signal = |sig: &str| {
        let ok = std::process::Command::new("kill")
            .args([sig, &pid])
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "kill {sig} {pid}");
    };
    signal("-STOP");
    unavailable_fast("ping (hung)", s.ping()).await;
    unavailable_fast("get (hung)", s.get::<Ctx>("buy", "h")).await;
    signal("-CONT");
    let t = Instant::now();
    while s.ping().await.is_err() {
        assert!(t.elapsed() < Duration::from_secs(10), "no recovery in 10 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    s.update("buy", "h", |c: &mut Ctx| c.n += 1).await.unwrap();
}

#[tokio::test]
async fn redis_unreachable_at_startup_is_an_error() {
    // a port nobody listens on: bind one, note it, let it go
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let t = Instant::now();
    let r = Store::redis(
        &format!("redis://127.0.0.1:{port}/"),
        StoreConfig::default(),
    )
    .await;
    assert!(matches!(r, Err(StoreError::Unavailable(_))), "{r:?}");
    assert!(
        t.elapsed() < Duration::from_millis(2500),
        "{:?}",
        t.elapsed()
    );
    let r = Store::redis("not a url", StoreConfig::default()).await;
    match r {
        Err(StoreError::Unavailable(why)) => assert!(!why.contains("not a url"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn holder_survives_its_caller_going_away() {
    // the caller's future is dropped (client gone); the run finishes and its answer is stored
    let s = Store::memory(StoreConfig::default());
    let runs = Arc::new(AtomicUsize::new(0));
    let r = runs.clone();
    let caller = s.idempotent("gone", "f", move || async move {
        tokio::time::sleep(Duration::from_millis(200)).await;
        r.fetch_add(1, Ordering::SeqCst);
        5u32
    });
    let _ = tokio::time::timeout(Duration::from_millis(50), caller).await;
    let again = s.idempotent("gone", "f", || async { 6u32 }).await.unwrap();
    assert_eq!(again, Idempotent::Answer(5));
    assert_eq!(runs.load(Ordering::SeqCst), 1);
}

#[test]
fn debug_shows_no_url() {
    let s = Store::memory(StoreConfig::default());
    let d = format!("{s:?}");
    assert!(d.contains("memory"), "{d}");
}
