//! The quick refill without sign-in, "litepay" (seed 002 §2.1, §2.11, §3.5, §3.8, §4.3, §4.6, §5,
//! §7.4, §8, §9), tag `litepay`. Anyone can type a phone number and a zip, so the BFF holds
//! everything the lookup finds:
//!
//! - `lookupLitepayAccount` (CSRF, the seed's `fetchCustomerDashboard`): billing phone (10 digits)
//!   and 5-digit zip; the account found is bound to the session's litepay context ([`context`]),
//!   never sent to the browser (no account id, no name, no service address). Lookups are
//!   rate-limited per session and per client address, at most so many in each fixed hour window
//!   (budgets shared through the store; 429 with `Retry-After` the window's remaining seconds), and
//!   every lookup answers no sooner than a floor (`BFF_LITEPAY_LOOKUP_MIN_MS`): an unknown phone
//!   and a known phone with another zip get the same status, body and timing ([`rules::outcome`]
//!   reads every refusal but the multiple-accounts code alike).
//! - `getLitepayRefill`: what the screens show of the located account: the 30-day plan priced by
//!   `domain::refill` (plan price − the first ACP benefit when valid and not Tribal, + tax; seed
//!   002 §9), the promo banner flag, the card added in this session (masked) and the card-entry
//!   configuration (not prefilled: the visitor types the billing).
//! - `addLitepayPaymentInstrument` (CSRF, `Idempotency-Key`): the card-entry component's token
//!   added to the located account with the payments flow's payload (`flows::payments::build`), the
//!   failure counter of `domain::payment_failures` (30 s, 10 s from the second; the third sends the
//!   visitor to the public marketing site, seed 002 §4.3).
//! - `submitLitepayRefill` (CSRF, `Idempotency-Key`): the EZREFILL order ([`order`], seed 002 §3.8)
//!   with that card, one refill per attempt as the signed-in refill.
//! - `getLitepayConfirmation`: the last quick refill of the session (404 `NO_REFILL`).
//!
//! **Outcomes** (`rules::outcome`, seed 002 §4.6; upstream call `lookupDashboard`, `POST
//! /account/lookup`, the seed's `fetchCustomerDashboard` body with flow `EZREFILL`): status
//! Preactivated is `PREACTIVATED_ERROR`; the provider's `LITEPAY_MULTIPLE_ACCOUNTS` (our name for
//! the seed's `{token}`) the multiple-accounts notice; every other answer (`ACCOUNT_NOT_FOUND`, any
//! other code, no account, a failed or timed-out call) is `LITEPAY_ACCOUNT_NOT_LOCATED`; Open or
//! Closed is found. Each failure carries the catalogue's message. A miss forgets the account
//! located before; a lookup that finds another account drops the card, the attempts and the refill
//! of the one before (a card added for one account never pays for another).
//!
//! **What the browser sees**: never the account id, the holder's name, e-mail, service address,
//! location, payment id, reference or stored token (they stay in `pp:ctx:litepay:<id>`, which ends
//! with the session). The screens get the plan, its price, the ACP credit, taxes and total, the
//! promo banner flag, the typed phone masked but its last 4, the typed zip, and the card added in
//! this session. The account's card on file is neither shown nor used (showing or charging it to
//! whoever knows a phone and a zip would hand both to a stranger: our reading of the seed's recap
//! "once a card is saved"). `Debug` of the context, the lookup body and the card prints no value.
//!
//! **Enumeration**: lookups per session (`BFF_LITEPAY_SESSION_LOOKUPS_PER_HOUR`, 10) and per client
//! address (`BFF_LITEPAY_LOOKUPS_PER_HOUR`, 30) in fixed hour windows aligned to the clock
//! (`http::rate_limit::Budget::per_window`; the worst case is 2N across a window's end); on Redis
//! `pp:rate:<budget>:<window>:<sha1>`. Over budget: 429 with `Retry-After` (the seconds left in the
//! window) before any upstream call. An unknown phone and a known phone with another zip take the
//! same code path and give byte-identical bodies, no sooner than `BFF_LITEPAY_LOOKUP_MIN_MS` (400
//! ms) after the request arrived, which hides the provider's own timing.
//!
//! **Price** (seed 002 §9): the 30-day plan (`HSD_030`, else the first internet plan) at its
//! available-plans price, minus the first ACP benefit when valid and not Tribal, plus tax; no promo
//! price (`REFILL_$45_FOR_60_DAYS` only shows its banner); `flows::refill::offer::{Facts,
//! initial_cart, priced}` and `domain::refill::price`. `acpLearnTile`: no valid ACP benefit and not
//! Denied.
//!
//! **Order** ([`order`], upstream call `ezRefill`, `POST /refill/ezrefill`, seed 002 §3.8): channel
//! `ONLINE`, flow `EZREFILL`, `customerInfo` {account, phone digits, zip}, `paymentInfo` {amount,
//! the card's billing address with `country: US`, last 4, stored type, expiry `MMYY`, names,
//! `CREDIT`, `isServiceAddress: true`, `isCPC: true`, token, `prepaidPaymentID`}, one `HSD_030`
//! product with its tax details, `acpBenefits` when deducted, `referenceID`, `termsVersion 1.0`,
//! our `transactionId` per located account; the attempt slot
//! `litepay:<ctx>:v<version>:attempt:<n>`. Answers read as the signed-in refill's.
//!
//! **Known gap**: the card is stored on the located account upstream (the payments flow's add
//! payload, as seed 002 §4.6 asks before the refill), so whoever knows a phone and a zip can put a
//! card on a stranger's account. Paying once with the token in the EZREFILL payload, without
//! storing it, needs the provider's word that the order accepts a token not on the account.
//!
//! Tests: `rules`, `context` and `order` unit and property tests; `bff/tests/it/litepay.rs` (every
//! `scenarios/litepay/*.yaml` with `expect` and the ledger, no answer naming the account, the same
//! status, body and timing for an unknown phone and a wrong zip, the budgets, ten concurrent
//! submits = one refill, the card dropped by a lookup of another account). The simulated phones and
//! zips: `docs/simulated-world.md`.

pub mod api;
pub mod context;
pub mod order;
pub mod rules;
pub mod types;
