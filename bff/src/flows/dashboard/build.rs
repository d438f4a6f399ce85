//! The dashboard answer from the upstream answers (seed 001 §4 "Page readiness and
//! checks"; rules in `domain::dashboard`; promotions §6, §9).

use chrono::{DateTime, SecondsFormat, Utc};
use upstream::{
    account::{AcpStatus, AuxAccountResponse, DashboardResponse},
    address::Address,
    payments::PaymentInfoResponse,
    promotions::PromoResponse,
};

use super::types::*;
use crate::{
    domain::{
        dashboard::{self as rules, Readiness},
        money::two_decimals,
    },
    upstream::{self as up, CallCtx, Clients, UpstreamError},
};

/// What the dashboard needs besides the dashboard record and the aux accounts: payment info
/// (auto-refill) and the dashboard promotions; `None` when the record names no customer.
#[derive(Debug, Clone, Default)]
pub struct Extras {
    /// Payment info of the account (`enrollAutoPayment`).
    pub payment: Option<PaymentInfoResponse>,
    /// Dashboard promotions of the account's location.
    pub promos: Option<PromoResponse>,
}

/// Reads the payment info (phone of the record's customer) and the promotions (its
/// location) together, only for a dashboard that shows (readiness `Show` or
/// `Deactivated`): a page going to activation, an aux dashboard or the error page needs
/// neither. The promotions are not a required call (seed 001 §4 "Any required API failure
/// (token, content, cart content, identity, dashboard, aux account) leads to the error
/// page"): when their lookup fails the dashboard shows without a promotion.
pub async fn extras(
    c: &Clients,
    ctx: &CallCtx,
    account: &str,
    dash: &DashboardResponse,
    aux: &AuxAccountResponse,
) -> Result<Extras, UpstreamError> {
    let shows = matches!(
        rules::readiness(dash, aux),
        Readiness::Show | Readiness::Deactivated
    );
    let Some(customer) = dash.customer_info.as_ref().filter(|_| shows) else {
        return Ok(Extras::default());
    };
    let (payment, promos) = futures_util::future::join(
        up::payments::payment_info(c, ctx, account, &customer.phone_number),
        up::promotions::dashboard_promos(c, ctx, account, &customer.location_id),
    )
    .await;
    let promos = promos
        .inspect_err(|e| {
            tracing::warn!(error = %e, "dashboard: promotions lookup failed; no promotion shown");
        })
        .ok();
    Ok(Extras {
        payment: Some(payment?),
        promos,
    })
}

/// The dashboard's promotion ([`rules::dashboard_promo`], seed 001 §9), if the promotions
/// were read.
fn promo(promos: Option<&PromoResponse>, now: DateTime<Utc>) -> Option<DashboardPromo> {
    let p = rules::dashboard_promo(&promos?.prepaid_promotions.discounts, now)?;
    Some(DashboardPromo {
        id: p.id,
        winback: p.winback,
    })
}

fn lines(a: &Address) -> AddressLines {
    AddressLines {
        street_address: a.street_line(),
        city_state_zip: a.city_state_zip(),
    }
}

/// The answer from the dashboard record, the aux accounts and the extras at `now` (rules:
/// `domain::dashboard`; seed 001 §4 "Page readiness and checks" decides `next`).
pub fn dashboard(
    dash: &DashboardResponse,
    aux: &AuxAccountResponse,
    extras: &Extras,
    now: DateTime<Utc>,
) -> Dashboard {
    let readiness = rules::readiness(dash, aux);
    let deactivated = readiness == Readiness::Deactivated;
    if let Some(line) = readiness.log_line() {
        tracing::info!(line, "dashboard readiness");
    }
    let (next, next_account_id) = match readiness {
        Readiness::Show | Readiness::Deactivated => (DashboardNext::Show, None),
        Readiness::Activation { account_id } => (DashboardNext::Activation, Some(account_id)),
        Readiness::AuxDashboard { account_id } => (DashboardNext::AuxDashboard, Some(account_id)),
        Readiness::Error { .. } => (DashboardNext::Error, None),
    };
    let auto_refill = extras
        .payment
        .as_ref()
        .is_some_and(|p| p.enroll_auto_payment);
    let moving = rules::scheduled_move(aux);
    let paused = rules::paused(dash, moving.as_ref(), now);
    let internet = rules::internet(dash, now);
    let days = internet.map(|i| i.days_remaining);
    let status = match rules::status(days, deactivated) {
        rules::Status::Active => ServiceStatus::Active,
        rules::Status::Expired => ServiceStatus::Expired,
        rules::Status::Deactivated => ServiceStatus::Deactivated,
    };
    let shown = next == DashboardNext::Show;
    Dashboard {
        next,
        next_account_id,
        status,
        moving: moving.is_some(),
        paused,
        auto_refill_enabled: auto_refill,
        auto_enrol_offered: rules::auto_enrol_offered(auto_refill, deactivated, days.unwrap_or(0)),
        behind_the_modem: rules::behind_the_modem(dash),
        internet: internet.map(|i| InternetStatus {
            days_remaining: i.days_remaining,
            expiration_date: i.expiration_date().format("%Y-%m-%d").to_string(),
            ring: match rules::ring(i.days_remaining, auto_refill, paused) {
                rules::Ring::Green => RingColour::Green,
                rules::Ring::Amber => RingColour::Amber,
                rules::Ring::Blue => RingColour::Blue,
                rules::Ring::Red => RingColour::Red,
            },
            refill_now: rules::refill_now(i.days_remaining, auto_refill, moving.is_some()),
        }),
        tv: rules::tv_products(dash)
            .into_iter()
            .map(|t| TvProduct {
                product_code: t.product_code,
            })
            .collect(),
        scheduled_move: moving.map(|m| ScheduledMove {
            schedule_date: m.schedule_date.format("%Y-%m-%d").to_string(),
            cancel_until: m.cancel_until().to_rfc3339_opts(SecondsFormat::Secs, true),
            cancel_date: m.cancel_date().format("%Y-%m-%d").to_string(),
            to_address: m.to_address.as_ref().map(lines).unwrap_or(AddressLines {
                street_address: String::new(),
                city_state_zip: String::new(),
            }),
        }),
        acp: rules::acp(dash.acp_detail.as_ref()).map(|a| AcpInfo {
            status: match a.status {
                AcpStatus::Approved => AcpState::Approved,
                AcpStatus::DeEnrolled => AcpState::DeEnrolled,
                AcpStatus::Denied => AcpState::Denied,
            },
            tribal: a.tribal,
            benefit_amount: a.benefit_amount.map(two_decimals),
        }),
        // seed 001 §6: a valid promo and an active account
        promo: promo(extras.promos.as_ref(), now).filter(|_| shown && !deactivated),
        service_address: dash
            .service_address
            .as_ref()
            .map(lines)
            .unwrap_or(AddressLines {
                street_address: String::new(),
                city_state_zip: String::new(),
            }),
        van_account: rules::is_van(dash),
        tv200: rules::has_tv200(dash),
    }
}
