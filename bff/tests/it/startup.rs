//! `Application::build` with the embedded default: binds a free port, starts the simulators
//! and serves real HTTP.

use bff::{config::Config, startup::Application};

#[tokio::test]
async fn embedded_default_serves_over_http() {
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        ..Config::from_lookup(|_| None).unwrap()
    };
    let app = Application::build(config).await.expect("build");
    let port = app.port();
    assert_ne!(port, 0);
    let server = tokio::spawn(app.run_until_stopped());
    let base = format!("http://127.0.0.1:{port}");
    let health: serde_json::Value = reqwest::get(format!("{base}/healthz"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(health["status"], "ok");
    let r = reqwest::get(format!("{base}/-/api/my.prepaid/merchant-flow"))
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "content through the embedded simulators");
    assert!(r.headers().contains_key("x-request-id"));
    server.abort();
}
