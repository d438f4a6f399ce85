//! The account simulator's part of the default world: every account of
//! [`identity_world`] present in the prepaid database, in the state its
//! [`DashboardState`] names, plus the aux accounts those states point at (seed 001 §3
//! "Dashboard response", "Aux account", "PaymentInfo"; §4 "Page readiness and checks").
//!
//! Dates are relative to the clock passed in (the simulator's: the system's), so the days
//! remaining the portal computes (whole days to expiry + 1) are the same whatever the day:
//! an account "with `d` days left" expires at 23:59:59 UTC on day `today + d - 1`.
//! Synthetic data only; everything else is derived from the account number.

use chrono::{DateTime, Days, NaiveDate, Utc};
use upstream::account::{
    ACCOUNT_NOT_FOUND, ACCOUNT_TYPE_VAN, AccountCustomerInfo, AcpBenefit, AcpDetail, AcpStatus,
    AuxAccountResponse, AuxAcctStatus, AuxAcctType, AuxDetail, AuxSubsPlan, AvailablePlan,
    CUSTOMER_TYPE_TRIBAL, CimaDetails, DashboardResponse, LITEPAY_MULTIPLE_ACCOUNTS, LOB_HSD,
    LOB_VIDEO, MOVE_ACTION_CANCEL, MOVE_NOT_FOUND, PaymentDetail, PlanDetail, PlanStatusDetail,
    ReconnectEligibility, RestartDeviceDetail, RestartDeviceRequest, RestartDeviceResponse,
    RestartStatus, SubscriptionDetail, UpdateScheduledMoveRequest, UpdateScheduledMoveResponse,
};
use upstream::address::Address;
use upstream::identity::PrepaidStatus;
use upstream::payments::{NO_INSTRUMENT, PaymentInfoCustInfo, PaymentInfoResponse};
use upstream::promotions::{DiscountDetail, PrepaidPromotions, PromoResponse};

use crate::buy_world;
use crate::identity_world::{DashboardState, IDENTITIES, TestIdentity};

/// `errorMessage` next to [`ACCOUNT_NOT_FOUND`].
pub const NOT_FOUND_MESSAGE: &str = "No prepaid account found for this account number.";
/// Days left of an account in [`DashboardState::Active`] and the other open states
/// without a days rule of their own.
pub const ACTIVE_DAYS: i64 = 20;
/// Days left of [`DashboardState::ExpiringSoon`] (amber: 10 or fewer, seed 001 §9).
pub const EXPIRING_DAYS: i64 = 5;
/// Days left of [`DashboardState::Expired`] (expired at 0 or fewer).
pub const EXPIRED_DAYS: i64 = 0;
/// Days left of a closed account's last plan (long expired).
pub const CLOSED_DAYS: i64 = -30;
/// Days from today to the move day of [`DashboardState::ScheduledMove`].
pub const MOVE_IN_DAYS: u64 = 10;
/// ACP benefit of [`DashboardState::AcpApproved`], dollars.
pub const ACP_BENEFIT: &str = "30.00";
/// `deniedReasonCode` and `deniedReasonDesc` of [`DashboardState::AcpDenied`] (ours: the seed
/// names the fields, not their values).
pub const ACP_DENIED_REASON: (&str, &str) = ("ACP_INELIGIBLE", "Not eligible for the program");
/// The refill promotion offered to open accounts (seed 001 §9 "refill P_SALE35OFF_021522").
pub const REFILL_PROMO_ID: &str = "P_SALE35OFF_021522";
/// The winback promotion offered to the expired account (seed 001 §9
/// "winback P_WINBACK45OFF_1215").
pub const WINBACK_PROMO_ID: &str = "P_WINBACK45OFF_1215";

/// `planStatus` of [`DashboardState::Paused`] (the BFF's `PLAN_STATUS_PAUSED`; the seed names
/// the paused state, not the value).
pub const PLAN_STATUS_PAUSED: &str = "PAUSED";

/// One account the account simulator knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorldAccount {
    /// Account number, 16 digits.
    pub number: String,
    /// `Open` or `Closed`.
    pub status: PrepaidStatus,
    /// The state it is held in.
    pub state: DashboardState,
    /// The service address.
    pub address: Address,
    /// The identity holding it (for an aux account, the identity of the account it came from).
    pub holder: &'static TestIdentity,
    /// `ENGLISH` or `SPANISH`.
    pub lang: &'static str,
    /// SMS opt-in.
    pub sms_opt_in: bool,
    /// Whether it is an aux account (not linked to the identity itself).
    pub aux_of: Option<&'static str>,
}

