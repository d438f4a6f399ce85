//! Helpers shared by the integration tests.

use poem::test::{TestClient, TestResponse};

/// A test client on the full simulator endpoint.
pub fn client() -> TestClient<poem::Route> {
    TestClient::new(simulators::endpoint())
}

/// The response body as JSON.
pub async fn json(resp: TestResponse) -> serde_json::Value {
    let text = resp.0.into_body().into_string().await.expect("body");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// A real HTTP client (reqwest over rustls). reqwest is built without a crypto provider
/// (`rustls-no-provider`), so the process's default is installed first: a test must not depend
/// on another having done it (a filtered run of one test panicked building its client).
pub fn http_client() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::new()
}
