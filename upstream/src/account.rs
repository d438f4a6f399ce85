//! Account service: the dashboard record of one prepaid account and its aux accounts (seed
//! 001 §3 "Dashboard response", "ACP detail", "Aux account"; §7 "Dashboard POST {hash}",
//! "Aux account POST {hash}"). The seed's `{hash}` paths get clear REST paths here:
//! `POST /dashboard` and `POST /aux-account`.
//!
//! Failures come back with HTTP 200 and `errorCode` + `errorMessage` (seed 001 §7 "Response
//! handling": the portal stores both), e.g. [`ACCOUNT_NOT_FOUND`].
//!
//! Dates are strings as on the wire: `expiryDate` an ISO 8601 date-time in UTC
//! (`2026-12-04T04:59:59Z`), `auxAcctScheduleDate` an ISO date (`2026-12-04`); the BFF's
//! dashboard rules parse them. Value sets the seed leaves open (lines of business, plan
//! codes, account type, device status) are strings so a new value reads as data, not as a
//! broken answer; the closed sets of the seed (account, aux and ACP statuses) are enums.

use crate::address::Address;
use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};

use crate::identity::PrepaidStatus;

/// `errorCode` of a dashboard or aux-account lookup for an account the service does not
/// know (our name: the seed names no code).
pub const ACCOUNT_NOT_FOUND: &str = "ACCOUNT_NOT_FOUND";
/// `flow` of the dashboard lookup (seed 001 §7).
pub const FLOW_DASHBOARD: &str = "DASHBOARD";
/// `flow` of the quick refill's dashboard lookup by billing phone and zip (seed 002 §7.4
/// `fetchCustomerDashboard`, §3.8).
pub const FLOW_EZREFILL: &str = "EZREFILL";
/// `errorCode` of a quick-refill lookup whose phone and zip match more than one account
/// (seed 002 §4.6 shows only a placeholder `{token}`; ours). The other lookup failures
/// (e.g. [`ACCOUNT_NOT_FOUND`]) all show the cannot-locate notice.
pub const LITEPAY_MULTIPLE_ACCOUNTS: &str = "LITEPAY_MULTIPLE_ACCOUNTS";
/// `deviceLob` / `planLob` / `lob` of internet (seed 001 §9 "Line of business HSD is
/// internet").
pub const LOB_HSD: &str = "HSD";
/// `deviceLob` of the TV200 service line (seed 001 §9).
pub const LOB_TV200: &str = "TV200";
/// `deviceLob` / `planLob` of Instant TV (the seed's `xitv` products).
pub const LOB_VIDEO: &str = "VIDEO";
/// `accountType` of a VAN account (seed 001 §3 `isVanAccount`).
pub const ACCOUNT_TYPE_VAN: &str = "VAN";
/// `customerType` of a Tribal ACP customer (seed 001 §3, §6: no ACP deduction).
pub const CUSTOMER_TYPE_TRIBAL: &str = "Tribal";

/// Body of `POST /dashboard` (seed 001 §7 "Dashboard"): the account and the parts asked for
/// (the portal asks for every part) with empty lookup keys.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct DashboardRequest {
    /// The account, 16 digits.
    pub account_id: String,
    /// Always [`FLOW_DASHBOARD`].
    pub flow: String,
    /// Biller lookup wanted.
    pub biller_lookup: bool,
    /// `availablePlans` wanted.
    pub available_plans: bool,
    /// `cimaDetails` wanted.
    pub cima_info: bool,
    /// `customerInfo` wanted.
    pub customer_info: bool,
    /// `subscriptionDetails` (devices) wanted.
    pub devices: bool,
    /// `paymentDetail` wanted.
    pub payment_info: bool,
    /// `serviceAddress` wanted.
    pub service_address: bool,
    /// `acpDetail` wanted.
    pub acp_details: bool,
    /// `planStatusDetails` wanted.
    pub plan_status: bool,
    /// Lookup key not used by the dashboard: empty.
    #[serde(default)]
    pub house_key: String,
    /// Lookup key not used by the dashboard: empty.
    #[serde(default)]
    pub house_number: String,
    /// Lookup key not used by the dashboard: empty.
    #[serde(default)]
    pub location_id: String,
    /// Lookup key not used by the dashboard: empty.
    #[serde(default)]
    pub phone: String,
    /// Lookup key not used by the dashboard: empty.
    #[serde(default)]
    pub pin: String,
    /// Lookup key not used by the dashboard: empty.
    #[serde(default)]
    pub zip: String,
}

