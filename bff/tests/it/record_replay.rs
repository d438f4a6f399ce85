//! Record and replay (issue 15 §4, ARCHITECTURE.md "Record and replay"): a BFF in record
//! mode (`Config::record`) over the simulators running standalone as the "real" upstream
//! writes every exchange of a walk, masked, into a scenario file's `replay:` list; that file,
//! loaded as a scenario, makes the simulators answer a second BFF's same walk as recorded,
//! so the BFF answers the same (status and body, the masked fields masked on both sides).

use bff::{
    config::{Mode, UpstreamUrls},
    upstream::mask,
};
use serde_json::{Value, json};
use simulators::scenario::{self, Scenario};

use crate::common::*;

/// One browser's walk: every answer as (step, status, body).
struct Walk<'a> {
    cli: &'a Client,
    cookies: String,
    xsrf: String,
    answers: Vec<(String, u16, Value)>,
}

impl<'a> Walk<'a> {
    async fn new(cli: &'a Client, harness_cookies: &str) -> Self {
        let (session, xsrf) = session(cli).await;
        Self {
            cli,
            cookies: format!("{session}{harness_cookies}"),
            xsrf,
            answers: Vec::new(),
        }
    }

    async fn step(
        &mut self,
        name: &str,
        method: &str,
        path: &str,
        q: &[(&str, &str)],
        body: Option<Value>,
    ) -> Value {
        let r = walk_request(
            self.cli,
            (method, path),
            (&self.cookies, &self.xsrf),
            q,
            body,
        )
        .send()
        .await;
        let status = r.0.status().as_u16();
        let v = json(r.0).await;
        self.answers.push((name.into(), status, v.clone()));
        v
    }

    /// The retail happy path (address, serviceability `CP_VAN`, assign), then the buy flow's
    /// first steps (serviceability `CP`, product details, promotions, cart, tax).
    async fn walk(&mut self) {
        let address = [
            ("addressLine1", "1200 Peachtree St"),
            ("zip", "30309"),
            ("trackingId", TRACKING),
        ];
        let a = self
            .step(
                "validateAddress",
                "get",
                "/secure/api/v1/serviceability/address/validate-customer-address",
                &address,
                None,
            )
            .await;
        let loc = a["customerInfos"][0]["locationId"]
            .as_str()
            .unwrap_or_else(|| panic!("{a}"))
            .to_owned();
        let check = |source| {
            [
                ("trackingId", TRACKING),
                ("locationId", loc.as_str()),
                ("source", source),
            ]
        };
        self.step(
            "serviceability",
            "get",
            "/secure/api/v1/serviceability/address/validate-customer-serviceability",
            &check("CP_VAN"),
            None,
        )
        .await;
        let mut body = assign_body(&loc);
        body["address"] = a["customerInfos"][0]["address"].clone();
        self.step("assign", "post", "/van-service-api/assign", &[], Some(body))
            .await;
        self.step(
            "serviceabilityBuy",
            "get",
            "/secure/api/v1/serviceability/address/validate-customer-serviceability",
            &check("CP"),
            None,
        )
        .await;
        self.step(
            "productDetails",
            "get",
            "/secure/api/v1/util-service/product-detail",
            &[("source", "CP"), ("trackingId", TRACKING)],
            None,
        )
        .await;
        let promo = json!({"trackingId": TRACKING});
        self.step(
            "promotions",
            "post",
            "/secure/api/v1/offer-service/get-promo",
            &[],
            Some(promo.clone()),
        )
        .await;
        self.step(
            "cart",
            "put",
            "/secure/api/v1/cart",
            &[],
            Some(json!({"promoInCart": false})),
        )
        .await;
        self.step(
            "tax",
            "post",
            "/oauth/tax/emm-pp-vertex-service/v1/vertex/ctp/get-tax",
            &[],
            Some(promo),
        )
        .await;
    }
}

/// An answer as compared: request ids left out, customer data masked by the recorder's
/// own rules (a replayed answer carries the recording's stand-ins).
fn comparable(mut v: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                m.remove("requestId");
                m.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    mask::json(&mut v);
    v
}

#[tokio::test]
async fn a_recorded_walk_replays_to_the_same_answers() {
    // the "real" upstream: the simulators served on their own, answering from their world
    let real = simulators::spawn_embedded().await.unwrap();
    let situation = format!("recorded-{}", uuid::Uuid::new_v4().simple());
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("record-replay");
    let path = dir.join("retail").join(format!("{situation}.yaml"));

    // 1. record: a plain-mode BFF (no harness) pointed at the upstream, in record mode
    let urls = UpstreamUrls::under(&real.base_url);
    let mut cfg = config(Mode::Plain, &urls, 3000);
    cfg.record = Some(path.clone());
    let (recording, st) = client_for(cfg).await;
    let mut first = Walk::new(&recording, "").await;
    first.walk().await;
    st.clients.recorder().expect("record mode").flush().await;
    let written = std::fs::read_to_string(&path).unwrap();
    for personal in ["Peachtree", "4045550123"] {
        assert!(!written.contains(personal), "{personal} in\n{written}");
    }
    assert!(written.contains("stage: EDIT"), "placeholders: {written}");

    // 2. the tester edits the placeholders; the file is then a valid scenario
    let edited = written
        .replace("stage: EDIT", "stage: serviceable")
        .replace("start: /EDIT", "start: /dollargeneral");
    let recorded = Scenario::parse(&format!("retail/{situation}.yaml"), &edited)
        .unwrap_or_else(|e| panic!("{e}\n{edited}"));
    let calls: Vec<String> = recorded
        .replay
        .iter()
        .map(|e| format!("{} {} {}", e.service, e.method, e.path))
        .collect();
    assert_eq!(
        calls,
        [
            "serviceability GET /validate-customer-address",
            "serviceability GET /validate-customer-serviceability",
            "van POST /assign",
            "serviceability GET /validate-customer-serviceability",
            "catalogue GET /product-detail",
            "promotions POST /get-promo",
            "tax POST /get-tax",
        ],
        "every upstream exchange of the walk, in order"
    );
    let id = recorded.id.clone();
    scenario::register(recorded).unwrap();

    // 3. replay: a harness BFF over simulators answering from the recording
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (replaying, _) = client_for(config(Mode::Harness, &urls, 3000)).await;
    let cookies = format!("; sim_scenario={id}; sim_run={}", uuid::Uuid::new_v4());
    let mut second = Walk::new(&replaying, &cookies).await;
    second.walk().await;

    assert_eq!(first.answers.len(), second.answers.len());
    for ((step, s1, a1), (_, s2, a2)) in first.answers.iter().zip(&second.answers) {
        assert_eq!(s1, s2, "{step}: status");
        assert!((200..300).contains(s1), "{step}: {s1} {a1}");
        assert_eq!(
            comparable(a1.clone()),
            comparable(a2.clone()),
            "{step}: the same answer"
        );
    }
    // the answers came from the recording, not the world: its address is the stand-in
    let replayed_address = &second.answers[0].2["customerInfos"][0]["address"];
    assert_eq!(
        replayed_address["addressLine1"],
        mask::STREET,
        "{replayed_address}"
    );
    let _ = std::fs::remove_file(&path);
}
