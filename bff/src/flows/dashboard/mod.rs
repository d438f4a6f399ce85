//! The dashboard (seed 001 §2 "Dashboard", §4 "Page readiness and checks", "Service
//! status", "Scheduled move", §6; tag account): account-scoped operations behind
//! `http::auth::OwnedAccount`: `getDashboard`, and the actions `cancelScheduledMove` and
//! `restartDevice`.
//!
//! - [`api`]: the dashboard; [`actions`]: the actions; [`types`]: their answers; [`build`]:
//!   the dashboard from the upstream answers and `domain::dashboard`'s rules.
//!
//! **The BFF decides, the page draws.** `getDashboard` reads the account service's dashboard
//! record and aux accounts, the payment info and the dashboard promotions (ARCHITECTURE.md
//! "Account service") and answers `next` with the rules of `domain::dashboard` (property-tested):
//!
//! - `readiness`, in order: a lookup with `errorCode`: error; Open without plans: activation of
//!   itself; Closed with an aux account not Closed: Preactivated, the aux's activation, Activated,
//!   the aux's dashboard (`auxDashboard`); Closed without plans and reconnect-eligible:
//!   deactivated; other Closed: error; Open without an `HSD` device or with a `VDO_V0` plan:
//!   error; else show. The seed's §8 log lines are the reasons.
//! - `days_remaining` (whole days to expiry, floored, + 1), `ring` (blue paused; red at 0 or
//!   fewer; amber at 10 or fewer with auto-refill off; else green), `refill_now`,
//!   `auto_enrol_offered`, `tv_products` (deduplicated across devices), `acp` (a deduction only
//!   when Approved with a first benefit code and not Tribal).
//! - `scheduled_move`, `cancel_cutoff` (midnight US Eastern on the move day, chrono-tz: 5:00 UTC
//!   in standard time, 4:00 in daylight time) and `cancel_date_shown` (the day before the move);
//!   `paused`: a scheduled move whose day has begun in US Eastern time (the seed's "paused once
//!   the move starts") or, our reading, an `HSD` plan status `PAUSED`.
//! - The promotion (`dashboard_promo`, seed 001 §9): the answer's first discount, valid when its
//!   id is on the configured list (`P_SALE35OFF_021522`, `P_WINBACK45OFF_1215`), it has started
//!   and its end is empty or not yet passed (our reading of the seed's "end date empty or
//!   passed"); `winback` when on the winback list (`bff/tests/it/dashboard_promo.rs`). The
//!   promotions lookup is not a required call: when it fails the dashboard shows without one.
//!
//! **Actions** (`actions.rs`, `OwnedAccount` first, CSRF): the BFF reads what it acts on, the
//! browser names only the account.
//!
//! - `cancelScheduledMove` (`POST .../scheduled-move/cancel`, `Idempotency-Key`): reads the aux
//!   accounts and sends the move's `auxAcctConfNo` with action `C` (call `updateScheduledMove`).
//!   No move (or one without a confirmation id): 409 `NO_SCHEDULED_MOVE`; at or after the cutoff
//!   by the BFF clock: 409 `MOVE_CANCEL_CUTOFF_PASSED`. An upstream `errorCode` is 200 `{result:
//!   failed, errorCode, message}` (the catalogue's message). One upstream update per key
//!   (`Store::idempotent`, per session, account and key), so a double click cancels once.
//! - `restartDevice` (`POST .../device/restart`): restarts the dashboard record's `HSD` device by
//!   its `macId` (call `restartDevice`): `{result: restarted}` or, for `FAILED`, an `errorCode` or
//!   no modem MAC (nothing sent), `{result: failed}`.
//!
//! Tests: `bff/tests/it/dashboard_actions.rs` (the cutoff on both sides with a shifted clock,
//! double submit, refusals, 5xx, restart both ways, CSRF, every `scenarios/dashboard/` scenario),
//! `bff/tests/it/dashboard_promo.rs` (the promotion per seed case).

pub mod actions;
pub mod api;
pub mod build;
pub mod types;
