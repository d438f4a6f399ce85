//! Tests of the dashboard rules: examples of every readiness branch (seed 001 §4) and of
//! the daylight-saving days, property tests against oracles written from the seed's text.

use chrono::{Datelike, Days, Duration, Timelike, Weekday};
use proptest::prelude::*;
use upstream::account::{
    AccountCustomerInfo, AcpBenefit, AuxDetail, AvailablePlan, PlanDetail, PlanStatusDetail,
    ReconnectEligibility, SubscriptionDetail,
};

use super::*;

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().to_utc()
}

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn plan(code: &str, desc: &str, lob: &str) -> PlanDetail {
    PlanDetail {
        plan_code: code.into(),
        plan_desc: desc.into(),
        product_code: code.into(),
        plan_lob: lob.into(),
    }
}

fn device(lob: &str, mac: Option<&str>, plans: Vec<PlanDetail>) -> SubscriptionDetail {
    SubscriptionDetail {
        device_lob: lob.into(),
        mac_id: mac.map(Into::into),
        device_serial_number: None,
        device_status: None,
        plan_details: plans,
    }
}

/// A dashboard answer: `status`, with plans or not, an internet device or not, a legacy TV
/// plan or not.
fn board(status: PrepaidStatus, plans: bool, hsd: bool, legacy: bool) -> DashboardResponse {
    let mut devices = Vec::new();
    if hsd {
        devices.push(device(
            LOB_HSD,
            Some("A4:B1:00:00:01:01"),
            vec![plan("HSD_030", "Prepaid Internet 30 Day", LOB_HSD)],
        ));
    }
    if legacy {
        devices.push(device(
            LOB_VIDEO,
            None,
            vec![plan("VDO_V0_BASIC_30", "Legacy 30 Day", LOB_VIDEO)],
        ));
    }
    DashboardResponse {
        customer_info: Some(AccountCustomerInfo {
            account_id: "8993100000000101".into(),
            first_name: "Olivia".into(),
            last_name: "Owens".into(),
            phone_number: "4045550201".into(),
            email_address: "olivia.owner@example.com".into(),
            email_opt_in: false,
            sms_opt_in: false,
            language: "ENGLISH".into(),
            account_type: "PREPAID".into(),
            prepaid_account_status: status,
            location_id: "LOC1".into(),
            geo_code: "110601130".into(),
            prepaid_payment_id: "PPID1".into(),
        }),
        subscription_details: devices,
        available_plans: if plans {
            vec![AvailablePlan {
                product_code: "HSD_030".into(),
                plan_lob: LOB_HSD.into(),
                plan_price: "45.00".into(),
            }]
        } else {
            Vec::new()
        },
        ..DashboardResponse::default()
    }
}

fn aux_of(status: Option<AuxAcctStatus>, eligible: bool) -> AuxAccountResponse {
    AuxAccountResponse {
        aux_details: status
            .map(|s| AuxDetail {
                aux_acct_type: AuxAcctType::Move,
                aux_acct_schedule_date: Some("2026-12-14".into()),
                aux_acct_status: s,
                aux_account_id: "8993100000000391".into(),
                aux_acct_conf_no: Some("MV00000391".into()),
                to_address: None,
            })
            .into_iter()
            .collect(),
        reconnect_eligibility: Some(ReconnectEligibility {
            reconnect_eligible_acct: eligible,
        }),
        ..AuxAccountResponse::default()
    }
}

use PrepaidStatus::{Closed, Open};

// ---- readiness: one example per branch of seed 001 §4 ----

#[test]
fn readiness_open_with_plans_and_internet_shows() {
    assert_eq!(
        readiness(&board(Open, true, true, false), &aux_of(None, false)),
        Readiness::Show
    );
}

#[test]
fn readiness_open_without_plans_goes_to_activation_of_itself() {
    let r = readiness(&board(Open, false, true, false), &aux_of(None, false));
    assert_eq!(
        r,
        Readiness::Activation {
            account_id: "8993100000000101".into()
        }
    );
    assert_eq!(r.log_line(), Some(ACTIVATION_LOG_LINE));
}

