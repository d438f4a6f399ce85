//! `GET /healthz` (tag health).

use poem_openapi::{Object, OpenApi, payload::Json};

use crate::http::tags::ApiTags;

/// Liveness answer.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct Health {
    /// Always `ok` when the process serves requests.
    pub status: String,
    /// Version of the BFF (crate version).
    pub version: String,
}

/// Liveness operations.
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
}
