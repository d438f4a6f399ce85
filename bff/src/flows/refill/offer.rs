//! What the refill reads upstream (the dashboard record, its promotions, the tax service)
//! and turns into the offer and the priced cart (rules `domain::refill`).

use chrono::{DateTime, Utc};
use upstream::{
    account::DashboardResponse,
    refill::RefillAcpBenefit,
    tax::{TaxLine, TaxRequest, TaxResponse},
};

use super::context::{Held, TaxDetails};
use crate::{
    domain::{
        dashboard::{self as dash_rules, Acp},
        money::{cents_of, dollars},
        refill::{
            Catalogue, OfferPromo, PLAN_30,
            cart::CartState,
            catalogue, offer_promo,
            price::{ProductTaxes, price, tax_products},
        },
    },
    http::error::{ApiError, ErrorCode},
    upstream::{self as up, CallCtx, Clients},
};

/// The account facts a refill is priced from.
#[derive(Debug, Clone)]
pub struct Facts {
    /// The dashboard record.
    pub dash: DashboardResponse,
    /// Its available plans, priced.
    pub catalogue: Catalogue,
    /// The valid promotion.
    pub promo: Option<OfferPromo>,
    /// ACP.
    pub acp: Option<Acp>,
    /// The first ACP benefit, sent in `acpBenefits` when deducted.
    pub acp_benefit: Option<RefillAcpBenefit>,
    /// Internet days remaining (0 without a readable expiry).
    pub days_remaining: i64,
}

impl Facts {
    /// The internet checkbox is enabled (seed 002 §4.1).
    pub fn internet_enabled(&self) -> bool {
        self.days_remaining > 0
    }

    /// The phone of the record (the payment calls' `tn`).
    pub fn tn(&self) -> String {
        self.dash
            .customer_info
            .as_ref()
            .map(|c| c.phone_number.clone())
            .unwrap_or_default()
    }
}

/// Reads the dashboard record and its promotions. A record with `errorCode` is 502
/// `UPSTREAM_ERROR`; a failed promotions lookup is no promotion (logged).
///
/// # Errors
///
/// The account service's failure.
pub async fn facts(
    c: &Clients,
    ctx: &CallCtx,
    account: &str,
    now: DateTime<Utc>,
) -> Result<Facts, ApiError> {
    let dash = up::account::dashboard(c, ctx, account).await?;
    if let Some(code) = dash.error_code.as_deref() {
        tracing::warn!(code, "refill: account lookup refused");
        return Err(ApiError::new(
            ErrorCode::UpstreamError,
            "the account service could not read the account",
        ));
    }
    let location = dash
        .customer_info
        .as_ref()
        .map(|c| c.location_id.clone())
        .unwrap_or_default();
    let promo = match up::promotions::dashboard_promos(c, ctx, account, &location).await {
        Ok(r) => offer_promo(&r.prepaid_promotions.discounts, now),
        Err(e) => {
            tracing::warn!(error = %e, "refill: promotions lookup failed; no promo offered");
            None
        }
    };
    let acp = dash_rules::acp(dash.acp_detail.as_ref());
    let acp_benefit = acp
        .as_ref()
        .and_then(Acp::deduction)
        .and(dash.acp_detail.as_ref())
        .and_then(|d| d.acp_benefits.first())
        .map(|b| RefillAcpBenefit {
            benefit_amount: b.benefit_amount.clone(),
            benefit_plan: b.benefit_plan.clone(),
            benefit_code: b.benefit_code.clone(),
        });
    Ok(Facts {
        catalogue: catalogue(&dash.available_plans),
        days_remaining: dash_rules::internet(&dash, now)
            .map(|i| i.days_remaining)
            .unwrap_or(0)
            .max(0),
        dash,
        promo,
        acp,
        acp_benefit,
    })
}

