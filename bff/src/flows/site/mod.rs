//! Calls every page shares: content bundles ([`content`], the signed-in area's in
//! [`account_content`], tag content), the anonymous session and its CSRF token ([`token`], tag
//! session), its end ([`logout`]), liveness ([`health`]).
//!
//! - Content (tag content): `GET /-/api/{site}/{area}` and `/-/api/es/{site}/{area}` for
//!   `merchant-flow`, `dictionary`, `buyflow`, `all`, `account-dashboard`, `activation`, and the
//!   cart content; `{site}` is `my.prepaid` (else 404). Types in `upstream/src/content.rs` and
//!   `account_content.rs`; every bundle through the BFF's content cache (ARCHITECTURE.md "The BFF
//!   hop"). `getBroadbandFacts` (English only): the plan-tier label of seed 000 §1, empty `labels`
//!   when the provider has none for the query.
//! - `getToken` (`GET /token`): the CSRF token; the only read that creates a session (429 past the
//!   new-session limit). `logout` (`POST /secure/logout`): the session record deleted, the cookie
//!   cleared (ARCHITECTURE.md "Sessions").
//! - `health` (`GET /healthz`) and `ready` (`GET /readyz`: the store and the web app, never an
//!   upstream; ARCHITECTURE.md "Operating the BFF").

pub mod account_content;
pub mod content;
pub mod health;
pub mod logout;
pub mod token;
