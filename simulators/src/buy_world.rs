//! The buy flow's part of the default world (seed 000 §3, §4, §9; design §4 "plans HSD_030
//! and HSD_007, promotions with date windows, tax by geocode"). Deterministic: no
//! randomness, no clock; ids derived from the request by [`fingerprint`].
//!
//! - **Markets** ([`MARKETS`]): `ATL` (Atlanta, shipping 9.99), `DEC` (Decatur, free
//!   shipping), `MAR` (Marietta, `ECO-HSD-WIFI`, shipping 7.99), `SMY` (Smyrna,
//!   `ECO-HSD-WIFI`, no promotions). An unknown market answers as [`DEFAULT_MARKET`].
//!   [`market_for_zip`] gives the market of each place of [`crate::world`].
//! - **Plans**: `HSD_030` at 45.00 (charge code `ECO-HSD-030`), `HSD_007` at 15.00
//!   (`ECO-HSD-007`); the gateway at 0.00.
//! - **Promotions** ([`promotions`]): in service order, an expired one, one with two
//!   discount details, one not yet started, then the valid `ECO-HSD-030` one
//!   ([`VALID_PROMO_ID`]): the seed's validity rule has to skip three.
//! - **Tax** ([`GEOCODES`]): state, county and city rates in basis points per geocode;
//!   [`geocode_for_zip`] maps the world's zips.
//! - **Identities** ([`IDENTITIES`]) offered by the identity router.

use upstream::catalogue::{Plan, Product, ProductDetailsResponse, ProductEntry, Shipping};
use upstream::promotions::{Discount, DiscountDetail, PrepaidPromotions, PromoResponse};
use upstream::tax::{ProductTax, TaxRequest, TaxResponse, TaxType, VertexCode};

/// Gateway device of most markets (seed 000 §9).
pub const DEVICE_XB3: &str = "ECO-HSD-XB3";
/// Gateway device of the other markets.
pub const DEVICE_WIFI: &str = "ECO-HSD-WIFI";
/// Market used for an unknown market id.
pub const DEFAULT_MARKET: &str = "ATL";
/// Id of the valid `ECO-HSD-030` promotion.
pub const VALID_PROMO_ID: &str = "P_NEWCUST35OFF_0126";

/// One market.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Market {
    /// Market id, e.g. `ATL`.
    pub id: &'static str,
    /// Where it is.
    pub name: &'static str,
    /// Gateway device code.
    pub device: &'static str,
    /// Shipping charge in cents (0: free shipping).
    pub shipping_cents: u32,
    /// Whether the market has promotions.
    pub promotions: bool,
}

/// The markets of the world.
pub const MARKETS: [Market; 4] = [
    Market {
        id: "ATL",
        name: "Atlanta",
        device: DEVICE_XB3,
        shipping_cents: 999,
        promotions: true,
    },
    Market {
        id: "DEC",
        name: "Decatur and Stone Mountain",
        device: DEVICE_XB3,
        shipping_cents: 0,
        promotions: true,
    },
    Market {
        id: "MAR",
        name: "Marietta",
        device: DEVICE_WIFI,
        shipping_cents: 799,
        promotions: true,
    },
    Market {
        id: "SMY",
        name: "Smyrna",
        device: DEVICE_WIFI,
        shipping_cents: 999,
        promotions: false,
    },
];

/// The market with this id, else [`DEFAULT_MARKET`]'s.
pub fn market(id: &str) -> &'static Market {
    MARKETS.iter().find(|m| m.id == id).unwrap_or(&MARKETS[0])
}

/// The market of a zip of the world (`ATL` for Atlanta zips and any unknown zip).
pub fn market_for_zip(zip: &str) -> &'static str {
    match zip {
        "30030" | "30083" => "DEC",
        "30062" => "MAR",
        "30080" => "SMY",
        _ => DEFAULT_MARKET,
    }
}

/// Dollars with 2 decimals from cents, e.g. `999` -> `"9.99"`, `-3500` -> `"-35.00"`.
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

fn plan(charge: &str, cents: i64, code: &str, text: &str, desc: &str) -> Plan {
    Plan {
        charge_code: charge.into(),
        rate: dollars(cents),
        plan: code.into(),
        plan_display_text: text.into(),
        sku: format!("SKU-{charge}"),
        plan_desc: desc.into(),
    }
}

