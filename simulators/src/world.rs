//! The default synthetic world every simulator answers from when no scenario overrides it
//! (seed 000 §3 entities, §7 "Retail flow calls"). Deterministic: no randomness, no clock.
//!
//! - 7 serviceable single homes in Atlanta GA and nearby, one unserviceable home
//!   (`12 Old Mill Rd`, Stone Mountain: RED, no details);
//! - a small building, `500 Oak Ave` (Atlanta 30312), units `Apt 1`..`Apt 6`;
//! - a large building, `77 Tower Plaza` (Atlanta 30303), 84 units `Unit 101`..`Unit 712`
//!   (7 floors of 12), i.e. 9 pages of 10 in the multi-unit list.
//!
//! Every place has a stable location id `LOC-<zip>-<nnnn>`, a house key and an FTA code.

use std::sync::LazyLock;

use upstream::address::{Address, AddressValidationResponse, CustomerInfo};
use upstream::serviceability::{
    CityState, ServiceabilityDetail, ServiceabilityResponse, ServiceabilityStatus,
};

/// At most this many addresses in one suggestion answer (after the 2 leading entries).
pub const MAX_SUGGESTIONS: usize = 10;

/// How a place shows up in address suggestions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    /// `"<street>, <city>, <state> <zip>"` only (homes, the large building's units).
    Building,
    /// Also `"<street>, <unit>, <city>, <state> <zip>-<plus4>"` (the small building's units).
    Unit,
}

/// One addressable place: a home, or one unit of a building.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// Street line, e.g. `1200 Peachtree St`.
    pub street: &'static str,
    /// Unit, e.g. `Apt 3`; empty for a single home.
    pub unit: String,
    /// City name.
    pub city: &'static str,
    /// Two-letter state code.
    pub state: &'static str,
    /// Five-digit zip.
    pub zip: &'static str,
    /// ZIP+4 suffix (4 digits).
    pub plus4: String,
    /// Provider location id, `LOC-<zip>-<nnnn>`.
    pub location_id: String,
    /// House key (9 digits).
    pub house_key: String,
    /// Franchise tax area code.
    pub fta_code: &'static str,
    /// `false` for the unserviceable home (RED, no details).
    pub serviceable: bool,
    /// How the place is listed by address search.
    pub listing: Listing,
}

impl Place {
    /// The address as the validation service returns it.
    pub fn address(&self) -> Address {
        Address {
            address_line1: self.street.to_owned(),
            address_line2: self.unit.clone(),
            city: self.city.to_owned(),
            state: self.state.to_owned(),
            zip: self.zip.to_owned(),
        }
    }

    /// Building-level suggestion: `"<street>, <city>, <state> <zip>"`.
    pub fn building_line(&self) -> String {
        format!(
            "{}, {}, {} {}",
            self.street, self.city, self.state, self.zip
        )
    }

    /// Unit-level suggestion: `"<street>, <unit>, <city>, <state> <zip>-<plus4>"`.
    pub fn unit_line(&self) -> String {
        format!(
            "{}, {}, {}, {} {}-{}",
            self.street, self.unit, self.city, self.state, self.zip, self.plus4
        )
    }
}

/// The synthetic world: places, and the suggestion catalogue derived from them.
#[derive(Debug)]
pub struct World {
    places: Vec<Place>,
    catalogue: Vec<String>,
}

/// One single home of the default world.
struct Home {
    street: &'static str,
    city: &'static str,
    zip: &'static str,
    /// Location-id suffix within the zip.
    n: u16,
    fta: &'static str,
    serviceable: bool,
}

const fn h(
    street: &'static str,
    city: &'static str,
    zip: &'static str,
    n: u16,
    fta: &'static str,
) -> Home {
    Home {
        street,
        city,
        zip,
        n,
        fta,
        serviceable: true,
    }
}

const HOMES: [Home; 8] = [
    h("1200 Peachtree St", "Atlanta", "30309", 1, "FTA-ATL-121"),
    h("845 Spring St NW", "Atlanta", "30308", 1, "FTA-ATL-118"),
    h(
        "318 Ponce de Leon Ave NE",
        "Atlanta",
        "30308",
        2,
        "FTA-ATL-118",
    ),
    h("2150 Piedmont Rd NE", "Atlanta", "30324", 1, "FTA-ATL-124"),
    h("42 Magnolia Ln", "Decatur", "30030", 1, "FTA-DEC-030"),
    h("1675 Roswell Rd", "Marietta", "30062", 1, "FTA-MAR-062"),
    h("905 Lakeview Dr", "Smyrna", "30080", 1, "FTA-SMY-080"),
    Home {
        serviceable: false,
        ..h(
            "12 Old Mill Rd",
            "Stone Mountain",
            "30083",
            1,
            "FTA-STM-083",
        )
    },
];