impl DashboardRequest {
    /// The portal's dashboard lookup of `account_id`: flow `DASHBOARD`, every part asked for,
    /// lookup keys empty (seed 001 §7).
    pub fn for_account(account_id: impl Into<String>) -> Self {
        Self {
            account_id: account_id.into(),
            flow: FLOW_DASHBOARD.to_owned(),
            biller_lookup: true,
            available_plans: true,
            cima_info: true,
            customer_info: true,
            devices: true,
            payment_info: true,
            service_address: true,
            acp_details: true,
            plan_status: true,
            house_key: String::new(),
            house_number: String::new(),
            location_id: String::new(),
            phone: String::new(),
            pin: String::new(),
            zip: String::new(),
        }
    }
}

impl DashboardRequest {
    /// The quick refill's lookup (seed 002 §7.4 `fetchCustomerDashboard`): no account,
    /// `billerLookup: false`, flow `EZREFILL`, available plans, ACP details, customer info,
    /// devices and service address asked for, `houseNumber` empty, the billing `phone`
    /// (10 digits) and `zip` (5 digits). Sent to `POST /account/lookup`.
    pub fn ezrefill(phone: impl Into<String>, zip: impl Into<String>) -> Self {
        Self {
            account_id: String::new(),
            flow: FLOW_EZREFILL.to_owned(),
            biller_lookup: false,
            available_plans: true,
            cima_info: false,
            customer_info: true,
            devices: true,
            payment_info: false,
            service_address: true,
            acp_details: true,
            plan_status: false,
            house_key: String::new(),
            house_number: String::new(),
            location_id: String::new(),
            phone: phone.into(),
            pin: String::new(),
            zip: zip.into(),
        }
    }
}

/// `customerInfo` (seed 001 §3 "Dashboard response").
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AccountCustomerInfo {
    /// The account, 16 digits.
    pub account_id: String,
    /// First name on the account (may be empty for a VAN account before activation).
    #[serde(default)]
    pub first_name: String,
    /// Last name on the account.
    #[serde(default)]
    pub last_name: String,
    /// Phone number, 10 digits.
    #[serde(default)]
    pub phone_number: String,
    /// E-mail address.
    #[serde(default)]
    pub email_address: String,
    /// Marketing e-mail opt-in.
    #[serde(default)]
    pub email_opt_in: bool,
    /// Service and refill text messages opt-in.
    #[serde(default)]
    pub sms_opt_in: bool,
    /// `ENGLISH` or `SPANISH`.
    #[serde(default)]
    pub language: String,
    /// e.g. `PREPAID`, or [`ACCOUNT_TYPE_VAN`].
    #[serde(default)]
    pub account_type: String,
    /// `Open` or `Closed`.
    pub prepaid_account_status: PrepaidStatus,
    /// Location id of the service address (the promotions lookup's key).
    #[serde(default)]
    pub location_id: String,
    /// Tax geo code of the service address.
    #[serde(default)]
    pub geo_code: String,
    /// Prepaid payment id of the account.
    #[oai(rename = "prepaidPaymentID")]
    #[serde(rename = "prepaidPaymentID", default)]
    pub prepaid_payment_id: String,
}

/// `cimaDetails` (seed 001 §3).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CimaDetails {
    /// The provider login id linked to the account.
    #[oai(rename = "loginID")]
    #[serde(rename = "loginID", default)]
    pub login_id: String,
}

/// One plan of a device (seed 001 §3 `planDetails`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PlanDetail {
    /// Plan code, e.g. `HSD_030`, `VDO_XITV_30`; a code containing `VDO_V0` is legacy TV
    /// (seed 001 §4).
    pub plan_code: String,
    /// Plan name, e.g. `Sports & News 30 Day`.
    #[serde(default)]
    pub plan_desc: String,
    /// Product code, e.g. `VDO_XITV_SPORTS_NEWS_30`, `HBO`.
    #[serde(default)]
    pub product_code: String,
    /// Line of business: [`LOB_HSD`], [`LOB_VIDEO`], [`LOB_TV200`].
    #[serde(default)]
    pub plan_lob: String,
}