/// Product details of a market (seed 000 §3): the internet product with `HSD_030` and
/// `HSD_007`, then the gateway named by its device code; shipping `STD`.
pub fn product_details(market_id: &str) -> ProductDetailsResponse {
    let m = market(market_id);
    let internet = Product {
        name: "Prepaid Internet".into(),
        lob: "HSD".into(),
        plans: vec![
            plan(
                "ECO-HSD-030",
                4500,
                "HSD_030",
                "30 Days",
                "30 days of prepaid internet, 200 Mbps, unlimited data",
            ),
            plan(
                "ECO-HSD-007",
                1500,
                "HSD_007",
                "7 Days",
                "7 days of prepaid internet, 200 Mbps, unlimited data",
            ),
        ],
    };
    let gateway_name = if m.device == DEVICE_XB3 {
        "Wi-Fi gateway (XB3)"
    } else {
        "Wi-Fi gateway"
    };
    let device = Product {
        name: m.device.into(),
        lob: "HSD".into(),
        plans: vec![plan(
            m.device,
            0,
            m.device,
            gateway_name,
            "One gateway per household, included with the first 30-day purchase",
        )],
    };
    let desc = if m.shipping_cents == 0 {
        "Free standard shipping, 3-5 business days"
    } else {
        "Standard shipping, 3-5 business days"
    };
    ProductDetailsResponse {
        products: vec![
            ProductEntry { product: internet },
            ProductEntry { product: device },
        ],
        shipping: Shipping {
            name: "STD".into(),
            rate: dollars(i64::from(m.shipping_cents)),
            desc: desc.into(),
        },
    }
}

fn detail(product: &str, plan: &str, origin: f64, discount: f64) -> DiscountDetail {
    DiscountDetail {
        product: product.into(),
        lob: "HSD".into(),
        plan: plan.into(),
        origin_price_per_unit: origin,
        discounted_price_per_unit: discount,
        effective_price: origin + discount,
    }
}

fn discount(id: &str, start: &str, end: Option<&str>, details: Vec<DiscountDetail>) -> Discount {
    Discount {
        disc_id: id.into(),
        disc_start_date: start.into(),
        disc_end_date: end.map(Into::into),
        offer_type: "DISCOUNT".into(),
        discount_details: details,
    }
}

/// Promotions of a market (seed 000 §3, §4), in service order; none in `SMY`.
///
/// 1. `P_SUMMER20OFF_0526`: ended `20260630235959` (expired);
/// 2. `P_GATEWAY_BUNDLE_0126`: two discount details (invalid by the one-detail rule);
/// 3. `P_FUTURE_HSD30_9901`: starts `20990101000000` (not yet valid);
/// 4. [`VALID_PROMO_ID`]: `ECO-HSD-030` 45.0 - 35.0 = 10.0, from `20260101000000` to
///    `20301231235959` (valid).
pub fn promotions(market_id: &str) -> PromoResponse {
    if !market(market_id).promotions {
        return PromoResponse::default();
    }
    let hsd30 = || detail("ECO-HSD-030", "HSD_030", 45.0, -35.0);
    PromoResponse {
        prepaid_promotions: PrepaidPromotions {
            discounts: vec![
                discount(
                    "P_SUMMER20OFF_0526",
                    "20260501000000",
                    Some("20260630235959"),
                    vec![detail("ECO-HSD-030", "HSD_030", 45.0, -20.0)],
                ),
                discount(
                    "P_GATEWAY_BUNDLE_0126",
                    "20260101000000",
                    Some("20301231235959"),
                    vec![hsd30(), detail(DEVICE_XB3, DEVICE_XB3, 0.0, 0.0)],
                ),
                discount("P_FUTURE_HSD30_9901", "20990101000000", None, vec![hsd30()]),
                discount(
                    VALID_PROMO_ID,
                    "20260101000000",
                    Some("20301231235959"),
                    vec![hsd30()],
                ),
            ],
        },
    }
}

/// A taxing place: its geocode and rates in basis points (1 bp = 0.01 %).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geocode {
    /// Geocode, 9 digits.
    pub code: &'static str,
    /// Where it is.
    pub name: &'static str,
    /// State rate, basis points.
    pub state_bp: u32,
    /// County rate, basis points.
    pub county_bp: u32,
    /// City rate, basis points.
    pub city_bp: u32,
}

