//! The Redis backend: the four primitives on one [`ConnectionManager`] (a multiplexed
//! connection that reconnects by itself after a failure).
//!
//! Compare-and-set is a Lua script (`WATCH`/`MULTI` would need a connection of its own: on a
//! multiplexed connection another task's commands interleave with the transaction). Every
//! command is bounded by [`OP_TIMEOUT`]; a failure is logged (operation and record kind only)
//! and returned as [`StoreError::Unavailable`].

use std::{future::Future, time::Duration};

use redis::{
    Client, RedisError, Script,
    aio::{ConnectionManager, ConnectionManagerConfig},
};

use super::{Key, Kind, OP_TIMEOUT, StoreError};

/// Sets `KEYS[1]` to `ARGV[2]` with `PX ARGV[3]` if it holds exactly `ARGV[1]`; 1 if it did.
/// (An absent key reads as `false`, never equal to a string.)
const CAS_LUA: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
";

/// Adds one to `KEYS[1]`, starting its window of `ARGV[1]` ms on the first hit; the count.
const HIT_LUA: &str = r"
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
";

pub(super) struct RedisKv {
    conn: ConnectionManager,
    /// Sent as `EVALSHA`, loaded again by the crate after `NOSCRIPT` (a restarted Redis).
    cas: Script,
    hit: Script,
}

/// A time to live in whole milliseconds, at least 1 (`PX 0` is an error).
fn px(ttl: Duration) -> u64 {
    u64::try_from(ttl.as_millis())
        .unwrap_or(u64::MAX)
        .clamp(1, i64::MAX as u64)
}

fn unavailable(op: &str, kind: Option<Kind>, why: &str) -> StoreError {
    let kind = kind.map_or("-", Kind::name);
    tracing::warn!(op, kind, error = why, "store: redis unavailable");
    StoreError::Unavailable(format!("redis {op}: {why}"))
}

/// Runs one Redis call within [`OP_TIMEOUT`].
async fn bounded<T>(
    op: &str,
    kind: Option<Kind>,
    call: impl Future<Output = Result<T, RedisError>>,
) -> Result<T, StoreError> {
    match tokio::time::timeout(OP_TIMEOUT, call).await {
        Ok(Ok(v)) => Ok(v),
        // the crate's message names the failure (refused, reset, timed out), not the URL
        Ok(Err(e)) => Err(unavailable(op, kind, &e.to_string())),
        Err(_) => Err(unavailable(
            op,
            kind,
            &format!("no answer within {} ms", OP_TIMEOUT.as_millis()),
        )),
    }
}

impl RedisKv {
    /// Connects to `url` (within about 2 s).
    pub(super) async fn connect(url: &str) -> Result<Self, StoreError> {
        // the parse error may quote the URL (and its password): say only that it is invalid
        let client = Client::open(url)
            .map_err(|_| unavailable("connect", None, "invalid Redis URL (not shown)"))?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Duration::from_secs(1))
            .set_response_timeout(OP_TIMEOUT)
            // One connection attempt per reconnection, no retries: the crate's backoff
            // starts at 1 s (plus jitter), so with retries every call during an outage would
            // wait out most of OP_TIMEOUT. Without, a refused connection fails the waiting
            // commands at once, and the next command starts a new attempt: recovery needs
            // no restart, and no call waits longer than the 1 s connection timeout.
            .set_number_of_retries(0);
        let conn = bounded(
            "connect",
            None,
            ConnectionManager::new_with_config(client, config),
        )
        .await?;
        Ok(Self {
            conn,
            cas: Script::new(CAS_LUA),
            hit: Script::new(HIT_LUA),
        })
    }

    pub(super) async fn ping(&self) -> Result<(), StoreError> {
        let mut c = self.conn.clone();
        bounded(
            "ping",
            None,
            redis::cmd("PING").query_async::<String>(&mut c),
        )
        .await
        .map(drop)
    }

    /// How many keys start with `prefix` (`SCAN ... MATCH <prefix>*`, 1,000 at a time, the
    /// whole walk bounded by [`OP_TIMEOUT`]; Redis answers other clients between the steps).
    pub(super) async fn count(&self, prefix: &str) -> Result<usize, StoreError> {
        let mut c = self.conn.clone();
        let pattern = format!("{prefix}*");
        let walk = async {
            let mut cursor = 0u64;
            let mut n = 0usize;
            loop {
                let (next, keys): (u64, Vec<String>) = redis::cmd("SCAN")
                    .arg(cursor)
                    .arg("MATCH")
                    .arg(&pattern)
                    .arg("COUNT")
                    .arg(1000)
                    .query_async(&mut c)
                    .await?;
                n += keys.len();
                if next == 0 {
                    return Ok(n);
                }
                cursor = next;
            }
        };
        bounded("scan", None, walk).await
    }

    pub(super) async fn get(&self, key: &Key) -> Result<Option<String>, StoreError> {
        let mut c = self.conn.clone();
        bounded(
            "get",
            Some(key.kind),
            redis::cmd("GET")
                .arg(&key.full)
                .query_async::<Option<String>>(&mut c),
        )
        .await
    }

    pub(super) async fn cas(
        &self,
        key: &Key,
        expect: Option<&str>,
        new: &str,
        ttl: Duration,
    ) -> Result<bool, StoreError> {
        let mut c = self.conn.clone();
        match expect {
            None => {
                let mut set = redis::cmd("SET");
                set.arg(&key.full).arg(new).arg("NX").arg("PX").arg(px(ttl));
                let reply = bounded(
                    "set-nx",
                    Some(key.kind),
                    set.query_async::<redis::Value>(&mut c),
                )
                .await?;
                Ok(!matches!(reply, redis::Value::Nil))
            }
            Some(old) => {
                let mut invocation = self.cas.key(&key.full);
                invocation.arg(old).arg(new).arg(px(ttl));
                let swapped = bounded(
                    "cas",
                    Some(key.kind),
                    invocation.invoke_async::<i64>(&mut c),
                )
                .await?;
                Ok(swapped == 1)
            }
        }
    }

    /// One hit on the fixed-window counter `key` (full key); the count in the window.
    pub(super) async fn hit(&self, key: &str, window: Duration) -> Result<u64, StoreError> {
        let mut c = self.conn.clone();
        let mut invocation = self.hit.key(key);
        invocation.arg(px(window));
        bounded("hit", None, invocation.invoke_async::<u64>(&mut c)).await
    }

    pub(super) async fn expire(&self, key: &Key, ttl: Duration) -> Result<(), StoreError> {
        let mut c = self.conn.clone();
        bounded(
            "expire",
            Some(key.kind),
            redis::cmd("PEXPIRE")
                .arg(&key.full)
                .arg(px(ttl))
                .query_async::<i64>(&mut c),
        )
        .await
        .map(drop)
    }

    pub(super) async fn del(&self, key: &Key) -> Result<(), StoreError> {
        let mut c = self.conn.clone();
        bounded(
            "del",
            Some(key.kind),
            redis::cmd("DEL").arg(&key.full).query_async::<i64>(&mut c),
        )
        .await
        .map(drop)
    }
}
