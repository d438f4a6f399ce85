//! Sign-in (seed 001 §2 hand-off, §4 "Sign-in", "Account picker", "Session and timeout",
//! §6, §7; tag signin; ARCHITECTURE.md "Sign-in"): the OAuth 2.0 code flow with PKCE
//! against the identity provider, decided in the BFF as typed `next` answers.
//!
//! - [`api`]: the operations; [`types`]: their bodies and answers;
//! - [`provider`]: the provider's browser-facing URLs, `state` and the PKCE verifier.
//!
//! What the BFF keeps of a sign-in (tokens, identity, chosen account, idle clock) and the
//! checks every signed-in operation runs are in `http::auth`.

pub mod api;
pub mod provider;
pub mod types;
