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
