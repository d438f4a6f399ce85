//! The refill order of a signed-in account (seed 002 §3.6 "Refill order payload", §3.9
//! "Refill response", §4.1, §7.2 "refill payload (3.6)", §7.5): `POST /refill/refill`.
//!
//! Amounts are dollars as decimal strings with 2 decimals (`"45.00"`), as the activation
//! payload's `rate`. The seed encrypts `customerInfo.accountID` and the card fields in the
//! browser; here the BFF builds the payload from what it holds (the account of the sign-in,
//! the stored card's token), so the payload carries no card number and the account id is
//! plain (as the seed's test mode sends it).
//!
//! `transactionId` is ours (the seed's payload has none): the BFF's id of one priced cart,
//! the same on every attempt to pay for it, so the provider answers a repeated refill with
//! the order it already made instead of charging twice (ARCHITECTURE.md "Paid attempts").

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// `channel` of a signed-in refill (seed 002 §3.6).
pub const CHANNEL_ONLINE: &str = "ONLINE";
/// `flow` of a signed-in refill (seed 002 §3.6; `RECONNECT` in reconnect).
pub const FLOW_REFILL: &str = "REFILL";
/// `termsVersion` (seed 002 §3.6, §9).
pub const TERMS_VERSION: &str = "1.0";
/// `processingNetwork` (seed 002 §3.6, §9).
pub const PROCESSING_NETWORK: &str = "CREDIT";
/// Billing `country` (seed 002 §3.6, §9).
pub const COUNTRY_US: &str = "US";
/// `discStatus` of a promo in the cart (seed 002 §3.6).
pub const DISC_STATUS_ACTIVE: &str = "A";
/// `offerType` of a promo in the cart (seed 002 §3.6).
pub const OFFER_TYPE_INSTANT: &str = "INSTANT";
/// `response.status` of a completed refill (seed 002 §3.9).
pub const STATUS_SUCCESS: &str = "SUCCESS";

/// `customerInfo` (seed 002 §3.6).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillCustomerInfo {
    /// The account, 16 digits (plain: the BFF holds it, see the module docs).
    #[oai(rename = "accountID")]
    #[serde(rename = "accountID")]
    pub account_id: String,
    /// The account's phone, 10 digits.
    #[serde(default)]
    pub phone: String,
    /// The service address's zip, 5 digits.
    #[serde(default)]
    pub zip: String,
}

/// `paymentInfo.billingAddress` (seed 002 §3.6).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct BillingAddress {
    /// Street line.
    #[serde(default)]
    pub address_line1: String,
    /// Unit line (may be empty).
    #[serde(default)]
    pub address_line2: String,
    /// City.
    #[serde(default)]
    pub city: String,
    /// Always `US`.
    #[serde(default)]
    pub country: String,
    /// State, two letters.
    #[serde(default)]
    pub state: String,
    /// Zip, 5 digits.
    #[serde(default)]
    pub zip: String,
}

/// `paymentInfo` of a refill with the saved card (seed 002 §3.6: "paymentInstToken when a
/// card is saved").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillPaymentInfo {
    /// The total charged, dollars with 2 decimals.
    pub amount: String,
    /// The card's billing address.
    pub billing_address: BillingAddress,
    /// Always `CREDIT`.
    pub processing_network: String,
    /// The billing address is the service address.
    #[serde(default)]
    pub is_service_address: bool,
    /// Save the card (false: it is already saved).
    #[serde(default)]
    pub save_card_info: bool,
    /// The stored card's token.
    pub payment_inst_token: String,
    /// The account's prepaid payment id.
    #[oai(rename = "prepaidPaymentID")]
    #[serde(rename = "prepaidPaymentID", default)]
    pub prepaid_payment_id: String,
}

/// One tax of a charge (seed 002 §3.6 `prodTaxDetails[]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ProdTaxDetail {
    /// Tax code (the tax service's vertex code, e.g. `STATE`).
    pub tax_code: String,
    /// Dollars with 2 decimals.
    pub tax_amount: String,
}

