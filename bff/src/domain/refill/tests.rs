//! Unit and property tests of the refill cart (seed 002 §4.1, §4.8, §9; seed 001 §9).

use chrono::{DateTime, Utc};
use proptest::prelude::*;
use upstream::account::{AcpBenefit, AcpDetail, AcpStatus, AvailablePlan, LOB_HSD, LOB_VIDEO};
use upstream::promotions::Discount;

use super::cart::{CartState, ChoiceError, Choices, apply};
use super::price::{LineKind, price, tax_products, winback_modal};
use super::*;
use crate::domain::dashboard::{Acp, acp};

fn plan(code: &str, lob: &str, price: &str) -> AvailablePlan {
    AvailablePlan {
        product_code: code.into(),
        plan_lob: lob.into(),
        plan_price: price.into(),
    }
}

const PACKAGES: [&str; 4] = [
    "VDO_XITV_30",
    "VDO_XITV_ENTRTMNT_30",
    "VDO_XITV_SPORTS_NEWS_30",
    "VDO_XITV_KID_FAMILY_30",
];
const ADD_ONS: [&str; 2] = ["HBO", "DEPORTES"];

/// The world's TV account: 45.00, 15.00, basic 22.00, packages 10.00, add-ons 15.00.
fn world() -> Catalogue {
    let mut plans = vec![
        plan(PLAN_30, LOB_HSD, "45.00"),
        plan(PLAN_7, LOB_HSD, "15.00"),
        plan("VDO_XITV_30", LOB_VIDEO, "22.00"),
    ];
    for p in &PACKAGES[1..] {
        plans.push(plan(p, LOB_VIDEO, "10.00"));
    }
    for a in ADD_ONS {
        plans.push(plan(a, LOB_VIDEO, "15.00"));
    }
    catalogue(&plans)
}

fn promo(kind: PromoKind) -> OfferPromo {
    OfferPromo {
        id: match kind {
            PromoKind::Sale => SALE_PROMO,
            PromoKind::Winback => WINBACK_PROMO,
            PromoKind::Banner => BANNER_PROMO,
        }
        .into(),
        kind,
    }
}

fn acp_of(status: AcpStatus, customer_type: &str, code: &str, amount: &str) -> Option<Acp> {
    acp(Some(&AcpDetail {
        customer_type: customer_type.into(),
        acp_status: status,
        denied_reason_code: None,
        denied_reason_desc: None,
        acp_benefits: vec![AcpBenefit {
            benefit_plan: "ACP".into(),
            benefit_period: "MONTHLY".into(),
            benefit_code: code.into(),
            benefit_amount: amount.into(),
        }],
    }))
}

fn choices(plan: Option<&str>, packages: &[&str], add_ons: &[&str], promo: bool) -> Choices {
    Choices {
        plan: plan.map(Into::into),
        packages: packages.iter().map(|s| s.to_string()).collect(),
        add_ons: add_ons.iter().map(|s| s.to_string()).collect(),
        promo,
    }
}

fn disc(id: &str, start: &str, end: Option<&str>) -> Discount {
    Discount {
        disc_id: id.into(),
        disc_start_date: start.into(),
        disc_end_date: end.map(Into::into),
        offer_type: "DISCOUNT".into(),
        discount_details: Vec::new(),
    }
}

fn at(s: &str) -> DateTime<Utc> {
    crate::domain::promotions::parse_date(s).unwrap()
}

#[test]
fn catalogue_kinds_days_and_unreadable_prices() {
    let c = world();
    assert_eq!(c.get(PLAN_30).unwrap().cents, 4500);
    assert_eq!(c.get(PLAN_30).unwrap().days, 30);
    assert_eq!(c.get(PLAN_7).unwrap().days, 7);
    assert_eq!(c.get("VDO_XITV_30").unwrap().kind, ItemKind::Package);
    assert_eq!(c.get("HBO").unwrap().kind, ItemKind::AddOn);
    assert_eq!(c.get("HBO").unwrap().days, 30);
    let odd = catalogue(&[
        plan(PLAN_30, LOB_HSD, "abc"),
        plan(PLAN_7, LOB_HSD, "-1.00"),
        plan("X", LOB_VIDEO, "1.00"),
        plan("X", LOB_VIDEO, "2.00"),
    ]);
    assert_eq!(
        odd.items.len(),
        1,
        "unreadable, negative and repeated left out"
    );
    assert_eq!(odd.get("X").unwrap().cents, 100);
}

