//! Issue 11, the account upstream: the BFF's own clients (`upstream::account`,
//! `payments::payment_info`, `promotions::dashboard_promos`), reading strictly as in harness
//! mode, against the embedded simulators, with the dashboard rules over the answers: every
//! account of the world reaches the readiness branch and shows the state its
//! `DashboardState` names. And the request bodies and headers the clients send (wiremock).

use std::time::Duration;

use bff::domain::dashboard::{self as rules, ErrorReason, Readiness, Ring};
use bff::upstream::{CallCtx, Clients, UpstreamError, UpstreamUrls, account, payments, promotions};
use chrono::{Days, Utc};
use serde_json::json;
use simulators::identity_world::{DashboardState as S, IDENTITIES};
use upstream::account::AcpStatus;
use wiremock::matchers::{body_json, body_partial_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn clients(urls: UpstreamUrls) -> Clients {
    Clients::new(urls, Duration::from_secs(5), Duration::from_secs(10))
        .expect("client")
        .strict(true)
}

fn ctx() -> CallCtx {
    CallCtx {
        tracking_id: "7d0c1c9e-0000-4000-8000-0000000b0011".into(),
        scenario: None,
        run: None,
        ..CallCtx::default()
    }
}

/// The readiness the seed gives an account in `state` (seed 001 §4).
fn expected(number: &str, state: S) -> Readiness {
    match state {
        S::ActiveNoPlans => Readiness::Activation {
            account_id: number.into(),
        },
        S::ClosedAuxPreactivated { aux } => Readiness::Activation {
            account_id: aux.into(),
        },
        S::ClosedAuxActivated { aux } => Readiness::AuxDashboard {
            account_id: aux.into(),
        },
        S::Deactivated => Readiness::Deactivated,
        S::ClosedWithPlans => Readiness::Error {
            reason: ErrorReason::ClosedWithoutAux,
        },
        S::LegacyTv | S::NoInternet => Readiness::Error {
            reason: ErrorReason::NoInternetOrLegacyTv,
        },
        S::Absent => Readiness::Error {
            reason: ErrorReason::RequiredCallFailed,
        },
        _ => Readiness::Show,
    }
}

#[tokio::test]
async fn every_world_account_reaches_its_branch_through_the_bff_clients() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let c = clients(UpstreamUrls::under(&sims.base_url));
    let ctx = ctx();
    let mut seen = 0;
    for identity in IDENTITIES {
        for a in identity.accounts {
            let n = a.number;
            let d = account::dashboard(&c, &ctx, n).await.unwrap();
            let x = account::aux_account(&c, &ctx, n).await.unwrap();
            let r = rules::readiness(&d, &x);
            assert_eq!(r, expected(n, a.dashboard), "{n} {:?}", a.dashboard);
            if a.dashboard == S::Absent {
                assert_eq!(d.error_code.as_deref(), Some("ACCOUNT_NOT_FOUND"));
                continue;
            }
            seen += 1;
            if r != Readiness::Show {
                continue;
            }
            let now = Utc::now();
            let phone = &d.customer_info.as_ref().unwrap().phone_number;
            let pay = payments::payment_info(&c, &ctx, n, phone).await.unwrap();
            let auto = pay.enroll_auto_payment;
            let moving = rules::scheduled_move(&x);
            let internet = rules::internet(&d, now).expect("internet expiry");
            let days = internet.days_remaining;
            let ring = rules::ring(days, auto, rules::paused(&d, moving.as_ref(), now));
            let refill = rules::refill_now(days, auto, moving.is_some());
            assert!(rules::behind_the_modem(&d), "{n}");
            assert_eq!(rules::is_van(&d), a.dashboard == S::Van, "{n}");
            let acp = rules::acp(d.acp_detail.as_ref());
            match a.dashboard {
                S::ExpiringSoon => assert_eq!((days, ring, refill), (5, Ring::Amber, true)),
                // seed 001 §2: blue when paused, whatever the days
                S::Paused => assert_eq!((days, ring, refill), (20, Ring::Blue, false)),
                S::Expired => {
                    assert_eq!((days, ring, refill), (0, Ring::Red, true));
                    assert!(!rules::auto_enrol_offered(auto, false, days));
                }
                S::AutoRefill => {
                    assert!(auto);
                    assert_eq!((days, ring, refill), (20, Ring::Green, false));
                    assert!(!rules::auto_enrol_offered(auto, false, days));
                }
                S::ScheduledMove { aux } => {
                    let m = moving.as_ref().expect("a scheduled move");
                    assert_eq!(m.aux_account_id, aux);
                    assert_eq!(m.schedule_date, now.date_naive() + Days::new(10));
                    assert!(rules::can_cancel(m.schedule_date, now));
                    assert!(m.to_address.is_some());
                }
                S::AcpApproved => assert_eq!(acp.unwrap().deduction(), Some(3000)),
                S::AcpTribal => {
                    let acp = acp.unwrap();
                    assert!(acp.tribal && acp.deduction().is_none());
                }
                S::AcpDeEnrolled => assert_eq!(acp.unwrap().status, AcpStatus::DeEnrolled),
                // seed 001 §6: valid ACP is Approved with a first benefit code; Denied is none
                S::AcpDenied => {
                    let acp = acp.unwrap();
                    assert_eq!(acp.status, AcpStatus::Denied);
                    assert_eq!(acp.deduction(), None);
                }
                S::TvPackages => {
                    let tv = rules::tv_products(&d);
                    let codes: Vec<_> = tv.iter().map(|t| t.product_code.as_str()).collect();
                    assert_eq!(codes, ["VDO_XITV_30", "VDO_XITV_SPORTS_NEWS_30", "HBO"]);
                    assert_eq!(tv[1].name, "Sports & News");
                }
                _ => {
                    assert_eq!((days, ring, refill), (20, Ring::Green, false), "{n}");
                    assert!(rules::auto_enrol_offered(auto, false, days));
                }
            }
            if !matches!(a.dashboard, S::ScheduledMove { .. }) {
                assert!(moving.is_none(), "{n}");
            }
            let promos = promotions::dashboard_promos(&c, &ctx, n, "LOC1")
                .await
                .unwrap();
            let want = if a.dashboard == S::Expired {
                "P_WINBACK45OFF_1215"
            } else {
                "P_SALE35OFF_021522"
            };
            let promo = rules::dashboard_promo(&promos.prepaid_promotions.discounts, now)
                .expect("a valid promotion");
            assert_eq!(promo.id, want, "{n}");
            assert_eq!(promo.winback, a.dashboard == S::Expired);
        }
    }
    assert_eq!(seen, 31, "every identity account in the prepaid database");
}

