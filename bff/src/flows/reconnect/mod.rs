//! Reconnect of a closed account (seed 002 §2.10, §3.7, §4.5, §7.2, §7.3, §9; tag
//! `reconnect`, ARCHITECTURE.md "Reconnect (issue 14)").
//!
//! - `getReconnect`: the account must be closed and reconnect-eligible (the dashboard's
//!   "Reactivate" rule, `domain::dashboard::readiness` = `Deactivated`; else 409
//!   `RECONNECT_NOT_AVAILABLE`), then the serviceability of its location read with the
//!   reconnect reading (`domain::serviceability::reconnect_outcome`; an error outcome is
//!   409 `RECONNECT_NOT_SERVICEABLE`, a failed call the usual 5xx); then both plans priced
//!   with tax (`domain::refill::reconnect`, the refill's `offer::priced`) and the saved
//!   card. What the BFF learned (house key, location, priced plans) is kept in the context.
//! - `submitReconnect`: the plan chosen; the BFF builds the create-aux payload (§3.7,
//!   `payload.rs`) from the record, the kept check and the saved card, creates the aux
//!   account, waits `Config::reconnect_aux_fetch` (10 s) and fetches the aux accounts; the
//!   new `RECONNECT` aux account becomes usable by this sign-in (activation). One reconnect
//!   per attempt, as the refill.

pub mod api;
pub mod context;
pub mod payload;
pub mod types;