/// The geocodes of the world (an unknown geocode taxes nothing).
pub const GEOCODES: [Geocode; 5] = [
    Geocode {
        code: "110601130",
        name: "Atlanta, Fulton County",
        state_bp: 400,
        county_bp: 300,
        city_bp: 190,
    },
    Geocode {
        code: "110890200",
        name: "Decatur, DeKalb County",
        state_bp: 400,
        county_bp: 400,
        city_bp: 0,
    },
    Geocode {
        code: "110891100",
        name: "Stone Mountain, DeKalb County",
        state_bp: 400,
        county_bp: 400,
        city_bp: 0,
    },
    Geocode {
        code: "110670700",
        name: "Marietta, Cobb County",
        state_bp: 400,
        county_bp: 200,
        city_bp: 0,
    },
    Geocode {
        code: "110670900",
        name: "Smyrna, Cobb County",
        state_bp: 400,
        county_bp: 200,
        city_bp: 100,
    },
];

/// The geocode of a zip of the world (Atlanta's for unknown zips).
pub fn geocode_for_zip(zip: &str) -> &'static str {
    match zip {
        "30030" => GEOCODES[1].code,
        "30083" => GEOCODES[2].code,
        "30062" => GEOCODES[3].code,
        "30080" => GEOCODES[4].code,
        _ => GEOCODES[0].code,
    }
}

/// Dollars (number) to whole cents, half away from zero.
pub fn cents(dollars: f64) -> i64 {
    (dollars * 100.0).round() as i64
}

/// `amount * bp / 10000` in cents, half away from zero.
fn share(cents: i64, bp: u32) -> i64 {
    let raw = cents * i64::from(bp);
    let (q, r) = (raw / 10_000, raw % 10_000);
    if r.abs() * 2 >= 10_000 {
        q + raw.signum()
    } else {
        q
    }
}

/// Tax lookup (seed 000 §3 "Tax data"): each line taxed `SALES` by `STATE`, `COUNTY` and
/// (when the rate is not 0) `CITY` of the geocode, each amount rounded to cents; total is
/// the sum. An unknown geocode: every line with no taxes, total 0.
pub fn tax(req: &TaxRequest) -> TaxResponse {
    let place = GEOCODES.iter().find(|g| g.code == req.geo_code);
    let mut total = 0i64;
    let products = req
        .products
        .iter()
        .map(|line| {
            let product_type = place
                .map(|g| {
                    let price = cents(line.price);
                    let codes = [
                        ("STATE", g.state_bp),
                        ("COUNTY", g.county_bp),
                        ("CITY", g.city_bp),
                    ]
                    .into_iter()
                    .filter(|(_, bp)| *bp > 0)
                    .map(|(name, bp)| {
                        let amt = share(price, bp);
                        total += amt;
                        VertexCode {
                            vertex_code: name.into(),
                            amt: amt as f64 / 100.0,
                        }
                    })
                    .collect();
                    vec![TaxType {
                        kind: "SALES".into(),
                        vertex_codes: codes,
                    }]
                })
                .unwrap_or_default();
            ProductTax {
                product_code: line.product_code.clone(),
                product_type,
            }
        })
        .collect();
    TaxResponse {
        total_tax_amt: total as f64 / 100.0,
        products,
    }
}

/// An identity the identity router offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identity {
    /// Form value, e.g. `existing-verified`.
    pub key: &'static str,
    /// What the tester sees.
    pub label: &'static str,
    /// First name.
    pub first_name: Option<&'static str>,
    /// Last name.
    pub last_name: Option<&'static str>,
    /// Mobile number, 10 digits.
    pub phone: Option<&'static str>,
    /// E-mail.
    pub email: Option<&'static str>,
    /// Mobile verified.
    pub mobile_verified: bool,
    /// E-mail verified.
    pub email_verified: bool,
    /// Customer guid; `None` means "new": one is derived from the session id.
    pub cust_guid: Option<&'static str>,
}

const fn existing(
    key: &'static str,
    label: &'static str,
    names: (&'static str, &'static str),
    phone: Option<&'static str>,
    email: &'static str,
    verified: (bool, bool),
    guid: &'static str,
) -> Identity {
    Identity {
        key,
        label,
        first_name: Some(names.0),
        last_name: Some(names.1),
        phone,
        email: Some(email),
        mobile_verified: verified.0,
        email_verified: verified.1,
        cust_guid: Some(guid),
    }
}