#[test]
fn readiness_closed_with_preactivated_aux_goes_to_activation_of_the_aux() {
    for plans in [false, true] {
        assert_eq!(
            readiness(
                &board(Closed, plans, true, false),
                &aux_of(Some(AuxAcctStatus::Preactivated), false)
            ),
            Readiness::Activation {
                account_id: "8993100000000391".into()
            }
        );
    }
}

#[test]
fn readiness_closed_with_activated_aux_goes_to_the_aux_dashboard() {
    assert_eq!(
        readiness(
            &board(Closed, false, true, false),
            &aux_of(Some(AuxAcctStatus::Activated), true)
        ),
        Readiness::AuxDashboard {
            account_id: "8993100000000391".into()
        },
        "a usable aux account wins over reconnect eligibility"
    );
}

#[test]
fn readiness_closed_without_usable_aux_is_an_error() {
    let closed_aux = aux_of(Some(AuxAcctStatus::Closed), false);
    for (plans, aux) in [
        (true, aux_of(None, false)),
        (true, aux_of(None, true)),
        (false, aux_of(None, false)),
        (false, closed_aux),
    ] {
        let r = readiness(&board(Closed, plans, true, false), &aux);
        assert_eq!(
            r,
            Readiness::Error {
                reason: ErrorReason::ClosedWithoutAux
            },
            "plans {plans}"
        );
        assert_eq!(
            r.log_line(),
            Some("This account is closed, but there is no aux account to redirect to.")
        );
    }
}

#[test]
fn readiness_closed_without_plans_reconnect_eligible_is_deactivated() {
    assert_eq!(
        readiness(&board(Closed, false, true, false), &aux_of(None, true)),
        Readiness::Deactivated
    );
}

#[test]
fn readiness_legacy_tv_or_no_internet_is_an_error() {
    for (hsd, legacy) in [(false, false), (true, true), (false, true)] {
        let r = readiness(&board(Open, true, hsd, legacy), &aux_of(None, false));
        assert_eq!(
            r,
            Readiness::Error {
                reason: ErrorReason::NoInternetOrLegacyTv
            }
        );
        assert_eq!(r.log_line(), Some("No HSD, or account has legacy TV"));
    }
}

#[test]
fn readiness_failed_lookups_are_an_error() {
    let failed = Readiness::Error {
        reason: ErrorReason::RequiredCallFailed,
    };
    let not_found = DashboardResponse {
        error_code: Some("ACCOUNT_NOT_FOUND".into()),
        error_message: Some("No prepaid account found".into()),
        ..DashboardResponse::default()
    };
    assert_eq!(readiness(&not_found, &aux_of(None, false)), failed);
    let aux_failed = AuxAccountResponse {
        error_code: Some("AUX-500".into()),
        ..AuxAccountResponse::default()
    };
    assert_eq!(
        readiness(&board(Open, true, true, false), &aux_failed),
        failed
    );
    assert_eq!(
        readiness(&DashboardResponse::default(), &aux_of(None, false)),
        failed,
        "no customerInfo"
    );
    assert_eq!(failed.log_line(), Some("Error making a required API call"));
}

proptest! {
    /// Each outcome only under the conditions the seed gives it.
    #[test]
    fn readiness_outcomes_have_their_conditions(
        open in any::<bool>(), plans in any::<bool>(), hsd in any::<bool>(),
        legacy in any::<bool>(), eligible in any::<bool>(), failed in any::<bool>(),
        aux in prop::option::of(prop::sample::select(vec![
            AuxAcctStatus::Closed, AuxAcctStatus::Preactivated, AuxAcctStatus::Activated,
        ])),
    ) {
        let mut d = board(if open { Open } else { Closed }, plans, hsd, legacy);
        if failed {
            d.error_code = Some("X".into());
        }
        let a = aux_of(aux, eligible);
        let usable = aux.filter(|s| *s != AuxAcctStatus::Closed);
        let r = readiness(&d, &a);
        match &r {
            Readiness::Show => prop_assert!(!failed && open && plans && hsd && !legacy),
            Readiness::Activation { account_id } if account_id == "8993100000000101" => {
                prop_assert!(!failed && open && !plans);
            }
            Readiness::Activation { .. } => {
                prop_assert!(!failed && !open && usable == Some(AuxAcctStatus::Preactivated));
            }
            Readiness::AuxDashboard { .. } => {
                prop_assert!(!failed && !open && usable == Some(AuxAcctStatus::Activated));
            }
            Readiness::Deactivated => {
                prop_assert!(!failed && !open && !plans && eligible && usable.is_none());
            }
            Readiness::Error { reason: ErrorReason::RequiredCallFailed } => prop_assert!(failed),
            Readiness::Error { reason: ErrorReason::ClosedWithoutAux } => {
                prop_assert!(!failed && !open && usable.is_none() && (plans || !eligible));
            }
            Readiness::Error { reason: ErrorReason::NoInternetOrLegacyTv } => {
                prop_assert!(!failed && open && plans && (!hsd || legacy));
            }
        }
    }
}

