//! Each operation against the in-process simulators, bad input, CSRF, body limit, harness
//! pages, security headers and the web app fallback.

use crate::common::*;
use poem::http::{StatusCode, header};

#[tokio::test]
async fn health_and_token() {
    let (cli, _s) = harness_app().await;
    let r = cli.get("/healthz").send().await;
    r.assert_status_is_ok();
    assert_eq!(json(r.0).await["status"], "ok");
    let (cookie1, t1) = session(&cli).await;
    assert_eq!(t1.len(), 64);
    // Same session, same token; no new cookie.
    let r = cli
        .get("/token")
        .header(header::COOKIE, &cookie1)
        .send()
        .await;
    assert!(r.0.headers().get(header::SET_COOKIE).is_none());
    assert_eq!(json(r.0).await["xsrfToken"], t1.as_str());
    assert_api_error(
        cli.get("/token").query("trackingId", &"nope").send().await,
        400,
        "VALIDATION_FAILED",
    )
    .await;
}

#[tokio::test]
async fn content_en_es_and_unknown_site() {
    let (cli, _s) = harness_app().await;
    for path in ["merchant-flow", "dictionary", "buyflow"] {
        for prefix in ["/-/api/my.prepaid", "/-/api/es/my.prepaid"] {
            let r = cli.get(format!("{prefix}/{path}")).send().await;
            assert_eq!(r.0.status(), StatusCode::OK, "{prefix}/{path}");
            assert!(json(r.0).await.is_object());
        }
        let r = cli.get(format!("/-/api/other.site/{path}")).send().await;
        assert_api_error(r, 404, "NOT_FOUND").await;
    }
    let en = json(cli.get("/-/api/my.prepaid/dictionary").send().await.0).await;
    let es = json(cli.get("/-/api/es/my.prepaid/dictionary").send().await.0).await;
    assert_ne!(en, es, "Spanish content differs from English");
}

const BROADBAND: &str = "/-/api/my.prepaid/broadband-facts";

/// `getBroadbandFacts` with the plan-tier widget's inputs, `over` replacing some of them
/// (`None` leaves a parameter out).
async fn broadband(
    cli: &Client,
    path: &str,
    over: &[(&str, Option<&str>)],
) -> poem::test::TestResponse {
    let mut req = cli.get(path);
    for (name, value) in [
        ("tierIds", "HSD_030"),
        ("servicePlanType", "PREPAID"),
        ("lob", "INTERNET"),
        ("sourceIds", "prepaid-portal"),
    ] {
        match over.iter().find(|(n, _)| *n == name) {
            Some((_, Some(v))) => req = req.query(name, v),
            Some((_, None)) => {}
            None => req = req.query(name, &value),
        }
    }
    req.send().await
}

#[tokio::test]
async fn broadband_facts_for_the_plan_tier_widget() {
    let (cli, _s) = harness_app().await;
    let r = broadband(&cli, BROADBAND, &[]).await;
    r.assert_status_is_ok();
    let body = json(r.0).await;
    let labels = body["labels"].as_array().unwrap();
    assert_eq!(labels.len(), 1, "{body}");
    assert_eq!(labels[0]["tierId"], "HSD_030");
    assert_eq!(labels[0]["servicePlanType"], "PREPAID");
    assert_eq!(labels[0]["lob"], "INTERNET");
    let text = labels[0]["label"].to_string();
    for figure in [
        "200 Mbps",
        "$45",
        "$15",
        "234.5 Mbps",
        "11.72 Mbps",
        "18.4 ms",
        "$0",
    ] {
        assert!(text.contains(figure), "missing {figure}");
    }
    // No label for the query: 200 with none (the page then shows the content's notice).
    for over in [
        ("tierIds", "HSD_999"),
        ("servicePlanType", "POSTPAID"),
        ("lob", "VIDEO"),
    ] {
        let r = broadband(&cli, BROADBAND, &[(over.0, Some(over.1))]).await;
        r.assert_status_is_ok();
        assert_eq!(
            json(r.0).await,
            serde_json::json!({"labels": []}),
            "{over:?}"
        );
    }
    let r = broadband(&cli, "/-/api/other.site/broadband-facts", &[]).await;
    assert_api_error(r, 404, "NOT_FOUND").await;
    for (name, value) in [
        ("tierIds", None),
        ("tierIds", Some("")),
        ("tierIds", Some("HSD_030;drop")),
        ("servicePlanType", None),
        ("lob", Some("INTER NET")),
        ("sourceIds", None),
    ] {
        let r = broadband(&cli, BROADBAND, &[(name, value)]).await;
        let body = assert_api_error(r, 400, "VALIDATION_FAILED").await;
        assert_eq!(body["details"][0]["field"], name, "{body}");
    }
    // English only: the Spanish page shows the static label of the buy-flow content.
    let r = broadband(&cli, "/-/api/es/my.prepaid/broadband-facts", &[]).await;
    assert_api_error(r, 404, "NOT_FOUND").await;
}

