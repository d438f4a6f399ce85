//! The refill cart held for one account (seed 002 §3.1 "Cart") and its transitions (§4.1
//! "Plan radios", "Internet checkbox"; §4.8 "Shared cart rules").
//!
//! The browser sends its whole choice set ([`Choices`]); [`apply`] compares it with the held
//! cart and applies the seed's event for each thing that changed, in this order: the plan
//! (30-day radio, 7-day radio or the internet checkbox), else the promo on/off; then TV
//! packages removed, packages added, add-ons removed, add-ons added. So the rules that
//! depend on the order of events (the last package removed empties the add-ons; an add-on
//! added forces the basic package) hold although the body is a set.

use serde::{Deserialize, Serialize};

use super::{
    BASIC_PACKAGE, Catalogue, ItemKind, OfferPromo, PLAN_30, PromoKind, WINBACK_COUNT,
    WINBACK_REFILLS,
};

/// The cart (seed 002 §3.1): `internet` default `HSD_030`, `internetRefills` default 1,
/// `packages`, `addOns`, `promos` (discount ids), `cartCount` default 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartState {
    /// The internet plan, `None` when the internet checkbox is cleared.
    pub internet: Option<String>,
    /// Refills of the internet plan (1, or 2 with the winback promo).
    pub internet_refills: u32,
    /// TV package codes, in the order added.
    pub packages: Vec<String>,
    /// TV add-on codes, in the order added.
    pub add_ons: Vec<String>,
    /// Discount ids in the cart (at most one).
    pub promos: Vec<String>,
    /// Cart count: 1, or 3 with the winback promo (the 30-day periods bought; `planQty`).
    pub cart_count: u32,
}

impl Default for CartState {
    fn default() -> Self {
        Self {
            internet: Some(PLAN_30.to_owned()),
            internet_refills: 1,
            packages: Vec::new(),
            add_ons: Vec::new(),
            promos: Vec::new(),
            cart_count: 1,
        }
    }
}

/// What the browser chose (the body of the cart update, already read).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Choices {
    /// Plan code of the chosen radio, or `None` with the internet checkbox cleared.
    pub plan: Option<String>,
    /// TV packages ticked.
    pub packages: Vec<String>,
    /// TV add-ons ticked.
    pub add_ons: Vec<String>,
    /// The promo is wanted in the cart.
    pub promo: bool,
}

/// Why choices were refused (the flow answers 400 with `field`/`code`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChoiceError {
    /// `field` names a code the account cannot buy as that kind (`notOffered`).
    NotOffered {
        /// `plan`, `packages` or `addOns`.
        field: &'static str,
        /// The refused code.
        code: String,
    },
    /// The internet checkbox is disabled (no days remaining, seed 002 §4.1): the plan
    /// stays in the cart (`plan`/`internetRequired`).
    InternetRequired,
}

impl CartState {
    /// The default cart with the valid promo already in it when it is not a winback (seed
    /// 001 §4 "After promos load, a valid non-winback promo's first discount id is added to
    /// the cart").
    pub fn initial(promo: Option<&OfferPromo>) -> Self {
        let mut c = Self::default();
        if let Some(p) = promo.filter(|p| p.kind != PromoKind::Winback) {
            c.add_promo(p);
        }
        c
    }

    /// Clearing the cart: count 1, refills 1, no promos (seed 002 §4.8).
    pub fn clear(&mut self) {
        self.cart_count = 1;
        self.internet_refills = 1;
        self.promos.clear();
    }

    /// The 30-day radio: clears the cart, quantity 1, `HSD_030`, and re-adds the valid promo
    /// (seed 002 §4.1).
    pub fn choose_30(&mut self, promo: Option<&OfferPromo>) {
        self.clear();
        self.internet = Some(PLAN_30.to_owned());
        if let Some(p) = promo {
            self.add_promo(p);
        }
    }

    /// The 7-day radio (or any other internet plan): clears the cart and selects it (seed
    /// 002 §4.1).
    pub fn choose_other(&mut self, code: &str) {
        self.clear();
        self.internet = Some(code.to_owned());
    }

    /// The internet checkbox cleared: no plan, and (our reading) no promo, which only
    /// discounts the 30-day plan.
    pub fn drop_internet(&mut self) {
        self.clear();
        self.internet = None;
    }

    /// Adds `p` when the cart holds the 30-day plan and no promo (promos discount
    /// `HSD_030`, seed 002 §4.8, §9); a winback sets 2 refills and count 3.
    pub fn add_promo(&mut self, p: &OfferPromo) {
        if self.internet.as_deref() != Some(PLAN_30) || !self.promos.is_empty() {
            return;
        }
        self.promos.push(p.id.clone());
        if p.kind == PromoKind::Winback {
            self.internet_refills = WINBACK_REFILLS;
            self.cart_count = WINBACK_COUNT;
        }
    }

