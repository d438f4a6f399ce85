//! The dashboard's rules (seed 001 §2 "Dashboard", §4 "Page readiness and checks", "Service
//! status", "Scheduled move", "Auto-refill", §6, §8, §9), computed once in the BFF from the
//! account service's answers (`upstream::account`) so the browser only shows them; the
//! dashboard's promotion in `dashboard/promo.rs` ([`dashboard_promo`]).
//!
//! Time is always passed in (`now`): days remaining count whole days to the expiry instant.
//! The move-cancel cutoff is midnight at the start of the move day in US Eastern time, which
//! is the seed's "5:00 UTC in standard time, 4:00 UTC in daylight time" (`chrono-tz`'s
//! `America/New_York`, so the US daylight-saving rule of each year).

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::America::New_York;
use upstream::account::{
    ACCOUNT_TYPE_VAN, AcpDetail, AcpStatus, AuxAccountResponse, AuxAcctStatus, AuxAcctType,
    CUSTOMER_TYPE_TRIBAL, DashboardResponse, LOB_HSD, LOB_TV200, LOB_VIDEO,
};
use upstream::address::Address;
use upstream::identity::PrepaidStatus;

use super::money;

mod promo;
pub use promo::{PROMO_LIST, Promo, REFILL_PROMO, WINBACK_LIST, WINBACK_PROMO, dashboard_promo};

/// Days at or under which the ring turns amber and refill-now shows (seed 001 §9).
pub const REFILL_THRESHOLD_DAYS: i64 = 10;
/// Product code of the basic Instant TV package (seed 001 §3 `xitvBasic`, §9).
pub const BASIC_TV: &str = "VDO_XITV_30";
/// A plan code containing this is legacy TV (seed 001 §4).
pub const LEGACY_TV_MARK: &str = "VDO_V0";
/// Suffix removed from TV product names (seed 001 §3 `xitvProducts`).
pub const NAME_SUFFIX: &str = " 30 Day";
/// `planStatus` of a paused line of business (our value: the seed names the paused state,
/// not how the account service reports it; a started move pauses too, [`paused`]).
pub const PLAN_STATUS_PAUSED: &str = "PAUSED";

const DAY_SECS: i64 = 86_400;

/// Days remaining of a service expiring at `expiry`, at `now`: whole days to the expiry
/// (floored, so an expiry 1 s ago is -1 whole days) + 1 (seed 001 §4 "Service status").
/// Above 0 the service is active; 0 or below, expired.
pub fn days_remaining(expiry: DateTime<Utc>, now: DateTime<Utc>) -> i64 {
    (expiry - now).num_seconds().div_euclid(DAY_SECS) + 1
}

/// An `expiryDate` of the account service: RFC 3339 (`2026-12-04T23:59:59Z`), or a date-time
/// without offset read as UTC (`2026-12-04T23:59:59`); `None` otherwise.
pub fn parse_expiry(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    DateTime::parse_from_rfc3339(s)
        .map(|t| t.to_utc())
        .ok()
        .or_else(|| {
            NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%.f")
                .ok()
                .map(|t| t.and_utc())
        })
}

/// Status of the account for the dashboard (seed 001 §4 "Service status"; deactivated:
/// "Page readiness and checks").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Days remaining above 0.
    Active,
    /// Days remaining 0 or below (or no internet expiry known).
    Expired,
    /// Closed, without plans, reconnect-eligible: Reactivate.
    Deactivated,
}

/// The account's status from its internet days remaining (if known) and whether it is
/// deactivated.
pub fn status(days: Option<i64>, deactivated: bool) -> Status {
    match days {
        _ if deactivated => Status::Deactivated,
        Some(d) if d > 0 => Status::Active,
        _ => Status::Expired,
    }
}

/// Colour of the days-remaining ring (seed 001 §2 "Services status tile").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ring {
    /// Active.
    Green,
    /// 10 days or fewer left with auto-refill off.
    Amber,
    /// Paused.
    Blue,
    /// None left with auto-refill off.
    Red,
}

/// The ring for `days` remaining: blue when paused, else red at 0 or fewer and amber at
/// [`REFILL_THRESHOLD_DAYS`] or fewer (both only with auto-refill off), else green.
pub fn ring(days: i64, auto_refill: bool, paused: bool) -> Ring {
    if paused {
        Ring::Blue
    } else if !auto_refill && days <= 0 {
        Ring::Red
    } else if !auto_refill && days <= REFILL_THRESHOLD_DAYS {
        Ring::Amber
    } else {
        Ring::Green
    }
}