fn house_key(zip: &str, suffix: u16) -> String {
    format!("{zip}{suffix:04}")
}

fn home(home: &Home) -> Place {
    let Home {
        street,
        city,
        zip,
        n,
        fta,
        serviceable,
    } = *home;
    Place {
        street,
        unit: String::new(),
        city,
        state: "GA",
        zip,
        plus4: format!("{:04}", 1000 + n),
        location_id: format!("LOC-{zip}-{n:04}"),
        house_key: house_key(zip, n),
        fta_code: fta,
        serviceable,
        listing: Listing::Building,
    }
}

fn small_building() -> impl Iterator<Item = Place> {
    (1..=6u16).map(|n| Place {
        street: "500 Oak Ave",
        unit: format!("Apt {n}"),
        city: "Atlanta",
        state: "GA",
        zip: "30312",
        plus4: format!("{:04}", 1400 + n),
        location_id: format!("LOC-30312-{:04}", 100 + n),
        house_key: house_key("30312", 100 + n),
        fta_code: "FTA-ATL-112",
        serviceable: true,
        listing: Listing::Unit,
    })
}

fn large_building() -> impl Iterator<Item = Place> {
    (1..=7u16)
        .flat_map(|floor| (1..=12u16).map(move |door| floor * 100 + door))
        .map(|n| Place {
            street: "77 Tower Plaza",
            unit: format!("Unit {n}"),
            city: "Atlanta",
            state: "GA",
            zip: "30303",
            plus4: format!("{:04}", 2000 + n),
            location_id: format!("LOC-30303-{n:04}"),
            house_key: house_key("30303", n),
            fta_code: "FTA-ATL-103",
            serviceable: true,
            listing: Listing::Building,
        })
}

impl Default for World {
    fn default() -> Self {
        let places: Vec<Place> = HOMES
            .iter()
            .map(home)
            .chain(small_building())
            .chain(large_building())
            .collect();
        let mut catalogue: Vec<String> = Vec::new();
        for place in &places {
            let line = place.building_line();
            if !catalogue.contains(&line) {
                catalogue.push(line.clone());
                // Quirk of the real service: the small building's entry comes back twice
                // (two source records); the BFF drops duplicates (seed 000 §5).
                if place.listing == Listing::Unit {
                    catalogue.push(line);
                }
            }
            if place.listing == Listing::Unit {
                catalogue.push(place.unit_line());
            }
        }
        Self { places, catalogue }
    }
}