#[tokio::test]
async fn address_suggestions_follow_the_rules() {
    let (cli, _s) = harness_app().await;
    let r = cli
        .get("/secure/api/v1/address/suggestions")
        .query("q", &"1200 Peach")
        .query("trackingId", &TRACKING)
        .send()
        .await;
    r.assert_status_is_ok();
    let v = json(r.0).await;
    let list = v["suggestions"].as_array().unwrap();
    assert!(list.len() <= 5);
    for s in list {
        let full = s["fullAddress"].as_str().unwrap();
        assert_ne!(full, "N");
        assert!(full.starts_with(s["street"].as_str().unwrap()));
        let zip = s["zip"].as_str().unwrap();
        assert!(zip.is_empty() || zip.len() == 5);
    }
    let r = cli
        .get("/secure/api/v1/address/suggestions")
        .query("q", &"1")
        .query("trackingId", &TRACKING)
        .send()
        .await;
    let e = assert_api_error(r, 400, "VALIDATION_FAILED").await;
    assert_eq!(e["details"][0]["field"], "q");
    assert_eq!(e["details"][0]["code"], "minLength");
}

#[tokio::test]
async fn validate_address_and_serviceability() {
    let (cli, _s) = harness_app().await;
    let get = |street: &'static str, unit: &'static str, zip: &'static str| {
        cli.get("/secure/api/v1/serviceability/address/validate-customer-address")
            .query("addressLine1", &street)
            .query("addressLine2", &unit)
            .query("zip", &zip)
            .query("trackingId", &TRACKING)
            .send()
    };
    let v = json(get("1200 Peachtree St", "", "30309").await.0).await;
    assert_eq!(v["outcome"], "single", "{v}");
    assert_eq!(v["unitDropped"], false);
    let loc = v["customerInfos"][0]["locationId"]
        .as_str()
        .unwrap()
        .to_owned();

    let v = json(get("500 Oak Ave", "", "30312").await.0).await;
    assert_eq!(v["outcome"], "multiple");
    let units: Vec<String> = v["customerInfos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            i["address"]["addressLine2"]
                .as_str()
                .unwrap()
                .to_lowercase()
        })
        .collect();
    let mut sorted = units.clone();
    sorted.sort();
    assert_eq!(units, sorted, "sorted by unit, case-insensitive");

    let v = json(get("1200 Peachtree St", "Apt 9", "30309").await.0).await;
    assert_eq!(v["unitDropped"], true, "{v}");

    let e = assert_api_error(
        get("1200 Peachtree St", "", "3030").await,
        400,
        "VALIDATION_FAILED",
    )
    .await;
    assert_eq!(e["details"][0]["field"], "zip");
    assert_eq!(e["details"][0]["code"], "pattern");

    // serviceable (or a cold tap), CP_VAN being the default source
    let (cookie, xsrf) = checked_session(&cli, &loc).await;
    let r = cli
        .get("/secure/api/v1/serviceability/address/validate-customer-serviceability")
        .query("trackingId", &TRACKING)
        .query("locationId", &loc)
        .query("source", &"CPX")
        .header(header::COOKIE, &cookie)
        .header("x-xsrf-token", &xsrf)
        .send()
        .await;
    assert_api_error(r, 400, "VALIDATION_FAILED").await;
}

