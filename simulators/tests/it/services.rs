//! Every simulator answers per the default world, and per a scenario's override.

use crate::common::{client, http_client, json};
use serde_json::json;

const SCENARIO: &str = "x-sim-scenario";

#[tokio::test]
async fn address_search_answers_count_echo_and_addresses() {
    let resp = client()
        .get("/address-search/suggest")
        .query("q", &"1200 Peachtree")
        .send()
        .await;
    resp.assert_status_is_ok();
    assert_eq!(
        json(resp).await,
        json!([
            "1",
            "1200 Peachtree",
            "1200 Peachtree St, Atlanta, GA 30309"
        ])
    );
    let none = client()
        .get("/address-search/suggest")
        .query("q", &"zz top")
        .send()
        .await;
    assert_eq!(json(none).await, json!(["0", "zz top", "N"]));
}

async fn validate(line1: &str, line2: &str, zip: &str) -> poem::test::TestResponse {
    client()
        .get("/serviceability/validate-customer-address")
        .query("addressLine1", &line1)
        .query("addressLine2", &line2)
        .query("city", &"")
        .query("state", &"")
        .query("zip", &zip)
        .query("trackingId", &"7d0c1c9e-0000-4000-8000-000000000001")
        .send()
        .await
}

#[tokio::test]
async fn validate_address_follows_the_world() {
    let one = json(validate("1200 peachtree st", "", "30309").await).await;
    assert_eq!(one["customerInfos"][0]["locationId"], "LOC-30309-0001");
    assert_eq!(one["customerInfos"][0]["address"]["city"], "Atlanta");
    let units = json(validate("500 Oak Ave", "", "30312").await).await;
    assert_eq!(units["customerInfos"].as_array().unwrap().len(), 6);
    let tower = json(validate("77 Tower Plaza", "", "30303").await).await;
    assert_eq!(tower["customerInfos"].as_array().unwrap().len(), 84);
    let unknown_unit = json(validate("1200 Peachtree St", "Apt 9", "30309").await).await;
    assert_eq!(unknown_unit["customerInfos"], json!([]));
}

async fn get(location_id: &str) -> poem::test::TestResponse {
    client()
        .get("/serviceability/validate-customer-serviceability")
        .query("trackingId", &"t")
        .query("locationId", &location_id)
        .query("source", &"CP_VAN")
        .send()
        .await
}

#[tokio::test]
async fn serviceability_by_location() {
    let green = json(get("LOC-30312-0104").await).await;
    assert_eq!(green["status"], "SUCCESS");
    assert_eq!(green["serviceablityStatus"]["value"], "GREEN");
    assert_eq!(
        green["serviceabilityDetails"],
        json!([{"lob": "HSD", "tier": "HSD_030"}])
    );
    assert_eq!(green["houseKey"], "303120104");
    assert_eq!(
        green["address"],
        json!({"addressLine1": "500 Oak Ave", "addressLine2": "Apt 4", "city": "Atlanta",
               "state": "GA", "zip": "30312"})
    );
    assert_eq!(green["marketId"], "ATL");
    assert_eq!(
        green["geocode"],
        simulators::buy_world::geocode_for_zip("30312")
    );
    let red = json(get("LOC-99999-0001").await).await;
    assert_eq!(red["serviceablityStatus"]["value"], "RED");
    assert_eq!(red["serviceabilityDetails"], json!([]));
}

fn assign_body() -> serde_json::Value {
    json!({
        "address": {"addressLine1": "1200 Peachtree St", "addressLine2": "", "city": "Atlanta",
                    "state": "GA", "zip": "30309"},
        "deviceCode": "482913", "language": "English", "locationId": "LOC-30309-0001",
        "phoneNo": "4045550123", "retailerId": "DG", "source": "Incomm",
        "trackingId": "7d0c1c9e-0000-4000-8000-000000000001"
    })
}

