//! Account payments (seed 001 §2 "Auto-refill page", "Payment history", "Service detail and
//! edit payment", §4 "Auto-refill", "Payment instrument", §7, §8; seed 002 §2.7, §2.9, §4.2,
//! §4.3): the saved card (add, update, remove through the card-entry component's token),
//! auto-refill (enrol, cancel) and the payment history, all behind `http::auth::OwnedAccount`
//! (tag `accountpayments`, every POST CSRF-checked).
//!
//! - [`api`]: the operations; [`types`]: bodies and answers; [`context`]: the failure counter
//!   per account in the store; [`build`]: upstream payloads and answers (card data never
//!   passes the BFF outside the component's token: the BFF sees the token, type, expiry and
//!   last 4 digits only).
//!
//! - `getPaymentInfo`: the saved card, `autoRefillEnabled`, `autoEnrolOffered`
//!   (`domain::dashboard::auto_enrol_offered`), the failure counter and the card-entry
//!   configuration (`flows::card_entry`, shared with the buy flow). `BUS_PMT_006` is no card.
//! - `addAccountPaymentInstrument` (the contract's `addPaymentInstrument` is the buy flow's),
//!   `updatePaymentInstrument`, `removePaymentInstrument`: one upstream change per
//!   `Idempotency-Key`. The seed encrypts card fields in the browser with an RSA key; here the
//!   component tokenises in its own frame and the BFF builds the add and modify payloads (seed 001
//!   §7: `custInfo` with the account, `processingNetwork: CREDIT`, `isCPC`, the stored card type by
//!   `domain::card_type` both ways, enrolment kept) and the remove payload from the stored token
//!   it reads itself. No payload carries a card number or CVV; no log names a token.
//! - `enrolAutoRefill` (terms required; 409 `AUTO_REFILL_NOT_OFFERED`; `Store::shared` around it,
//!   as the contract has no key) and `cancelAutoRefill`.
//! - `getPaymentHistory?page=N`: `domain::payment_history`, every line by UTC date, newest first,
//!   each date's total, 12 lines a page, pages clamped (property tests: groups partition the lines,
//!   totals add up, the same instants group alike in every time zone).
//!
//! **Refusals and the counter.** A `businessErrorCode` (or a status other than `SUCCESS`) is 200
//! `rejected` with the catalogue's message and the counter of `domain::payment_failures` (wait
//! 30 s, 10 s from the second failure; the third answers `dashboard` and starts again; a success
//! starts again), kept per sign-in and account in the store (namespace `payments`), so a reload or
//! another instance shows the same wait and a change during it is 409 `PAYMENT_FORM_LOCKED`.
//!
//! Tests: `bff/tests/it/payments.rs` (every `scenarios/payments/` scenario, the counter with a
//! moving clock and per account, double submit, CSRF, owner, and an account activated in the run
//! that saves a card, enrols and reads its history).

pub mod api;
pub mod build;
pub mod context;
pub mod types;