/// The identities of the router: a new one (guid only: the portal asks for the rest), and
/// existing ones with every verified/unverified combination, plus one without a mobile
/// number (an incomplete session).
pub const IDENTITIES: [Identity; 6] = [
    Identity {
        key: "new",
        label: "New identity (no profile yet)",
        first_name: None,
        last_name: None,
        phone: None,
        email: None,
        mobile_verified: false,
        email_verified: false,
        cust_guid: None,
    },
    existing(
        "existing-verified",
        "Existing: mobile and e-mail verified",
        ("María José", "García-López"),
        Some("4045550101"),
        "maria.garcia@example.com",
        (true, true),
        "CG-100000000001",
    ),
    existing(
        "existing-mobile-unverified",
        "Existing: mobile unverified, e-mail verified",
        ("James", "O'Connor"),
        Some("4045550102"),
        "james.oconnor@example.com",
        (false, true),
        "CG-100000000002",
    ),
    existing(
        "existing-email-unverified",
        "Existing: mobile verified, e-mail unverified",
        ("Ana", "Nguyen"),
        Some("4045550103"),
        "ana.nguyen@example.com",
        (true, false),
        "CG-100000000003",
    ),
    existing(
        "existing-unverified",
        "Existing: mobile and e-mail unverified",
        ("Robert", "Smith"),
        Some("4045550104"),
        "robert.smith@example.com",
        (false, false),
        "CG-100000000004",
    ),
    existing(
        "existing-no-mobile",
        "Existing: no mobile number on file, e-mail verified",
        ("Lucía", "Fernández"),
        None,
        "lucia.fernandez@example.com",
        (false, true),
        "CG-100000000005",
    ),
];

/// The identity with this key.
pub fn identity(key: &str) -> Option<&'static Identity> {
    IDENTITIES.iter().find(|i| i.key == key)
}

/// A stable 64-bit fingerprint (FNV-1a) of some text: the source of every generated id.
pub fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Order number of a tracking id: `PP` + 10 digits, e.g. `PP4821937765`.
pub fn order_number(tracking_id: &str) -> String {
    format!("PP{:010}", fingerprint(tracking_id) % 10_000_000_000)
}

/// Account id of a tracking id: `8` + 15 digits.
pub fn account_id(tracking_id: &str) -> String {
    format!(
        "8{:015}",
        fingerprint(&format!("account:{tracking_id}")) % 1_000_000_000_000_000
    )
}

/// Prepaid payment id of a tracking id: `PPID` + 12 digits.
pub fn payment_id(tracking_id: &str) -> String {
    format!(
        "PPID{:012}",
        fingerprint(&format!("payment:{tracking_id}")) % 1_000_000_000_000
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use upstream::tax::TaxLine;

    #[test]
    fn money_and_ids() {
        assert_eq!(dollars(999), "9.99");
        assert_eq!(dollars(-3500), "-35.00");
        assert_eq!(dollars(0), "0.00");
        assert_eq!(order_number("t1"), order_number("t1"));
        assert_ne!(order_number("t1"), order_number("t2"));
        assert_eq!(order_number("t1").len(), 12);
        assert_eq!(account_id("t1").len(), 16);
        assert_eq!(payment_id("t1").len(), 16);
    }

    #[test]
    fn tax_by_geocode_rounds_to_cents() {
        let req = |geo: &str| TaxRequest {
            source: "DIGITAL2.0".into(),
            status: None,
            bus_error_code: None,
            message: None,
            sys_error_code: None,
            geo_code: geo.into(),
            tracking_id: "t".into(),
            products: vec![
                TaxLine {
                    product_code: "ECO-HSD-030".into(),
                    price: 45.0,
                },
                TaxLine {
                    product_code: "STD".into(),
                    price: 9.99,
                },
            ],
        };
        let atl = tax(&req("110601130"));
        // 45.00: 1.80 + 1.35 + 0.855 -> 0.86; 9.99: 0.3996 -> 0.40, 0.2997 -> 0.30, 0.18981 -> 0.19
        assert_eq!(atl.total_tax_amt, 4.90);
        assert_eq!(atl.products[0].product_type[0].vertex_codes[2].amt, 0.86);
        let none = tax(&req("000000000"));
        assert_eq!(none.total_tax_amt, 0.0);
        assert!(none.products.iter().all(|p| p.product_type.is_empty()));
    }

    #[test]
    fn every_market_has_its_device_and_shipping() {
        for m in MARKETS {
            let d = product_details(m.id);
            assert_eq!(d.products[1].product.name, m.device);
            assert_eq!(d.shipping.name, "STD");
        }
        assert_eq!(product_details("DEC").shipping.rate, "0.00");
        assert_eq!(product_details("nowhere"), product_details(DEFAULT_MARKET));
        assert!(promotions("SMY").prepaid_promotions.discounts.is_empty());
    }
}