/// Whether refill-now shows: 10 or fewer days with auto-refill off and no move in progress,
/// or 0 or fewer days whatever else (seed 001 §2).
pub fn refill_now(days: i64, auto_refill: bool, moving: bool) -> bool {
    days <= 0 || (days <= REFILL_THRESHOLD_DAYS && !auto_refill && !moving)
}

/// Whether the auto-enrol button shows: auto-refill off, not deactivated, days above 0
/// (seed 001 §2, §4 "Auto-refill").
pub fn auto_enrol_offered(auto_refill: bool, deactivated: bool, days: i64) -> bool {
    !auto_refill && !deactivated && days > 0
}

/// The internet service of the dashboard (seed 001 §3 `hsdService`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Internet {
    /// Days remaining at the time asked ([`days_remaining`]).
    pub days_remaining: i64,
    /// End of the paid service.
    pub expiry: DateTime<Utc>,
}

impl Internet {
    /// The expiry's UTC date (the seed displays service dates in UTC, §9).
    pub fn expiration_date(&self) -> NaiveDate {
        self.expiry.date_naive()
    }
}

/// The internet service from the `HSD` plan status, if it has a readable expiry.
pub fn internet(d: &DashboardResponse, now: DateTime<Utc>) -> Option<Internet> {
    let expiry = d
        .plan_status_details
        .iter()
        .filter(|p| p.lob == LOB_HSD)
        .find_map(|p| parse_expiry(&p.expiry_date))?;
    Some(Internet {
        days_remaining: days_remaining(expiry, now),
        expiry,
    })
}

/// Whether the account has an internet device (`deviceLob` `HSD`).
pub fn has_internet(d: &DashboardResponse) -> bool {
    d.subscription_details
        .iter()
        .any(|s| s.device_lob == LOB_HSD)
}

/// Whether any plan is legacy TV (a plan code containing [`LEGACY_TV_MARK`]).
pub fn has_legacy_tv(d: &DashboardResponse) -> bool {
    d.subscription_details
        .iter()
        .flat_map(|s| &s.plan_details)
        .any(|p| p.plan_code.contains(LEGACY_TV_MARK))
}

/// Behind the modem: the account data carries a MAC (seed 001 §3 `behindTheModem`).
pub fn behind_the_modem(d: &DashboardResponse) -> bool {
    d.subscription_details
        .iter()
        .any(|s| s.mac_id.as_deref().is_some_and(|m| !m.trim().is_empty()))
}

/// The account has the TV200 service line (seed 001 §3 derived `tv200Service`).
pub fn has_tv200(d: &DashboardResponse) -> bool {
    d.subscription_details
        .iter()
        .any(|s| s.device_lob == LOB_TV200)
}

/// A VAN account (`customerInfo.accountType` is `VAN`, seed 001 §3 `isVanAccount`).
pub fn is_van(d: &DashboardResponse) -> bool {
    d.customer_info
        .as_ref()
        .is_some_and(|c| c.account_type == ACCOUNT_TYPE_VAN)
}

/// Whether the services are paused (blue ring): the scheduled move `mv` has started ("all
/// active prepaid services are paused once the move starts and unpaused after activation",
/// seed 001 §2), or the internet plan status says so ([`PLAN_STATUS_PAUSED`], ours).
pub fn paused(d: &DashboardResponse, mv: Option<&ScheduledMove>, now: DateTime<Utc>) -> bool {
    mv.is_some_and(|m| m.started(now))
        || d.plan_status_details
            .iter()
            .any(|p| p.lob == LOB_HSD && p.plan_status.eq_ignore_ascii_case(PLAN_STATUS_PAUSED))
}

/// Why the dashboard cannot show (seed 001 §4 "Page readiness and checks", §8 log lines).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorReason {
    /// The dashboard or aux-account lookup answered `errorCode`, or without `customerInfo`.
    RequiredCallFailed,
    /// Closed (with plans, or without and not reconnect-eligible) and no usable aux account.
    ClosedWithoutAux,
    /// No internet service, or a legacy TV plan.
    NoInternetOrLegacyTv,
}

impl ErrorReason {
    /// The seed's diagnostic log line (seed 001 §8).
    pub const fn log_line(self) -> &'static str {
        match self {
            Self::RequiredCallFailed => "Error making a required API call",
            Self::ClosedWithoutAux => {
                "This account is closed, but there is no aux account to redirect to."
            }
            Self::NoInternetOrLegacyTv => "No HSD, or account has legacy TV",
        }
    }
}

/// Log line of the activation redirect (seed 001 §8).
pub const ACTIVATION_LOG_LINE: &str =
    "Active account with no availablePlans. Redirecting to activation.";

