//! Order submission, "prepaid customer activation" (seed 000 §3 "Submit-order payload", §4
//! "Order submit", §7 `POST .../PinlessActivation/prepaid-customer-activation`, §9).
//!
//! Money: **strings** in dollars with exactly 2 decimals (`"55.00"`), the seed's "amounts
//! to 2 decimals". Where the seed names a field without its shape, the shape chosen here is
//! noted on the field.

pub mod account;
pub mod pin;

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

use crate::address::Address;
use crate::tax::TaxType;

/// `customerInfo`: the service address and its location id.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ActivationCustomerInfo {
    /// Service address.
    pub address: Address,
    /// Location id of the address.
    pub location_id: String,
}

/// `paymentinfo.custInfo`: card holder and billing address.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PaymentCustInfo {
    /// Card holder's first name.
    pub first_name: String,
    /// Card holder's last name.
    pub last_name: String,
    /// Billing street line.
    pub address_line1: String,
    /// Billing unit line.
    #[serde(default)]
    pub address_line2: String,
    /// Billing city.
    pub city: String,
    /// Billing state.
    pub state: String,
    /// Billing zip.
    pub zip: String,
    /// Always `US` (seed 000 §9).
    pub country: String,
}

/// `paymentinfo` (seed spelling, lower-case `i`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ActivationPaymentInfo {
    /// Card holder and billing address.
    pub cust_info: PaymentCustInfo,
    /// Amount charged, dollars with 2 decimals, e.g. `"64.34"` (cart total).
    pub amount: String,
    /// Token from the card-entry component.
    pub payment_inst_token: String,
    /// Expiry `MMYY`.
    pub expiration_date: String,
    /// Card type upper-cased, e.g. `VISA`, `MASTER_CARD`, `AMERICAN_EXPRESS`.
    pub card_type: String,
    /// Last 4 digits of the card number.
    pub card_number: String,
}

/// `name`: the customer's name (shape chosen: first and last name).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PersonName {
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
}

/// `shippingAddress` (shape chosen: the service address fields plus the recipient's name).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ShippingAddress {
    /// Recipient's first name.
    pub first_name: String,
    /// Recipient's last name.
    pub last_name: String,
    /// Street line.
    pub address_line1: String,
    /// Unit line.
    #[serde(default)]
    pub address_line2: String,
    /// City.
    pub city: String,
    /// State.
    pub state: String,
    /// Zip.
    pub zip: String,
}

/// `shippingDetails`.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ShippingDetails {
    /// Shipping code, e.g. `STD`.
    pub shipping_code: String,
    /// Shipping charge, dollars with 2 decimals, e.g. `"9.99"`, `"0.00"` when free.
    pub shipping_rate: String,
    /// Taxes of the shipping line (the `productType` entries of `get-tax`, seed 000 §3).
    #[serde(default)]
    pub ship_tax_details: Vec<TaxType>,
}

/// One charge of a product (`chargeCode[]`).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ChargeCodeLine {
    /// Charge code, e.g. `ECO-HSD-030`.
    pub charge_code: String,
    /// Taxes of that charge (the `productType` entries of `get-tax`).
    #[serde(default)]
    pub prod_tax_details: Vec<TaxType>,
}

/// One ordered product (`prepaidProduct`): plan, equipment or promotion item.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PrepaidProduct {
    /// Product code, e.g. `ECO-HSD-030`, `ECO-HSD-XB3`.
    pub prepaid_product_code: String,
    /// Product name.
    pub prepaid_product_name: String,
    /// Line of business, e.g. `HSD`.
    pub lob: String,
    /// Plan code, e.g. `HSD_030`.
    pub plan_code: String,
    /// Price, dollars with 2 decimals, e.g. `"45.00"`.
    pub rate: String,
    /// Plan status, e.g. `ACTIVE` (value not shown by the seed).
    #[serde(default)]
    pub plan_status: String,
    /// Charges and their taxes.
    #[serde(default)]
    pub charge_code: Vec<ChargeCodeLine>,
}