/// One device and its plans (seed 001 §3 `subscriptionDetails`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionDetail {
    /// [`LOB_HSD`], [`LOB_TV200`] or [`LOB_VIDEO`].
    pub device_lob: String,
    /// MAC address of the device; present once the account data carries one (behind the
    /// modem, seed 001 §3).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mac_id: Option<String>,
    /// Serial number of the device.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_serial_number: Option<String>,
    /// Device status as the provider reports it, e.g. `ACTIVE`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_status: Option<String>,
    /// The device's plans.
    #[serde(default)]
    pub plan_details: Vec<PlanDetail>,
}

/// Status of one line of business (seed 001 §3 `planStatusDetails`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PlanStatusDetail {
    /// Line of business, e.g. [`LOB_HSD`].
    pub lob: String,
    /// Plan status as the provider reports it, e.g. `ACTIVE`, `EXPIRED`.
    #[serde(default)]
    pub plan_status: String,
    /// End of the paid service: ISO 8601 date-time, UTC, e.g. `2026-12-04T04:59:59Z`.
    pub expiry_date: String,
}

/// One plan the account can buy (seed 001 §3 `availablePlans`); an empty list is an account
/// without plans (seed 001 §4 "Page readiness and checks").
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AvailablePlan {
    /// Product code, e.g. `HSD_030`.
    pub product_code: String,
    /// Line of business.
    #[serde(default)]
    pub plan_lob: String,
    /// Price in dollars as a decimal string, e.g. `"45.00"`.
    pub plan_price: String,
}

/// Days of an auxiliary subscription plan (seed 001 §3 `auxSubsPlans`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AuxSubsPlan {
    /// Line of business.
    pub plan_lob: String,
    /// Product code.
    pub product_code: String,
    /// Plan days available, e.g. 30.
    pub avlbl_plan_days: u32,
}

/// `acpStatus` (seed 001 §3 "ACP detail").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
pub enum AcpStatus {
    /// `Approved`.
    Approved,
    /// `De Enrolled`.
    #[oai(rename = "De Enrolled")]
    #[serde(rename = "De Enrolled")]
    DeEnrolled,
    /// `Denied`.
    Denied,
}

/// One ACP benefit (seed 001 §3 `acpBenefits[]`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AcpBenefit {
    /// Benefit plan name.
    #[serde(default)]
    pub benefit_plan: String,
    /// Benefit period, e.g. `MONTHLY`.
    #[serde(default)]
    pub benefit_period: String,
    /// Benefit code; a valid ACP has one on its first benefit (seed 001 §6).
    #[serde(default)]
    pub benefit_code: String,
    /// Dollars as a decimal string, e.g. `"30.00"`, deducted from `HSD_030` (seed 001 §9).
    #[serde(default)]
    pub benefit_amount: String,
}

/// `acpDetail` (seed 001 §3 "ACP detail").
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AcpDetail {
    /// Customer type; [`CUSTOMER_TYPE_TRIBAL`] gets no deduction (seed 001 §6).
    #[serde(default)]
    pub customer_type: String,
    /// The enrolment status.
    pub acp_status: AcpStatus,
    /// Reason code of a denial.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub denied_reason_code: Option<String>,
    /// Reason text of a denial.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub denied_reason_desc: Option<String>,
    /// The benefits, first one used.
    #[serde(default)]
    pub acp_benefits: Vec<AcpBenefit>,
}

/// `paymentDetail` of the dashboard: the stored card, if any (the seed lists the field, not
/// its shape; payment info comes from the payments service's `get-custpayment-info`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PaymentDetail {
    /// Last 4 digits of the stored card.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_number: Option<String>,
    /// Card type, e.g. `Visa`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_type: Option<String>,
}

/// Answer of `POST /dashboard` (seed 001 §3 "Dashboard response"). With `errorCode` the
/// other parts are absent.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct DashboardResponse {
    /// Failure code, e.g. [`ACCOUNT_NOT_FOUND`]; absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Failure text (English, for logs and tracking).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
    /// The account holder and account.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_info: Option<AccountCustomerInfo>,
    /// The provider login linked to the account.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cima_details: Option<CimaDetails>,
    /// Devices and their plans.
    #[serde(default)]
    pub subscription_details: Vec<SubscriptionDetail>,
    /// Status and expiry per line of business.
    #[serde(default)]
    pub plan_status_details: Vec<PlanStatusDetail>,
    /// Plans the account can buy; empty: no plans.
    #[serde(default)]
    pub available_plans: Vec<AvailablePlan>,
    /// Auxiliary subscription plans.
    #[serde(default)]
    pub aux_subs_plans: Vec<AuxSubsPlan>,
    /// ACP enrolment, if any.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acp_detail: Option<AcpDetail>,
    /// The stored card, if any.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_detail: Option<PaymentDetail>,
    /// The service address.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_address: Option<Address>,
    /// The provider's reference of the lookup.
    #[oai(rename = "referenceID", skip_serializing_if_is_none)]
    #[serde(
        rename = "referenceID",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub reference_id: Option<String>,
}