#[test]
fn offer_promo_reads_the_dashboard_rule_and_the_banner() {
    let now = at("20270101000000");
    let p = offer_promo(&[disc(SALE_PROMO, "20260101", None)], now).unwrap();
    assert_eq!(p.kind, PromoKind::Sale);
    let p = offer_promo(&[disc(WINBACK_PROMO, "20260101", None)], now).unwrap();
    assert_eq!(p.kind, PromoKind::Winback);
    let p = offer_promo(&[disc(BANNER_PROMO, "20260101", Some(""))], now).unwrap();
    assert_eq!(p.kind, PromoKind::Banner);
    assert!(offer_promo(&[disc(BANNER_PROMO, "20990101", None)], now).is_none());
    assert!(offer_promo(&[disc(BANNER_PROMO, "20260101", Some("20260102"))], now).is_none());
    assert!(offer_promo(&[disc("P_OTHER", "20260101", None)], now).is_none());
    assert!(offer_promo(&[], now).is_none());
}

#[test]
fn the_default_30_day_cart_with_the_sale_promo_is_10_dollars() {
    let c = world();
    let p = promo(PromoKind::Sale);
    let cart = CartState::initial(Some(&p));
    assert_eq!(cart.promos, [SALE_PROMO]);
    let t = vec![(PLAN_30.to_owned(), 399)];
    let priced = price(&cart, &c, Some(&p), None, Some(&t));
    assert_eq!(priced.subtotal_cents, 1000);
    assert_eq!(priced.tax_cents, 399);
    assert_eq!(priced.total_cents, 1399);
    let shown = priced.promo.unwrap();
    assert_eq!((shown.was_cents, shown.now_cents), (4500, 1000));
    assert!(!shown.banner_60_days);
    assert!(!priced.winback_modal, "a promo is in the cart");
    assert!(
        CartState::initial(Some(&promo(PromoKind::Winback)))
            .promos
            .is_empty(),
        "the winback is added by its banner, not on load"
    );
}

#[test]
fn winback_is_two_refills_count_three_90_dollars_shown_45_and_10() {
    let c = world();
    let p = promo(PromoKind::Winback);
    let cart = apply(
        &CartState::default(),
        &choices(Some(PLAN_30), &[], &[], true),
        &c,
        Some(&p),
        true,
    )
    .unwrap();
    assert_eq!((cart.internet_refills, cart.cart_count), (2, 3));
    let priced = price(&cart, &c, Some(&p), None, None);
    assert_eq!(priced.subtotal_cents, 9000);
    let shown = priced.promo.unwrap();
    assert_eq!((shown.was_cents, shown.now_cents), (4500, 1000));
    // promo off: clearing sets count 1, refills 1, no promos
    let off = apply(
        &cart,
        &choices(Some(PLAN_30), &[], &[], false),
        &c,
        Some(&p),
        true,
    )
    .unwrap();
    assert_eq!(
        (off.internet_refills, off.cart_count, off.promos.len()),
        (1, 1, 0)
    );
    assert!(winback_modal(&off, Some(&p)));
}

#[test]
fn banner_promo_is_price_times_quantity_minus_35_with_its_banner() {
    let c = world();
    let p = promo(PromoKind::Banner);
    let cart = CartState::initial(Some(&p));
    let priced = price(&cart, &c, Some(&p), None, None);
    assert_eq!(priced.subtotal_cents, 4500 - 3500);
    assert!(priced.promo.unwrap().banner_60_days);
    assert!(!priced.tax_available);
    assert_eq!(priced.total_cents, priced.subtotal_cents);
}