#[tokio::test]
async fn the_clients_send_the_seed_bodies_and_headers() {
    let mock = MockServer::start().await;
    let tracking = ctx().tracking_id;
    let dashboard_body = json!({
        "accountId": "8993100000000101", "flow": "DASHBOARD", "billerLookup": true,
        "availablePlans": true, "cimaInfo": true, "customerInfo": true, "devices": true,
        "paymentInfo": true, "serviceAddress": true, "acpDetails": true, "planStatus": true,
        "houseKey": "", "houseNumber": "", "locationId": "", "phone": "", "pin": "", "zip": "",
    });
    let answers = [
        (
            "/dashboard",
            dashboard_body,
            json!({"errorCode": "ACCOUNT_NOT_FOUND"}),
        ),
        (
            "/aux-account",
            json!({"accountId": "8993100000000101", "auxConfNo": "",
                "checkMoveEligibility": true, "checkReconnectEligibility": true}),
            json!({"auxDetails": []}),
        ),
        (
            "/get-custpayment-info",
            json!({"accountId": "8993100000000101", "tn": "4045550201",
                "trackingId": tracking, "source": "DIGITAL2.0"}),
            json!({"enrollAutoPayment": false, "businessErrorCode": "BUS_PMT_006"}),
        ),
        (
            "/get-promo",
            json!({"accountId": "8993100000000101", "locationId": "LOC1",
                "source": "prepaid-ui-portal", "flow": "DASHBOARD", "trackingId": tracking}),
            json!({"prepaidPromotions": {"discounts": []}}),
        ),
    ];
    for (p, body, answer) in answers {
        Mock::given(method("POST"))
            .and(path(p))
            .and(header("trackingid", tracking.as_str()))
            .and(header("source", "DIGITAL2.0"))
            .and(body_json(body))
            .respond_with(ResponseTemplate::new(200).set_body_json(answer))
            .expect(1)
            .mount(&mock)
            .await;
    }
    let c = clients(UpstreamUrls::all(&mock.uri()));
    let ctx = ctx();
    let n = "8993100000000101";
    let d = account::dashboard(&c, &ctx, n).await.unwrap();
    assert_eq!(d.error_code.as_deref(), Some("ACCOUNT_NOT_FOUND"));
    assert!(
        account::aux_account(&c, &ctx, n)
            .await
            .unwrap()
            .aux_details
            .is_empty()
    );
    let pay = payments::payment_info(&c, &ctx, n, "4045550201")
        .await
        .unwrap();
    assert_eq!(pay.business_error_code.as_deref(), Some("BUS_PMT_006"));
    let promos = promotions::dashboard_promos(&c, &ctx, n, "LOC1")
        .await
        .unwrap();
    assert!(promos.prepaid_promotions.discounts.is_empty());
    mock.verify().await;
}

#[tokio::test]
async fn drift_and_failures_map_onto_upstream_errors() {
    let mock = MockServer::start().await;
    Mock::given(path("/dashboard"))
        .and(body_partial_json(json!({"accountId": "1"})))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"newField": 1})))
        .mount(&mock)
        .await;
    Mock::given(path("/aux-account"))
        .respond_with(ResponseTemplate::new(503))
        .mount(&mock)
        .await;
    let urls = UpstreamUrls::all(&mock.uri());
    let ctx = ctx();
    // Strict (harness): an unknown field is a bad response; tolerant (production): ignored.
    let strict = account::dashboard(&clients(urls.clone()), &ctx, "1").await;
    assert!(matches!(
        strict,
        Err(UpstreamError::BadResponse {
            service: "account",
            ..
        })
    ));
    let tolerant = Clients::new(
        urls.clone(),
        Duration::from_secs(5),
        Duration::from_secs(10),
    )
    .unwrap();
    let d = account::dashboard(&tolerant, &ctx, "1").await.unwrap();
    assert!(d.customer_info.is_none() && d.error_code.is_none());
    let aux = account::aux_account(&clients(urls), &ctx, "1").await;
    assert!(matches!(
        aux,
        Err(UpstreamError::Status {
            service: "account",
            status: 503
        })
    ));
}