/// `deviceDetails` (shape chosen: `{"prepaidProduct":[...]}`, the seed's "list of
/// prepaidProduct").
#[derive(Debug, Clone, PartialEq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct DeviceDetails {
    /// Plans first, then the device (`ECO-HSD-XB3` if present by name, else
    /// `ECO-HSD-WIFI`), then promotion items.
    #[serde(default)]
    pub prepaid_product: Vec<PrepaidProduct>,
}

/// One discounted plan of the order (`discountPlanDet`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct DiscountPlanDet {
    /// Plan code, e.g. `HSD_030`.
    pub plan_code: String,
    /// Product code, e.g. `ECO-HSD-030`.
    pub product_code: String,
    /// Regular price, dollars with 2 decimals.
    pub original_price: String,
    /// Discount, dollars with 2 decimals (negative), e.g. `"-35.00"`.
    pub discount_price: String,
    /// Quantity of the plan.
    pub plan_qty: u32,
}

/// `discountDetails` (present only with a promotion in the cart).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct OrderDiscountDetails {
    /// The promotion id (`discId`).
    pub discount_id: String,
    /// Offer type of the promotion.
    pub offer_type: String,
    /// Quantity of discounted products.
    pub product_quantity: u32,
    /// Discounted plans.
    #[serde(default)]
    pub discount_plan_det: Vec<DiscountPlanDet>,
}

/// Body of `POST prepaid-customer-activation` (seed 000 §3 "Submit-order payload"; field
/// spellings are the seed's: `paymentinfo`, `emailOptin`, `housekey`, `isCPC`).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ActivationRequest {
    /// Service address and location id.
    pub customer_info: ActivationCustomerInfo,
    /// Card, billing address and amount.
    pub paymentinfo: ActivationPaymentInfo,
    /// The payment id from `GET prepaidPaymentID`.
    #[oai(rename = "prepaidPaymentID")]
    #[serde(rename = "prepaidPaymentID")]
    pub prepaid_payment_id: String,
    /// Where the kit ships.
    pub shipping_address: ShippingAddress,
    /// Tracking id of the flow (UUID v4); the simulator derives the order number from it.
    pub tracking_id: String,
    /// Activation source, default `COESALES` (seed 000 §9).
    pub activation_source: String,
    /// Customer's name.
    pub name: PersonName,
    /// E-mail opt-in, `Y` or `N`.
    pub email_optin: String,
    /// Tax geocode of the service address.
    pub geo_code: String,
    /// E-mail address.
    pub email: String,
    /// Mobile number, 10 digits.
    pub tn: String,
    /// `ENGLISH` or `SPANISH`.
    pub lang_pref: String,
    /// House key of the address (seed spelling `housekey`).
    #[oai(rename = "housekey")]
    #[serde(rename = "housekey")]
    pub housekey: String,
    /// True: the card came from the card-entry component.
    #[oai(rename = "isCPC")]
    #[serde(rename = "isCPC")]
    pub is_cpc: bool,
    /// Business code serviceability answered with, if any.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serviceability_business_error_code: Option<String>,
    /// Bundle details (shape not shown by the seed; passed through).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bundle_details: Option<serde_json::Value>,
    /// Shipping code, charge and taxes.
    pub shipping_details: ShippingDetails,
    /// Ordered products.
    pub device_details: DeviceDetails,
    /// Customer guid from the digital session.
    pub cust_guid: String,
    /// Error code of an earlier attempt, if any (optional in the seed).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// The promotion, when one is in the cart.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discount_details: Option<OrderDiscountDetails>,
}

/// `orderDetails` of the answer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct OrderDetails {
    /// Order number shown on the confirmation page (seed 000 §3 `orderId`).
    pub order_number: String,
}

/// Answer of `POST prepaid-customer-activation` (seed 000 §4 "Order submit"): 200 with the
/// codes inside. `BUS_CUSTACT_05` and `SYS0010` count as success; `PAYMENT-0001` and
/// `SYS_CUSTACT_01` are unrecoverable; any other code fails the order with a banner.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ActivationResponse {
    /// Business error code, if any.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
    /// System error code, if any.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system_error_code: Option<String>,
    /// The placed order; absent when no order was placed.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_details: Option<OrderDetails>,
    /// The new prepaid account id; absent when no order was placed.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_id: Option<String>,
}