/// Lower-cases, trims, drops `.`/`,`/`#` and collapses runs of whitespace.
pub fn normalise(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '.' | ',' | '#'))
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl World {
    /// The shared default world.
    pub fn get() -> &'static World {
        static WORLD: LazyLock<World> = LazyLock::new(World::default);
        &WORLD
    }

    /// Every place, homes first, then the small and the large building's units.
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// Address search (seed 000 §7): `[count, q, address...]`, at most
    /// [`MAX_SUGGESTIONS`] addresses, `["0", q, "N"]` when nothing matches. A match is a
    /// catalogue line containing the normalised query.
    pub fn suggest(&self, q: &str) -> Vec<String> {
        let needle = normalise(q);
        let hits: Vec<&String> = if needle.is_empty() {
            Vec::new()
        } else {
            self.catalogue
                .iter()
                .filter(|line| normalise(line).contains(&needle))
                .collect()
        };
        if hits.is_empty() {
            return vec!["0".into(), q.into(), "N".into()];
        }
        let mut out = vec![hits.len().to_string(), q.to_owned()];
        out.extend(hits.into_iter().take(MAX_SUGGESTIONS).cloned());
        out
    }

    /// Address validation (seed 000 §3, §4): street and zip (first 5 digits) must match,
    /// compared case- and whitespace-insensitively; a non-empty `unit` must match exactly
    /// one unit (an unknown unit matches nothing); without a unit a building returns all
    /// its units. Never sets `businessErrorCode`.
    pub fn validate(&self, street: &str, unit: &str, zip: &str) -> AddressValidationResponse {
        let (street, unit) = (normalise(street), normalise(unit));
        let zip: String = zip.trim().chars().take(5).collect();
        let customer_infos = self
            .places
            .iter()
            .filter(|p| normalise(p.street) == street && p.zip == zip)
            .filter(|p| unit.is_empty() || normalise(&p.unit) == unit)
            .map(|p| CustomerInfo {
                address: p.address(),
                location_id: p.location_id.clone(),
            })
            .collect();
        AddressValidationResponse {
            customer_infos,
            business_error_code: None,
        }
    }

    /// The place with this location id.
    pub fn place(&self, location_id: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.location_id == location_id)
    }

    /// Serviceability (seed 000 §3): `SUCCESS`, `GREEN`, one `HSD`/`HSD_030` detail for a
    /// serviceable place; `SUCCESS`, `RED`, no details for the unserviceable home and for
    /// an unknown location id.
    pub fn serviceability(&self, location_id: &str) -> ServiceabilityResponse {
        let red = |place: Option<&Place>| ServiceabilityResponse {
            status: "SUCCESS".into(),
            fta_code: place.map(|p| p.fta_code.to_owned()),
            house_key: place.map(|p| p.house_key.clone()),
            address: place.map(|p| CityState {
                address_line1: Some(p.street.into()),
                address_line2: Some(p.unit.clone()),
                city: p.city.into(),
                state: p.state.into(),
                zip: Some(p.zip.into()),
            }),
            business_error_code: None,
            serviceablity_status: Some(ServiceabilityStatus {
                value: "RED".into(),
            }),
            serviceability_details: Vec::new(),
            geocode: place.map(|p| crate::buy_world::geocode_for_zip(p.zip).to_owned()),
            market_id: place.map(|p| crate::buy_world::market_for_zip(p.zip).to_owned()),
        };
        match self.place(location_id) {
            Some(p) if p.serviceable => ServiceabilityResponse {
                serviceablity_status: Some(ServiceabilityStatus {
                    value: "GREEN".into(),
                }),
                serviceability_details: vec![ServiceabilityDetail {
                    lob: "HSD".into(),
                    tier: "HSD_030".into(),
                }],
                ..red(Some(p))
            },
            other => red(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_unique_ids() {
        let w = World::get();
        assert_eq!(w.places().len(), 8 + 6 + 84);
        let mut ids: Vec<_> = w.places().iter().map(|p| &p.location_id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), w.places().len());
    }

    #[test]
    fn every_place_answers_the_buy_flow_fields() {
        let w = World::get();
        for p in w.places() {
            let r = w.serviceability(&p.location_id);
            let a = r.address.expect("address");
            assert_eq!(a.address_line1.as_deref(), Some(p.street));
            assert_eq!(a.address_line2.as_deref(), Some(p.unit.as_str()));
            assert_eq!(a.zip.as_deref(), Some(p.zip));
            let geo = r.geocode.expect("geocode");
            assert_eq!(geo, crate::buy_world::geocode_for_zip(p.zip));
            let market = r.market_id.expect("market id");
            assert_eq!(market, crate::buy_world::market_for_zip(p.zip));
        }
        let unknown = w.serviceability("LOC-00000-0000");
        assert!(unknown.geocode.is_none() && unknown.market_id.is_none());
    }

    #[test]
    fn suggest_shapes() {
        let w = World::get();
        assert_eq!(w.suggest("zzz nowhere"), ["0", "zzz nowhere", "N"]);
        let hits = w.suggest("1200 peachtree");
        assert_eq!(
            hits,
            [
                "1",
                "1200 peachtree",
                "1200 Peachtree St, Atlanta, GA 30309"
            ]
        );
        let oak = w.suggest("500 Oak");
        assert_eq!(oak[0], "8");
        assert_eq!(oak[2], oak[3], "the duplicate quirk");
        assert!(oak[4].ends_with("30312-1401"));
        let tower = w.suggest("77 Tower");
        assert_eq!(
            tower,
            ["1", "77 Tower", "77 Tower Plaza, Atlanta, GA 30303"]
        );
        assert_eq!(w.suggest("GA").len(), 2 + MAX_SUGGESTIONS);
    }

    #[test]
    fn validate_rules() {
        let w = World::get();
        assert_eq!(
            w.validate(" 1200  PEACHTREE st ", "", "30309")
                .customer_infos
                .len(),
            1
        );
        assert!(
            w.validate("1200 Peachtree St", "Apt 9", "30309")
                .customer_infos
                .is_empty()
        );
        assert!(
            w.validate("1200 Peachtree St", "", "30308")
                .customer_infos
                .is_empty()
        );
        assert_eq!(
            w.validate("500 Oak Ave", "", "30312").customer_infos.len(),
            6
        );
        assert_eq!(
            w.validate("500 oak ave", "apt 3", "30312-1403")
                .customer_infos
                .len(),
            1
        );
        assert_eq!(
            w.validate("77 Tower Plaza", "", "30303")
                .customer_infos
                .len(),
            84
        );
    }

    #[test]
    fn serviceability_colours() {
        let w = World::get();
        let green = w.serviceability("LOC-30309-0001");
        assert_eq!(green.serviceablity_status.unwrap().value, "GREEN");
        assert_eq!(green.serviceability_details.len(), 1);
        let red = w.serviceability("LOC-30083-0001");
        assert_eq!(red.serviceablity_status.unwrap().value, "RED");
        assert!(red.serviceability_details.is_empty());
        let unknown = w.serviceability("LOC-00000-0000");
        assert_eq!(unknown.status, "SUCCESS");
        assert!(unknown.house_key.is_none());
    }
}
