//! `getAccountDashboard` / `getAccountDashboardEs`: the dashboard's content through the BFF
//! (seed 001 §7 "Other content"), both languages, another site 404.

use crate::common::*;
use poem::http::StatusCode;

#[tokio::test]
async fn account_dashboard_content_in_both_languages_and_404_for_another_site() {
    let (cli, _s) = harness_app().await;
    let en = cli.get("/-/api/my.prepaid/account-dashboard").send().await;
    assert_eq!(en.0.status(), StatusCode::OK);
    let en = json(en.0).await;
    let es = json(
        cli.get("/-/api/es/my.prepaid/account-dashboard")
            .send()
            .await
            .0,
    )
    .await;
    assert_eq!(en["resetRouter"]["failedTitle"], "There was an issue");
    assert_eq!(es["resetRouter"]["failedTitle"], "Hubo un problema");
    assert_eq!(en["welcomeTour"]["steps"].as_array().map(Vec::len), Some(5));
    for site in ["/-/api/other.site", "/-/api/es/other.site"] {
        let r = cli.get(format!("{site}/account-dashboard")).send().await;
        assert_api_error(r, 404, "NOT_FOUND").await;
    }
}

/// A built-looking dist whose `app-routes.json` has a flow reading two sections of
/// `account-dashboard` and one reading the whole bundle (`web/build/plugins.ts` `appRoutes`).
fn sections_dist() -> std::path::PathBuf {
    let shell = serde_json::json!({ "area": "all", "lang": "page" });
    let flow = |base: &str, sections: Option<&[&str]>| {
        let mut need = serde_json::json!({ "area": "account-dashboard", "lang": "page" });
        if let Some(s) = sections {
            need["sections"] = serde_json::json!(s);
        }
        serde_json::json!({ "base": base, "pages": [""], "preload": [], "styles": [],
            "content": [shell.clone(), need] })
    };
    dist_with_flows(
        "bff-test-dist-sections",
        serde_json::json!([
            flow("refill", Some(&["refill", "payments"])),
            flow("dashboard", None)
        ]),
    )
}

/// The `#pp-content` JSON of a page.
async fn inline_content(cli: &Client, path: &str) -> serde_json::Value {
    let r = cli.get(path).send().await;
    assert_eq!(r.0.status(), StatusCode::OK, "{path}");
    let html = r.0.into_body().into_string().await.unwrap();
    let json = html
        .split("<script type=\"application/json\" id=\"pp-content\">")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .unwrap_or_else(|| panic!("{path}: no inline content"));
    serde_json::from_str(json).unwrap()
}

/// Issue 10 (ARCHITECTURE.md "First load"): a flow that declares sections of the bundle gets
/// only those in its page, keyed by section under `account-dashboard:sections`, in the page's
/// language and equal to the content call's; a flow without sections gets the whole bundle.
#[tokio::test]
async fn the_page_carries_only_the_sections_its_flow_declared() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = bff::config::UpstreamUrls::under(&sims.base_url);
    let mut cfg = config(bff::config::Mode::Harness, &urls, 3000);
    cfg.web_dist = sections_dist();
    let (cli, _) = client_for(cfg).await;
    for (locale, call) in [
        ("en", "/-/api/my.prepaid/account-dashboard"),
        ("es", "/-/api/es/my.prepaid/account-dashboard"),
    ] {
        let whole = json(cli.get(call).send().await.0).await;
        let page = inline_content(&cli, &format!("/{locale}/refill")).await;
        let mut keys: Vec<&String> = page[locale].as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(keys, ["account-dashboard:sections", "all"], "{locale}");
        assert_eq!(
            page[locale]["account-dashboard:sections"],
            serde_json::json!({ "refill": whole["refill"], "payments": whole["payments"] }),
            "{locale}"
        );
        let dashboard = inline_content(&cli, &format!("/{locale}/dashboard")).await;
        assert_eq!(dashboard[locale]["account-dashboard"], whole, "{locale}");
        assert!(
            dashboard[locale]
                .get("account-dashboard:sections")
                .is_none()
        );
    }
}
