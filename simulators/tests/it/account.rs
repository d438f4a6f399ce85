//! The account simulator (seed 001 §3 "Dashboard response", "Aux account", "PaymentInfo";
//! §4 "Page readiness and checks"; §7): every account of the world answers the state its
//! identity names, unknown accounts are `ACCOUNT_NOT_FOUND`, aux accounts and reconnect
//! eligibility, payment info (`BUS_PMT_006` without a card), the dashboard's promotions,
//! and scenario overrides of the new calls.

use std::collections::{BTreeSet, HashMap, VecDeque};

use chrono::{DateTime, Days, NaiveDate, Utc};
use poem::http::StatusCode;
use serde_json::{Value, json};
use simulators::account_world::{self, WorldAccount};
use simulators::fault::Fault;
use simulators::identity_world::{DashboardState as S, IDENTITIES, identity};
use simulators::plan::{self, Planned};
use simulators::scenario::{Call, Scenario};
use upstream::account::{AuxAccountResponse, DashboardResponse};
use upstream::payments::PaymentInfoResponse;

use crate::common::{client, json};

async fn post(path: &str, body: Value) -> Value {
    let resp = client()
        .post(path)
        .header("trackingid", "7d0c1c9e-0000-4000-8000-00000000a001")
        .body_json(&body)
        .send()
        .await;
    resp.assert_status_is_ok();
    json(resp).await
}

async fn dashboard(account: &str) -> DashboardResponse {
    let body =
        serde_json::to_value(upstream::account::DashboardRequest::for_account(account)).unwrap();
    let v = post("/account/dashboard", body).await;
    upstream::parse::from_str_strict(&v.to_string()).expect("the documented shape")
}

async fn aux(account: &str) -> AuxAccountResponse {
    let body =
        serde_json::to_value(upstream::account::AuxAccountRequest::for_account(account)).unwrap();
    let v = post("/account/aux-account", body).await;
    upstream::parse::from_str_strict(&v.to_string()).expect("the documented shape")
}

async fn payment_info(account: &str) -> PaymentInfoResponse {
    let body = json!({"accountId": account, "tn": "4045550213",
        "trackingId": "7d0c1c9e-0000-4000-8000-00000000a001", "source": "DIGITAL2.0"});
    let v = post("/payments/get-custpayment-info", body).await;
    upstream::parse::from_str_strict(&v.to_string()).expect("the documented shape")
}

/// Days remaining as the portal counts them: whole days (floored) to expiry + 1.
fn days_remaining(expiry: &str, now: DateTime<Utc>) -> i64 {
    let expiry = DateTime::parse_from_rfc3339(expiry).unwrap().to_utc();
    (expiry - now).num_seconds().div_euclid(86_400) + 1
}

fn codes(d: &DashboardResponse, lob: &str) -> Vec<String> {
    d.subscription_details
        .iter()
        .filter(|s| s.device_lob == lob)
        .flat_map(|s| s.plan_details.iter().map(|p| p.plan_code.clone()))
        .collect()
}

