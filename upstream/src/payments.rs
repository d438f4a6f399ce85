//! Payments: the prepaid payment id, adding the card as a payment instrument, and the data
//! the card-entry component hands to the page (seed 000 §3 "Payment", "Card component
//! data", "Add-payment-instrument payload"; §7 `GET .../customermanagement/prepaidPaymentID`,
//! `POST .../payment-service/add-secure-prepaid-payment-instrument`; §8 payment codes), and
//! the stored instrument of an account (seed 001 §3 "PaymentInfo", §7 `POST
//! .../payment-service/get-custpayment-info`, §8 `BUS_PMT_006`).

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// Inner object of the payment-id answer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PaymentIdBody {
    /// The payment id of this purchase attempt (seed 000 §3 `paymentId`).
    #[oai(rename = "prepaidPaymentID")]
    #[serde(rename = "prepaidPaymentID")]
    pub prepaid_payment_id: String,
}

/// Answer of `GET prepaidPaymentID`: `{"response":{"prepaidPaymentID":"..."}}`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PaymentIdResponse {
    /// The id, nested as the service does.
    pub response: PaymentIdBody,
}

/// Card holder and billing address of an add-instrument call (seed 000 §3 `custInfo`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct InstrumentCustInfo {
    /// Always `null` for a new customer (seed 000 §3).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_id: Option<String>,
    /// Card holder's first name.
    pub first_name: String,
    /// Card holder's last name.
    pub last_name: String,
    /// Billing street line.
    pub address_line1: String,
    /// Billing unit line (may be empty).
    #[serde(default)]
    pub address_line2: String,
    /// Billing city.
    pub city: String,
    /// Billing state, two letters.
    pub state: String,
    /// Billing zip, 5 digits.
    pub zip: String,
}

/// Body of `POST add-secure-prepaid-payment-instrument` (seed 000 §3) and of `POST
/// modify-prepaidpayment-instrument` (seed 001 §7, seed 002 "Instrument payloads": "update is
/// similar"; the seed's client-encrypted card fields are never sent: the card is always the
/// card-entry token).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AddInstrumentRequest {
    /// Card holder and billing address.
    pub cust_info: InstrumentCustInfo,
    /// Auto-refill enrolment: true only when the checkbox and the card terms are both
    /// accepted (seed 000 §4).
    pub enroll_auto_payment: bool,
    /// Always `CREDIT`.
    pub processing_network: String,
    /// Whether to keep the card in the wallet.
    pub add_instrument_to_wallet: bool,
    /// Token from the card-entry component (`cpcData.cardDetails.token`).
    pub payment_inst_token: String,
    /// True: the card came from the card-entry component.
    #[oai(rename = "isCPC")]
    #[serde(rename = "isCPC")]
    pub is_cpc: bool,
    /// Expiry `MMYY` (seed 000 §9).
    pub expiration_date: String,
    /// Card type as the component reports it (`visa`, `mastercard`, `discover`,
    /// `american-express`) or mapped (seed 000 §3 card type map).
    pub card_type: String,
    /// Last 4 digits of the card number only.
    pub card_number: String,
    /// The payment id from `GET prepaidPaymentID` (buy flow only; the account area's add and
    /// modify carry none, seed 001 §7).
    #[oai(rename = "prepaidPaymentID", skip_serializing_if_is_none)]
    #[serde(rename = "prepaidPaymentID")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prepaid_payment_id: Option<String>,
    /// Whether to save the payment method.
    pub save_payment: bool,
}

/// Answer of `POST add-secure-prepaid-payment-instrument` (also of modify and remove). Failures come back with 200 and
/// the code in `businessErrorCode` (every family: `PAYMENT-nnnn`, `SYS_PMT_nnn`,
/// `BUS_PMT_nnn`; seed 000 §4 "failure stores businessErrorCode", §8).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AddInstrumentResponse {
    /// `SUCCESS` or `FAILURE`.
    #[serde(default)]
    pub status: String,
    /// The failure code, absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
}

/// `cpcData.cardDetails` from the card-entry component (seed 000 §3).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CardDetails {
    /// Payment token; it stands for the card in every later call.
    pub token: String,
    /// Expiry `MMYY`.
    pub expiration_date: String,
    /// `visa`, `mastercard`, `discover` or `american-express`.
    pub card_type: String,
    /// Last 4 digits of the card number.
    pub card_last4_digits: String,
}

/// `cpcData.customerDetails` (seed 000 §3).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CpcCustomerDetails {
    /// Card holder's first name.
    pub first_name: String,
    /// Card holder's last name.
    pub last_name: String,
}

/// `cpcData` of a `CPC_FORM_SUBMIT_RESPONSE` (seed 000 §3 "Card component data").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CpcData {
    /// The tokenised card.
    pub card_details: CardDetails,
    /// Customer id the component was configured with (empty for a new customer).
    #[serde(default)]
    pub customer_id: String,
    /// Card holder's name.
    pub customer_details: CpcCustomerDetails,
}

/// `paymentInfo` of a `CPC_FORM_SUBMIT_RESPONSE`: the billing address typed in the
/// component (seed 000 §3).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct CpcPaymentInfo {
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Billing street line.
    pub address: String,
    /// Billing unit line.
    #[serde(default)]
    pub address_line2: String,
    /// Billing city.
    pub city: String,
    /// Billing state, two letters.
    pub state: String,
    /// Billing zip, 5 digits.
    pub zip_code: String,
}