// ---- days remaining, status, ring, refill-now, auto-enrol ----

#[test]
fn days_remaining_examples() {
    let expiry = at("2026-12-04T23:59:59Z");
    assert_eq!(days_remaining(expiry, at("2026-12-04T23:59:59Z")), 1);
    assert_eq!(days_remaining(expiry, at("2026-12-04T00:00:00Z")), 1);
    assert_eq!(days_remaining(expiry, at("2026-12-05T00:00:00Z")), 0);
    assert_eq!(days_remaining(expiry, at("2026-11-30T08:00:00Z")), 5);
    assert_eq!(days_remaining(expiry, at("2026-12-06T00:00:00Z")), -1);
    assert_eq!(status(Some(1), false), Status::Active);
    assert_eq!(status(Some(0), false), Status::Expired);
    assert_eq!(status(None, false), Status::Expired);
    assert_eq!(status(Some(20), true), Status::Deactivated);
}

#[test]
fn expiry_formats() {
    assert_eq!(
        parse_expiry("2026-12-04T23:59:59Z"),
        Some(at("2026-12-04T23:59:59Z"))
    );
    assert_eq!(
        parse_expiry("2026-12-04T18:59:59-05:00"),
        Some(at("2026-12-04T23:59:59Z"))
    );
    assert_eq!(
        parse_expiry("2026-12-04T23:59:59"),
        Some(at("2026-12-04T23:59:59Z"))
    );
    assert_eq!(parse_expiry("12/04/2026"), None);
    assert_eq!(parse_expiry(""), None);
}

#[test]
fn ring_table() {
    // (days, auto-refill, paused) -> ring, seed 001 §2.
    let table = [
        (20, false, false, Ring::Green),
        (11, false, false, Ring::Green),
        (10, false, false, Ring::Amber),
        (1, false, false, Ring::Amber),
        (0, false, false, Ring::Red),
        (-3, false, false, Ring::Red),
        (5, true, false, Ring::Green),
        (0, true, false, Ring::Green),
        (5, false, true, Ring::Blue),
        (0, false, true, Ring::Blue),
    ];
    for (days, auto, paused, want) in table {
        assert_eq!(ring(days, auto, paused), want, "{days} {auto} {paused}");
    }
}

proptest! {
    #[test]
    fn days_remaining_counts_whole_days_plus_one(
        k in -400i64..400, secs in 0i64..86_400, base in 0i64..2_000_000_000,
    ) {
        let expiry = DateTime::from_timestamp(base, 0).unwrap();
        // `k` whole days and `secs` more before the expiry.
        let now = expiry - Duration::days(k) - Duration::seconds(secs);
        prop_assert_eq!(days_remaining(expiry, now), k + 1);
        // Later is never more days.
        prop_assert!(days_remaining(expiry, now + Duration::seconds(1)) <= k + 1);
    }

    #[test]
    fn ring_refill_and_enrol_follow_the_seed(
        days in -40i64..40, auto in any::<bool>(), paused in any::<bool>(),
        moving in any::<bool>(), deactivated in any::<bool>(),
    ) {
        let want = match () {
            _ if paused => Ring::Blue,
            _ if !auto && days <= 0 => Ring::Red,
            _ if !auto && days <= 10 => Ring::Amber,
            _ => Ring::Green,
        };
        prop_assert_eq!(ring(days, auto, paused), want);
        let refill = refill_now(days, auto, moving);
        prop_assert_eq!(refill, (days <= 10 && !auto && !moving) || days <= 0);
        if days <= 0 { prop_assert!(refill); }
        if days > 10 { prop_assert!(!refill); }
        let enrol = auto_enrol_offered(auto, deactivated, days);
        prop_assert_eq!(enrol, !auto && !deactivated && days > 0);
    }
}