/// Body of `POST /aux-account` (seed 001 §7 "Aux account": params accountId, auxConfNo,
/// checkMoveEligibility true, checkReconnectEligibility true).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AuxAccountRequest {
    /// The account, 16 digits.
    pub account_id: String,
    /// Confirmation number of an aux account; the dashboard sends it empty.
    #[serde(default)]
    pub aux_conf_no: String,
    /// Move eligibility wanted.
    pub check_move_eligibility: bool,
    /// Reconnect eligibility wanted (`reconnectEligibility`).
    pub check_reconnect_eligibility: bool,
}

impl AuxAccountRequest {
    /// The dashboard's aux-account lookup of `account_id` (seed 001 §7).
    pub fn for_account(account_id: impl Into<String>) -> Self {
        Self {
            account_id: account_id.into(),
            aux_conf_no: String::new(),
            check_move_eligibility: true,
            check_reconnect_eligibility: true,
        }
    }
}

/// `auxAcctType` (seed 001 §3 "e.g. MOVE"; §9 "aux type MOVE").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "UPPERCASE")]
#[serde(rename_all = "UPPERCASE")]
pub enum AuxAcctType {
    /// `MOVE`: the account at the address the customer moves to.
    Move,
    /// `RECONNECT`: a reconnection of a closed account.
    Reconnect,
}

/// `auxAcctStatus` (seed 001 §9 "aux statuses Preactivated, Activated, Closed").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
pub enum AuxAcctStatus {
    /// `Closed`.
    Closed,
    /// `Preactivated`: ready for activation.
    Preactivated,
    /// `Activated`.
    Activated,
}

/// One aux account (seed 001 §3 `auxDetails[]`, scheduled move).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AuxDetail {
    /// Kind of aux account.
    pub aux_acct_type: AuxAcctType,
    /// Move day, ISO date `YYYY-MM-DD`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aux_acct_schedule_date: Option<String>,
    /// Status of the aux account.
    pub aux_acct_status: AuxAcctStatus,
    /// The aux account's number, 16 digits.
    pub aux_account_id: String,
    /// Confirmation number of the move.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aux_acct_conf_no: Option<String>,
    /// Address moved to.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_address: Option<Address>,
}

/// `reconnectEligibility` (seed 001 §3).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ReconnectEligibility {
    /// Whether a closed account may be reconnected (deactivated dashboard, seed 001 §4).
    pub reconnect_eligible_acct: bool,
}

/// Answer of `POST /aux-account` (seed 001 §3 "Aux account").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AuxAccountResponse {
    /// Failure code, e.g. [`ACCOUNT_NOT_FOUND`]; absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Failure text.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
    /// The aux accounts; empty when none.
    #[serde(default)]
    pub aux_details: Vec<AuxDetail>,
    /// Reconnect eligibility, when asked for.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reconnect_eligibility: Option<ReconnectEligibility>,
}

/// `prepaidProduct` of a device to restart (seed 001 §7 "Restart device": `{lob: HSD}`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RestartProduct {
    /// Line of business of the device, [`LOB_HSD`].
    pub lob: String,
}

/// One device to restart (seed 001 §7 "Restart device" `deviceDetails[]`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RestartDeviceDetail {
    /// MAC address of the device (the dashboard record's `subscriptionDetails[].macId`).
    pub mac_id: String,
    /// Always `true`: restart only, no re-provisioning.
    pub reset_only: bool,
    /// The device's line of business.
    pub prepaid_product: RestartProduct,
}

/// Body of `POST /restart-device` (seed 001 §7 "Restart device"; §4 "Reset router").
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RestartDeviceRequest {
    /// The account, 16 digits.
    pub account_id: String,
    /// The devices to restart (the portal sends the internet modem only).
    pub device_details: Vec<RestartDeviceDetail>,
    /// Calling application, e.g. `DIGITAL2.0`.
    pub source: String,
    /// Tracking id of the call (UUID v4).
    pub tracking_id: String,
}