/// Every account of the world: the identities' accounts present in the prepaid database, in
/// the identities' order, then the aux accounts (Activated: an active account;
/// Preactivated: an open account awaiting activation, without plans).
pub fn accounts() -> Vec<WorldAccount> {
    let linked = IDENTITIES.iter().flat_map(|i| {
        i.accounts
            .iter()
            .filter(|a| a.in_prepaid_db)
            .map(move |a| (i, a))
    });
    let mut out: Vec<WorldAccount> = linked
        .clone()
        .map(|(i, a)| WorldAccount {
            number: a.number.to_owned(),
            status: a.status,
            state: a.dashboard,
            address: Address {
                address_line1: a.address.0.to_owned(),
                address_line2: String::new(),
                city: a.address.1.to_owned(),
                state: a.address.2.to_owned(),
                zip: a.address.3.to_owned(),
            },
            holder: i,
            lang: a.lang,
            sms_opt_in: a.sms_opt_in,
            aux_of: None,
        })
        .collect();
    for (i, a) in linked {
        // a closed, reconnect-eligible account's aux account is the one a reconnect makes
        // (`account_reconnect`)
        let reconnect =
            (a.dashboard == DashboardState::Deactivated).then(|| reconnect_aux(a.number));
        let Some(aux) = a.dashboard.aux().map(str::to_owned).or(reconnect) else {
            continue;
        };
        let aux = aux.as_str();
        let state = match a.dashboard {
            DashboardState::ClosedAuxActivated { .. } => DashboardState::Active,
            _ => DashboardState::ActiveNoPlans,
        };
        out.push(WorldAccount {
            number: aux.to_owned(),
            status: PrepaidStatus::Open,
            state,
            address: to_address(aux),
            holder: i,
            lang: a.lang,
            sms_opt_in: a.sms_opt_in,
            aux_of: Some(a.number),
        });
    }
    out
}

/// The aux account a reconnect of `account` makes (`account_reconnect`): its first 14 digits
/// and `95`.
pub fn reconnect_aux(account: &str) -> String {
    format!("{}95", &account[..account.len().saturating_sub(2)])
}

/// The account numbered `number`, if the world knows it.
pub fn find(number: &str) -> Option<WorldAccount> {
    accounts().into_iter().find(|a| a.number == number)
}

/// The address an aux account serves (a move's `toAddress`): `<last 4 digits> Ponce De
/// Leon Ave, Unit 2`, Atlanta, GA 30308.
pub fn to_address(aux: &str) -> Address {
    Address {
        address_line1: format!("{} Ponce De Leon Ave", tail(aux, 4)),
        address_line2: "Unit 2".into(),
        city: "Atlanta".into(),
        state: "GA".into(),
        zip: "30308".into(),
    }
}

fn tail(s: &str, n: usize) -> &str {
    &s[s.len().saturating_sub(n)..]
}

/// Days left of `state` (the portal's days remaining), `None` without a plan status.
pub fn days_left(state: DashboardState) -> Option<i64> {
    use DashboardState as S;
    match state {
        S::ExpiringSoon => Some(EXPIRING_DAYS),
        S::Expired => Some(EXPIRED_DAYS),
        S::ActiveNoPlans | S::Absent => None,
        S::ClosedWithPlans
        | S::ClosedAuxPreactivated { .. }
        | S::ClosedAuxActivated { .. }
        | S::Deactivated => Some(CLOSED_DAYS),
        _ => Some(ACTIVE_DAYS),
    }
}

/// The expiry of an account with `days` left at `now`: 23:59:59 UTC on `today + days - 1`,
/// ISO 8601 (`2026-12-04T23:59:59Z`).
pub fn expiry(now: DateTime<Utc>, days: i64) -> String {
    let day = now.date_naive() + chrono::Duration::days(days - 1);
    format!("{}T23:59:59Z", day.format("%Y-%m-%d"))
}