#[test]
fn internet_and_flags_from_the_answer() {
    let mut d = board(Open, true, true, false);
    d.plan_status_details = vec![PlanStatusDetail {
        lob: LOB_HSD.into(),
        plan_status: "ACTIVE".into(),
        expiry_date: "2026-12-04T23:59:59Z".into(),
    }];
    let i = internet(&d, at("2026-11-30T08:00:00Z")).unwrap();
    assert_eq!(i.days_remaining, 5);
    assert_eq!(i.expiration_date(), day("2026-12-04"));
    let now = at("2026-11-30T08:00:00Z");
    assert!(behind_the_modem(&d) && !is_van(&d) && !paused(&d, None, now));
    // A move on 2026-12-14 starts at 05:00 UTC that day (standard time).
    let mv = scheduled_move(&aux_of(Some(AuxAcctStatus::Preactivated), false)).unwrap();
    assert!(!paused(&d, Some(&mv), now));
    assert!(!paused(&d, Some(&mv), at("2026-12-14T04:59:59Z")));
    assert!(paused(&d, Some(&mv), at("2026-12-14T05:00:00Z")));
    assert!(mv.started(at("2026-12-20T00:00:00Z")));
    d.plan_status_details[0].plan_status = "Paused".into();
    assert!(paused(&d, None, now));
    d.plan_status_details[0].expiry_date = "soon".into();
    assert_eq!(internet(&d, at("2026-11-30T08:00:00Z")), None);
    d.subscription_details[0].mac_id = Some(" ".into());
    assert!(!behind_the_modem(&d));
    d.customer_info.as_mut().unwrap().account_type = "VAN".into();
    assert!(is_van(&d));
}

// ---- TV products ----

#[test]
fn tv_products_dedupe_and_trim() {
    let mut d = board(Open, true, true, false);
    d.subscription_details.push(device(
        LOB_VIDEO,
        None,
        vec![
            plan("VDO_XITV_30", "Instant TV Basic 30 Day", LOB_VIDEO),
            plan("VDO_XITV_SPORTS_NEWS_30", "Sports & News 30 Day", LOB_VIDEO),
            plan("HBO", "HBO 30 Day", LOB_VIDEO),
        ],
    ));
    d.subscription_details.push(device(
        LOB_VIDEO,
        None,
        vec![plan(
            "VDO_XITV_SPORTS_NEWS_30",
            "Sports & News 30 Day",
            LOB_VIDEO,
        )],
    ));
    let tv = tv_products(&d);
    let codes: Vec<_> = tv.iter().map(|t| t.product_code.as_str()).collect();
    assert_eq!(codes, ["VDO_XITV_30", "VDO_XITV_SPORTS_NEWS_30", "HBO"]);
    let names: Vec<_> = tv.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Instant TV Basic", "Sports & News", "HBO"]);
}

fn tv_code() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "VDO_XITV_30",
        "VDO_XITV_ENTRTMNT_30",
        "VDO_XITV_SPORTS_NEWS_30",
        "VDO_XITV_KID_FAMILY_30",
        "HBO",
        "STREAMPIX",
        "DEPORTES",
        "LATINO",
    ])
}

proptest! {
    #[test]
    fn tv_products_are_the_distinct_video_codes_in_order(
        devices in prop::collection::vec(
            (any::<bool>(), prop::collection::vec((tv_code(), any::<bool>()), 0..5)), 0..4),
    ) {
        let mut d = board(Open, true, true, false);
        let mut want: Vec<&str> = Vec::new();
        for (video, plans) in &devices {
            let lob = if *video { LOB_VIDEO } else { LOB_HSD };
            let plans = plans.iter().map(|(c, suffix)| {
                if *video && !want.contains(c) { want.push(c); }
                let desc = if *suffix { format!("{c} 30 Day") } else { (*c).to_owned() };
                plan(c, &desc, lob)
            }).collect();
            d.subscription_details.push(device(lob, None, plans));
        }
        let tv = tv_products(&d);
        let got: Vec<&str> = tv.iter().map(|t| t.product_code.as_str()).collect();
        prop_assert_eq!(&got, &want);
        for t in &tv {
            prop_assert!(!t.name.ends_with(" 30 Day"));
            prop_assert_eq!(&t.name, &t.product_code);
        }
    }
}