/// What the answer of `a` must show for its state.
fn check_state(a: &WorldAccount, d: &DashboardResponse, now: DateTime<Utc>) {
    let n = &a.number;
    assert_eq!(d.error_code, None, "{n}");
    let info = d.customer_info.as_ref().expect("customerInfo");
    assert_eq!(&info.account_id, n);
    assert_eq!(info.prepaid_account_status, a.status, "{n}");
    assert_eq!(d.service_address.as_ref(), Some(&a.address), "{n}");
    let no_plans = matches!(
        a.state,
        S::ActiveNoPlans
            | S::ClosedAuxPreactivated { .. }
            | S::ClosedAuxActivated { .. }
            | S::Deactivated
    );
    assert_eq!(d.available_plans.is_empty(), no_plans, "{n} {:?}", a.state);
    // Behind the modem needs nothing: every internet device carries a MAC.
    assert!(
        d.subscription_details
            .iter()
            .filter(|s| s.device_lob == "HSD")
            .all(|s| s.mac_id.is_some()),
        "{n}"
    );
    let hsd_days = d
        .plan_status_details
        .iter()
        .find(|p| p.lob == "HSD")
        .map(|p| days_remaining(&p.expiry_date, now));
    let want_days = match a.state {
        S::ExpiringSoon => Some(5),
        S::Expired => Some(0),
        S::ActiveNoPlans | S::NoInternet => None,
        S::ClosedWithPlans
        | S::ClosedAuxPreactivated { .. }
        | S::ClosedAuxActivated { .. }
        | S::Deactivated => Some(account_world::CLOSED_DAYS),
        _ => Some(20),
    };
    assert_eq!(hsd_days, want_days, "{n} {:?}", a.state);
    let acp = d.acp_detail.as_ref();
    let legacy = |c: &String| c.contains("VDO_V0");
    match a.state {
        S::AcpApproved => {
            let acp = acp.expect("acpDetail");
            assert_eq!(acp.acp_status, upstream::account::AcpStatus::Approved);
            assert_ne!(acp.customer_type, "Tribal");
            assert_eq!(acp.acp_benefits[0].benefit_amount, "30.00");
            assert!(!acp.acp_benefits[0].benefit_code.is_empty());
        }
        S::AcpTribal => {
            let acp = acp.expect("acpDetail");
            assert_eq!(acp.acp_status, upstream::account::AcpStatus::Approved);
            assert_eq!(acp.customer_type, "Tribal");
        }
        S::AcpDeEnrolled => {
            assert_eq!(
                acp.expect("acpDetail").acp_status,
                upstream::account::AcpStatus::DeEnrolled
            );
        }
        S::AcpDenied => {
            let acp = acp.expect("acpDetail");
            assert_eq!(acp.acp_status, upstream::account::AcpStatus::Denied);
            assert!(acp.denied_reason_code.is_some() && acp.denied_reason_desc.is_some());
            // a benefit code as an Approved one has: only the status makes it no valid ACP
            assert!(!acp.acp_benefits[0].benefit_code.is_empty());
        }
        S::TvPackages => {
            let tv = codes(d, "VIDEO");
            let distinct: BTreeSet<_> = tv.iter().collect();
            assert!(distinct.len() < tv.len(), "a duplicate to dedupe: {tv:?}");
            for code in ["VDO_XITV_30", "VDO_XITV_SPORTS_NEWS_30", "HBO"] {
                assert!(tv.iter().any(|c| c == code), "{code}");
            }
            assert!(!tv.iter().any(legacy));
        }
        S::LegacyTv => assert!(codes(d, "VIDEO").iter().any(legacy)),
        S::NoInternet => {
            assert!(d.subscription_details.iter().all(|s| s.device_lob != "HSD"));
            assert!(!d.available_plans.is_empty());
        }
        S::Van => assert_eq!(info.account_type, "VAN"),
        S::Paused => {
            let hsd = d.plan_status_details.iter().find(|p| p.lob == "HSD");
            assert_eq!(hsd.map(|p| p.plan_status.as_str()), Some("PAUSED"), "{n}");
        }
        _ => {}
    }
    if !matches!(
        a.state,
        S::AcpApproved | S::AcpTribal | S::AcpDeEnrolled | S::AcpDenied
    ) {
        assert!(acp.is_none(), "{n}");
    }
    if a.state != S::Van {
        assert_eq!(info.account_type, "PREPAID", "{n}");
        assert!(!info.first_name.is_empty());
    }
    if a.state != S::LegacyTv {
        assert!(!codes(d, "VIDEO").iter().any(legacy), "{n}");
    }
}

#[tokio::test]
async fn every_world_account_answers_its_state() {
    let all = account_world::accounts();
    let linked = IDENTITIES
        .iter()
        .flat_map(|i| i.accounts)
        .filter(|a| a.in_prepaid_db)
        .count();
    assert_eq!(
        all.len(),
        linked + 4,
        "each identity account, plus three aux accounts and the reconnect's"
    );
    for a in &all {
        let now = Utc::now();
        let d = dashboard(&a.number).await;
        check_state(a, &d, now);
    }
    // owner-states shows one open account per extra state.
    let states = identity("owner-states").unwrap();
    for a in states.accounts {
        let d = dashboard(a.number).await;
        assert!(d.customer_info.is_some(), "{}", a.number);
    }
}