/// `businessErrorCode` of a payment-info lookup for an account without a stored payment
/// instrument (seed 001 §4 "Auto-refill", §8 `BUS_PMT_006`: only logged).
pub const NO_INSTRUMENT: &str = "BUS_PMT_006";

/// Body of `POST get-custpayment-info` (seed 001 §7 "Payment info": the same body as the
/// prepaid-transactions call).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PaymentInfoRequest {
    /// The account, 16 digits.
    pub account_id: String,
    /// The account's phone number, 10 digits (`customerInfo.phoneNumber`; may be empty).
    #[serde(default)]
    pub tn: String,
    /// Tracking id of the call (UUID v4).
    pub tracking_id: String,
    /// Calling channel, `DIGITAL2.0`.
    pub source: String,
}

/// `custInfo` of the payment info: the card holder and billing address on file (seed 001 §3
/// "PaymentInfo").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PaymentInfoCustInfo {
    /// The account, 16 digits.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_id: Option<String>,
    /// Card holder's first name.
    #[serde(default)]
    pub first_name: String,
    /// Card holder's last name.
    #[serde(default)]
    pub last_name: String,
    /// Billing street line.
    #[serde(default)]
    pub address_line1: String,
    /// Billing unit line (may be empty).
    #[serde(default)]
    pub address_line2: String,
    /// Billing city.
    #[serde(default)]
    pub city: String,
    /// Billing state, two letters.
    #[serde(default)]
    pub state: String,
    /// Billing zip, 5 digits.
    #[serde(default)]
    pub zip: String,
}

/// Answer of `POST get-custpayment-info` (seed 001 §3 "PaymentInfo"). Without a stored
/// instrument only `enrollAutoPayment: false` and `businessErrorCode` [`NO_INSTRUMENT`]
/// come back (HTTP 200).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PaymentInfoResponse {
    /// Auto-refill is on (the portal's `autoRefillEnabled`, seed 001 §4 "Auto-refill").
    #[serde(default)]
    pub enroll_auto_payment: bool,
    /// Token of the stored card.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_inst_token: Option<String>,
    /// Last 4 digits of the stored card.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_number: Option<String>,
    /// Card type as stored, e.g. `Visa`, `MASTER_CARD` (seed 001 §3 card type map).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_type: Option<String>,
    /// Expiry `MMYY`.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_date: Option<String>,
    /// Card holder and billing address on file.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cust_info: Option<PaymentInfoCustInfo>,
    /// Business failure code, e.g. [`NO_INSTRUMENT`]; absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
}

/// Body of `POST modify-prepaidpayment-instrument`: the add payload (seed 002 "Instrument
/// payloads").
pub type ModifyInstrumentRequest = AddInstrumentRequest;

/// `custInfo` of a remove: the account only (seed 002 "Instrument payloads").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RemoveCustInfo {
    /// The account, 16 digits.
    pub account_id: String,
}

/// Body of `POST remove-prepaidpayment-instrument` (seed 001 §7, seed 002 "Instrument
/// payloads": `custInfo {accountId}`, `paymentInstToken`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct RemoveInstrumentRequest {
    /// The account.
    pub cust_info: RemoveCustInfo,
    /// Token of the stored card (from the payment info).
    pub payment_inst_token: String,
}

/// Body of `POST get-prepaidpayment-transactions`, `enroll-autopay` and `cancel-autopay`: the
/// payment-info body (seed 001 §7 "same body (accountId, phoneNumber)").
pub type AccountPaymentsRequest = PaymentInfoRequest;

/// Answer of `POST enroll-autopay` and `cancel-autopay` (seed 001 §4 "Auto-refill"): HTTP 200
/// with `status` `SUCCESS`, or `FAILURE` with `businessErrorCode` (on enrol [`NO_INSTRUMENT`]:
/// no card stored, auto-refill stays off; seed 001 §8).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct AutopayResponse {
    /// `SUCCESS` or `FAILURE`.
    #[serde(default)]
    pub status: String,
    /// The failure code, absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
    /// The service's text for the failure (logged by code only, never shown).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}

/// One line of a prepaid transaction (seed 001 §3 "Prepaid transactions": `transactionDate`,
/// `amount`, `expirationDate`; the product and its duration for the history's items, §2
/// "Payment history").
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct TransactionDetail {
    /// When it was paid, RFC 3339 with offset (`2026-03-01T23:59:30Z`).
    pub transaction_date: String,
    /// Amount paid, dollars with two decimals (`45.00`).
    pub amount: String,
    /// When the bought service expires, RFC 3339 with offset.
    pub expiration_date: String,
    /// Product code, e.g. `HSD_030` (the content names it).
    #[serde(default)]
    pub product_code: String,
    /// Days of service bought (`30`, `7`).
    #[serde(default)]
    pub plan_days: u32,
}

/// One prepaid transaction: its lines.
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Transaction {
    /// The transaction's lines.
    #[serde(default)]
    pub transaction_detail: Vec<TransactionDetail>,
}

/// Answer of `POST get-prepaidpayment-transactions` (seed 001 §3 "Prepaid transactions"), in
/// no particular order; `errorCode` for a failed lookup (HTTP 200).
#[derive(Debug, Clone, PartialEq, Eq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct TransactionsResponse {
    /// The account's transactions.
    #[serde(default)]
    pub transactions: Vec<Transaction>,
    /// Failure code, absent on success.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Failure text (logged by code only).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
}
