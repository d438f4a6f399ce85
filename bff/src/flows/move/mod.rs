//! Move of service to a new address (issue 13 "Move", backend; seed 002 §2.1, §2.8, §3.9,
//! §4.4, §5, §7.2, §7.5, §9; seed 001 §3 "Aux account", "Scheduled move", §4; seed 000 §2, §4
//! the address check's move variant; tag `move`, ARCHITECTURE.md "Move (issue 13, backend)").
//!
//! - `getMove`: the move as held (today, the latest date, the current address, the service's
//!   expiration, the destination, the date and what it means, the refill made during the
//!   move, the move made, `next`); the account must be an open account the dashboard shows
//!   (`MOVE_NOT_AVAILABLE`) without another scheduled move (`MOVE_ALREADY_SCHEDULED`);
//! - `checkMoveAddress`, `chooseMoveUnit` (CSRF): the retail flow's address check
//!   (`flows::retail::address`, `domain::serviceability::outcome`); a serviceable or cold-tap
//!   address is held as the destination with its location and house key;
//! - `setMoveDate` (CSRF): today (US Eastern) to today + 60; the gap to the service's
//!   expiration, the refill required, the 7-day option ([`rules`]); a required refill marks the
//!   account's refill context (`flows::refill::context::MoveMark`), so the refill operations
//!   serve the move's refill unchanged (without `HSD_007` when not offered) and record it;
//! - `createMove` (CSRF, `Idempotency-Key`): the create-aux call of flow `MOVE` (the
//!   reconnect's call and `customerInfo` builder), the wait, the aux-account fetch; one move
//!   per attempt (`http::attempt::once_per_attempt`);
//! - `getMoveConfirmation`: the move made, re-read (cancel: `cancelScheduledMove`).

pub mod api;
pub mod context;
pub mod rules;
pub mod types;