/// Where the dashboard goes once its data is in (seed 001 §4 "Page readiness and checks").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Readiness {
    /// Show the dashboard.
    Show,
    /// Show the deactivated dashboard (Reactivate).
    Deactivated,
    /// Go to activation for `account_id` (the account itself, or its Preactivated aux).
    Activation {
        /// The account to activate.
        account_id: String,
    },
    /// Go to the dashboard of the Activated aux account `account_id`.
    AuxDashboard {
        /// The aux account.
        account_id: String,
    },
    /// Go to the error page.
    Error {
        /// Why.
        reason: ErrorReason,
    },
}

impl Readiness {
    /// The seed's log line of this outcome, if it has one (seed 001 §8).
    pub fn log_line(&self) -> Option<&'static str> {
        match self {
            Self::Error { reason } => Some(reason.log_line()),
            Self::Activation { .. } => Some(ACTIVATION_LOG_LINE),
            _ => None,
        }
    }
}

/// The checks of seed 001 §4 "Page readiness and checks", in order:
///
/// 1. a lookup answered `errorCode` (or no `customerInfo`): error ("required API call");
/// 2. Open without `availablePlans`: activation of the account itself;
/// 3. Closed (with or without plans) with an aux account not Closed: Preactivated ->
///    activation of the aux id, Activated -> the aux id's dashboard (the first such one);
/// 4. Closed without plans and `reconnectEligibleAcct`: deactivated;
/// 5. any other Closed account: error ("closed, but there is no aux account");
/// 6. Open with plans but no internet device or a legacy TV plan: error;
/// 7. otherwise: show.
///
/// The seed's "no plans and not Closed goes to the error page" cannot happen after 2: the
/// statuses are only Open and Closed.
pub fn readiness(d: &DashboardResponse, aux: &AuxAccountResponse) -> Readiness {
    let failed = Readiness::Error {
        reason: ErrorReason::RequiredCallFailed,
    };
    if d.error_code.is_some() || aux.error_code.is_some() {
        return failed;
    }
    let Some(info) = &d.customer_info else {
        return failed;
    };
    let plans = !d.available_plans.is_empty();
    if info.prepaid_account_status == PrepaidStatus::Open {
        if !plans {
            return Readiness::Activation {
                account_id: info.account_id.clone(),
            };
        }
        if !has_internet(d) || has_legacy_tv(d) {
            return Readiness::Error {
                reason: ErrorReason::NoInternetOrLegacyTv,
            };
        }
        return Readiness::Show;
    }
    let usable = aux
        .aux_details
        .iter()
        .find(|a| a.aux_acct_status != AuxAcctStatus::Closed);
    match usable.map(|a| (a.aux_acct_status, a.aux_account_id.clone())) {
        Some((AuxAcctStatus::Preactivated, account_id)) => Readiness::Activation { account_id },
        Some((_, account_id)) => Readiness::AuxDashboard { account_id },
        None if !plans && reconnect_eligible(aux) => Readiness::Deactivated,
        None => Readiness::Error {
            reason: ErrorReason::ClosedWithoutAux,
        },
    }
}

fn reconnect_eligible(aux: &AuxAccountResponse) -> bool {
    aux.reconnect_eligibility
        .as_ref()
        .is_some_and(|r| r.reconnect_eligible_acct)
}

/// One Instant TV product the account owns (seed 001 §3 `xitvProducts`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TvProduct {
    /// Product code, e.g. `VDO_XITV_SPORTS_NEWS_30`, `HBO`.
    pub product_code: String,
    /// Plan name without the [`NAME_SUFFIX`], e.g. `Sports & News`.
    pub name: String,
}

/// The TV products of the account: the plans of its `VIDEO` devices, deduplicated by
/// product code (first one kept, in device order), names without " 30 Day".
pub fn tv_products(d: &DashboardResponse) -> Vec<TvProduct> {
    let mut out: Vec<TvProduct> = Vec::new();
    let plans = d
        .subscription_details
        .iter()
        .filter(|s| s.device_lob == LOB_VIDEO)
        .flat_map(|s| &s.plan_details);
    for p in plans {
        let code = if p.product_code.is_empty() {
            &p.plan_code
        } else {
            &p.product_code
        };
        if code.is_empty() || out.iter().any(|t| &t.product_code == code) {
            continue;
        }
        let desc = p.plan_desc.trim();
        out.push(TvProduct {
            product_code: code.clone(),
            name: desc.strip_suffix(NAME_SUFFIX).unwrap_or(desc).to_owned(),
        });
    }
    out
}

/// A scheduled move (seed 001 §3 "Scheduled move", §4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledMove {
    /// The aux account at the new address.
    pub aux_account_id: String,
    /// Confirmation number of the move, if given.
    pub conf_no: Option<String>,
    /// The move day.
    pub schedule_date: NaiveDate,
    /// Address moved to, if given.
    pub to_address: Option<Address>,
}

