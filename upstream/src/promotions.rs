//! Promotions (seed 000 §3 "Promotions", §4 "Promotion validity", §7
//! `POST .../offer-service/get-promo`, §9 promo product code `ECO-HSD-030`; seed 001 §7
//! "Promos": the dashboard's lookup by account, flow `DASHBOARD`).
//!
//! Dates are digit groups `YYYYMMDDHHMMSS` read as UTC (seed 000 §4), e.g. `"20260101000000"`.
//! Prices are JSON **numbers** in dollars (the seed adds origin and discounted price per
//! unit to get the effective price, §9); the discount itself is negative.

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// Body of `POST get-promo`: the buy flow's by market (seed 000 §7: `marketId`,
/// `locationId`, flow `BUY`), the dashboard's by account (seed 001 §7: `accountId`,
/// `locationId`, flow `DASHBOARD`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PromoRequest {
    /// Market id of the address (from the entry's `lm` parameter); the buy flow's key.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub market_id: Option<String>,
    /// The signed-in account, 16 digits; the dashboard's key.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_id: Option<String>,
    /// Location id of the address.
    pub location_id: String,
    /// Calling source; the portal sends `prepaid-ui-portal`.
    pub source: String,
    /// Flow: the buy flow sends `BUY`, the dashboard `DASHBOARD`.
    pub flow: String,
    /// Tracking id of the flow (UUID v4).
    pub tracking_id: String,
}

/// One discounted line of a promotion (seed 000 §3 `discountDetails[]`).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct DiscountDetail {
    /// Product code the discount applies to, e.g. `ECO-HSD-030`.
    pub product: String,
    /// Line of business, e.g. `HSD`.
    #[serde(default)]
    pub lob: String,
    /// Plan code, e.g. `HSD_030`.
    #[serde(default)]
    pub plan: String,
    /// Regular price per unit, dollars (number), e.g. `45.0`.
    pub origin_price_per_unit: f64,
    /// Discount per unit, dollars (number, negative), e.g. `-35.0`.
    pub discounted_price_per_unit: f64,
    /// Price after discount per unit, dollars (number), e.g. `10.0`.
    pub effective_price: f64,
}

/// One promotion (seed 000 §3 `discounts[]`).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Discount {
    /// Promotion id, e.g. `P_NEWCUST35OFF_0126`; the first valid one becomes the promo id.
    pub disc_id: String,
    /// Start, `YYYYMMDDHHMMSS` UTC (seed 000 §4).
    pub disc_start_date: String,
    /// End, `YYYYMMDDHHMMSS` UTC; absent (or empty) means open-ended (seed 000 §4).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disc_end_date: Option<String>,
    /// Offer type, e.g. `DISCOUNT`.
    #[serde(default)]
    pub offer_type: String,
    /// Discounted lines; a valid promotion has exactly one, for `ECO-HSD-030`.
    #[serde(default)]
    pub discount_details: Vec<DiscountDetail>,
}

/// The promotions of a market (seed 000 §3 `prepaidPromotions`).
#[derive(Debug, Clone, PartialEq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PrepaidPromotions {
    /// Every promotion on offer, valid or not, in the service's order.
    #[serde(default)]
    pub discounts: Vec<Discount>,
}

/// Answer of `POST get-promo`.
#[derive(Debug, Clone, PartialEq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PromoResponse {
    /// The promotions.
    #[serde(default)]
    pub prepaid_promotions: PrepaidPromotions,
}
