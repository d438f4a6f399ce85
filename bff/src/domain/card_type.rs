//! The card type map (seed 000 §3, seed 001 §3, seed 002 §3.5), written once, both ways
//! (component to stored: [`CardType::from_component`], [`CardType::stored`]; stored to the
//! type shown: [`CardType::from_stored`]): the card-entry
//! component reports `visa`, `mastercard`, `discover` or `american-express`; the order stores
//! `Visa`, `MASTER_CARD`, `Discover`, `AMERICAN_EXPRESS` (the submit-order payload upper-cases
//! it, `order::card_type`). The review page receives the stored type as [`CardType`] and names
//! it from content (`buyflow.catalogue.cardTypes`: Visa, Mastercard, Discover, American
//! Express, in each language), never the component's spelling.

use poem_openapi::Enum;

/// A card's type as the order stores it (seed 000 §3 card type map); `OTHER` for a type the
/// map does not name (the web shows content's generic card name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, serde::Serialize, serde::Deserialize)]
pub enum CardType {
    /// `visa`.
    #[oai(rename = "Visa")]
    #[serde(rename = "Visa")]
    Visa,
    /// `mastercard`.
    #[oai(rename = "MASTER_CARD")]
    #[serde(rename = "MASTER_CARD")]
    MasterCard,
    /// `discover`.
    #[oai(rename = "Discover")]
    #[serde(rename = "Discover")]
    Discover,
    /// `american-express`.
    #[oai(rename = "AMERICAN_EXPRESS")]
    #[serde(rename = "AMERICAN_EXPRESS")]
    AmericanExpress,
    /// Any other type the component reports.
    #[oai(rename = "OTHER")]
    #[serde(rename = "OTHER")]
    Other,
}

impl CardType {
    /// The stored type of the component's type (case and surrounding blanks ignored).
    pub fn from_component(component: &str) -> Self {
        match component.trim().to_ascii_lowercase().as_str() {
            "visa" => Self::Visa,
            "mastercard" | "master_card" => Self::MasterCard,
            "discover" => Self::Discover,
            "american-express" | "american_express" => Self::AmericanExpress,
            _ => Self::Other,
        }
    }

    /// The type of a stored spelling (`Visa`, `MASTER_CARD`, `Discover`, `AMERICAN_EXPRESS`,
    /// as the payment info answers it; seed 001 §3 "the reverse for display"); the
    /// component's spellings are accepted too, anything else is [`CardType::Other`].
    pub fn from_stored(stored: &str) -> Self {
        Self::from_component(stored)
    }

    /// The stored spelling (seed 000 §3); `None` for [`CardType::Other`].
    pub fn stored(self) -> Option<&'static str> {
        match self {
            Self::Visa => Some("Visa"),
            Self::MasterCard => Some("MASTER_CARD"),
            Self::Discover => Some("Discover"),
            Self::AmericanExpress => Some("AMERICAN_EXPRESS"),
            Self::Other => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::CardType;

    #[test]
    fn the_seed_map() {
        assert_eq!(CardType::from_component("visa").stored(), Some("Visa"));
        assert_eq!(
            CardType::from_component("mastercard").stored(),
            Some("MASTER_CARD")
        );
        assert_eq!(
            CardType::from_component("discover").stored(),
            Some("Discover")
        );
        assert_eq!(
            CardType::from_component("american-express").stored(),
            Some("AMERICAN_EXPRESS")
        );
        assert_eq!(CardType::from_component(" VISA "), CardType::Visa);
        assert_eq!(CardType::from_component("diners-club"), CardType::Other);
    }

    #[test]
    fn the_map_goes_both_ways() {
        for c in ["visa", "mastercard", "discover", "american-express"] {
            let t = CardType::from_component(c);
            assert_ne!(t, CardType::Other);
            assert_eq!(CardType::from_stored(t.stored().unwrap()), t, "{c}");
        }
        assert_eq!(CardType::from_stored("JCB"), CardType::Other);
    }
}
