//! Product catalogue (seed 000 §3 "Product details", §4 "Product details success", §7
//! `GET .../util-service/product-detail?source&marketId&trackingId`).
//!
//! Money: every `rate` is a **string** holding dollars with exactly 2 decimals (`"45.00"`);
//! the seed parses it "as decimal" (§4), so it never travels as a float.

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// One plan of a product (seed 000 §3 `plans[]`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    /// Charge code, e.g. `ECO-HSD-030` (the promo product code of seed 000 §9) or the
    /// device code `ECO-HSD-XB3`.
    pub charge_code: String,
    /// Price in dollars, 2 decimals, as a string, e.g. `"45.00"`; `"0.00"` when included.
    pub rate: String,
    /// Plan code, e.g. `HSD_030` (30 days) or `HSD_007` (7 days), seed 000 §9.
    pub plan: String,
    /// Short label shown to the customer, e.g. `30 Days`.
    #[serde(default)]
    pub plan_display_text: String,
    /// Stock-keeping unit of the plan or device.
    #[serde(default)]
    pub sku: String,
    /// One-line description of the plan.
    #[serde(default)]
    pub plan_desc: String,
}

/// A product: the internet service or the equipment (seed 000 §3 `product`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Product {
    /// Product name; for equipment the device code (`ECO-HSD-XB3` or `ECO-HSD-WIFI`), which
    /// the submit-order builder looks up by name (seed 000 §3 "Submit-order payload").
    pub name: String,
    /// Line of business: `HSD` (high-speed data); `VDO` maps to `VIDEO` (seed 000 §3).
    pub lob: String,
    /// Plans of the product.
    #[serde(default)]
    pub plans: Vec<Plan>,
}

/// Wrapper of one product, as the service nests it (`products[{product{...}}]`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ProductEntry {
    /// The product.
    pub product: Product,
}

/// Shipping of the kit (seed 000 §3 `shipping`, §4, §9: free when the rate is 0).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Shipping {
    /// Shipping code, e.g. `STD` (the default shipping code, seed 000 §9).
    pub name: String,
    /// Shipping charge in dollars, 2 decimals, as a string; `"0.00"` means free shipping.
    pub rate: String,
    /// Description shown with the shipping block.
    #[serde(default)]
    pub desc: String,
}

/// Answer of `GET product-detail` (seed 000 §3 "Product details").
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ProductDetailsResponse {
    /// Internet plans first, then the equipment.
    #[serde(default)]
    pub products: Vec<ProductEntry>,
    /// Shipping method and charge of the market.
    pub shipping: Shipping,
}