#[test]
fn seven_day_clears_and_thirty_day_readds_the_promo() {
    let c = world();
    let p = promo(PromoKind::Sale);
    let start = CartState::initial(Some(&p));
    let seven = apply(
        &start,
        &choices(Some(PLAN_7), &[], &[], true),
        &c,
        Some(&p),
        true,
    )
    .unwrap();
    assert_eq!(seven.internet.as_deref(), Some(PLAN_7));
    assert!(seven.promos.is_empty());
    assert_eq!(price(&seven, &c, Some(&p), None, None).subtotal_cents, 1500);
    let back = apply(
        &seven,
        &choices(Some(PLAN_30), &[], &[], false),
        &c,
        Some(&p),
        true,
    )
    .unwrap();
    assert_eq!(
        back.promos,
        [SALE_PROMO],
        "the 30-day radio re-adds the valid promo"
    );
    assert!(!winback_modal(&seven, Some(&p)), "7-day: no winback modal");
}

#[test]
fn tax_lines_are_what_the_customer_pays_per_product() {
    let c = world();
    let p = promo(PromoKind::Sale);
    let cart = CartState::initial(Some(&p));
    let ok = acp_of(AcpStatus::Approved, "", "B1", "30.00");
    let untaxed = price(&cart, &c, Some(&p), ok.as_ref(), None);
    assert_eq!(tax_products(&untaxed), [(PLAN_30.to_owned(), 0)]);
    let untaxed = price(&cart, &c, Some(&p), None, None);
    assert_eq!(tax_products(&untaxed), [(PLAN_30.to_owned(), 1000)]);
}

#[test]
fn acp_credit_valid_approved_not_tribal() {
    let c = world();
    let cart = CartState::default();
    let ok = acp_of(AcpStatus::Approved, "", "B1", "30.00");
    let priced = price(&cart, &c, None, ok.as_ref(), None);
    assert_eq!(priced.subtotal_cents, 1500);
    assert!(priced.lines.iter().any(|l| l.kind == LineKind::Acp));
    let tribal = acp_of(AcpStatus::Approved, "Tribal", "B1", "75.00");
    assert_eq!(
        price(&cart, &c, None, tribal.as_ref(), None).subtotal_cents,
        4500
    );
    let no_code = acp_of(AcpStatus::Approved, "", "", "30.00");
    assert_eq!(
        price(&cart, &c, None, no_code.as_ref(), None).subtotal_cents,
        4500
    );
    let denied = acp_of(AcpStatus::Denied, "", "B1", "30.00");
    assert_eq!(
        price(&cart, &c, None, denied.as_ref(), None).subtotal_cents,
        4500
    );
    // with the sale promo the credit stops at 0
    let p = promo(PromoKind::Sale);
    let cart = CartState::initial(Some(&p));
    let priced = price(&cart, &c, Some(&p), ok.as_ref(), None);
    assert_eq!(priced.subtotal_cents, 0);
    assert!(!priced.next_enabled, "Next disabled at a zero total");
}

#[test]
fn tv_rules_basic_kept_add_ons_emptied_add_on_forces_basic() {
    let c = world();
    let none = CartState::default();
    let with_hbo = apply(
        &none,
        &choices(Some(PLAN_30), &[], &["HBO"], false),
        &c,
        None,
        true,
    )
    .unwrap();
    assert_eq!(
        with_hbo.packages,
        ["VDO_XITV_30"],
        "an add-on forces the basic package"
    );
    let sports = apply(
        &with_hbo,
        &choices(
            Some(PLAN_30),
            &["VDO_XITV_30", "VDO_XITV_SPORTS_NEWS_30"],
            &["HBO"],
            false,
        ),
        &c,
        None,
        true,
    )
    .unwrap();
    let basic_off = apply(
        &sports,
        &choices(Some(PLAN_30), &["VDO_XITV_SPORTS_NEWS_30"], &["HBO"], false),
        &c,
        None,
        true,
    )
    .unwrap();
    assert!(
        basic_off.packages.contains(&"VDO_XITV_30".to_owned()),
        "kept while any package"
    );
    let all_off = apply(
        &basic_off,
        &choices(Some(PLAN_30), &[], &["HBO"], false),
        &c,
        None,
        true,
    )
    .unwrap();
    assert!(
        all_off.packages.is_empty() && all_off.add_ons.is_empty(),
        "{all_off:?}"
    );
    let t = tax_products(&price(&sports, &c, None, None, None));
    assert_eq!(
        t,
        [
            (PLAN_30.to_owned(), 4500),
            ("VDO_XITV_30".to_owned(), 2200),
            ("VDO_XITV_SPORTS_NEWS_30".to_owned(), 1000),
            ("HBO".to_owned(), 1500)
        ]
    );
}

