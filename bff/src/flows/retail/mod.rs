//! Retail-partner starter-kit flow (seed 000; tag retail): address search and validation,
//! serviceability, device assign.
//!
//! - [`api`]: the operations; [`types`]: their request and answer types;
//! - [`address`]: suggestion filtering and pick, validation outcome, unit sorting and the
//!   retry-without-unit rule (seed 000 §4, §5); [`assign`]: the VAN assign outcome (§4, §8);
//! - [`context`]: the location this session found assignable (the assign goes only there).
//!
//! - `searchAddresses`: `AddressSuggestion { fullAddress, streetAddress, cityStateZip, street,
//!   unit, zip }` by seed 000 §5's rules: the first 2 upstream entries (match count and query
//!   echo), entries equal to `N` and duplicates dropped, at most 5 kept; the pick rule takes a unit
//!   when there are more than 3 comma parts and a zip of 5 or 5+4 digits at the end (`zip` holds
//!   the 5).
//! - `validateCustomerAddress`: `outcome` `invalidAddress | single | multiple`; with a unit that
//!   matched nothing the BFF asks once more without it (`unitDropped: true`); `customerInfos`
//!   sorted by unit text, case-insensitive.
//! - `validateCustomerServiceability`: the upstream answer plus `outcome` (`existingPrepaid |
//!   existingPostpaid | error | serviceable | coldTap | unserviceable`) and `tapStatus` (`cold |
//!   hot | never`), rule `domain::serviceability`. With `source=CP` (the buy flow) the answer is
//!   also stored in the buy context. Takes the `csrf` scheme whatever the source.
//! - `assignDevice`: `AssignBody { address, deviceCode (6 digits), language, locationId, phoneNo
//!   (US 10 digits), trackingId }`; `retailerId` and `source: Incomm` are fixed by the BFF (seed
//!   000 §6), and the assign goes only to the location this session found assignable.
//!   `AssignResult.outcome`: `assigned | deviceCodeNotFound | deviceCodeError | businessError |
//!   contentError`.
//!
//! Tests: `bff/tests/it/scenarios.rs` walks every `scenarios/retail/` scenario to its expected
//! stage.

pub mod address;
pub mod api;
pub mod assign;
pub mod context;
pub mod types;