#[tokio::test]
async fn unknown_and_absent_accounts_are_not_found() {
    for id in [
        "0000000000000000",
        "8993100000000204",
        "8993100000000601",
        "",
    ] {
        let d = dashboard(id).await;
        assert_eq!(d.error_code.as_deref(), Some("ACCOUNT_NOT_FOUND"), "{id}");
        assert!(d.error_message.is_some());
        assert!(d.customer_info.is_none() && d.subscription_details.is_empty());
        let x = aux(id).await;
        assert_eq!(x.error_code.as_deref(), Some("ACCOUNT_NOT_FOUND"), "{id}");
    }
}

#[tokio::test]
async fn aux_accounts_and_reconnect_eligibility() {
    let today = Utc::now().date_naive();
    let day = |s: &Option<String>| NaiveDate::parse_from_str(s.as_deref().unwrap(), "%Y-%m-%d");

    let moving = aux("8993100000001304").await;
    let [m] = &moving.aux_details[..] else {
        panic!("one aux account: {moving:?}")
    };
    assert_eq!(m.aux_acct_type, upstream::account::AuxAcctType::Move);
    assert_eq!(
        m.aux_acct_status,
        upstream::account::AuxAcctStatus::Preactivated
    );
    assert_eq!(m.aux_account_id, "8993100000001394");
    assert_eq!(
        day(&m.aux_acct_schedule_date).unwrap(),
        today + Days::new(10)
    );
    assert!(m.to_address.is_some() && m.aux_acct_conf_no.is_some());

    for (account, status, aux_id) in [
        ("8993100000000301", "Preactivated", "8993100000000391"),
        ("8993100000000401", "Activated", "8993100000000491"),
    ] {
        let r = aux(account).await;
        assert_eq!(r.aux_details.len(), 1);
        assert_eq!(
            serde_json::to_value(r.aux_details[0].aux_acct_status).unwrap(),
            status
        );
        assert_eq!(r.aux_details[0].aux_account_id, aux_id);
        assert!(!r.reconnect_eligibility.unwrap().reconnect_eligible_acct);
    }
    // The Activated aux account has a dashboard of its own; the Preactivated one awaits
    // activation (open, no plans).
    let activated = dashboard("8993100000000491").await;
    assert!(!activated.available_plans.is_empty());
    let pre = dashboard("8993100000000391").await;
    assert!(pre.available_plans.is_empty());

    let deactivated = aux("8993100000000501").await;
    assert!(deactivated.aux_details.is_empty());
    assert!(
        deactivated
            .reconnect_eligibility
            .unwrap()
            .reconnect_eligible_acct
    );
    let one = aux("8993100000000101").await;
    assert!(one.aux_details.is_empty());
    assert!(!one.reconnect_eligibility.unwrap().reconnect_eligible_acct);
}

#[tokio::test]
async fn payment_info_of_cards_and_bus_pmt_006_without() {
    let none = payment_info("8993100000000101").await;
    assert_eq!(none.business_error_code.as_deref(), Some("BUS_PMT_006"));
    assert!(!none.enroll_auto_payment && none.card_number.is_none());
    let unknown = payment_info("0000000000000000").await;
    assert_eq!(unknown.business_error_code.as_deref(), Some("BUS_PMT_006"));

    let auto = payment_info("8993100000001303").await;
    assert!(auto.enroll_auto_payment);
    assert_eq!(auto.business_error_code, None);
    assert_eq!(auto.card_number.as_deref(), Some("1303"));
    assert_eq!(auto.expiration_date.as_deref().map(str::len), Some(4));
    let kept = payment_info("8993100000001301").await;
    assert!(!kept.enroll_auto_payment && kept.card_number.is_some());
}

