//! Tax lookup (seed 000 §3 "Tax data", §7 `POST .../vertex/ctp/get-tax`, §9 "Tax lookup
//! covers each product in the cart with its price").
//!
//! Money: JSON **numbers** in dollars with at most 2 decimals (`45.0`, `4.01`); amounts are
//! rounded to whole cents, half away from zero.

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// One line to tax: a plan, the equipment or the shipping code (seed 000 §7).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct TaxLine {
    /// Product code, e.g. `ECO-HSD-030`, `ECO-HSD-XB3` or the shipping code `STD`.
    pub product_code: String,
    /// Price of the line in dollars (number, 2 decimals).
    pub price: f64,
}

/// Body of `POST get-tax` (seed 000 §7: the status fields travel in the request too).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct TaxRequest {
    /// Calling source, e.g. `DIGITAL2.0`.
    #[serde(default)]
    pub source: String,
    /// Status field of the request envelope (sent empty or `null`).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// Business error code field of the envelope (sent empty or `null`).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bus_error_code: Option<String>,
    /// Message field of the envelope (sent empty or `null`).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// System error code field of the envelope (sent empty or `null`).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sys_error_code: Option<String>,
    /// Tax geocode of the service address (from serviceability, seed 000 §3 `geocode`).
    pub geo_code: String,
    /// Tracking id of the flow (UUID v4).
    pub tracking_id: String,
    /// Lines to tax: plans, equipment and shipping.
    pub products: Vec<TaxLine>,
}

/// Tax of one jurisdiction (seed 000 §3 `vertexCodes[]`).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct VertexCode {
    /// Jurisdiction, e.g. `STATE`, `COUNTY`, `CITY`.
    pub vertex_code: String,
    /// Tax amount in dollars (number, whole cents).
    pub amt: f64,
}

/// Taxes of one kind on a line (seed 000 §3 `productType[]`).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct TaxType {
    /// Kind of tax, e.g. `SALES`.
    #[oai(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    /// Amount per jurisdiction.
    #[serde(default)]
    pub vertex_codes: Vec<VertexCode>,
}

/// Taxes of one line (seed 000 §3 `products[]`).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ProductTax {
    /// Product code of the line, as sent.
    pub product_code: String,
    /// Taxes by kind; empty when the geocode has no known jurisdiction.
    #[serde(default)]
    pub product_type: Vec<TaxType>,
}

/// Answer of `POST get-tax` (seed 000 §3 "Tax data").
#[derive(Debug, Clone, PartialEq, Default, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct TaxResponse {
    /// Sum of every amount, dollars (number, whole cents).
    pub total_tax_amt: f64,
    /// Taxes per line, in request order.
    #[serde(default)]
    pub products: Vec<ProductTax>,
}