// ---- scheduled move and its cancel cutoff ----

#[test]
fn scheduled_move_is_the_open_move_with_a_date() {
    let mut a = aux_of(Some(AuxAcctStatus::Preactivated), false);
    let m = scheduled_move(&a).unwrap();
    assert_eq!(m.schedule_date, day("2026-12-14"));
    assert_eq!(m.aux_account_id, "8993100000000391");
    assert_eq!(m.cancel_date(), day("2026-12-13"));
    assert_eq!(m.cancel_until(), at("2026-12-14T05:00:00Z"));
    a.aux_details[0].aux_acct_status = AuxAcctStatus::Activated;
    assert!(scheduled_move(&a).is_some(), "any status but Closed");
    a.aux_details[0].aux_acct_status = AuxAcctStatus::Closed;
    assert_eq!(scheduled_move(&a), None);
    a.aux_details[0].aux_acct_status = AuxAcctStatus::Preactivated;
    a.aux_details[0].aux_acct_type = AuxAcctType::Reconnect;
    assert_eq!(scheduled_move(&a), None, "not a move");
    a.aux_details[0].aux_acct_type = AuxAcctType::Move;
    a.aux_details[0].aux_acct_schedule_date = None;
    assert_eq!(scheduled_move(&a), None, "no date");
    a.aux_details[0].aux_acct_schedule_date = Some("14/12/2026".into());
    assert_eq!(scheduled_move(&a), None, "unreadable date");
}

#[test]
fn cancel_cutoff_across_the_2026_transitions() {
    // Daylight time starts 2026-03-08 at 2:00 local: that day's midnight is still standard.
    let table = [
        ("2026-03-07", "2026-03-07T05:00:00Z"),
        ("2026-03-08", "2026-03-08T05:00:00Z"),
        ("2026-03-09", "2026-03-09T04:00:00Z"),
        ("2026-07-04", "2026-07-04T04:00:00Z"),
        // Standard time returns 2026-11-01 at 2:00 local: that day's midnight is daylight.
        ("2026-10-31", "2026-10-31T04:00:00Z"),
        ("2026-11-01", "2026-11-01T04:00:00Z"),
        ("2026-11-02", "2026-11-02T05:00:00Z"),
        ("2026-12-25", "2026-12-25T05:00:00Z"),
    ];
    for (move_day, cutoff) in table {
        assert_eq!(cancel_cutoff(day(move_day)), at(cutoff), "{move_day}");
    }
    let move_day = day("2026-11-01");
    assert!(can_cancel(move_day, at("2026-11-01T03:59:59Z")));
    assert!(!can_cancel(move_day, at("2026-11-01T04:00:00Z")));
    assert_eq!(cancel_date_shown(move_day), day("2026-10-31"));
    assert_eq!(cancel_date_shown(day("2026-03-01")), day("2026-02-28"));
}

/// The cancel date shown across month, year, leap day and the US daylight-time switches
/// (which move the cutoff hour, not the date shown).
#[test]
fn cancel_date_shown_is_the_day_before() {
    for (move_day, shown) in [
        ("2026-12-03", "2026-12-02"),
        ("2027-01-01", "2026-12-31"),
        ("2028-03-01", "2028-02-29"),
        ("2027-03-14", "2027-03-13"),
        ("2027-11-07", "2027-11-06"),
    ] {
        assert_eq!(cancel_date_shown(day(move_day)), day(shown), "{move_day}");
    }
}