#[test]
fn refusals() {
    let c = world();
    let base = CartState::default();
    assert_eq!(
        apply(
            &base,
            &choices(Some("HSD_999"), &[], &[], false),
            &c,
            None,
            true
        ),
        Err(ChoiceError::NotOffered {
            field: "plan",
            code: "HSD_999".into()
        })
    );
    assert_eq!(
        apply(
            &base,
            &choices(Some(PLAN_30), &["HBO"], &[], false),
            &c,
            None,
            true
        ),
        Err(ChoiceError::NotOffered {
            field: "packages",
            code: "HBO".into()
        })
    );
    assert_eq!(
        apply(
            &base,
            &choices(Some(PLAN_30), &[], &["VDO_XITV_30"], false),
            &c,
            None,
            true
        ),
        Err(ChoiceError::NotOffered {
            field: "addOns",
            code: "VDO_XITV_30".into()
        })
    );
    assert_eq!(
        apply(&base, &choices(None, &[], &[], false), &c, None, false),
        Err(ChoiceError::InternetRequired)
    );
    let no_internet = apply(
        &base,
        &choices(None, &["VDO_XITV_30"], &[], false),
        &c,
        None,
        true,
    )
    .unwrap();
    assert_eq!(no_internet.internet, None);
    let p = price(
        &no_internet,
        &c,
        None,
        acp_of(AcpStatus::Approved, "", "B", "30.00").as_ref(),
        None,
    );
    assert_eq!(p.subtotal_cents, 2200, "no internet: no ACP credit");
}

// ---- properties (every rule of seed 002 §4.8 as a property) ----

#[derive(Debug, Clone)]
enum Event {
    Thirty,
    Seven,
    DropInternet,
    Promo,
    Clear,
    Package(usize),
    AddOn(usize),
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        Just(Event::Thirty),
        Just(Event::Seven),
        Just(Event::DropInternet),
        Just(Event::Promo),
        Just(Event::Clear),
        (0..PACKAGES.len()).prop_map(Event::Package),
        (0..ADD_ONS.len()).prop_map(Event::AddOn),
    ]
}

fn kind() -> impl Strategy<Value = Option<PromoKind>> {
    prop_oneof![
        Just(None),
        Just(Some(PromoKind::Sale)),
        Just(Some(PromoKind::Winback)),
        Just(Some(PromoKind::Banner)),
    ]
}

fn run(events: &[Event], p: Option<&OfferPromo>) -> CartState {
    let mut c = CartState::initial(p);
    for e in events {
        match e {
            Event::Thirty => c.choose_30(p),
            Event::Seven => c.choose_other(PLAN_7),
            Event::DropInternet => c.drop_internet(),
            Event::Promo => {
                if let Some(p) = p {
                    c.add_promo(p)
                }
            }
            Event::Clear => c.clear(),
            Event::Package(i) => c.toggle_package(PACKAGES[*i]),
            Event::AddOn(i) => c.toggle_add_on(ADD_ONS[*i]),
        }
    }
    c
}

fn choice_set() -> impl Strategy<Value = Choices> {
    (
        prop::sample::select(vec![Some(PLAN_30), Some(PLAN_7), None]),
        prop::sample::subsequence(PACKAGES.to_vec(), 0..=PACKAGES.len()),
        prop::sample::subsequence(ADD_ONS.to_vec(), 0..=ADD_ONS.len()),
        any::<bool>(),
    )
        .prop_map(|(plan, packages, add_ons, promo)| choices(plan, &packages, &add_ons, promo))
}

