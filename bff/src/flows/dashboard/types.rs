//! The dashboard's answer (seed 001 §2 "Dashboard", §4 "Page readiness and checks",
//! "Service status", "Scheduled move", "Auto-refill", §6, §9): what the page shows and where
//! it goes instead, decided by the BFF (rules in `domain::dashboard`).

use poem_openapi::{Enum, Object};

/// What the dashboard page does (seed 001 §4 "Page readiness and checks").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum DashboardNext {
    /// Show the dashboard of this account (active, expired or deactivated).
    Show,
    /// Go to activation for `nextAccountId` (no plans yet, or a Preactivated aux account;
    /// after 1,500 ms, seed 001 §9).
    Activation,
    /// Show the dashboard of the aux account `nextAccountId` (Activated aux account of a
    /// closed account).
    AuxDashboard,
    /// The account cannot be shown (closed with plans, legacy TV, no internet service,
    /// `errorCode`): `/{locale}/error` (after 1,000 ms).
    Error,
}

/// Service status of the account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum ServiceStatus {
    /// Internet plan with days left.
    Active,
    /// Internet plan past its expiry (0 days or fewer).
    Expired,
    /// Closed and reconnect-eligible: Reactivate instead of Refill.
    Deactivated,
}

/// Colour of the days-remaining ring (seed 001 §2 "Dashboard").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum RingColour {
    /// Plenty of days left.
    Green,
    /// Few days left.
    Amber,
    /// Auto-refill on, or paused.
    Blue,
    /// Expired.
    Red,
}

/// The internet plan's status.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct InternetStatus {
    /// Whole days to expiry plus one; 0 or fewer: expired.
    pub days_remaining: i64,
    /// Expiry date, `YYYY-MM-DD` (UTC).
    pub expiration_date: String,
    /// The ring's colour.
    pub ring: RingColour,
    /// Whether the Refill now call to action shows.
    pub refill_now: bool,
}

/// One TV product of the account (deduplicated, seed 001 §4 "Service status").
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct TvProduct {
    /// Product code, e.g. `VDO_XITV_30`; the content names it.
    pub product_code: String,
}

/// A service address, two lines.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct AddressLines {
    /// Street line, with the unit when there is one.
    pub street_address: String,
    /// `City, ST 12345`.
    pub city_state_zip: String,
}

/// A scheduled move (seed 001 §4 "Scheduled move").
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct ScheduledMove {
    /// Move date, `YYYY-MM-DD`.
    pub schedule_date: String,
    /// Last moment the move can be cancelled, RFC 3339 UTC (5:00 UTC standard time, 4:00
    /// UTC daylight time, on the move date).
    pub cancel_until: String,
    /// The last day to cancel as the page shows it, `YYYY-MM-DD`: the day before the move
    /// (seed 001 §4 "Scheduled move"; `domain::dashboard::cancel_date_shown`).
    pub cancel_date: String,
    /// The new service address.
    pub to_address: AddressLines,
}

/// ACP status (seed 001 §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum AcpState {
    /// `Approved`.
    Approved,
    /// `De Enrolled`.
    DeEnrolled,
    /// `Denied`.
    Denied,
}

/// Affordable-connectivity-program credit (seed 001 §6).
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct AcpInfo {
    /// The status.
    pub status: AcpState,
    /// Tribal customers get no deduction.
    pub tribal: bool,
    /// The first benefit's amount, dollars with two decimals (`30.00`), when approved.
    #[oai(skip_serializing_if_is_none)]
    pub benefit_amount: Option<String>,
}

/// A promotion banner (seed 001 §6: valid promo and an active account).
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct DashboardPromo {
    /// Promotion id (the content names its banner).
    pub id: String,
    /// A winback promotion rather than a refill one.
    pub winback: bool,
}