    /// Toggles a TV package: adds or removes it, keeps `VDO_XITV_30` while any package
    /// exists, empties the add-ons when no package remains (seed 002 §4.8).
    pub fn toggle_package(&mut self, code: &str) {
        if let Some(i) = self.packages.iter().position(|c| c == code) {
            self.packages.remove(i);
        } else {
            self.packages.push(code.to_owned());
        }
        self.keep_basic();
        if self.packages.is_empty() {
            self.add_ons.clear();
        }
    }

    /// Toggles a TV add-on; adding one forces the basic package (seed 002 §4.8).
    pub fn toggle_add_on(&mut self, code: &str) {
        if let Some(i) = self.add_ons.iter().position(|c| c == code) {
            self.add_ons.remove(i);
            return;
        }
        self.add_ons.push(code.to_owned());
        if !self.packages.iter().any(|c| c == BASIC_PACKAGE) {
            self.packages.insert(0, BASIC_PACKAGE.to_owned());
        }
    }

    fn keep_basic(&mut self) {
        if !self.packages.is_empty() && !self.packages.iter().any(|c| c == BASIC_PACKAGE) {
            self.packages.insert(0, BASIC_PACKAGE.to_owned());
        }
    }

    /// Ticks the TV the account owns (`owned`: product codes of the dashboard's TV products,
    /// `domain::dashboard::tv_products`): each code the catalogue offers as a package or an
    /// add-on is added as the seed's events add it, so the basic package comes with any TV
    /// package or add-on (seed 001 §4 "Loading the dashboard ... sets cart packages and
    /// add-ons from owned TV products, and adds the basic TV package whenever any TV package
    /// or add-on is present"). A code not offered (TV200, a legacy plan) is left out.
    pub fn tick_owned_tv<'a>(
        &mut self,
        owned: impl IntoIterator<Item = &'a str>,
        catalogue: &Catalogue,
    ) {
        for code in owned {
            if catalogue.offers(code, ItemKind::Package) {
                if !self.packages.iter().any(|c| c == code) {
                    self.toggle_package(code);
                }
            } else if catalogue.offers(code, ItemKind::AddOn)
                && !self.add_ons.iter().any(|c| c == code)
            {
                self.toggle_add_on(code);
            }
        }
    }

    /// Whether a promo is in the cart.
    pub fn has_promo(&self) -> bool {
        !self.promos.is_empty()
    }
}

fn check(
    cat: &Catalogue,
    field: &'static str,
    codes: &[String],
    kind: ItemKind,
) -> Result<(), ChoiceError> {
    match codes.iter().find(|c| !cat.offers(c, kind)) {
        Some(code) => Err(ChoiceError::NotOffered {
            field,
            code: code.clone(),
        }),
        None => Ok(()),
    }
}

fn without<'a>(a: &'a [String], b: &'a [String]) -> impl Iterator<Item = &'a String> {
    a.iter().filter(move |x| !b.contains(x))
}

/// The cart after `choices`, from `prev` (rule in the module docs). `promo` is the account's
/// valid promotion; `internet_enabled` is the internet checkbox (days remaining > 0).
///
/// # Errors
///
/// [`ChoiceError`]: a code the catalogue does not offer as that kind; no plan while the
/// internet checkbox is disabled.
pub fn apply(
    prev: &CartState,
    choices: &Choices,
    cat: &Catalogue,
    promo: Option<&OfferPromo>,
    internet_enabled: bool,
) -> Result<CartState, ChoiceError> {
    if let Some(p) = &choices.plan {
        check(cat, "plan", std::slice::from_ref(p), ItemKind::Internet)?;
    } else if !internet_enabled {
        return Err(ChoiceError::InternetRequired);
    }
    check(cat, "packages", &choices.packages, ItemKind::Package)?;
    check(cat, "addOns", &choices.add_ons, ItemKind::AddOn)?;
    let mut c = prev.clone();
    if choices.plan != c.internet {
        match choices.plan.as_deref() {
            Some(PLAN_30) => c.choose_30(promo),
            Some(other) => c.choose_other(other),
            None => c.drop_internet(),
        }
    } else if choices.promo != c.has_promo() {
        match (choices.promo, promo) {
            (true, Some(p)) => c.add_promo(p),
            (true, None) => {}
            (false, _) => c.clear(),
        }
    }
    // the basic package last: removed before the others it would be kept for them
    let mut removed: Vec<String> = without(&prev.packages, &choices.packages)
        .cloned()
        .collect();
    removed.sort_by_key(|c| c == BASIC_PACKAGE);
    let added: Vec<String> = without(&choices.packages, &prev.packages)
        .cloned()
        .collect();
    for code in &removed {
        if c.packages.contains(code) {
            c.toggle_package(code);
        }
    }
    for code in &added {
        if !c.packages.contains(code) {
            c.toggle_package(code);
        }
    }
    let removed: Vec<String> = without(&prev.add_ons, &choices.add_ons).cloned().collect();
    let added: Vec<String> = without(&choices.add_ons, &prev.add_ons).cloned().collect();
    for code in &removed {
        if c.add_ons.contains(code) {
            c.toggle_add_on(code);
        }
    }
    for code in &added {
        if !c.add_ons.contains(code) {
            c.toggle_add_on(code);
        }
    }
    Ok(c)
}