/// One charge of a product (seed 002 §3.6 `chargeCode[]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillCharge {
    /// Dollars with 2 decimals (the instant discount included, seed 002 §3.6).
    pub amount: String,
    /// Charge code: the product code.
    pub charge_code: String,
    /// Taxes of the charge.
    #[serde(default)]
    pub prod_tax_details: Vec<ProdTaxDetail>,
}

/// One product of the refill (seed 002 §3.6 `prepaidProducts[]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillProduct {
    /// The product's charges (one).
    pub charge_code: Vec<RefillCharge>,
    /// Line of business, e.g. `HSD`, `VIDEO`.
    pub lob: String,
    /// Plan code, e.g. `HSD_030`.
    pub plan_code: String,
    /// The cart count for `HSD`, else 1 (seed 002 §3.6).
    pub plan_qty: u32,
    /// Dollars with 2 decimals: the plan's price (the instant discount included for
    /// `HSD_030`).
    pub rate: String,
}

/// One ACP benefit (seed 002 §3.6 `acpBenefits[]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillAcpBenefit {
    /// Dollars as the account service gave them.
    pub benefit_amount: String,
    /// Benefit plan.
    #[serde(default)]
    pub benefit_plan: String,
    /// Benefit code.
    pub benefit_code: String,
}

/// A promo of the cart (seed 002 §3.6 `discountDetails[]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillDiscount {
    /// Always `A`.
    pub disc_status: String,
    /// The discount id, e.g. `P_SALE35OFF_021522`.
    pub discount_id: String,
    /// Always `INSTANT`.
    pub offer_type: String,
}

/// Body of `POST /refill/refill` (seed 002 §3.6).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillRequest {
    /// Always `ONLINE`.
    pub channel: String,
    /// `REFILL`.
    pub flow: String,
    /// The account, phone and zip.
    pub customer_info: RefillCustomerInfo,
    /// The charge.
    pub payment_info: RefillPaymentInfo,
    /// What is bought.
    pub prepaid_products: Vec<RefillProduct>,
    /// The valid ACP benefit, if any (none for Tribal customers).
    #[serde(default)]
    pub acp_benefits: Vec<RefillAcpBenefit>,
    /// The promo in the cart, if any.
    #[serde(default)]
    pub discount_details: Vec<RefillDiscount>,
    /// The dashboard's `referenceID`.
    #[oai(rename = "referenceID")]
    #[serde(rename = "referenceID", default)]
    pub reference_id: String,
    /// Always `1.0`.
    pub terms_version: String,
    /// MAC of the internet device.
    #[serde(default)]
    pub mac_id: String,
    /// Serial number of the internet device.
    #[serde(default)]
    pub serial_no: String,
    /// Ours: one id per priced cart, kept across its attempts (module docs).
    pub transaction_id: String,
}

/// `response.orderDetails` (seed 002 §3.9).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillOrderDetails {
    /// The order number.
    #[serde(default)]
    pub order_number: String,
}

/// `response` (seed 002 §3.9).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillAnswer {
    /// [`STATUS_SUCCESS`] expected; anything else is a warning (seed 002 §4.1).
    #[serde(default)]
    pub status: String,
    /// The order, when one was made.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_details: Option<RefillOrderDetails>,
}

