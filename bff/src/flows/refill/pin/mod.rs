//! The PIN refill (tag `refill`; seed 002 §2.3, §4.3b, §7.2, §8, §9): the refill page's
//! refill-PIN tab.
//!
//! - `validateRefillPin` (`POST .../refill/pin/validate` `{pin}`): the PIN, trimmed, must
//!   have 1 to 16 characters (else 400 `PIN_INVALID`, no upstream call); the activation
//!   service's `validate-activation-code` (`pinDetails[{accountId, lob HSD, pin}]`) and the
//!   dashboard record are read together. `errorCode` `PIN_NOT_FOUND` (or no PIN details) is
//!   422 `PIN_NOT_RECOGNISED` (the "system does not recognize" modal), any other `errorCode`
//!   422 `PIN_REJECTED` ("enter correct refill PIN code" + alert), a `redemptionDate` 409
//!   `PIN_ALREADY_REDEEMED`; otherwise the PIN details: the PIN masked but its last 4,
//!   `planQty`, the PIN's expiry, and the service's expiry once redeemed
//!   ([`rules::new_expiry`]). The validated PIN, its plans, that expiry and the account's
//!   internet device are kept in the [`context`] (store namespace `refillPin`, per sign-in
//!   and account) and each valid PIN starts a new redemption attempt; a refused PIN clears it.
//! - `redeemRefillPin` (`POST .../refill/pin/redeem`, header `Idempotency-Key`, no body: the
//!   browser never names the PIN or the device again): `refill-activation` with version
//!   `1.0`, the kept PIN and device (`transactionStatus SUCCESS`). `businessErrorCode`,
//!   `errorCode` or `status FAILURE` is 422 `PIN_REDEEM_FAILED`; success answers the plans and
//!   the new expiry. Without a validated PIN: 409 `PIN_NOT_VALIDATED`. One redemption per
//!   attempt, as the buy flow's `submitOrder`: the key's first answer is replayed (another
//!   attempt with the same key is 422 `IDEMPOTENCY_MISMATCH`), and every redeem of the
//!   attempt, whatever its key (double click, second tab, retry, another instance), shares
//!   the one upstream call of the slot `redeemRefillPin:<context>:attempt:<n>`.
//!
//! Every `PIN_*` error carries its error-catalogue message in the request's locale
//! (`Buyflow.errorCatalogue`, en and es; lookup `domain::error_catalogue`). The PIN never
//! appears in a log line, an answer (masked) or a `Debug` rendering of the flow's types.
//!
//! Our readings: `expirationDate` is the PIN's own (seed 001 §3's code fields);
//! `newExpirationDate` is the current `HSD` expiry, or now when it has passed, plus 30 days per
//! plan (`HSD_030`). A lost redemption answer (timeout, 5xx) is that attempt's answer: the customer
//! validates again, and the simulator's ledger then says whether it went through
//! (`PIN_ALREADY_REDEEMED`). The simulated PINs by prefix are in `simulators/TEST_PINS.md`. Tests:
//! `bff/tests/it/refill_pin.rs` (every `scenarios/refill/pin-*.yaml` in en and es, 10 concurrent
//! redeems = one upstream redemption, a key reused for another PIN, no PIN in a TRACE log).

pub mod api;
pub mod context;
pub mod rules;
pub mod types;

pub use api::PinRefillApi;
