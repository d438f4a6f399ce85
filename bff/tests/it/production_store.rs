//! Production runs on the shared store (security issue, item 13): `BFF_MODE=production`
//! requires `BFF_REDIS_URL` unless one instance is chosen explicitly with `BFF_STORE=memory`;
//! `BFF_STORE=redis` requires the URL; the configuration error names what is missing.

use std::collections::HashMap;

use bff::{
    config::{Config, ConfigError, Mode, UpstreamUrls, Upstreams},
    startup::{Application, StartupError},
};
use upstream::service::Service;

/// Everything production needs but the store: every `BFF_UPSTREAM_*` (loopback, nothing is
/// called) and the browser-facing settings.
fn production_env() -> HashMap<String, String> {
    let mut env: HashMap<String, String> = Service::ALL
        .iter()
        .filter_map(|s| Some((s.env_var()?.to_owned(), "http://127.0.0.1:9".to_owned())))
        .collect();
    for (k, v) in [
        ("BFF_MODE", "production"),
        ("BFF_ADDR", "127.0.0.1:0"),
        ("BFF_PUBLIC_ORIGIN", "https://prepaid.example.com"),
        ("BFF_CARD_ENTRY_URL", "https://pay.example.com/card-entry"),
        ("BFF_IDENTITY_ROUTER_URL", "https://id.example.com/router"),
        (
            "BFF_IDENTITY_PROVIDER_URL",
            "https://login.example.com/oauth",
        ),
    ] {
        env.insert(k.into(), v.into());
    }
    env
}

fn from_env(env: &HashMap<String, String>) -> Result<Config, ConfigError> {
    Config::from_lookup(|k| env.get(k).cloned())
}

#[tokio::test]
async fn production_without_a_redis_url_names_it() {
    let env = production_env();
    match from_env(&env) {
        Err(ConfigError::ProductionMissing(vars)) => {
            assert!(vars.contains("BFF_REDIS_URL"), "{vars}");
            assert!(
                vars.contains("BFF_STORE=memory"),
                "the way out is named: {vars}"
            );
        }
        other => panic!("production on an in-memory store by default: {other:?}"),
    }
    // the other missing settings are named with it
    let mut partial = env.clone();
    partial.remove("BFF_PUBLIC_ORIGIN");
    let err = from_env(&partial).unwrap_err().to_string();
    assert!(
        err.contains("BFF_PUBLIC_ORIGIN") && err.contains("BFF_REDIS_URL"),
        "{err}"
    );
    // a configuration built in code gets the same rule at start-up
    let config = Config {
        mode: Mode::Production,
        addr: "127.0.0.1:0".parse().unwrap(),
        upstreams: Upstreams::External(UpstreamUrls::under("http://127.0.0.1:9")),
        public_origin: Some("https://prepaid.example.com".into()),
        card_entry_url: Some("https://pay.example.com/card-entry".into()),
        identity_provider_url: Some("https://login.example.com/oauth".into()),
        identity: bff::config::IdentityRouter {
            production_url: Some("https://id.example.com/router".into()),
            ..Default::default()
        },
        ..Config::default()
    };
    match Application::build(config).await.err() {
        Some(StartupError::Config(ConfigError::ProductionMissing(vars))) => {
            assert!(vars.contains("BFF_REDIS_URL"), "{vars}")
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn production_on_memory_is_a_choice_of_one_instance() {
    let mut env = production_env();
    env.insert("BFF_STORE".into(), "memory".into());
    let config = from_env(&env).expect("BFF_STORE=memory: one instance, chosen");
    let app = Application::build(config).await.expect("application");
    assert_eq!(app.state().store.backend_name(), "memory");
}

#[tokio::test]
async fn bff_store_is_memory_or_redis_and_redis_needs_its_url() {
    // in any mode, redis without the URL names the URL
    for mut env in [HashMap::new(), production_env()] {
        env.insert("BFF_STORE".into(), "redis".into());
        let err = from_env(&env).unwrap_err().to_string();
        assert!(err.contains("BFF_REDIS_URL"), "{err}");
    }
    // memory and a Redis URL contradict each other
    let mut env = HashMap::new();
    env.insert("BFF_STORE".to_owned(), "memory".to_owned());
    env.insert(
        "BFF_REDIS_URL".to_owned(),
        "redis://127.0.0.1:6390".to_owned(),
    );
    let err = from_env(&env).unwrap_err().to_string();
    assert!(
        err.contains("BFF_STORE") && err.contains("BFF_REDIS_URL"),
        "{err}"
    );
    // anything else is not a store
    let mut env = HashMap::new();
    env.insert("BFF_STORE".to_owned(), "disk".to_owned());
    assert!(matches!(
        from_env(&env),
        Err(ConfigError::Invalid {
            var: "BFF_STORE",
            ..
        })
    ));
    // harness and plain mode keep the in-memory default
    assert!(from_env(&HashMap::new()).is_ok());
    let mut env = production_env();
    env.remove("BFF_MODE");
    assert_eq!(from_env(&env).unwrap().mode, Mode::Plain);
    // production with the URL (Redis reached only when the test command gives one)
    let mut env = production_env();
    env.insert("BFF_REDIS_URL".into(), "redis://redis.internal:6379".into());
    assert!(from_env(&env).is_ok());
    if let Ok(url) = std::env::var("BFF_TEST_REDIS_URL")
        && !url.is_empty()
    {
        env.insert("BFF_REDIS_URL".into(), url);
        env.insert("BFF_STORE".into(), "redis".into());
        let app = Application::build(from_env(&env).unwrap())
            .await
            .expect("application");
        assert_eq!(app.state().store.backend_name(), "redis");
    }
}
