//! Issue 9 item 8: `Strict-Transport-Security` in production only, `Cache-Control: no-store` on
//! every API answer (errors, session, card-entry configuration and content included), and
//! `/docs` with `/openapi.json` switched by `BFF_API_DOCS` (on in harness mode, off in
//! production by default).

use crate::common::*;
use bff::{
    config::{Config, Mode, UpstreamUrls},
    http::middleware::HSTS,
};
use poem::http::header;

/// A BFF in `mode` over embedded simulators, `tweak` applied to its configuration.
async fn app(mode: Mode, tweak: impl FnOnce(&mut Config)) -> (Client, simulators::Embedded) {
    let sims = simulators::spawn_embedded().await.unwrap();
    let mut cfg = config(mode, &UpstreamUrls::under(&sims.base_url), 3000);
    tweak(&mut cfg);
    (client_for(cfg).await.0, sims)
}

#[tokio::test]
async fn hsts_in_production_only() {
    let (prod, _p) = app(Mode::Production, |_| {}).await;
    let (harness, _h) = app(Mode::Harness, |_| {}).await;
    for path in ["/healthz", "/en", "/nope", "/secure/x"] {
        let r = prod.get(path).send().await;
        assert_eq!(
            r.0.headers()
                .get(header::STRICT_TRANSPORT_SECURITY)
                .map(|v| v.to_str().unwrap()),
            Some(HSTS),
            "{path}"
        );
        let r = harness.get(path).send().await;
        assert!(
            !r.0.headers()
                .contains_key(header::STRICT_TRANSPORT_SECURITY),
            "{path}"
        );
    }
}

#[tokio::test]
async fn every_api_answer_is_no_store() {
    let (cli, _s) = app(Mode::Harness, |_| {}).await;
    let (cookie, _) = session(&cli).await;
    let api = [
        "/token",
        "/healthz",
        "/secure/session",
        "/secure/api/v1/payments/card-entry-config",
        "/secure/v1/customermanagement/prepaidPaymentID",
        "/-/api/my.prepaid/merchant-flow",
        "/-/api/es/my.prepaid/buyflow",
        "/-/api/cart",
        "/-/api/nope/dictionary",
        "/secure/nothing-here",
    ];
    for path in api {
        let r = cli
            .get(path)
            .header(header::COOKIE, &cookie)
            .query("trackingId", &TRACKING)
            .send()
            .await;
        assert_eq!(
            r.0.headers()
                .get(header::CACHE_CONTROL)
                .map(|v| v.to_str().unwrap()),
            Some("no-store"),
            "{path} answered {}",
            r.0.status()
        );
    }
    // an error answer before routing (CSRF) too
    let r = cli.post("/secure/session").body_json(&1).send().await;
    assert_eq!(r.0.status(), 403);
    assert_eq!(r.0.headers()[header::CACHE_CONTROL], "no-store");
    // the web app keeps its own policy
    let r = cli.get("/assets/app-1a2b3c.js").send().await;
    assert_eq!(
        r.0.headers()[header::CACHE_CONTROL],
        bff::web::IMMUTABLE,
        "hashed assets stay cacheable"
    );
}

#[tokio::test]
async fn api_docs_follow_the_mode_and_the_switch() {
    for (mode, setting, served) in [
        (Mode::Harness, None, true),
        (Mode::Harness, Some(false), false),
        (Mode::Production, None, false),
        (Mode::Production, Some(true), true),
        (Mode::Plain, None, false),
    ] {
        let (cli, _s) = app(mode, |c| c.api_docs = setting).await;
        for path in ["/docs", "/openapi.json"] {
            let got = cli.get(path).send().await.0.status().as_u16();
            let want = if served { 200 } else { 404 };
            assert_eq!(got, want, "{mode:?} {setting:?} {path}");
        }
    }
    // the variable, end to end
    let off = Config::from_lookup(|k| (k == "BFF_API_DOCS").then(|| "off".to_owned())).unwrap();
    assert!(off.harness() && !off.api_docs());
}
