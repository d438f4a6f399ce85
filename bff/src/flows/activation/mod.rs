//! Activation of an existing prepaid account (tag account; seed 001 §2 "Activation", §4
//! "Activation", §5, §7, §8): `getActivation` (the entry's checks and the steps' data),
//! `validateMac` (the MAC entry), `activateAccount` (activation, then the modem's restart).
//! The device to activate, whether the account is VAN and the attempt number live in the
//! flow context ([`context`]), never in the browser; the rules in `domain::activation`.

pub mod api;
pub mod context;
pub mod types;

pub use api::ActivationApi;