impl RestartDeviceRequest {
    /// The portal's restart of the internet modem `mac_id` of `account_id`: one device,
    /// `resetOnly: true`, `prepaidProduct.lob: HSD` (seed 001 §7).
    pub fn modem(
        account_id: impl Into<String>,
        mac_id: impl Into<String>,
        source: impl Into<String>,
        tracking_id: impl Into<String>,
    ) -> Self {
        Self {
            account_id: account_id.into(),
            device_details: vec![RestartDeviceDetail {
                mac_id: mac_id.into(),
                reset_only: true,
                prepaid_product: RestartProduct {
                    lob: LOB_HSD.to_owned(),
                },
            }],
            source: source.into(),
            tracking_id: tracking_id.into(),
        }
    }
}

/// `status` of a device restart (seed 001 §4 "Reset router": either the restarted or the
/// failed signal ends the modal's sending state).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "UPPERCASE")]
#[serde(rename_all = "UPPERCASE")]
pub enum RestartStatus {
    /// `RESTARTED`: the device accepted the restart.
    Restarted,
    /// `FAILED`: the restart did not happen.
    Failed,
}

/// Answer of `POST /restart-device`. A business failure comes as `status: FAILED` with
/// `errorCode` + `errorMessage`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RestartDeviceResponse {
    /// Outcome of the restart.
    pub status: RestartStatus,
    /// Failure code, e.g. [`ACCOUNT_NOT_FOUND`]; absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Failure text (English, for logs and tracking).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}

/// `action` of an update of a scheduled move that cancels it (seed 002 "update scheduled
/// move": action C with the confirmation id).
pub const MOVE_ACTION_CANCEL: &str = "C";
/// `errorCode` of an update of a move the service does not know (no scheduled move with
/// that confirmation id, or already cancelled; our name: the seed names no code).
pub const MOVE_NOT_FOUND: &str = "MOVE_NOT_FOUND";

/// Body of `POST /scheduled-move` (seed 002 "update scheduled move"; the API table's
/// `{hash}`: `action C, confirmationId`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct UpdateScheduledMoveRequest {
    /// The account that schedules the move, 16 digits.
    pub account_id: String,
    /// [`MOVE_ACTION_CANCEL`] (`C`); issue 13 adds other actions.
    pub action: String,
    /// The move's confirmation number (`auxAcctConfNo` of the aux account).
    pub confirmation_id: String,
}

/// Answer of `POST /scheduled-move`: empty on success; a business failure carries
/// `errorCode` + `errorMessage` (seed 002: "scheduled move update ... ends in failure when
/// the response carries errorCode").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct UpdateScheduledMoveResponse {
    /// Failure code, e.g. [`MOVE_NOT_FOUND`]; absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Failure text (English, for logs and tracking).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}

/// `languagePreference` of a customer update or sync-up (seed 001 §3 "Customer update
/// payloads": ENGLISH or SPANISH).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "UPPERCASE")]
#[serde(rename_all = "UPPERCASE")]
pub enum LanguagePreference {
    /// `ENGLISH`.
    English,
    /// `SPANISH`.
    Spanish,
}

impl LanguagePreference {
    /// The wire spelling, as the dashboard's `customerInfo.language` carries it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::English => "ENGLISH",
            Self::Spanish => "SPANISH",
        }
    }

    /// The preference `language` names (`customerInfo.language`, case-insensitive);
    /// anything but `SPANISH` is English, the seed's default (§5).
    pub fn of(language: &str) -> Self {
        if language.trim().eq_ignore_ascii_case("SPANISH") {
            Self::Spanish
        } else {
            Self::English
        }
    }
}

/// `smsOptIn` of a customer update or sync-up: `Y` or `N` (seed 001 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
pub enum YesNo {
    /// `Y`: opted in.
    Y,
    /// `N`: opted out.
    N,
}

impl YesNo {
    /// `Y` for `true`.
    pub const fn of(yes: bool) -> Self {
        if yes { Self::Y } else { Self::N }
    }

    /// Whether this is `Y`.
    pub const fn yes(self) -> bool {
        matches!(self, Self::Y)
    }
}

/// `source` of the portal's customer update (seed 001 §7 "Update customer": source
/// ActivationGateway).
pub const UPDATE_SOURCE: &str = "ActivationGateway";

