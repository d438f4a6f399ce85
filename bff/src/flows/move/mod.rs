//! Move of service to a new address (seed 002 §2.1, §2.8, §3.9, §4.4, §5, §7.2, §7.5, §9;
//! seed 001 §3 "Aux account", "Scheduled move", §4; seed 000 §2, §4 the address check's move
//! variant; tag `move`; the module is `r#move`, `move` being a Rust keyword). The pages are
//! `web/src/flows/move/`.
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
//!
//! **Who may move**: `OwnedAccount`, then `domain::dashboard::readiness` must be `Show`, else 409
//! `MOVE_NOT_AVAILABLE`; a scheduled move this sign-in did not make is 409
//! `MOVE_ALREADY_SCHEDULED` (the dashboard hides its move items then). A move made here and
//! cancelled since (`cancelScheduledMove`, the cutoff `domain::dashboard::cancel_cutoff`) is
//! forgotten by the next read.
//!
//! **The address check** runs in the BFF: once more without the unit, units sorted, source
//! `DIGITAL2.0`; the destination's location id and house key never go back to the browser as
//! inputs; the units of a building are held too, so `chooseMoveUnit` takes only a listed location.
//!
//! **Date rules** ([`rules`], pure, property-tested): today is the BFF clock's US Eastern day (the
//! day whose midnight is the cancel cutoff, so a move today has begun and cannot be cancelled); a
//! date before it is 400 `MOVE_DATE_IN_PAST`, after today + 60 (ours) `MOVE_DATE_TOO_FAR`.
//! `moveDateGap` = days from the internet expiration to the move date (0 when the service still
//! runs that day; an expired service counts from yesterday); a refill is required when the gap is
//! above 0 and no internet refill was made during the move; the 7-day option when the account has
//! `HSD_007` and the gap is 1 to 7. `next` routes the pages (`address`, `addressConfirmation`,
//! `refillRequired`, `now`, `scheduleFinalize`, `confirmation`).
//!
//! **The move's refill** is the refill flow's, same operations: the mark makes `getRefillOffer`
//! omit `HSD_007` and `updateRefillCart` refuse it while withheld, and a refill with an internet
//! plan made while marked becomes the move's refill (`getMove.refill`: order number, plan, total,
//! date, and the expiration after it = the expiration or yesterday + plan days x cart count, our
//! reading of "today plus the remaining days"). The mark goes when the move is made or forgotten.
//!
//! **The create** (`upstream::account::CreateAuxAccountRequest` of flow `MOVE`: no `paymentInfo`,
//! empty `prepaidProducts`, `moveDate`): `channel ONLINE`, the account, the identity's `custGuid`,
//! `updateCustomer false`, `customerInfo` from the record with the destination as `serviceAddress`,
//! `isCPC false`, `operatorUserName`, our `transactionId` per attempt; then the wait
//! (`BFF_RECONNECT_AUX_FETCH_MS`) and the aux fetch: the new `MOVE` aux account must be listed; its
//! `auxAcctConfNo`, `auxAcctScheduleDate` and `toAddress` make the confirmation. The create's
//! `errorCode` (`createFailed`), no aux account or one with `auxAcctError` (`auxError`), a failed,
//! refused or empty fetch (`fetchFailed`) are `failed` with `MOVE_FAILED`; 409 `MOVE_NOT_READY`
//! without a held destination and date, `MOVE_REFILL_REQUIRED` before the refill. One move per
//! attempt: the key `move:<ctx>:<key>` over the slot `move:<ctx>:attempt:<n>`, and `Store::shared`
//! around the create; once moved, every create answers the move and address or date changes are 409
//! `MOVE_ALREADY_SCHEDULED`.
//!
//! **State**: `pp:ctx:move:<sign-in context>.<account>` (destination, units, date, the move made).
//!
//! Tests: [`rules`] (table and properties: the date window, the refill and 7-day option against
//! the gap, the move day starting at the cutoff), [`context`]; `bff/tests/it/move.rs` walks every
//! `scenarios/move/*.yaml` with its `expect` and the ledgers (move, refill, the dashboard's
//! scheduled move, the cancel), 10 concurrent creates = one, the 7-day rule across dates, the
//! refusals, a held date that passes (a controlled clock) and a move today that cannot be
//! cancelled.

pub mod api;
pub mod context;
pub mod rules;
pub mod types;
