//! Reconnect of a closed account (seed 002 §2.10, §3.7, §4.5, §7.2, §7.3, §9; tag
//! `reconnect`). The page is `web/src/flows/reconnect/`.
//!
//! - `getReconnect`: the account must be closed and reconnect-eligible (the dashboard's
//!   "Reactivate" rule, `domain::dashboard::readiness` = `Deactivated`; else 409
//!   `RECONNECT_NOT_AVAILABLE` with the catalogue's message), then the serviceability of its
//!   location read with the reconnect reading (`domain::serviceability::reconnect_outcome`; an
//!   error outcome is 409 `RECONNECT_NOT_SERVICEABLE`, a failed call the usual 5xx); then both
//!   plans priced with tax (`domain::refill::reconnect`, the refill's `offer::priced`) and the
//!   saved card. What the BFF learned (house key, location, priced plans) is kept in the context.
//! - `submitReconnect`: the plan chosen; the BFF builds the create-aux payload (§3.7,
//!   `payload.rs`) from the record, the kept check and the saved card, creates the aux
//!   account, waits `Config::reconnect_aux_fetch` (10 s) and fetches the aux accounts; the
//!   new `RECONNECT` aux account becomes usable by this sign-in (activation). One reconnect
//!   per attempt, as the refill.
//!
//! **The reconnect reading** (beside the retail `outcome` in one module): `BUS0078`, `BUS0077`, a
//! status other than `SUCCESS`, no details or a code on neither list stop the reconnect; no code or
//! a `HOT_CODES` code with details is serviceable; `YELLOW` with a `COLD_CODES` code, and a
//! cold-list code with details otherwise, is a cold tap (it goes on with the warning). Pinned by a
//! table, an oracle property and a property that both readings agree wherever retail does not say
//! `Unserviceable`. The location is the record's `locationId`, source `DIGITAL2.0`.
//!
//! **Plans and price**: `HSD_030` 45 USD (default) and `HSD_007` 15 USD, each at the record's
//! `availablePlans` price when listed, else the seed's (a deactivated account has none). Each plan
//! is priced by the refill's `offer::priced` (tax per product at the record's geocode; a failed
//! lookup: total = price, `taxAvailable: false`) and kept with its tax details, so the payment is
//! exactly the total shown.
//!
//! **The payload** (§3.7): `channel ONLINE`, `flow RECONNECT`, `accountID`, the identity's
//! `custGuid`, `updateCustomer false`, `customerInfo` from the record with the service address,
//! the serviceability answer's `houseKey` and the record's `locationID`, `paymentInfo` = the
//! refill's (`domain::refill::order::payment_info`) + `duplicateOverride true` + the card holder's
//! names, one product (`planQty 1`, `lob HSD`, `macId`), `isCPC true`, `operatorUserName` the login
//! id, our `transactionId` per attempt. The create, the wait (`BFF_RECONNECT_AUX_FETCH_MS`, 10 s,
//! the seed's) and the aux fetch are `flows::aux_account::create_then_fetch`, shared with the move.
//! The creation's `errorCode` (`createFailed`), no aux account or one with `auxAcctError`
//! (`auxError`), a failed or refused fetch or one without it (`fetchFailed`) answer `failed` with
//! `RECONNECT_FAILED`; a failed creation call is a 5xx. On success the sign-in learns the aux
//! account (`SignedIn::learn_aux`), so its activation link opens (the guid stays on the server).
//!
//! **State** (`pp:ctx:reconnect:<sign-in context>.<account>`): the check (house key, location,
//! tap, both priced plans), attempts, and the reconnect once made: a reload shows it
//! (`reconnected`) and every later submit gets it. One reconnect per attempt: the key
//! `reconnect:<context>:<key>` (fingerprint the body) over the slot
//! `reconnect:<context>:attempt:<n>`; a failed attempt ends the slot.
//!
//! Tests: `domain::serviceability`, `domain::refill::reconnect`, `payload` unit tests;
//! `bff/tests/it/reconnect.rs` (every `scenarios/reconnect/*.yaml` with its `expect` and the
//! simulator's ledger, then the aux account's activation and the reloaded page; 10 concurrent
//! submits = one creation; not ready, a plan not offered, another identity's account).

pub mod api;
pub mod context;
pub mod payload;
pub mod types;