fn invariants(c: &CartState) -> Result<(), TestCaseError> {
    // VDO_XITV_30 kept while any package exists; add-ons only with packages
    if !c.packages.is_empty() {
        prop_assert!(c.packages.iter().any(|p| p == BASIC_PACKAGE), "{c:?}");
    }
    if c.packages.is_empty() {
        prop_assert!(c.add_ons.is_empty(), "{c:?}");
    }
    // count and refills: 1/1, or 3/2 with the winback
    let winback = c.promos.iter().any(|p| p == WINBACK_PROMO);
    prop_assert_eq!(
        (c.internet_refills, c.cart_count),
        if winback { (2, 3) } else { (1, 1) }
    );
    // promos only on the 30-day plan, at most one
    prop_assert!(c.promos.len() <= 1);
    if c.has_promo() {
        prop_assert_eq!(c.internet.as_deref(), Some(PLAN_30));
    }
    Ok(())
}

proptest! {
    #[test]
    fn cart_rules_hold_after_any_events(
        events in prop::collection::vec(event(), 0..25), k in kind()
    ) {
        let p = k.map(promo);
        let c = run(&events, p.as_ref());
        invariants(&c)?;
        // the last event's own rule
        match events.last() {
            Some(Event::Thirty) => {
                prop_assert_eq!(c.internet.as_deref(), Some(PLAN_30));
                prop_assert_eq!(c.promos.len(), usize::from(p.is_some()));
            }
            Some(Event::Seven) => {
                prop_assert_eq!(c.internet.as_deref(), Some(PLAN_7));
                prop_assert!(c.promos.is_empty());
            }
            Some(Event::Clear) => {
                prop_assert_eq!((c.cart_count, c.internet_refills, c.promos.len()), (1, 1, 0));
            }
            Some(Event::AddOn(i)) if c.add_ons.contains(&ADD_ONS[*i].to_owned()) => {
                prop_assert!(c.packages.iter().any(|x| x == BASIC_PACKAGE));
            }
            _ => {}
        }
    }

    #[test]
    fn choices_keep_the_rules_and_never_change_a_price(
        events in prop::collection::vec(event(), 0..10),
        sets in prop::collection::vec(choice_set(), 1..6),
        k in kind(),
        with_acp in any::<bool>(),
        tax in prop::collection::vec(0i64..2_000, PACKAGES.len() + ADD_ONS.len() + 2),
    ) {
        let cat = world();
        let p = k.map(promo);
        let a = with_acp.then(|| acp_of(AcpStatus::Approved, "", "B1", "30.00")).flatten();
        let mut c = run(&events, p.as_ref());
        for s in &sets {
            c = apply(&c, s, &cat, p.as_ref(), true).unwrap();
            invariants(&c)?;
            prop_assert_eq!(&c.internet, &s.plan, "the plan chosen is the plan held");
            let taxes: Vec<(String, i64)> = cat.items.iter().zip(&tax).map(|(i, t)| (i.code.clone(), *t)).collect();
            let priced = price(&c, &cat, p.as_ref(), a.as_ref(), Some(&taxes));
            // prices come from the catalogue only
            for l in &priced.lines {
                match l.kind {
                    LineKind::Internet | LineKind::Package | LineKind::AddOn => {
                        prop_assert_eq!(l.unit_cents, cat.get(&l.code).unwrap().cents);
                        prop_assert_eq!(l.cents, l.unit_cents * i64::from(l.quantity));
                    }
                    LineKind::Promo | LineKind::Acp => prop_assert!(l.cents <= 0),
                }
            }
            // totals add up
            let sum: i64 = priced.lines.iter().map(|l| l.cents).sum();
            let tax_sum: i64 = priced.lines.iter().map(|l| l.tax_cents).sum();
            prop_assert_eq!(priced.subtotal_cents, sum);
            prop_assert_eq!(priced.tax_cents, tax_sum);
            prop_assert_eq!(priced.total_cents, priced.subtotal_cents + priced.tax_cents);
            prop_assert!(priced.subtotal_cents >= 0);
            prop_assert_eq!(priced.next_enabled, priced.total_cents > 0);
            // the winback modal's four conditions
            let single = c.internet.is_some() && c.packages.is_empty() && c.add_ons.is_empty()
                && c.internet_refills == 1;
            prop_assert_eq!(
                priced.winback_modal,
                p.is_some() && c.promos.is_empty() && single && c.internet.as_deref() == Some(PLAN_30)
            );
            // ACP only when valid, not Tribal, on HSD_030
            let acp_line = priced.lines.iter().any(|l| l.kind == LineKind::Acp);
            prop_assert_eq!(acp_line, a.is_some() && c.internet.as_deref() == Some(PLAN_30));
        }
    }

    #[test]
    fn the_same_cart_prices_alike_whatever_the_path(
        a in prop::collection::vec(choice_set(), 1..5), k in kind()
    ) {
        // pricing reads only the held cart and the catalogue: equal carts, equal prices
        let cat = world();
        let p = k.map(promo);
        let mut c = CartState::initial(p.as_ref());
        for s in &a {
            c = apply(&c, s, &cat, p.as_ref(), true).unwrap();
        }
        let again = c.clone();
        prop_assert_eq!(
            price(&c, &cat, p.as_ref(), None, None),
            price(&again, &cat, p.as_ref(), None, None)
        );
    }
}

