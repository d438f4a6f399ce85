//! Issue 9 items 9 and 10: production requires its browser-facing settings and takes the
//! page origin from `BFF_PUBLIC_ORIGIN`, never from `Host`, and never shows an internal
//! upstream address to the browser; harness mode refuses upstreams that are not loopback.

use std::collections::HashMap;

use crate::{buy::Buyer, common::*};
use bff::{
    config::{Config, ConfigError, Mode, UpstreamUrls, Upstreams},
    startup::{Application, StartupError},
};
use poem::http::header;
use serde_json::json;
use upstream::service::Service;

const ORIGIN: &str = "https://prepaid.example.com";
const CARD_ENTRY: &str = "https://pay.example.com/card-entry";
const ROUTER: &str = "https://id.example.com/router";

/// `BFF_UPSTREAM_*` of every service under `base` (the embedded simulators' layout).
fn upstream_env(base: &str) -> HashMap<String, String> {
    Service::ALL
        .iter()
        .filter_map(|s| Some((s.env_var()?.to_owned(), format!("{base}{}", s.prefix()))))
        .collect()
}

fn from_env(env: &HashMap<String, String>) -> Result<Config, ConfigError> {
    Config::from_lookup(|k| env.get(k).cloned())
}

#[tokio::test]
async fn production_start_up_names_the_missing_settings() {
    let mut env = upstream_env("http://127.0.0.1:9");
    env.insert("BFF_MODE".into(), "production".into());
    let err = from_env(&env).unwrap_err().to_string();
    for var in [
        "BFF_PUBLIC_ORIGIN",
        "BFF_CARD_ENTRY_URL",
        "BFF_IDENTITY_ROUTER_URL",
        "BFF_IDENTITY_PROVIDER_URL",
    ] {
        assert!(err.contains(var), "{var}: {err}");
    }
    env.clear();
    env.insert("BFF_MODE".into(), "production".into());
    let err = from_env(&env).unwrap_err().to_string();
    assert!(err.contains("BFF_UPSTREAM_PAYMENTS"), "{err}");

    // a configuration built in code gets the same rules at start-up
    let config = Config {
        mode: Mode::Production,
        addr: "127.0.0.1:0".parse().unwrap(),
        upstreams: Upstreams::External(UpstreamUrls::under("http://127.0.0.1:9")),
        ..Config::default()
    };
    match Application::build(config).await.err() {
        Some(StartupError::Config(ConfigError::ProductionMissing(vars))) => assert_eq!(
            vars,
            "BFF_PUBLIC_ORIGIN, BFF_CARD_ENTRY_URL, BFF_IDENTITY_ROUTER_URL, BFF_IDENTITY_PROVIDER_URL, BFF_REDIS_URL (or BFF_STORE=memory for one instance)"
        ),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn harness_mode_refuses_real_upstreams_at_start_up() {
    let mut env = upstream_env("https://api.provider.example");
    env.insert("BFF_MODE".into(), "harness".into());
    let err = from_env(&env).unwrap_err();
    assert!(
        matches!(&err, ConfigError::HarnessWithRemoteUpstreams(v) if v.contains("BFF_UPSTREAM_ACTIVATION")),
        "{err}"
    );
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        upstreams: Upstreams::External(UpstreamUrls::under("https://api.provider.example")),
        ..Config::default()
    };
    assert!(matches!(
        Application::build(config).await.err(),
        Some(StartupError::Config(
            ConfigError::HarnessWithRemoteUpstreams(_)
        ))
    ));
    // loopback upstreams (local simulators, these tests) are fine
    let env = upstream_env("http://127.0.0.1:9");
    assert!(from_env(&env).is_ok());
}

#[tokio::test]
async fn production_urls_come_from_configuration_not_from_host() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let mut env = upstream_env(&sims.base_url);
    for (k, v) in [
        ("BFF_MODE", "production"),
        ("BFF_STORE", "memory"),
        ("BFF_PUBLIC_ORIGIN", ORIGIN),
        ("BFF_CARD_ENTRY_URL", CARD_ENTRY),
        ("BFF_IDENTITY_ROUTER_URL", ROUTER),
        (
            "BFF_IDENTITY_PROVIDER_URL",
            "https://login.example.com/oauth",
        ),
    ] {
        env.insert(k.into(), v.into());
    }
    let config = Config {
        web_dist: web_dist(),
        rate_limit_per_min: 0,
        ..from_env(&env).unwrap()
    };
    let (cli, _) = client_for(config).await;
    let b = Buyer::new(&cli, "en").await;
    b.shop("30309", "1200 Peachtree St", false).await;

    let evil = "evil.example:8443";
    let r = cli
        .post("/secure/session")
        .header(header::COOKIE, &b.cookie)
        .header("x-xsrf-token", &b.xsrf)
        .header(header::HOST, evil)
        .body_json(&json!({"redirectUrl": "/en/buy/session"}))
        .send()
        .await;
    r.assert_status_is_ok();
    let csp = r.0.headers()[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        csp.ends_with("frame-src 'self' https://pay.example.com"),
        "{csp}"
    );
    assert!(
        !csp.contains("127.0.0.1") && !csp.contains("localhost"),
        "{csp}"
    );
    let v = json(r.0).await;
    let router = v["routerUrl"].as_str().unwrap();
    assert!(
        router.starts_with(&format!("{ROUTER}?digitalSessionId=")),
        "{router}"
    );
    assert!(
        router.ends_with("&returnUrl=https%3A%2F%2Fprepaid.example.com%2Fen%2Fbuy%2Fsession"),
        "{router}"
    );

    let r = cli
        .get("/secure/api/v1/payments/card-entry-config")
        .header(header::COOKIE, &b.cookie)
        .header(header::HOST, evil)
        .send()
        .await;
    r.assert_status_is_ok();
    let v = json(r.0).await;
    let iframe = v["iframeUrl"].as_str().unwrap();
    assert_eq!(
        iframe,
        format!("{CARD_ENTRY}?lang=en&parentOrigin=https%3A%2F%2Fprepaid.example.com")
    );
    assert_eq!(v["config"]["channelDetails"]["messageLocation"], ORIGIN);
    let text = v.to_string();
    assert!(
        !text.contains("evil") && !text.contains(&sims.base_url),
        "{text}"
    );
}

#[tokio::test]
async fn harness_mode_uses_the_configured_origin_when_set() {
    let (cli, _s) = harness_app().await;
    let b = Buyer::new(&cli, "en").await;
    let v = b
        .ok(b.get("/secure/api/v1/payments/card-entry-config"))
        .await;
    assert!(
        v["iframeUrl"]
            .as_str()
            .unwrap()
            .ends_with("parentOrigin=http%3A%2F%2F127.0.0.1%3A8080"),
        "{v}: harness without BFF_PUBLIC_ORIGIN follows the request"
    );
    let sims = simulators::spawn_embedded().await.unwrap();
    let mut cfg = config(Mode::Harness, &UpstreamUrls::under(&sims.base_url), 3000);
    cfg.public_origin = Some("http://localhost:5173".into());
    let (cli, _) = client_for(cfg).await;
    let b = Buyer::new(&cli, "en").await;
    let v = b
        .ok(b.get("/secure/api/v1/payments/card-entry-config"))
        .await;
    assert_eq!(
        v["config"]["channelDetails"]["messageLocation"],
        "http://localhost:5173"
    );
}