/// Body of `POST /update-customer` (seed 001 §7 "Update customer", the later form: account,
/// language and SMS opt-in; §4 "Communication preferences").
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct UpdateCustomerRequest {
    /// The account, 16 digits.
    pub account_id: String,
    /// The signed-in identity's customer guid.
    pub cust_guid: String,
    /// Language of service messages.
    pub language_preference: LanguagePreference,
    /// Service and refill text messages.
    pub sms_opt_in: YesNo,
    /// Tracking id of the call (UUID v4).
    pub tracking_id: String,
    /// Always [`UPDATE_SOURCE`].
    pub source: String,
}

/// `status` of a customer update or sync-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "UPPERCASE")]
#[serde(rename_all = "UPPERCASE")]
pub enum UpdateStatus {
    /// Saved.
    Success,
    /// Not saved; `errorCode` says why.
    Failure,
}

/// Answer of `POST /update-customer` and `POST /sync-up`: HTTP 200 either way; a business
/// failure is `status: FAILURE` and/or `errorCode` + `errorMessage` (seed 001 §7 "Response
/// handling"), e.g. [`ACCOUNT_NOT_FOUND`].
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CustomerUpdateResponse {
    /// `SUCCESS` or `FAILURE`.
    pub status: UpdateStatus,
    /// Failure code; absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Failure text (English, for logs and tracking).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}

impl CustomerUpdateResponse {
    /// `SUCCESS` without an error code.
    pub const fn succeeded(&self) -> bool {
        matches!(self.status, UpdateStatus::Success) && self.error_code.is_none()
    }
}

/// Body of `POST /sync-up` (seed 001 §3 "sync-up update", §7 "Sync-up update POST
/// {hash}"): the identity's contact points copied to the prepaid account with the
/// preferences chosen in the sync-up modal.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct SyncUpRequest {
    /// The signed-in identity's customer guid.
    pub cust_guid: String,
    /// The account, 16 digits.
    pub account_id: String,
    /// Language of service messages.
    pub language_preference: LanguagePreference,
    /// Service and refill text messages.
    pub sms_opt_in: YesNo,
    /// The identity's e-mail, when it has one.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email_id: Option<String>,
    /// The identity's mobile number (10 digits), when it has one.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mobile_no: Option<String>,
}

/// `flow` of the reconnect's create-aux payload (seed 002 §3.7).
pub const FLOW_RECONNECT: &str = "RECONNECT";

/// `flow` of the move's create-aux payload (seed 002 §7.2: "the move payload uses channel
/// ONLINE, flow MOVE").
pub const FLOW_MOVE: &str = "MOVE";

/// `errorCode` of a move create-aux for an account that cannot move (unknown state, closed,
/// without plans) (ours: the seed names no code).
pub const MOVE_NOT_ELIGIBLE: &str = "MOVE_NOT_ELIGIBLE";

/// `errorCode` of a move create-aux for an account that already has a scheduled move (ours).
pub const MOVE_ALREADY_SCHEDULED: &str = "MOVE_ALREADY_SCHEDULED";

/// `errorCode` of a create-aux for an account that is not closed and reconnect-eligible
/// (ours: the seed names no code).
pub const RECONNECT_NOT_ELIGIBLE: &str = "RECONNECT_NOT_ELIGIBLE";

/// `customerInfo.serviceAddress` of the reconnect payload (seed 002 §3.7): the record's
/// service address with the serviceability answer's `houseKey` and the record's location.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ReconnectServiceAddress {
    /// Street line.
    pub address_line1: String,
    /// Unit line (may be empty).
    #[serde(default)]
    pub address_line2: String,
    /// City.
    pub city: String,
    /// Two-letter state.
    pub state: String,
    /// 5-digit zip.
    pub zip: String,
    /// House key of the serviceability answer.
    #[serde(default)]
    pub house_key: String,
    /// Location id of the service address.
    #[oai(rename = "locationID")]
    #[serde(rename = "locationID", default)]
    pub location_id: String,
}

/// `customerInfo` of the reconnect payload (seed 002 §3.7; the seed's spellings
/// `emailOptin`, `smsOptin`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ReconnectCustomerInfo {
    /// E-mail of the record.
    #[serde(default)]
    pub email: String,
    /// Marketing e-mail opt-in.
    #[oai(rename = "emailOptin")]
    #[serde(rename = "emailOptin", default)]
    pub email_optin: bool,
    /// Text messages opt-in.
    #[oai(rename = "smsOptin")]
    #[serde(rename = "smsOptin", default)]
    pub sms_optin: bool,
    /// First name of the record.
    #[serde(default)]
    pub first_name: String,
    /// Last name of the record.
    #[serde(default)]
    pub last_name: String,
    /// `ENGLISH` or `SPANISH`.
    #[serde(default)]
    pub lang_pref: String,
    /// Phone, 10 digits.
    #[serde(default)]
    pub phone: String,
    /// The address reconnected.
    pub service_address: ReconnectServiceAddress,
}