#[tokio::test]
async fn assign_needs_csrf_and_valid_body() {
    let (cli, _s) = harness_app().await;
    let (cookie, xsrf) = checked_session(&cli, "LOC-30309-0001").await;
    let post = |body: serde_json::Value, token: Option<&str>| {
        let mut rb = cli
            .post("/van-service-api/assign")
            .header(header::COOKIE, &cookie)
            .body_json(&body);
        if let Some(t) = token {
            rb = rb.header("x-xsrf-token", t);
        }
        rb.send()
    };
    let r = post(assign_body("LOC-30309-0001"), Some(&xsrf)).await;
    r.assert_status_is_ok();
    let v = json(r.0).await;
    assert!(v["outcome"].is_string(), "{v}");
    // only the location this session found serviceable takes a device (issue 9)
    assert_api_error(
        post(assign_body("LOC-2"), Some(&xsrf)).await,
        409,
        "ORDER_NOT_READY",
    )
    .await;
    let (other, other_xsrf) = session(&cli).await;
    let r = cli
        .post("/van-service-api/assign")
        .header(header::COOKIE, &other)
        .header("x-xsrf-token", &other_xsrf)
        .body_json(&assign_body("LOC-30309-0001"))
        .send()
        .await;
    assert_api_error(r, 409, "ORDER_NOT_READY").await;

    assert_api_error(
        post(assign_body("LOC-30309-0001"), None).await,
        403,
        "CSRF_REJECTED",
    )
    .await;
    assert_api_error(
        post(assign_body("LOC-30309-0001"), Some("wrong")).await,
        403,
        "CSRF_REJECTED",
    )
    .await;
    // A token without its session is rejected too.
    let r = cli
        .post("/van-service-api/assign")
        .header("x-xsrf-token", &xsrf)
        .body_json(&assign_body("L"))
        .send()
        .await;
    assert_api_error(r, 403, "CSRF_REJECTED").await;

    let mut b = assign_body("LOC-30309-0001");
    b["deviceCode"] = "12345".into();
    let e = assert_api_error(post(b, Some(&xsrf)).await, 400, "VALIDATION_FAILED").await;
    assert_eq!(e["details"][0]["field"], "deviceCode");
    let mut b = assign_body("LOC-30309-0001");
    b["retailerId"] = "EVIL".into();
    let e = assert_api_error(post(b, Some(&xsrf)).await, 400, "VALIDATION_FAILED").await;
    assert_eq!(e["details"][0]["code"], "unknownField");
    let mut b = assign_body("LOC-30309-0001");
    b["phoneNo"] = "1234567890".into();
    assert_api_error(post(b, Some(&xsrf)).await, 400, "VALIDATION_FAILED").await;
    let mut b = assign_body("LOC-30309-0001");
    b["address"]["zip"] = "ABCDE".into();
    assert_api_error(post(b, Some(&xsrf)).await, 400, "VALIDATION_FAILED").await;

    let r = cli
        .post("/van-service-api/assign")
        .header(header::COOKIE, &cookie)
        .header("x-xsrf-token", &xsrf)
        .content_type("application/json")
        .body("{not json")
        .send()
        .await;
    assert_api_error(r, 400, "VALIDATION_FAILED").await;
    let big = serde_json::json!({"pad": "x".repeat(20_000)});
    assert_api_error(post(big, Some(&xsrf)).await, 413, "PAYLOAD_TOO_LARGE").await;
}

#[tokio::test]
async fn unknown_api_path_is_json_404_and_request_id_is_reused() {
    let (cli, _s) = harness_app().await;
    let r = cli
        .get("/secure/api/v1/nothing")
        .header("x-request-id", "abc-123")
        .send()
        .await;
    assert_eq!(r.0.headers()["x-request-id"], "abc-123");
    let e = assert_api_error(r, 404, "NOT_FOUND").await;
    assert_eq!(e["requestId"], "abc-123");
    let r = cli
        .get("/healthz")
        .header("x-request-id", "bad id with spaces")
        .send()
        .await;
    let id = r.0.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert!(uuid::Uuid::parse_str(&id).is_ok());
    assert_api_error(
        cli.get("/-/api/my.prepaid/nothing").send().await,
        404,
        "NOT_FOUND",
    )
    .await;
}

#[tokio::test]
async fn security_headers_everywhere_and_docs_csp() {
    let (cli, _s) = harness_app().await;
    for path in ["/healthz", "/en", "/nope", "/secure/x", "/harness"] {
        let r = cli.get(path).send().await;
        let h = r.0.headers();
        assert_eq!(
            h[header::CONTENT_SECURITY_POLICY],
            bff::http::middleware::CSP,
            "{path}"
        );
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(
            h[header::REFERRER_POLICY],
            "strict-origin-when-cross-origin"
        );
        assert_eq!(h[header::X_FRAME_OPTIONS], "DENY");
    }
    let r = cli.get("/docs").send().await;
    r.assert_status_is_ok();
    assert_eq!(
        r.0.headers()[header::CONTENT_SECURITY_POLICY],
        bff::http::middleware::DOCS_CSP
    );
    let r = cli.get("/openapi.json").send().await;
    r.assert_status_is_ok();
    assert_eq!(json(r.0).await["info"]["title"], "Prepaid Portal BFF");
}

