//! The card type map, shared with the account area's payments: `domain::card_type`.

pub use crate::domain::card_type::CardType;