fn iso_day(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

/// Whether `state` leaves the account without available plans (seed 001 §4 "no plans").
fn without_plans(state: DashboardState) -> bool {
    use DashboardState as S;
    matches!(
        state,
        S::ActiveNoPlans
            | S::ClosedAuxPreactivated { .. }
            | S::ClosedAuxActivated { .. }
            | S::Deactivated
    )
}

fn plan(code: &str, desc: &str, lob: &str) -> PlanDetail {
    PlanDetail {
        plan_code: code.into(),
        plan_desc: desc.into(),
        product_code: code.into(),
        plan_lob: lob.into(),
    }
}

fn device(
    lob: &str,
    mac: Option<String>,
    serial: String,
    plans: Vec<PlanDetail>,
) -> SubscriptionDetail {
    SubscriptionDetail {
        device_lob: lob.into(),
        mac_id: mac,
        device_serial_number: Some(serial),
        device_status: Some("ACTIVE".into()),
        plan_details: plans,
    }
}

/// The internet modem of account `number` (16 digits): its MAC `A4:B1:` + the last 8 digits
/// in pairs, and its serial `SNH` + the last 8 digits (the dashboard's device and the
/// activation simulator's located device are the same one).
pub fn modem(number: &str) -> (String, String) {
    let n = format!("{number:0>16}");
    let mac = format!(
        "A4:B1:{}:{}:{}:{}",
        &n[8..10],
        &n[10..12],
        &n[12..14],
        &n[14..16]
    );
    (mac, format!("SNH{}", tail(&n, 8)))
}

/// The devices of `a`: an internet modem with a MAC (behind the modem) and its `HSD_030`
/// plan, except without internet; Instant TV boxes per state.
fn devices(a: &WorldAccount) -> Vec<SubscriptionDetail> {
    use DashboardState as S;
    let n = &a.number;
    let (mac, serial) = modem(n);
    let hsd_plans = if without_plans(a.state) {
        Vec::new()
    } else {
        vec![plan("HSD_030", "Prepaid Internet 30 Day", LOB_HSD)]
    };
    let modem = device(LOB_HSD, Some(mac), serial, hsd_plans);
    let tv = |k: u8, plans| device(LOB_VIDEO, None, format!("SNV{k}{}", tail(n, 7)), plans);
    let basic = || plan("VDO_XITV_30", "Instant TV Basic 30 Day", LOB_VIDEO);
    let sports = || plan("VDO_XITV_SPORTS_NEWS_30", "Sports & News 30 Day", LOB_VIDEO);
    match a.state {
        S::TvPackages => vec![
            modem,
            tv(
                1,
                vec![basic(), sports(), plan("HBO", "HBO 30 Day", LOB_VIDEO)],
            ),
            tv(2, vec![sports()]),
        ],
        S::LegacyTv => vec![
            modem,
            tv(
                1,
                vec![plan("VDO_V0_BASIC_30", "Legacy TV Basic 30 Day", LOB_VIDEO)],
            ),
        ],
        S::NoInternet => vec![tv(1, vec![basic()])],
        _ => vec![modem],
    }
}

fn acp(state: DashboardState) -> Option<AcpDetail> {
    let benefit = |amount: &str| AcpBenefit {
        benefit_plan: "ACP".into(),
        benefit_period: "MONTHLY".into(),
        benefit_code: "ACP_BENEFIT".into(),
        benefit_amount: amount.into(),
    };
    let detail = |customer_type: &str, status, benefits| AcpDetail {
        customer_type: customer_type.into(),
        acp_status: status,
        denied_reason_code: None,
        denied_reason_desc: None,
        acp_benefits: benefits,
    };
    match state {
        DashboardState::AcpApproved => Some(detail(
            "Standard",
            AcpStatus::Approved,
            vec![benefit(ACP_BENEFIT)],
        )),
        DashboardState::AcpTribal => Some(detail(
            CUSTOMER_TYPE_TRIBAL,
            AcpStatus::Approved,
            vec![benefit("75.00")],
        )),
        DashboardState::AcpDeEnrolled => {
            Some(detail("Standard", AcpStatus::DeEnrolled, Vec::new()))
        }
        // a first benefit code as an Approved one has: Denied alone makes it no valid ACP
        DashboardState::AcpDenied => Some(AcpDetail {
            denied_reason_code: Some(ACP_DENIED_REASON.0.into()),
            denied_reason_desc: Some(ACP_DENIED_REASON.1.into()),
            ..detail("Standard", AcpStatus::Denied, vec![benefit(ACP_BENEFIT)])
        }),
        _ => None,
    }
}

/// Whether `state` has a stored card (auto-refill on, or the expiring account's card kept
/// with auto-refill off); every other account has none (`BUS_PMT_006`).
fn has_card(state: DashboardState) -> bool {
    matches!(
        state,
        DashboardState::AutoRefill | DashboardState::ExpiringSoon
    )
}

fn not_found() -> DashboardResponse {
    DashboardResponse {
        error_code: Some(ACCOUNT_NOT_FOUND.into()),
        error_message: Some(NOT_FOUND_MESSAGE.into()),
        ..DashboardResponse::default()
    }
}

/// The TV packages besides the basic one (seed 002 §9), offered to the TV account.
pub const TV_PACKAGES: [&str; 3] = [
    "VDO_XITV_ENTRTMNT_30",
    "VDO_XITV_SPORTS_NEWS_30",
    "VDO_XITV_KID_FAMILY_30",
];

fn price(code: &str, lob: &str, dollars: &str) -> AvailablePlan {
    AvailablePlan {
        product_code: code.into(),
        plan_lob: lob.into(),
        plan_price: dollars.into(),
    }
}

/// The internet plans an active account is offered (30 days $45.00, 7 days $15.00); also
/// those of an account activated in the run (`crate::account`).
pub fn internet_plans() -> Vec<AvailablePlan> {
    vec![
        price("HSD_030", LOB_HSD, "45.00"),
        price("HSD_007", LOB_HSD, "15.00"),
    ]
}

/// Answer of `POST /account/dashboard` for `account_id` at `now`; an account the world does
/// not know (or not in the prepaid database): `errorCode` [`ACCOUNT_NOT_FOUND`].
pub fn dashboard(account_id: &str, now: DateTime<Utc>) -> DashboardResponse {
    let Some(a) = find(account_id) else {
        return not_found();
    };
    let van = a.state == DashboardState::Van;
    let (first, last) = if van { ("", "") } else { a.holder.name };
    let customer_info = AccountCustomerInfo {
        account_id: a.number.clone(),
        first_name: first.into(),
        last_name: last.into(),
        phone_number: a.holder.mobile.0.into(),
        email_address: a.holder.email.0.into(),
        email_opt_in: false,
        sms_opt_in: a.sms_opt_in,
        language: a.lang.into(),
        account_type: if van { ACCOUNT_TYPE_VAN } else { "PREPAID" }.into(),
        prepaid_account_status: a.status,
        location_id: format!("LOC{}", tail(&a.number, 8)),
        geo_code: buy_world::geocode_for_zip(&a.address.zip).into(),
        prepaid_payment_id: format!("PPID{}", tail(&a.number, 12)),
    };
    let lobs: Vec<&str> = match a.state {
        DashboardState::TvPackages | DashboardState::LegacyTv => vec![LOB_HSD, LOB_VIDEO],
        DashboardState::NoInternet => vec![LOB_VIDEO],
        _ => vec![LOB_HSD],
    };
    let plan_status_details = days_left(a.state)
        .map(|days| {
            let status = match (a.state, days > 0) {
                (DashboardState::Paused, _) => PLAN_STATUS_PAUSED,
                (_, true) => "ACTIVE",
                (_, false) => "EXPIRED",
            };
            lobs.iter()
                .map(|lob| PlanStatusDetail {
                    lob: (*lob).into(),
                    plan_status: status.into(),
                    expiry_date: expiry(now, days),
                })
                .collect()
        })
        .unwrap_or_default();
    let with_plans = !without_plans(a.state);
    let mut available_plans = Vec::new();
    if with_plans {
        available_plans = internet_plans();
        if a.state == DashboardState::TvPackages {
            // seed 002 §9: the basic package at $22; the other packages and the add-on
            // are priced by us (the refill's TV choices)
            available_plans.push(price("VDO_XITV_30", LOB_VIDEO, "22.00"));
            for package in TV_PACKAGES {
                available_plans.push(price(package, LOB_VIDEO, "10.00"));
            }
            available_plans.push(price("HBO", LOB_VIDEO, "15.00"));
        }
    }
    let aux_subs_plans = if with_plans {
        vec![AuxSubsPlan {
            plan_lob: LOB_HSD.into(),
            product_code: "HSD_030".into(),
            avlbl_plan_days: 30,
        }]
    } else {
        Vec::new()
    };
    let payment_detail = has_card(a.state).then(|| PaymentDetail {
        card_number: Some(card_last4(&a)),
        card_type: Some("Visa".into()),
    });
    DashboardResponse {
        error_code: None,
        error_message: None,
        customer_info: Some(customer_info),
        cima_details: Some(CimaDetails {
            login_id: a.holder.uid.into(),
        }),
        subscription_details: devices(&a),
        plan_status_details,
        available_plans,
        aux_subs_plans,
        acp_detail: acp(a.state),
        payment_detail,
        service_address: Some(a.address.clone()),
        reference_id: Some(format!("REF-{}", a.number)),
    }
}

/// `errorMessage` of a quick-refill lookup that locates no account: the same text whether
/// the phone is unknown or its zip differs (the BFF answers both alike anyway).
pub const LOOKUP_NOT_FOUND_MESSAGE: &str =
    "No prepaid account found for this phone number and zip code.";

/// Answer of `POST /account/lookup`, the quick refill's lookup by billing phone (10 digits,
/// the holder's mobile) and service zip (seed 002 §7.4, §4.6) at `now`: every account of the
/// world with that phone and zip. None: `errorCode` [`ACCOUNT_NOT_FOUND`] (an unknown phone and
/// a known phone with another zip answer the same, [`LOOKUP_NOT_FOUND_MESSAGE`]); more than
/// one: `errorCode` [`LITEPAY_MULTIPLE_ACCOUNTS`]; one: its dashboard record, where an aux
/// account awaiting activation (the Preactivated aux of a move or a closed account) has
/// `prepaidAccountStatus: Preactivated`. Test data (`simulators/TEST_LOOKUPS.md`):
/// `4045550201`/`30309` one open account; `4045550202`/`30310` two; `4045550203`/`30308` a
/// Preactivated aux account; `4045550201`/`30310` and `4045559999`/`30309` none.
pub fn lookup(phone: &str, zip: &str, now: DateTime<Utc>) -> DashboardResponse {
    let found: Vec<WorldAccount> = accounts()
        .into_iter()
        .filter(|a| a.holder.mobile.0 == phone && a.address.zip == zip)
        .collect();
    match found.as_slice() {
        [] => DashboardResponse {
            error_code: Some(ACCOUNT_NOT_FOUND.into()),
            error_message: Some(LOOKUP_NOT_FOUND_MESSAGE.into()),
            ..DashboardResponse::default()
        },
        [one] => {
            let mut d = dashboard(&one.number, now);
            let awaiting = one.aux_of.is_some() && one.state == DashboardState::ActiveNoPlans;
            if let Some(info) = d.customer_info.as_mut().filter(|_| awaiting) {
                info.prepaid_account_status = PrepaidStatus::Preactivated;
            }
            d
        }
        _ => DashboardResponse {
            error_code: Some(LITEPAY_MULTIPLE_ACCOUNTS.into()),
            error_message: Some(
                "More than one prepaid account has this phone number and zip code.".into(),
            ),
            ..DashboardResponse::default()
        },
    }
}

fn card_last4(a: &WorldAccount) -> String {
    tail(&a.number, 4).into()
}

/// Answer of `POST /account/aux-account` for `account_id` at `now`: the aux account of its
/// state (a move, Preactivated or Activated; the scheduled move's day is
/// [`MOVE_IN_DAYS`] ahead, a closed account's move lies in the past) and
/// `reconnectEligibleAcct` (true for the deactivated account only). Unknown:
/// [`ACCOUNT_NOT_FOUND`].
pub fn aux_account(account_id: &str, now: DateTime<Utc>) -> AuxAccountResponse {
    let Some(a) = find(account_id) else {
        return AuxAccountResponse {
            error_code: Some(ACCOUNT_NOT_FOUND.into()),
            error_message: Some(NOT_FOUND_MESSAGE.into()),
            ..AuxAccountResponse::default()
        };
    };
    let today = now.date_naive();
    let aux = |aux: &str, status, day: NaiveDate| AuxDetail {
        aux_acct_type: AuxAcctType::Move,
        aux_acct_schedule_date: Some(iso_day(day)),
        aux_acct_status: status,
        aux_account_id: aux.into(),
        aux_acct_conf_no: Some(format!("MV{}", tail(aux, 8))),
        to_address: Some(to_address(aux)),
    };
    let aux_details = match a.state {
        DashboardState::ScheduledMove { aux: n } => vec![aux(
            n,
            AuxAcctStatus::Preactivated,
            today + Days::new(MOVE_IN_DAYS),
        )],
        DashboardState::ClosedAuxPreactivated { aux: n } => {
            vec![aux(n, AuxAcctStatus::Preactivated, today - Days::new(5))]
        }
        DashboardState::ClosedAuxActivated { aux: n } => {
            vec![aux(n, AuxAcctStatus::Activated, today - Days::new(20))]
        }
        _ => Vec::new(),
    };
    AuxAccountResponse {
        error_code: None,
        error_message: None,
        aux_details,
        reconnect_eligibility: Some(ReconnectEligibility {
            reconnect_eligible_acct: a.state == DashboardState::Deactivated,
        }),
    }
}

/// Answer of `POST /account/scheduled-move` for `req`, given whether the run has already
/// cancelled the account's move: cancels (empty answer) when `action` is `C` and
/// `confirmationId` is the `auxAcctConfNo` of the account's scheduled move (as
/// [`aux_account`] answers it) not yet cancelled; else [`MOVE_NOT_FOUND`] (or
/// [`ACCOUNT_NOT_FOUND`], or `INVALID_ACTION` for another action). The caller remembers a
/// success (`run_state`).
pub fn update_scheduled_move(
    req: &UpdateScheduledMoveRequest,
    already_cancelled: bool,
    now: DateTime<Utc>,
) -> UpdateScheduledMoveResponse {
    let failed = |code: &str, message: &str| UpdateScheduledMoveResponse {
        error_code: Some(code.into()),
        error_message: Some(message.into()),
    };
    let aux = aux_account(&req.account_id, now);
    if aux.error_code.is_some() {
        return failed(ACCOUNT_NOT_FOUND, NOT_FOUND_MESSAGE);
    }
    if req.action != MOVE_ACTION_CANCEL {
        return failed(INVALID_ACTION, "Unknown scheduled-move action.");
    }
    let scheduled = aux.aux_details.iter().any(|d| {
        d.aux_acct_type == AuxAcctType::Move
            && d.aux_acct_status == AuxAcctStatus::Preactivated
            && d.aux_acct_conf_no.as_deref() == Some(req.confirmation_id.as_str())
    });
    if !scheduled || already_cancelled {
        return failed(
            MOVE_NOT_FOUND,
            "No scheduled move with this confirmation id.",
        );
    }
    UpdateScheduledMoveResponse::default()
}

/// `errorCode` of a scheduled-move update with an action the service does not know.
pub const INVALID_ACTION: &str = "INVALID_ACTION";

/// The aux-account answer once the run has cancelled the account's move: without its MOVE
/// aux accounts (seed 001 §4 "Cancelling success ... clears aux accounts").
pub fn without_move(mut aux: AuxAccountResponse) -> AuxAccountResponse {
    aux.aux_details.retain(|d| {
        d.aux_acct_type != AuxAcctType::Move || d.aux_acct_status != AuxAcctStatus::Preactivated
    });
    aux
}

/// `errorCode` of a restart of a device the account does not have (our name: the seed
/// names no code).
pub const DEVICE_NOT_FOUND: &str = "DEVICE_NOT_FOUND";

/// Answer of `POST /account/restart-device`: `RESTARTED` when every device asked for is an
/// internet modem of the account (its `macId` as [`dashboard`] answers it), else `FAILED`
/// with [`DEVICE_NOT_FOUND`]; an unknown account: `FAILED` with [`ACCOUNT_NOT_FOUND`]. A
/// `FAILED` restart of a real modem is a scenario's `respond: {status: FAILED}`.
pub fn restart_device(req: &RestartDeviceRequest) -> RestartDeviceResponse {
    let failed = |code: &str, message: &str| RestartDeviceResponse {
        status: RestartStatus::Failed,
        error_code: Some(code.into()),
        error_message: Some(message.into()),
    };
    let Some(a) = find(&req.account_id) else {
        return failed(ACCOUNT_NOT_FOUND, NOT_FOUND_MESSAGE);
    };
    let modems: Vec<String> = devices(&a)
        .into_iter()
        .filter(|d| d.device_lob == LOB_HSD)
        .filter_map(|d| d.mac_id)
        .collect();
    let known = |d: &RestartDeviceDetail| {
        d.prepaid_product.lob == LOB_HSD && modems.iter().any(|m| m.eq_ignore_ascii_case(&d.mac_id))
    };
    if req.device_details.is_empty() || !req.device_details.iter().all(known) {
        return failed(DEVICE_NOT_FOUND, "No such device on this account.");
    }
    RestartDeviceResponse {
        status: RestartStatus::Restarted,
        error_code: None,
        error_message: None,
    }
}

/// Answer of `POST /payments/get-custpayment-info` for `account_id`: the stored Visa and
/// `enrollAutoPayment` of the states with a card, else only `businessErrorCode`
/// [`NO_INSTRUMENT`] (also for an unknown account).
pub fn payment_info(account_id: &str) -> PaymentInfoResponse {
    let Some(a) = find(account_id).filter(|a| has_card(a.state)) else {
        return PaymentInfoResponse {
            business_error_code: Some(NO_INSTRUMENT.into()),
            ..PaymentInfoResponse::default()
        };
    };
    PaymentInfoResponse {
        enroll_auto_payment: a.state == DashboardState::AutoRefill,
        payment_inst_token: Some(format!("PIT-{}", a.number)),
        card_number: Some(card_last4(&a)),
        card_type: Some("Visa".into()),
        expiration_date: Some("1230".into()),
        cust_info: Some(PaymentInfoCustInfo {
            account_id: Some(a.number.clone()),
            first_name: a.holder.name.0.into(),
            last_name: a.holder.name.1.into(),
            address_line1: a.address.address_line1.clone(),
            address_line2: a.address.address_line2.clone(),
            city: a.address.city.clone(),
            state: a.address.state.clone(),
            zip: a.address.zip.clone(),
        }),
        business_error_code: None,
    }
}

/// Answer of the dashboard's `POST /offers/get-promo` for `account_id` (seed 001 §7
/// "Promos"): the winback promotion for the expired account, the refill promotion for every
/// other open account with plans, none otherwise. Both started `20260101000000`, no end.
pub fn promotions(account_id: &str) -> PromoResponse {
    let Some(a) = find(account_id) else {
        return PromoResponse::default();
    };
    let detail = |origin: f64, off: f64| DiscountDetail {
        product: "HSD_030".into(),
        lob: LOB_HSD.into(),
        plan: "HSD_030".into(),
        origin_price_per_unit: origin,
        discounted_price_per_unit: off,
        effective_price: origin + off,
    };
    let discount = |id: &str, detail| upstream::promotions::Discount {
        disc_id: id.into(),
        disc_start_date: "20260101000000".into(),
        disc_end_date: None,
        offer_type: "DISCOUNT".into(),
        discount_details: vec![detail],
    };
    let discounts = if a.state == DashboardState::Expired {
        // Seed 001 §9: $90 for up to 90 days, saving $45.
        vec![discount(WINBACK_PROMO_ID, detail(90.0, -45.0))]
    } else if a.status == PrepaidStatus::Open && !without_plans(a.state) {
        vec![discount(REFILL_PROMO_ID, detail(45.0, -35.0))]
    } else {
        Vec::new()
    };
    PromoResponse {
        prepaid_promotions: PrepaidPromotions { discounts },
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().to_utc()
    }

    #[test]
    fn numbers_are_distinct_and_every_aux_is_an_account() {
        let all = accounts();
        let numbers: BTreeSet<_> = all.iter().map(|a| a.number.as_str()).collect();
        assert_eq!(numbers.len(), all.len());
        for a in &all {
            if let Some(aux) = a.state.aux() {
                assert!(numbers.contains(aux), "{aux}");
            }
        }
    }

    #[test]
    fn expiry_is_the_end_of_the_last_utc_day() {
        let now = at("2026-03-07T22:10:00Z");
        assert_eq!(expiry(now, 5), "2026-03-11T23:59:59Z");
        assert_eq!(expiry(now, 1), "2026-03-07T23:59:59Z");
        assert_eq!(expiry(now, 0), "2026-03-06T23:59:59Z");
    }

    proptest::proptest! {
        /// Whatever the instant, an account with `d` days left shows `d` days remaining
        /// (whole days to expiry, floored, + 1), and a scheduled move stays 10 days ahead.
        #[test]
        fn days_left_do_not_depend_on_the_day(secs in 0i64..4_000_000_000, d in -40i64..40) {
            let now = DateTime::from_timestamp(secs, 0).unwrap();
            let expiry = DateTime::parse_from_rfc3339(&expiry(now, d)).unwrap().to_utc();
            let remaining = (expiry - now).num_seconds().div_euclid(86_400) + 1;
            proptest::prop_assert_eq!(remaining, d);
            let moving = aux_account("8993100000001304", now);
            let day = moving.aux_details[0].aux_acct_schedule_date.clone().unwrap();
            let day = NaiveDate::parse_from_str(&day, "%Y-%m-%d").unwrap();
            proptest::prop_assert_eq!(day, now.date_naive() + Days::new(MOVE_IN_DAYS));
        }
    }

    #[test]
    fn the_lookup_by_phone_and_zip_finds_one_several_preactivated_or_none() {
        let now = at("2026-03-01T12:00:00Z");
        let one = lookup("4045550201", "30309", now);
        let info = one.customer_info.expect("found");
        assert_eq!(info.account_id, "8993100000000101");
        assert_eq!(info.prepaid_account_status, PrepaidStatus::Open);
        assert_eq!(
            lookup("4045550202", "30310", now).error_code.as_deref(),
            Some(LITEPAY_MULTIPLE_ACCOUNTS)
        );
        let pre = lookup("4045550203", "30308", now)
            .customer_info
            .expect("aux");
        assert_eq!(pre.account_id, "8993100000000391");
        assert_eq!(pre.prepaid_account_status, PrepaidStatus::Preactivated);
        // an unknown phone and a known phone with another zip: the same answer
        let wrong_zip = lookup("4045550201", "30310", now);
        let no_phone = lookup("4045559999", "30309", now);
        assert_eq!(wrong_zip, no_phone);
        assert_eq!(wrong_zip.error_code.as_deref(), Some(ACCOUNT_NOT_FOUND));
    }

    #[test]
    fn unknown_and_absent_accounts_are_not_found() {
        let now = at("2026-03-07T12:00:00Z");
        for id in ["0000000000000000", "8993100000000204", "8993100000000601"] {
            let d = dashboard(id, now);
            assert_eq!(d.error_code.as_deref(), Some(ACCOUNT_NOT_FOUND), "{id}");
            assert!(d.customer_info.is_none());
            assert_eq!(
                aux_account(id, now).error_code.as_deref(),
                Some(ACCOUNT_NOT_FOUND)
            );
        }
    }

    #[test]
    fn the_tv_account_owns_a_duplicate_package() {
        let d = dashboard("8993100000001308", at("2026-03-07T12:00:00Z"));
        let codes: Vec<_> = d
            .subscription_details
            .iter()
            .flat_map(|s| &s.plan_details)
            .filter(|p| p.product_code == "VDO_XITV_SPORTS_NEWS_30")
            .collect();
        assert_eq!(codes.len(), 2);
        assert!(
            d.subscription_details
                .iter()
                .filter(|s| s.device_lob == LOB_HSD)
                .all(|s| s.mac_id.is_some())
        );
    }

    #[test]
    fn a_modem_of_the_account_restarts_and_any_other_device_fails() {
        let id = "8993100000001308";
        let d = dashboard(id, at("2026-03-07T12:00:00Z"));
        let mac = d.subscription_details[0].mac_id.clone().unwrap();
        let ok = restart_device(&RestartDeviceRequest::modem(id, &mac, "DIGITAL2.0", "t"));
        assert_eq!(ok.status, RestartStatus::Restarted);
        assert_eq!(ok.error_code, None);
        let other = restart_device(&RestartDeviceRequest::modem(
            id,
            "00:00:00:00:00:00",
            "s",
            "t",
        ));
        assert_eq!(other.status, RestartStatus::Failed);
        assert_eq!(other.error_code.as_deref(), Some(DEVICE_NOT_FOUND));
        let unknown = restart_device(&RestartDeviceRequest::modem(
            "0000000000000000",
            &mac,
            "s",
            "t",
        ));
        assert_eq!(unknown.status, RestartStatus::Failed);
        assert_eq!(unknown.error_code.as_deref(), Some(ACCOUNT_NOT_FOUND));
    }

    #[test]
    fn a_move_cancels_once_with_its_confirmation_id() {
        let now = at("2026-03-07T12:00:00Z");
        let id = "8993100000001304";
        let aux = aux_account(id, now);
        let conf = aux.aux_details[0].aux_acct_conf_no.clone().unwrap();
        let req = |action: &str, conf: &str| UpdateScheduledMoveRequest {
            account_id: id.into(),
            action: action.into(),
            confirmation_id: conf.into(),
        };
        assert_eq!(
            update_scheduled_move(&req("C", &conf), false, now).error_code,
            None
        );
        let again = update_scheduled_move(&req("C", &conf), true, now);
        assert_eq!(again.error_code.as_deref(), Some(MOVE_NOT_FOUND));
        let wrong = update_scheduled_move(&req("C", "MV00000000"), false, now);
        assert_eq!(wrong.error_code.as_deref(), Some(MOVE_NOT_FOUND));
        let action = update_scheduled_move(&req("X", &conf), false, now);
        assert_eq!(action.error_code.as_deref(), Some(INVALID_ACTION));
        assert!(without_move(aux).aux_details.is_empty());
    }
}
