//! Activation of an existing prepaid account (tag account; seed 001 §2 "Activation", §4
//! "Activation", §5, §7, §8): `getActivation` (the entry's checks and the steps' data),
//! `validateMac` (the MAC entry), `activateAccount` (activation, then the modem's restart).
//! The device to activate, whether the account is VAN and the attempt number live in the
//! flow context ([`context`]), never in the browser; the rules in `domain::activation` (MAC
//! formatting, device step, Activate enabled, outcome; property-tested).
//!
//! - **Entry** (`GET /secure2/accounts/{accountId}/activation?guid=<base64>`): `OwnedAccount`
//!   first. The guid stays on the server, so the link's `guid` is optional; when present it must
//!   be the signed-in identity's, else 403 `SESSION_REJECTED`. Then the dashboard record (VAN:
//!   `customerInfo.accountType`), the account, `loadPrepaidAccount`, `validateDevice`; a failure or
//!   `errorCode` of any is `next: error`. The device step is complete by itself when `sroYN` is N
//!   and the first device is `FOUND`. Each answer with `next: steps` starts a new attempt.
//! - **`validateMac`** (`{mac}`, 12 hex digits, else 400 `mac`): `status: success | failure`; a
//!   recognised MAC names the modem (MAC and serial) kept in the context. The browser never names
//!   the device: Activate sends the kept serial with plan `HSD_030`.
//! - **`activateAccount`** (`{firstName, lastName, language}`): 409 `ORDER_NOT_READY` unless
//!   Activate is enabled; for VAN also `updateCustomerInfo` with the trimmed names and `langPref`.
//!   One activation per attempt: the store's `idempotent` slot
//!   `activateAccount:<context>:attempt:<n>` gives a double click, a retry or a second tab the
//!   first answer. After success the modem is restarted (`upstream::account::restart_device`); a
//!   failed restart is `restart: failed`, logged, and the activation stands. `httpStatus` is the
//!   activation call's status.
//! - **Ping file**: `pingUrl` is `/sim/activation/ping` in harness mode, else the activation
//!   service's `/ping`; the page polls it behind the modem.
//! - **Content**: `getActivationContent(Es)` serves the `activation` bundle
//!   (`upstream::activation_content`, `REQUIRED` lists the keys the web reads).
//!
//! Tests: `bff/tests/it/activation.rs` walks every `scenarios/activation/` scenario (not found,
//! not ready, MAC `FAILURE`, each activation failure, restart `FAILED`, device status 503,
//! non-owner) and counts the simulator's activations (one per attempt).

pub mod api;
pub mod context;
pub mod types;

pub use api::ActivationApi;