impl ScheduledMove {
    /// Until when it can be cancelled ([`cancel_cutoff`]).
    pub fn cancel_until(&self) -> DateTime<Utc> {
        cancel_cutoff(self.schedule_date)
    }

    /// The cancel date shown: the day before the move ([`cancel_date_shown`]).
    pub fn cancel_date(&self) -> NaiveDate {
        cancel_date_shown(self.schedule_date)
    }

    /// Whether the move has started at `now`: the move day has begun in US Eastern time,
    /// i.e. the cancel cutoff has passed.
    pub fn started(&self, now: DateTime<Utc>) -> bool {
        !can_cancel(self.schedule_date, now)
    }
}

/// The scheduled move: the first aux account of type `MOVE` with a readable schedule date
/// (ISO `YYYY-MM-DD`) and a status other than Closed (seed 001 §4 "Scheduled move").
pub fn scheduled_move(aux: &AuxAccountResponse) -> Option<ScheduledMove> {
    aux.aux_details.iter().find_map(|a| {
        if a.aux_acct_type != AuxAcctType::Move || a.aux_acct_status == AuxAcctStatus::Closed {
            return None;
        }
        let day = a.aux_acct_schedule_date.as_deref()?.trim();
        let schedule_date = NaiveDate::parse_from_str(day.get(..10)?, "%Y-%m-%d").ok()?;
        Some(ScheduledMove {
            aux_account_id: a.aux_account_id.clone(),
            conf_no: a.aux_acct_conf_no.clone(),
            schedule_date,
            to_address: a.to_address.clone(),
        })
    })
}

/// The last instant a move on `move_date` can be cancelled: the start of the move day in
/// US Eastern time, i.e. 5:00 UTC on that day in standard time and 4:00 UTC in daylight
/// time (seed 001 §4 "Scheduled move", §9). Midnight never falls in a US transition (they
/// happen at 2:00 local), so it always exists and is unique. The time-zone table
/// (`chrono-tz`) lists transitions through 2099; later days read as standard time.
pub fn cancel_cutoff(move_date: NaiveDate) -> DateTime<Utc> {
    let midnight = move_date.and_time(NaiveTime::MIN);
    match New_York.from_local_datetime(&midnight) {
        chrono::LocalResult::Single(t) => t.with_timezone(&Utc),
        // Not reachable under the US rule; the later reading of an ambiguous midnight is
        // standard time, the seed's 5:00 UTC.
        chrono::LocalResult::Ambiguous(_, later) => later.with_timezone(&Utc),
        chrono::LocalResult::None => midnight.and_utc() + chrono::Duration::hours(5),
    }
}

/// The cancel date shown to the customer: the day before the move (seed 001 §4).
pub fn cancel_date_shown(move_date: NaiveDate) -> NaiveDate {
    move_date.pred_opt().unwrap_or(move_date)
}

/// Whether a move on `move_date` can still be cancelled at `now` (before the cutoff).
pub fn can_cancel(move_date: NaiveDate, now: DateTime<Utc>) -> bool {
    now < cancel_cutoff(move_date)
}

/// ACP enrolment as the dashboard shows it (seed 001 §2 "ACP banner", §6, §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Acp {
    /// Approved, De Enrolled or Denied.
    pub status: AcpStatus,
    /// Customer type Tribal (banner variant; no deduction).
    pub tribal: bool,
    /// First benefit's amount, cents, of a valid ACP (Approved with a first benefit code
    /// and a readable amount), else `None`.
    pub benefit_amount: Option<i64>,
}

impl Acp {
    /// Cents deducted from `HSD_030`: the benefit of a valid ACP unless Tribal (seed 001
    /// §6, §9).
    pub fn deduction(&self) -> Option<i64> {
        self.benefit_amount.filter(|_| !self.tribal)
    }
}

/// The ACP of the dashboard's `acpDetail`, if any.
pub fn acp(detail: Option<&AcpDetail>) -> Option<Acp> {
    let d = detail?;
    let first = d.acp_benefits.first();
    let valid =
        d.acp_status == AcpStatus::Approved && first.is_some_and(|b| !b.benefit_code.is_empty());
    Some(Acp {
        status: d.acp_status,
        tribal: d.customer_type.eq_ignore_ascii_case(CUSTOMER_TYPE_TRIBAL),
        benefit_amount: first
            .filter(|_| valid)
            .and_then(|b| money::parse_dollars(&b.benefit_amount)),
    })
}

// Unit and property tests in `dashboard/tests.rs`.
#[cfg(test)]
mod tests;