/// Answer of `POST /refill/refill` (seed 002 §3.9, §4.1, §7.5): `errorCode` is a failure
/// (business failures come with HTTP 200, as the other services').
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RefillResponse {
    /// The refill's answer.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<RefillAnswer>,
    /// Failure code, one of [`FAILURE_CODES`]; absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Failure text (English, for logs and tracking).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}

/// The card was declined by the issuer.
pub const REFILL_PAYMENT_DECLINED: &str = "REFILL_PAYMENT_DECLINED";
/// The payment token is not the account's stored card (removed or replaced meanwhile).
pub const REFILL_PAYMENT_INVALID: &str = "REFILL_PAYMENT_INVALID";
/// The account cannot be refilled (unknown, closed).
pub const REFILL_ACCOUNT_INELIGIBLE: &str = "REFILL_ACCOUNT_INELIGIBLE";
/// A product is not offered to the account.
pub const REFILL_PLAN_UNAVAILABLE: &str = "REFILL_PLAN_UNAVAILABLE";
/// The refill service failed; try again later.
pub const REFILL_SYSTEM_ERROR: &str = "REFILL_SYSTEM_ERROR";

/// Every refill failure code (ours: seed 002 §8 says only that they exist); each has a
/// message in the error catalogue in English and Spanish.
pub const FAILURE_CODES: [&str; 5] = [
    REFILL_PAYMENT_DECLINED,
    REFILL_PAYMENT_INVALID,
    REFILL_ACCOUNT_INELIGIBLE,
    REFILL_PLAN_UNAVAILABLE,
    REFILL_SYSTEM_ERROR,
];

/// `flow` of the quick refill's order (seed 002 §3.8).
pub const FLOW_EZREFILL: &str = "EZREFILL";

/// `paymentInfo` of the quick refill's order (seed 002 §3.8): the card the visitor entered in
/// the card-entry component and added (its token, last 4 digits, type, expiry and holder),
/// the billing address of that form, `processingNetwork: CREDIT`, `isServiceAddress: true`,
/// `isCPC: true`, the account's `prepaidPaymentID`. Amount in dollars (`"45.00"`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct EzRefillPaymentInfo {
    /// The total charged, dollars with 2 decimals.
    pub amount: String,
    /// The card's billing address (`country: US`).
    pub billing_address: BillingAddress,
    /// Last 4 digits of the card (never the number).
    pub card_number: String,
    /// Stored card type (`Visa`, `MASTER_CARD`, `Discover`, `AMERICAN_EXPRESS`).
    pub card_type: String,
    /// Expiry `MMYY`.
    pub expiration_date: String,
    /// Card holder's first name.
    #[serde(default)]
    pub first_name: String,
    /// Card holder's last name.
    #[serde(default)]
    pub last_name: String,
    /// [`PROCESSING_NETWORK`].
    pub processing_network: String,
    /// Always `true` (seed 002 §3.8).
    pub is_service_address: bool,
    /// Always `true`: the card came from the card-entry component.
    #[oai(rename = "isCPC")]
    #[serde(rename = "isCPC")]
    pub is_cpc: bool,
    /// The card-entry component's token of the card.
    pub payment_inst_token: String,
    /// The account's prepaid payment id.
    #[oai(rename = "prepaidPaymentID")]
    #[serde(rename = "prepaidPaymentID", default)]
    pub prepaid_payment_id: String,
}

/// Body of `POST /refill/ezrefill`, the quick refill's order (seed 002 §3.8): `channel
/// ONLINE`, `flow EZREFILL`, `customerInfo {accountID, phone (digits only), zip}`, the
/// payment info, one `HSD_030` product (`planQty` 1), the ACP benefit when deducted,
/// `referenceID`, `termsVersion 1.0`; `transactionId` ours, as the signed-in refill's.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct EzRefillRequest {
    /// [`CHANNEL_ONLINE`].
    pub channel: String,
    /// [`FLOW_EZREFILL`].
    pub flow: String,
    /// The account located by phone and zip, with that phone and zip.
    pub customer_info: RefillCustomerInfo,
    /// The card and amount.
    pub payment_info: EzRefillPaymentInfo,
    /// One product: the 30-day plan.
    pub prepaid_products: Vec<RefillProduct>,
    /// The first ACP benefit when deducted (valid, not Tribal).
    #[serde(default)]
    pub acp_benefits: Vec<RefillAcpBenefit>,
    /// The lookup's `referenceID`.
    #[oai(rename = "referenceID")]
    #[serde(rename = "referenceID", default)]
    pub reference_id: String,
    /// [`TERMS_VERSION`].
    pub terms_version: String,
    /// The BFF's id of one priced quick refill, the same on every attempt (ours).
    pub transaction_id: String,
}
