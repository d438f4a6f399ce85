//! The quick refill without sign-in, "litepay" (issue 14; seed 002 §2.1, §2.11, §3.5, §3.8,
//! §4.3, §4.6, §5, §7.4, §8, §9), tag `litepay`. Anyone can type a phone number and a zip, so
//! the BFF holds everything the lookup finds:
//!
//! - `lookupLitepayAccount` (CSRF, the seed's `fetchCustomerDashboard`): billing phone (10
//!   digits) and 5-digit zip; the account found is bound to the session's litepay context
//!   ([`context`]), never sent to the browser (no account id, no name, no service address).
//!   Lookups are rate-limited per session and per client address, at most so many in each
//!   fixed hour window (budgets shared through the store; 429 with `Retry-After` the window's
//!   remaining seconds), and every lookup answers no sooner than a floor (`BFF_LITEPAY_LOOKUP_
//!   MIN_MS`): an unknown phone and a known phone with another zip get the same status, body
//!   and timing ([`rules::outcome`] reads every refusal but the multiple-accounts code alike).
//! - `getLitepayRefill`: what the screens show of the located account: the 30-day plan priced
//!   by `domain::refill` (plan price − the first ACP benefit when valid and not Tribal, + tax;
//!   seed 002 §9), the promo banner flag, the card added in this session (masked) and the
//!   card-entry configuration (not prefilled: the visitor types the billing).
//! - `addLitepayPaymentInstrument` (CSRF, `Idempotency-Key`): the card-entry component's token
//!   added to the located account with the payments flow's payload (`flows::payments::build`),
//!   the failure counter of `domain::payment_failures` (30 s, 10 s from the second; the third
//!   sends the visitor to the public marketing site, seed 002 §4.3).
//! - `submitLitepayRefill` (CSRF, `Idempotency-Key`): the EZREFILL order ([`order`], seed 002
//!   §3.8) with that card, one refill per attempt as the signed-in refill.
//! - `getLitepayConfirmation`: the last quick refill of the session (404 `NO_REFILL`).

pub mod api;
pub mod context;
pub mod order;
pub mod rules;
pub mod types;