/// Answer of `getDashboard`.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct Dashboard {
    /// What the page does.
    pub next: DashboardNext,
    /// The account of `activation` or `auxDashboard` (an aux account, then authorized for
    /// this sign-in).
    #[oai(skip_serializing_if_is_none)]
    pub next_account_id: Option<String>,
    /// Service status.
    pub status: ServiceStatus,
    /// A move is scheduled.
    pub moving: bool,
    /// The service is paused.
    pub paused: bool,
    /// Auto-refill is on (payment info `enrollAutoPayment`).
    pub auto_refill_enabled: bool,
    /// The auto-refill enrolment offer shows.
    pub auto_enrol_offered: bool,
    /// The account data carries a modem MAC (seed 001 §3 `behindTheModem`).
    pub behind_the_modem: bool,
    /// The internet plan, when the account has one.
    #[oai(skip_serializing_if_is_none)]
    pub internet: Option<InternetStatus>,
    /// TV products, deduplicated.
    pub tv: Vec<TvProduct>,
    /// The account has a TV200 service line (a `subscriptionDetails` device of `deviceLob`
    /// `TV200`, seed 001 §3 `tv200Service`); the content names it by the code `TV200`.
    pub tv200: bool,
    /// The scheduled move, when there is one.
    #[oai(skip_serializing_if_is_none)]
    pub scheduled_move: Option<ScheduledMove>,
    /// ACP, when the account has an ACP record.
    #[oai(skip_serializing_if_is_none)]
    pub acp: Option<AcpInfo>,
    /// The promotion banner, when there is a valid one for an active account.
    #[oai(skip_serializing_if_is_none)]
    pub promo: Option<DashboardPromo>,
    /// The account's service address.
    pub service_address: AddressLines,
    /// `customerInfo.accountType` is `VAN` (seed 001 §3 `isVanAccount`).
    pub van_account: bool,
}

crate::answers!(
    /// Answers of `getDashboard`.
    DashboardResponse(Dashboard), dashboard_bad_request = "dashboard_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: the account service did not answer in time.",
);

/// Outcome of `cancelScheduledMove`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum CancelMoveOutcome {
    /// The move is cancelled: the dashboard shows the cancelled-move banner once (seed 001
    /// §2 "Dashboard").
    Cancelled,
    /// The account service refused (`errorCode`): the web shows the error page (seed 002).
    Failed,
}

/// Answer of `cancelScheduledMove`.
#[derive(Debug, Clone, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CancelMoveAnswer {
    /// Cancelled or failed.
    pub result: CancelMoveOutcome,
    /// The account service's `errorCode` of a failure.
    #[oai(skip_serializing_if_is_none)]
    pub error_code: Option<String>,
    /// The error catalogue's message for `errorCode` in the request's language (seed 000
    /// §8); absent when the catalogue cannot be read.
    #[oai(skip_serializing_if_is_none)]
    pub message: Option<String>,
}

crate::answers!(
    /// Answers of `cancelScheduledMove`.
    CancelScheduledMoveResponse(CancelMoveAnswer), cancel_move_bad_request = "cancel_move_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits or `Idempotency-Key` is not a UUID.",
    409 => Conflict: "`NO_SCHEDULED_MOVE`: the account has no scheduled move; `MOVE_CANCEL_CUTOFF_PASSED`: the move day has begun (US Eastern time).",
    422 => UnprocessableEntity: "`IDEMPOTENCY_MISMATCH`: the key was used for another request.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: the account service did not answer in time.",
);

/// Outcome of `restartDevice` (seed 001 §2 "Reset-router modal": restarted or failed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "camelCase")]
pub enum RestartOutcome {
    /// The modem accepted the restart.
    Restarted,
    /// The restart did not happen ("There was an issue", "Please try again").
    Failed,
}

/// Answer of `restartDevice`.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct RestartDeviceAnswer {
    /// Restarted or failed.
    pub result: RestartOutcome,
}

crate::answers!(
    /// Answers of `restartDevice`.
    RestartDeviceResponse(RestartDeviceAnswer), restart_bad_request = "restart_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: the account service did not answer in time.",
);