/// `paymentInfo` of the reconnect payload: the refill's (seed 002 §3.6) plus
/// `duplicateOverride: true` and the card holder's names (§3.7).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ReconnectPaymentInfo {
    /// The refill's payment fields (amount, billing address, network, token, ...).
    #[oai(flatten)]
    #[serde(flatten)]
    pub payment: crate::refill::RefillPaymentInfo,
    /// Always `true` for a reconnect (seed 002 §3.7).
    pub duplicate_override: bool,
    /// Card holder's first name (the saved card's).
    #[serde(default)]
    pub card_first_name: String,
    /// Card holder's last name.
    #[serde(default)]
    pub card_last_name: String,
}

/// Body of `POST /create-aux-account` (seed 002 §3.7, §7.2 "create-aux payload"), one type
/// for both flows: a reconnect (`flow: RECONNECT`, built from the dashboard record, the
/// serviceability answer, the saved card and the priced plan) and a move (`flow: MOVE`:
/// the destination as `customerInfo.serviceAddress` with its `houseKey` and `locationID`,
/// `moveDate`, no payment and no products: the move's refill is a refill of its own).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CreateAuxAccountRequest {
    /// `ONLINE`.
    pub channel: String,
    /// [`FLOW_RECONNECT`] or [`FLOW_MOVE`].
    pub flow: String,
    /// The closed account, 16 digits.
    #[oai(rename = "accountID")]
    #[serde(rename = "accountID")]
    pub account_id: String,
    /// The signed-in identity's customer guid.
    pub cust_guid: String,
    /// Always `false`: the record's customer is not changed (seed 002 §3.7).
    pub update_customer: bool,
    /// The customer and the service address (a move: the address moved to).
    pub customer_info: ReconnectCustomerInfo,
    /// The payment (a reconnect; absent for a move).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_info: Option<ReconnectPaymentInfo>,
    /// A reconnect: one internet plan, `lob: HSD`, `planQty: 1`, with `macId`; a move: none.
    #[serde(default)]
    pub prepaid_products: Vec<ReconnectProduct>,
    /// A move: the move day, ISO `YYYY-MM-DD` (the aux account's `auxAcctScheduleDate`;
    /// our name, the seed shows the stored date, not the field); absent for a reconnect.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_date: Option<String>,
    /// Card entered through the provider's card component (`true` for a reconnect, `false`
    /// for a move: no card).
    #[oai(rename = "isCPC")]
    #[serde(rename = "isCPC")]
    pub is_cpc: bool,
    /// Who placed it (the identity's login id).
    #[serde(default)]
    pub operator_user_name: String,
    /// Our duplicate key of the attempt: the same for every retry of one reconnect.
    #[serde(default)]
    pub transaction_id: String,
}

/// One product of the reconnect payload (seed 002 §3.7): the refill's product plus the
/// modem's `macId`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ReconnectProduct {
    /// The refill's product fields (charge codes with taxes, lob, plan, quantity, rate).
    #[oai(flatten)]
    #[serde(flatten)]
    pub product: crate::refill::RefillProduct,
    /// The account's modem.
    #[serde(default)]
    pub mac_id: String,
}

/// One aux account of a create answer (seed 002 §3.9 `auxDetails[{auxAccountId,
/// auxAcctError}]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CreatedAuxDetail {
    /// The new aux account, 16 digits.
    #[serde(default)]
    pub aux_account_id: String,
    /// Why the aux account is unusable; absent when it is fine.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aux_acct_error: Option<String>,
}

/// Answer of `POST /create-aux-account` (seed 002 §3.9, §7.5: `errorCode` is a failure).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CreateAuxAccountResponse {
    /// Failure code, e.g. [`RECONNECT_NOT_ELIGIBLE`]; absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Failure text.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
    /// Confirmation number of the new aux account.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aux_account_conf_no: Option<String>,
    /// The aux accounts made.
    #[serde(default)]
    pub aux_details: Vec<CreatedAuxDetail>,
}
