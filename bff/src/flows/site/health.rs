//! `GET /healthz` (liveness) and `GET /readyz` (readiness), tag health.

use std::{sync::Arc, sync::atomic::Ordering, time::Duration};

use poem_openapi::{ApiResponse, Enum, Object, OpenApi, payload::Json};

use crate::{http::tags::ApiTags, state::AppState};

/// How long `/readyz` waits for the store (below the Redis commands' own 2 s bound, so a probe
/// with a 3 s timeout always gets an answer).
pub const STORE_CHECK: Duration = Duration::from_millis(1500);

/// Liveness answer.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct Health {
    /// Always `ok` when the process serves requests.
    pub status: String,
    /// Version of the BFF (crate version).
    pub version: String,
}

/// Whether this instance should get traffic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum ReadyStatus {
    /// Every check passed.
    Ready,
    /// A check failed (see `store` and `web`).
    NotReady,
    /// The process got SIGTERM or SIGINT and is finishing the requests in flight.
    Draining,
}

/// The result of one readiness check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum Check {
    /// The check passed.
    Ok,
    /// The check failed.
    Failed,
}

/// Readiness answer: the overall status and each check.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct Readiness {
    /// `ready` (200), else `notReady` or `draining` (503).
    pub status: ReadyStatus,
    /// The store answers: Redis `PING` within 1.5 s (memory: always).
    pub store: Check,
    /// The built web app is there (`index.html` of `BFF_WEB_DIST`).
    pub web: Check,
}

/// `GET /readyz` answers.
#[derive(Debug, ApiResponse)]
pub enum ReadyResponse {
    /// Ready for traffic.
    #[oai(status = 200)]
    Ready(Json<Readiness>),
    /// Not ready, or draining: send traffic elsewhere.
    #[oai(status = 503)]
    NotReady(Json<Readiness>),
}

/// Liveness and readiness operations.
pub struct HealthApi;

#[OpenApi(tag = "ApiTags::Health")]
impl HealthApi {
    /// Liveness: answers `{status: "ok", version}` without calling any upstream.
    #[oai(path = "/healthz", method = "get", operation_id = "health")]
    async fn health(&self) -> Json<Health> {
        Json(Health {
            status: "ok".into(),
            version: env!("CARGO_PKG_VERSION").into(),
        })
    }

    /// Readiness, for load balancers and orchestrators: 200 `ready` when the store answers
    /// (Redis `PING` within 1.5 s) and the built web app is present; 503 `notReady` naming the
    /// failed check, or 503 `draining` once the process got SIGTERM or SIGINT (it finishes the
    /// requests in flight, then exits). Calls no upstream service: an upstream outage is not
    /// this instance's, and pulling every instance out would turn it into a full outage.
    #[oai(path = "/readyz", method = "get", operation_id = "ready")]
    async fn ready(&self, state: poem::web::Data<&Arc<AppState>>) -> ReadyResponse {
        let store = match tokio::time::timeout(STORE_CHECK, state.store.ping()).await {
            Ok(Ok(())) => Check::Ok,
            _ => Check::Failed,
        };
        let web = match tokio::fs::metadata(state.config.web_dist.join("index.html")).await {
            Ok(m) if m.is_file() => Check::Ok,
            _ => Check::Failed,
        };
        let status = if state.draining.load(Ordering::Relaxed) {
            ReadyStatus::Draining
        } else if store == Check::Ok && web == Check::Ok {
            ReadyStatus::Ready
        } else {
            ReadyStatus::NotReady
        };
        let body = Json(Readiness { status, store, web });
        if status == ReadyStatus::Ready {
            ReadyResponse::Ready(body)
        } else {
            ReadyResponse::NotReady(body)
        }
    }
}