#[tokio::test]
async fn spa_fallback_assets_and_missing_dist() {
    let (cli, _s) = harness_app().await;
    for path in ["/", "/en", "/es", "/en/dollargeneral", "/es/buy/internet"] {
        let r = cli.get(path).send().await;
        assert_eq!(r.0.status(), StatusCode::OK, "{path}");
        assert_eq!(
            r.0.headers()[header::CACHE_CONTROL],
            "private, no-cache",
            "{path}"
        );
        let body = r.0.into_body().into_string().await.unwrap();
        assert!(body.contains("id=\"root\""));
    }
    let r = cli
        .get("/assets/app-1a2b3c.js")
        .header(header::ACCEPT_ENCODING, "gzip")
        .send()
        .await;
    r.assert_status_is_ok();
    assert_eq!(r.0.headers()[header::CACHE_CONTROL], bff::web::IMMUTABLE);
    assert_eq!(r.0.headers()[header::CONTENT_ENCODING], "gzip");
    // a script is no document: nosniff, none of the document-only headers
    assert_eq!(r.0.headers()[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    for name in [
        header::CONTENT_SECURITY_POLICY,
        header::X_FRAME_OPTIONS,
        header::REFERRER_POLICY,
    ] {
        assert!(!r.0.headers().contains_key(&name), "{name}");
    }
    let r = cli.get("/robots.txt").send().await;
    r.assert_status_is_ok();
    assert_eq!(r.0.headers()[header::CACHE_CONTROL], bff::web::ROOT_FILES);
    // HEAD answers as GET without the body, precompressed or not
    for (path, coding) in [
        ("/robots.txt", ""),
        ("/assets/app-1a2b3c.js", ""),
        ("/assets/app-1a2b3c.js", "br"),
    ] {
        let r = cli
            .head(path)
            .header(header::ACCEPT_ENCODING, coding)
            .send()
            .await;
        r.assert_status_is_ok();
        assert!(
            r.0.into_body().into_bytes().await.unwrap().is_empty(),
            "{path} {coding}"
        );
    }
    assert_eq!(
        cli.get("/fr/page").send().await.0.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        cli.get("/assets/missing.js").send().await.0.status(),
        StatusCode::NOT_FOUND
    );

    let sims = simulators::spawn_embedded().await.unwrap();
    let mut cfg = config(
        bff::config::Mode::Harness,
        &bff::config::UpstreamUrls::under(&sims.base_url),
        3000,
    );
    cfg.web_dist = "/nonexistent/dist".into();
    let (cli, _) = client_for(cfg).await;
    let r = cli.get("/en/dollargeneral").send().await;
    assert_eq!(r.0.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        r.0.into_body()
            .into_string()
            .await
            .unwrap()
            .contains("not built")
    );
    cli.get("/healthz").send().await.assert_status_is_ok();
}

#[tokio::test]
async fn harness_pages() {
    let (cli, _s) = harness_app().await;
    // the console is a page of the web app; its data lists every scenario
    let r = cli.get("/harness").send().await;
    assert_eq!(r.0.status(), StatusCode::SEE_OTHER);
    assert_eq!(r.0.headers()[header::LOCATION], "/en/harness");
    let all = simulators::scenario::all();
    let console = json(cli.get("/harness/console.json").send().await.0).await;
    let rows = console["scenarios"].as_array().unwrap();
    assert_eq!(rows.len(), all.len());
    for (row, s) in rows.iter().zip(all) {
        assert_eq!(row["id"], s.id.as_str());
        assert_eq!(row["title"], s.title.as_str());
        assert_eq!(row["start"], s.start.as_str());
    }
    let s = &all[0];
    let r = cli
        .get(format!("/harness/start/{}", s.id))
        .query("locale", &"es")
        .send()
        .await;
    assert_eq!(r.0.status(), StatusCode::SEE_OTHER);
    assert_eq!(r.0.headers()[header::LOCATION], format!("/es{}", s.start));
    let cookie = r.0.headers()[header::SET_COOKIE].to_str().unwrap();
    assert!(
        cookie.starts_with(&format!("sim_scenario={}", s.id))
            && cookie.contains("Path=/")
            && cookie.contains("SameSite=Lax")
    );
    assert_eq!(
        cli.get("/harness/start/retail/no-such-thing")
            .send()
            .await
            .0
            .status(),
        StatusCode::NOT_FOUND
    );
    let active = json(
        cli.get("/harness/active")
            .header(header::COOKIE, format!("sim_scenario={}", s.id))
            .send()
            .await
            .0,
    )
    .await;
    assert_eq!(active["scenario"], s.id.as_str());
    let r = cli.get("/harness/reset").send().await;
    assert_eq!(r.0.status(), StatusCode::SEE_OTHER);
    assert!(
        r.0.headers()[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .contains("Max-Age=0")
    );
    let v = json(cli.get("/harness/scenarios.json").send().await.0).await;
    assert_eq!(v.as_array().unwrap().len(), all.len());
}