#[tokio::test]
async fn dashboard_promotions_by_account() {
    let promo = |account: &str| {
        json!({"accountId": account, "locationId": "LOC00000101", "source": "prepaid-ui-portal",
            "flow": "DASHBOARD", "trackingId": "7d0c1c9e-0000-4000-8000-00000000a001"})
    };
    let ids = |v: &Value| -> Vec<String> {
        v["prepaidPromotions"]["discounts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["discId"].as_str().unwrap().to_owned())
            .collect()
    };
    let refill = post("/offers/get-promo", promo("8993100000000101")).await;
    assert_eq!(ids(&refill), ["P_SALE35OFF_021522"]);
    let winback = post("/offers/get-promo", promo("8993100000001302")).await;
    assert_eq!(ids(&winback), ["P_WINBACK45OFF_1215"]);
    let closed = post("/offers/get-promo", promo("8993100000000501")).await;
    assert!(ids(&closed).is_empty());
    let unknown = post("/offers/get-promo", promo("0000000000000000")).await;
    assert!(ids(&unknown).is_empty());
    // The buy flow's lookup by market is unchanged.
    let buy = json!({"marketId": "ATL", "locationId": "L1", "source": "prepaid-ui-portal",
        "flow": "BUY", "trackingId": "7d0c1c9e-0000-4000-8000-00000000a001"});
    assert!(ids(&post("/offers/get-promo", buy).await).contains(&"P_NEWCUST35OFF_0126".into()));
}

const INLINE: &str = r#"
title: Dashboard calls fail (inline test scenario)
flow: buy
start: /buy
upstream:
  dashboard:
    respond: {errorCode: DASH-500, errorMessage: lookup failed}
  auxAccount:
    fault: {kind: error5xx, status: 503}
  paymentInfo:
    fault: {kind: timeout}
expect: {stage: error}
"#;

#[tokio::test]
async fn scenarios_and_plans_override_the_new_calls() {
    let scenario = Scenario::parse("buy/account-inline.yaml", INLINE).expect("parses");
    assert_eq!(
        scenario.call(Call::AuxAccount).unwrap().fault,
        Some(Fault::Error5xx { status: 503 })
    );
    assert_eq!(
        scenario.call(Call::PaymentInfo).unwrap().fault,
        Some(Fault::Timeout)
    );
    let world = serde_json::to_vec(&dashboard("8993100000000101").await).unwrap();
    let over = scenario.call(Call::Dashboard).unwrap();
    let merged: Value = serde_json::from_slice(&simulators::middleware::merge(
        &world,
        over.respond.as_ref().unwrap(),
    ))
    .unwrap();
    assert_eq!(merged["errorCode"], "DASH-500");
    assert_eq!(
        merged["customerInfo"]["accountId"], "8993100000000101",
        "kept"
    );

    // Planned faults strike the real endpoints of each new call.
    let tracking = "7d0c1c9e-0000-4000-8000-00000000a0f1";
    let planned = |status| {
        VecDeque::from([Planned {
            fault: Fault::Error5xx { status },
            after_work: false,
        }])
    };
    plan::set(
        tracking,
        HashMap::from([
            (Call::Dashboard, planned(500)),
            (Call::AuxAccount, planned(502)),
            (Call::PaymentInfo, planned(503)),
        ]),
    );
    let cli = client();
    let dashboard = json!({"accountId": "8993100000000101", "flow": "DASHBOARD",
        "billerLookup": true, "availablePlans": true, "cimaInfo": true, "customerInfo": true,
        "devices": true, "paymentInfo": true, "serviceAddress": true, "acpDetails": true,
        "planStatus": true, "houseKey": "", "houseNumber": "", "locationId": "",
        "phone": "", "pin": "", "zip": ""});
    let aux = json!({"accountId": "8993100000000101", "auxConfNo": "",
        "checkMoveEligibility": true, "checkReconnectEligibility": true});
    let payment = json!({"accountId": "8993100000000101", "tn": "", "trackingId": tracking,
        "source": "DIGITAL2.0"});
    for (path, status, body) in [
        (
            "/account/dashboard",
            StatusCode::INTERNAL_SERVER_ERROR,
            dashboard,
        ),
        ("/account/aux-account", StatusCode::BAD_GATEWAY, aux),
        (
            "/payments/get-custpayment-info",
            StatusCode::SERVICE_UNAVAILABLE,
            payment,
        ),
    ] {
        let send = || {
            cli.post(path)
                .header("trackingid", tracking)
                .body_json(&body)
                .send()
        };
        send().await.assert_status(status);
        send().await.assert_status_is_ok();
    }
    plan::clear(tracking);
}