#[tokio::test]
async fn assign_succeeds_and_rejects_a_broken_body() {
    let ok = client()
        .post("/van/assign")
        .body_json(&assign_body())
        .send()
        .await;
    ok.assert_status_is_ok();
    assert_eq!(json(ok).await["status"], "SUCCESS");
    let bad = client()
        .post("/van/assign")
        .body_json(&json!({"deviceCode": 1}))
        .send()
        .await;
    bad.assert_status(poem::http::StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn content_per_locale_and_404s() {
    let en = json(
        client()
            .get("/content/-/api/my.prepaid/merchant-flow")
            .send()
            .await,
    )
    .await;
    assert_eq!(
        en["readyToBuy"]["productImage"]["src"],
        "/images/gateway.svg"
    );
    let es = json(
        client()
            .get("/content/-/api/es/my.prepaid/dictionary")
            .send()
            .await,
    )
    .await;
    assert_eq!(es["switchToLanguage"], "English");
    let footer = json(
        client()
            .get("/content/-/api/my.prepaid/buyflow")
            .send()
            .await,
    )
    .await;
    assert_eq!(
        footer["buyflowFooter"]["links"].as_array().unwrap().len(),
        5
    );
    let cart = json(client().get("/content/-/api/cart").send().await).await;
    assert_eq!(
        cart["products"][0]["productData"]["plans"][0]["chargeCode"],
        "ECO-HSD-030"
    );
    let cart_es = json(client().get("/content/-/api/es/cart").send().await).await;
    assert_eq!(cart_es["cartContent"]["heading"], "Tu carrito");
    let buy_es = json(
        client()
            .get("/content/-/api/es/my.prepaid/buyflow")
            .send()
            .await,
    )
    .await;
    assert_eq!(
        buy_es["errorCatalogue"]["groups"].as_array().unwrap().len(),
        footer["errorCatalogue"]["groups"].as_array().unwrap().len()
    );
    for path in [
        "/content/-/api/other.site/dictionary",
        "/content/-/api/my.prepaid/cart",
    ] {
        client()
            .get(path)
            .send()
            .await
            .assert_status(poem::http::StatusCode::NOT_FOUND);
    }
}

async fn broadband_facts(query: &[(&str, &str)]) -> poem::test::TestResponse {
    let cli = client();
    let mut req = cli.get("/content/broadband-facts");
    for (k, v) in query {
        req = req.query(*k, v);
    }
    req.send().await
}

#[tokio::test]
async fn broadband_facts_per_tier_plan_type_and_lob() {
    let hsd = [
        ("tierIds", "HSD_030"),
        ("servicePlanType", "PREPAID"),
        ("lob", "INTERNET"),
        ("sourceIds", "prepaid-portal"),
    ];
    let resp = broadband_facts(&hsd).await;
    resp.assert_status_is_ok();
    let body = json(resp).await;
    let labels = body["labels"].as_array().unwrap();
    assert_eq!(labels.len(), 1);
    assert_eq!(labels[0]["tierId"], "HSD_030");
    let label = &labels[0]["label"];
    assert_eq!(label["speed"], "200 Mbps");
    assert_eq!(label["plans"][0]["price"], "$45");
    assert_eq!(label["plans"][1]["price"], "$15");
    // Nothing known for the query: 200 with no labels.
    for (i, other) in ["HSD_999", "POSTPAID", "VIDEO"].into_iter().enumerate() {
        let mut q = hsd;
        q[i].1 = other;
        let resp = broadband_facts(&q).await;
        resp.assert_status_is_ok();
        assert_eq!(json(resp).await, json!({"labels": []}), "{other}");
    }
    // A scenario overrides or faults it under its own call name, apart from the bundles.
    assert_eq!(
        simulators::scenario::Call::from_request("GET", "/content/broadband-facts"),
        Some(simulators::scenario::Call::BroadbandFacts)
    );
    // Every parameter is required.
    for skip in 0..hsd.len() {
        let q: Vec<_> = hsd
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, p)| *p)
            .collect();
        broadband_facts(&q)
            .await
            .assert_status(poem::http::StatusCode::BAD_REQUEST);
    }
}

#[tokio::test]
async fn unknown_scenario_is_400_and_empty_header_is_the_world() {
    let resp = client()
        .get("/address-search/suggest")
        .query("q", &"x")
        .header(SCENARIO, "retail/nope")
        .send()
        .await;
    resp.assert_status(poem::http::StatusCode::BAD_REQUEST);
    assert_eq!(json(resp).await, json!({"error": "UNKNOWN_SCENARIO"}));
    let empty = client()
        .get("/address-search/suggest")
        .query("q", &"x")
        .header(SCENARIO, "")
        .send()
        .await;
    empty.assert_status_is_ok();
}

#[tokio::test]
async fn respond_is_shallow_merged_over_the_world() {
    let resp = client()
        .get("/serviceability/validate-customer-serviceability")
        .query("locationId", &"LOC-30309-0001")
        .header(SCENARIO, "retail/existing-prepaid")
        .send()
        .await;
    resp.assert_status_is_ok();
    let body = json(resp).await;
    assert_eq!(body["businessErrorCode"], "BUS0078");
    assert_eq!(body["serviceabilityDetails"], json!([]));
    assert_eq!(
        body["houseKey"], "303090001",
        "keys not overridden stay the world's"
    );

    let assign = client()
        .post("/van/assign")
        .header(SCENARIO, "retail/assign-bus-van-assign-015")
        .body_json(&assign_body())
        .send()
        .await;
    let body = json(assign).await;
    assert_eq!(body["businessErrorCode"], "BUS_VAN_ASSIGN_015");
    assert_eq!(body["status"], "SUCCESS");
}

#[tokio::test]
async fn a_scenario_leaves_calls_it_does_not_name_alone() {
    let resp = client()
        .get("/address-search/suggest")
        .query("q", &"77 Tower")
        .header(SCENARIO, "retail/existing-prepaid")
        .send()
        .await;
    assert_eq!(json(resp).await[2], "77 Tower Plaza, Atlanta, GA 30303");
}

#[tokio::test]
async fn embedded_server_answers_over_http() {
    let sim = simulators::spawn_embedded().await.expect("bind");
    let url = format!("{}/address-search/suggest?q=500%20Oak", sim.base_url);
    let body: Vec<String> = http_client()
        .get(url)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(body[0], "8");
}