// ---- the first cart ticks the TV the account owns (seed 001 §4) ----

#[test]
fn the_owned_tv_is_ticked_with_the_basic_package() {
    let c = world();
    let mut cart = CartState::initial(None);
    cart.tick_owned_tv(
        [
            "VDO_XITV_SPORTS_NEWS_30",
            "HBO",
            "TV200_30",
            "VDO_V0_LEGACY",
        ],
        &c,
    );
    assert_eq!(cart.packages, ["VDO_XITV_30", "VDO_XITV_SPORTS_NEWS_30"]);
    assert_eq!(cart.add_ons, ["HBO"], "codes not offered are left out");
    assert_eq!(cart.internet.as_deref(), Some(PLAN_30));
    let mut add_on_only = CartState::initial(None);
    add_on_only.tick_owned_tv(["HBO"], &c);
    assert_eq!(
        add_on_only.packages,
        ["VDO_XITV_30"],
        "an add-on brings the basic package"
    );
    let mut none = CartState::initial(None);
    none.tick_owned_tv([], &c);
    assert_eq!(none, CartState::initial(None));
}

proptest! {
    #[test]
    fn owned_tv_ticked_keeps_the_cart_rules(
        owned in prop::collection::vec(
            prop::sample::select(vec![
                "VDO_XITV_30", "VDO_XITV_ENTRTMNT_30", "VDO_XITV_SPORTS_NEWS_30",
                "VDO_XITV_KID_FAMILY_30", "HBO", "DEPORTES", "TV200_30", "VDO_V0_LEGACY",
            ]),
            0..8,
        ),
        k in kind(),
    ) {
        let cat = world();
        let p = k.map(promo);
        let mut c = CartState::initial(p.as_ref());
        let before = c.clone();
        c.tick_owned_tv(owned.iter().copied(), &cat);
        invariants(&c)?;
        let offered: Vec<&str> = owned.iter().copied().filter(|o| cat.get(o).is_some()).collect();
        for o in &offered {
            prop_assert!(c.packages.iter().chain(&c.add_ons).any(|x| x == o), "{o} ticked: {c:?}");
        }
        for x in c.packages.iter().chain(&c.add_ons) {
            prop_assert!(x == BASIC_PACKAGE || offered.contains(&x.as_str()), "{x} not owned: {c:?}");
        }
        prop_assert_eq!(c.packages.iter().any(|x| x == BASIC_PACKAGE), !offered.is_empty());
        // the internet plan, its refills and the promo are untouched
        prop_assert_eq!(
            (&c.internet, c.internet_refills, &c.promos, c.cart_count),
            (&before.internet, before.internet_refills, &before.promos, before.cart_count)
        );
    }
}
