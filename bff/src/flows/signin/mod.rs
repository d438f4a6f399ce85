//! Sign-in (seed 001 §2 hand-off, §4 "Sign-in", "Account picker", "Session and timeout",
//! §6, §7; tag signin; ARCHITECTURE.md "Sign-in"): the OAuth 2.0 code flow with PKCE
//! against the identity provider, decided in the BFF as typed `next` answers.
//!
//! - [`api`]: the operations; [`types`]: their bodies and answers;
//! - [`provider`]: the provider's browser-facing URLs, `state` and the PKCE verifier.
//!
//! What the BFF keeps of a sign-in (tokens, identity, chosen account, aux accounts learned,
//! idle clock) and the checks every signed-in operation runs are in `http::auth`.
//!
//! The operations:
//!
//! - `startSignIn` (`POST /secure2/authorize` `{locale, bhr?, mobile?, createId?}`): the
//!   provider's authorize (or create-ID) URL under `BFF_IDENTITY_PROVIDER_URL` (harness:
//!   `/sim/identity`), `redirect_uri = {page origin}/{locale}/handoff`, a random `state` and an
//!   `S256` challenge; `state` and verifier are kept in the session's sign-in context.
//! - `decodeSignIn` (`POST /secure2/decoder` `{code, state}`): `state` and verifier are one use,
//!   taken out of the store whatever follows, and an earlier sign-in of the session ends first.
//!   The code is exchanged server to server (`upstream::identity`: `/token`, then `/userinfo`
//!   with the bearer token). Every failure (state, refused code, provider 5xx, an identity
//!   without `custGuid` or `identityResponse`, or with `errorCode`) is `next: error`, logged
//!   without values. Exactly one prepaid account: `dashboard` for its owner, else
//!   `permissionError`; none or several: `accountPicker` (seed 001 §4). The session id and its
//!   CSRF token rotate here.
//! - `getAccountPicker` / `chooseAccount` (`/secure2/account-picker`): the identity's accounts
//!   found in the prepaid database, open and closed; a choice answers `dashboard` or
//!   `permissionError`.
//! - `getProfile` (`GET /secure2/profile`): names, greeting name, pronoun, uid, contact points,
//!   the chosen account and the number of accounts.
//! - `ping` (`POST /secure2/ping` `{force}`): pings the provider when forced or when under 300 s
//!   of the 840 s idle window remain; answers `idleRemainingSecs`. It does not count as activity.
//! - `signOut` (`POST /secure2/logout` `{locale, expired?}`): the provider's logout URL
//!   (`id_token_hint`, `post_logout_redirect_uri`, `state=expired` after a timeout); the session
//!   is purged and its cookie cleared.
//!
//! Tokens, guid and identity live in the sign-in context (`pp:ctx:signin:<id>`; the session holds
//! its id only), never in an answer: `bff/tests/it/signin.rs` checks every answer of every test
//! identity, and walks every `scenarios/signin/` scenario (one per identity, picker choice and
//! failure) to its `expect`. The test identities: `docs/simulated-world.md`.

pub mod api;
pub mod provider;
pub mod types;