/// Withholds the 7-day plan (a move whose date gap is over 7 days, seed 002 §2.8, §9): the
/// offer omits it and a cart choosing it is refused as not offered.
pub fn withhold_seven_day(f: &mut Facts) {
    f.catalogue
        .items
        .retain(|i| i.code != crate::domain::refill::PLAN_7);
}

/// The cart to show before the customer chose one: the default 30-day cart with the valid
/// non-winback promo (seed 001 §4); a winback promo: the dashboard's winback banner starts
/// from `HSD_030` without it (seed 002 §4.8), the modal or banner adds it.
pub fn initial_cart(f: &Facts) -> CartState {
    let mut c = CartState::initial(f.promo.as_ref());
    if !f
        .catalogue
        .offers(PLAN_30, crate::domain::refill::ItemKind::Internet)
    {
        // an account without the 30-day plan starts on its first internet plan
        c.internet = f
            .catalogue
            .of(crate::domain::refill::ItemKind::Internet)
            .next()
            .map(|i| i.code.clone());
        c.clear();
    }
    c
}

/// The refill's first cart: [`initial_cart`] with the TV the account owns ticked, the basic
/// package with any package or add-on (`CartState::tick_owned_tv`, seed 001 §4 "Loading the
/// dashboard ... sets cart packages and add-ons from owned TV products"). Quick refill keeps
/// [`initial_cart`]: it sells the internet plan only.
pub fn refill_initial_cart(f: &Facts) -> CartState {
    let mut c = initial_cart(f);
    let owned = dash_rules::tv_products(&f.dash);
    c.tick_owned_tv(owned.iter().map(|t| t.product_code.as_str()), &f.catalogue);
    c
}

/// Per product, the tax answer's vertex codes in cents.
fn details(t: &TaxResponse) -> TaxDetails {
    t.products
        .iter()
        .map(|p| {
            let codes = p
                .product_type
                .iter()
                .flat_map(|k| &k.vertex_codes)
                .map(|v| (v.vertex_code.clone(), cents_of(v.amt)))
                .collect();
            (p.product_code.clone(), codes)
        })
        .collect()
}

/// Prices `cart`: one tax lookup at the record's geocode for its products (a failure: no
/// taxes, logged, seed 002 §4.5), then `domain::refill::price::price`.
pub async fn priced(c: &Clients, ctx: &CallCtx, f: &Facts, cart: CartState) -> Held {
    let untaxed = price(&cart, &f.catalogue, f.promo.as_ref(), f.acp.as_ref(), None);
    let products = tax_products(&untaxed);
    let answer = if products.is_empty() {
        Some(TaxResponse::default())
    } else {
        let req = TaxRequest {
            source: up::SOURCE.to_owned(),
            status: None,
            bus_error_code: None,
            message: None,
            sys_error_code: None,
            geo_code: f
                .dash
                .customer_info
                .as_ref()
                .map(|c| c.geo_code.clone())
                .unwrap_or_default(),
            tracking_id: ctx.tracking_id.clone(),
            products: products
                .iter()
                .map(|(code, cents)| TaxLine {
                    product_code: code.clone(),
                    price: dollars(*cents),
                })
                .collect(),
        };
        match up::tax::tax(c, ctx, &req).await {
            Ok(t) => Some(t),
            Err(e) => {
                tracing::warn!(error = %e, "refill: tax lookup failed; the total is the subtotal");
                None
            }
        }
    };
    let taxes = answer.as_ref().map(details).unwrap_or_default();
    let per_product: Option<ProductTaxes> = answer.as_ref().map(|_| {
        taxes
            .iter()
            .map(|(code, t)| (code.clone(), t.iter().map(|(_, c)| c).sum()))
            .collect()
    });
    let priced = price(
        &cart,
        &f.catalogue,
        f.promo.as_ref(),
        f.acp.as_ref(),
        per_product.as_ref(),
    );
    Held {
        cart,
        priced,
        promo: f.promo.clone(),
        acp_benefit: f.acp_benefit.clone(),
        taxes,
    }
}
