//! Account information (seed 001 §2 "Account info card", "Communication preferences
//! (account information)", "Page shell" sync-up modal, §4 "Communication preferences", §5,
//! §7 "Update customer", "Sync-up update"; tag account): four account-scoped operations
//! behind `http::auth::OwnedAccount`.
//!
//! - [`api`]: `getAccountInformation`, `updateCommunicationPreferences`, `getSyncUp`,
//!   `submitSyncUp`; [`types`]: bodies and answers; [`rules`]: the seed's sign-in id and
//!   sync-up rules (pure).
//!
//! The identity comes from the session's sign-in record (never from the browser); the
//! saved preferences from the account service's dashboard record, so a change made upstream
//! (or by another session) is what the page compares against.
//!
//! - `getAccountInformation`: `holder` from the sign-in (names, chosen name, pronoun, `signInId
//!   { type: mobile | userId | email, value }`, `mobile` and `email` with `verified`) and
//!   `preferences { language: ENGLISH | SPANISH, smsOptIn }` from the record's `customerInfo`.
//! - `updateCommunicationPreferences` (CSRF; upstream `POST /account/update-customer`, source
//!   `ActivationGateway`): 409 `PREFERENCES_UNCHANGED` when equal to what the account service
//!   holds now (seed 001 §5); an answer `FAILURE` or with `errorCode` is 502 `UPSTREAM_ERROR`.
//! - `getSyncUp` (a GET that takes the `csrf` scheme: it marks the modal shown): `open` once per
//!   session (`SignedIn.sync_up_shown`, the seed's `xpp_su`) when the identity account's
//!   contact-match flags are other than both `true` or both `NA` (`rules::needs_sync_up`);
//!   closing the modal counts as shown.
//! - `submitSyncUp` (CSRF; upstream `POST /account/sync-up`): the BFF builds `SyncUpRequest` from
//!   the session (guid, e-mail, mobile); the browser sends only language and SMS opt-in. 409
//!   `SYNC_UP_NOT_OFFERED` when the rule offers none.
//!
//! The simulator keeps a change per run, so the next dashboard and `userinfo` answer it; a scenario
//! that fails the call changes nothing. Tests: `bff/tests/it/account_information.rs` walks every
//! `scenarios/account-information/` scenario (stages `updated`, `update-failed`, `sync-up`,
//! `synced`, `sync-up-failed`, `no-sync-up`).

pub mod api;
pub mod rules;
pub mod types;
