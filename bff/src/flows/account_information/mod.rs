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

pub mod api;
pub mod rules;
pub mod types;