/// The US rule since 2007, written from the statute rather than a time-zone database:
/// daylight time from the second Sunday of March to the first Sunday of November (both
/// switches at 2:00 local, so midnight of those days is still on the old time).
fn us_daylight_at_midnight(d: NaiveDate) -> bool {
    let nth_sunday = |month: u32, n: u32| {
        let first = NaiveDate::from_ymd_opt(d.year(), month, 1).unwrap();
        let offset = (7 - first.weekday().num_days_from_sunday()) % 7;
        first + Days::new(u64::from(offset + 7 * (n - 1)))
    };
    let start = nth_sunday(3, 2);
    let end = nth_sunday(11, 1);
    assert_eq!(start.weekday(), Weekday::Sun);
    d > start && d <= end
}

proptest! {
    #[test]
    /// Every day of 2007-2099 (chrono-tz's transition table ends in November 2099).
    fn cancel_cutoff_is_4_or_5_utc_by_the_us_rule(days in 0u64..33_968) {
        let move_day = day("2007-01-01") + Days::new(days);
        let cutoff = cancel_cutoff(move_day);
        prop_assert_eq!(cutoff.date_naive(), move_day);
        prop_assert_eq!((cutoff.minute(), cutoff.second()), (0, 0));
        let want = if us_daylight_at_midnight(move_day) { 4 } else { 5 };
        prop_assert_eq!(cutoff.hour(), want, "{}", move_day);
        prop_assert_eq!(cancel_date_shown(move_day) + Days::new(1), move_day);
        prop_assert!(can_cancel(move_day, cutoff - Duration::seconds(1)));
        prop_assert!(!can_cancel(move_day, cutoff));
    }
}

// ---- ACP ----

fn acp_detail(status: AcpStatus, customer_type: &str, code: &str, amount: &str) -> AcpDetail {
    AcpDetail {
        customer_type: customer_type.into(),
        acp_status: status,
        denied_reason_code: None,
        denied_reason_desc: None,
        acp_benefits: vec![AcpBenefit {
            benefit_plan: "ACP".into(),
            benefit_period: "MONTHLY".into(),
            benefit_code: code.into(),
            benefit_amount: amount.into(),
        }],
    }
}

#[test]
fn acp_examples() {
    assert_eq!(acp(None), None);
    let approved = acp(Some(&acp_detail(
        AcpStatus::Approved,
        "Standard",
        "ACP",
        "30.00",
    )))
    .unwrap();
    assert_eq!(approved.benefit_amount, Some(3000));
    assert_eq!(approved.deduction(), Some(3000));
    let tribal = acp(Some(&acp_detail(
        AcpStatus::Approved,
        "Tribal",
        "ACP",
        "75.00",
    )))
    .unwrap();
    assert!(tribal.tribal);
    assert_eq!(
        tribal.deduction(),
        None,
        "Tribal: no deduction (seed 001 §6)"
    );
    let no_code = acp(Some(&acp_detail(
        AcpStatus::Approved,
        "Standard",
        "",
        "30.00",
    )))
    .unwrap();
    assert_eq!(no_code.benefit_amount, None);
    let mut gone = acp_detail(AcpStatus::DeEnrolled, "Standard", "ACP", "30.00");
    assert_eq!(acp(Some(&gone)).unwrap().benefit_amount, None);
    gone.acp_benefits.clear();
    assert_eq!(acp(Some(&gone)).unwrap().status, AcpStatus::DeEnrolled);
}

proptest! {
    #[test]
    fn acp_deduction_only_for_valid_non_tribal(
        status in prop::sample::select(vec![AcpStatus::Approved, AcpStatus::DeEnrolled, AcpStatus::Denied]),
        tribal in any::<bool>(), code in prop::sample::select(vec!["", "ACP30"]),
        cents in 0i64..20_000,
    ) {
        let amount = format!("{}.{:02}", cents / 100, cents % 100);
        let d = acp_detail(status, if tribal { "Tribal" } else { "Standard" }, code, &amount);
        let a = acp(Some(&d)).unwrap();
        let valid = status == AcpStatus::Approved && !code.is_empty();
        prop_assert_eq!(a.tribal, tribal);
        prop_assert_eq!(a.benefit_amount, valid.then_some(cents));
        prop_assert_eq!(a.deduction(), (valid && !tribal).then_some(cents));
    }
}
