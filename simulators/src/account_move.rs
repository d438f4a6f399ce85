//! The account service's move of service (seed 002 §2.8, §4.4, §7.2 "create-aux payload ...
//! the move payload uses channel ONLINE, flow MOVE"; seed 001 §3 "Aux account", "Scheduled
//! move"): `POST /account/create-aux-account` with `flow: MOVE` (served by
//! `account::AccountApi`, which hands a reconnect to `account_reconnect`), what a run's moves
//! add to the aux-account answer, and their cancel (`POST /account/scheduled-move`).
//!
//! - An open account of the world with plans (the dashboard shows it) can move; its move's
//!   aux account is [`move_aux`] (first 14 digits + `96`), confirmation `MV` + the aux
//!   account's last 8 digits, the address moved to is the payload's service address.
//! - A create for an account the world does not know is `ACCOUNT_NOT_FOUND`; for a closed
//!   one or one without plans `MOVE_NOT_ELIGIBLE`; for one with a scheduled move (the world's
//!   `ScheduledMove` state not cancelled in the run, or a move of the run not cancelled)
//!   `MOVE_ALREADY_SCHEDULED`; a payload that is not a move's (flow not `MOVE`, no readable
//!   `moveDate`, a date before yesterday, no `locationID` or zip at the new address)
//!   `INVALID_REQUEST` (all 200). A create repeating the run's move's `transactionId`
//!   answers that move again.
//! - The **ledger** ([`MOVES`], per run and account): create calls are counted; an accepted
//!   one records the move once, and from then on the run's aux-account answer lists it
//!   (`MOVE`, `Preactivated`, `auxAcctScheduleDate`, `toAddress`) until it is cancelled
//!   (action `C` with its confirmation id). A scenario's refusal (`scenario::refuses`) is
//!   counted, never recorded.

use chrono::{DateTime, Days, NaiveDate, Utc};
use upstream::{
    account::{
        ACCOUNT_NOT_FOUND, AuxAccountResponse, AuxAcctStatus, AuxAcctType, AuxDetail,
        CreateAuxAccountRequest, CreateAuxAccountResponse, CreatedAuxDetail, FLOW_MOVE,
        MOVE_ACTION_CANCEL, MOVE_ALREADY_SCHEDULED, MOVE_NOT_ELIGIBLE, MOVE_NOT_FOUND,
        UpdateScheduledMoveRequest, UpdateScheduledMoveResponse,
    },
    address::Address,
    identity::PrepaidStatus,
};

use crate::{
    account_reconnect::INVALID_REQUEST,
    account_world,
    identity_world::DashboardState,
    run_state::{Run, RunStore},
};

/// What a run did to one account's move.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Move {
    /// Create calls received (accepted or not).
    pub calls: u32,
    /// Moves accepted (a repeated `transactionId` is not a new one).
    pub created: u32,
    /// The move's aux account, once accepted.
    pub aux: Option<String>,
    /// Its confirmation number.
    pub conf_no: Option<String>,
    /// The move day, `YYYY-MM-DD`.
    pub move_date: String,
    /// The address moved to.
    pub to_address: Option<Address>,
    /// Its location id.
    pub location_id: String,
    /// The create's `transactionId`.
    pub transaction_id: String,
    /// Cancelled (action `C`).
    pub cancelled: bool,
}

impl Move {
    /// A move scheduled in the run (accepted, not cancelled).
    pub fn scheduled(&self) -> bool {
        self.aux.is_some() && !self.cancelled
    }
}

/// The moves per run and account.
pub static MOVES: RunStore<Move> = RunStore::new();

/// The move ledger entry of `account` in `run`.
pub fn ledger(run: &Run, account: &str) -> Move {
    MOVES.get(run, account).unwrap_or_default()
}

/// The aux account a move of `account` makes: its first 14 digits and `96`.
pub fn move_aux(account: &str) -> String {
    format!("{}96", &account[..account.len().saturating_sub(2)])
}

fn conf_no(aux: &str) -> String {
    format!("MV{}", &aux[aux.len().saturating_sub(8)..])
}

fn refused(code: &str, message: &str) -> CreateAuxAccountResponse {
    CreateAuxAccountResponse {
        error_code: Some(code.into()),
        error_message: Some(message.into()),
        ..CreateAuxAccountResponse::default()
    }
}

/// The move day of a payload, if readable.
fn day(body: &CreateAuxAccountRequest) -> Option<NaiveDate> {
    let d = body.move_date.as_deref()?.trim();
    NaiveDate::parse_from_str(d.get(..10)?, "%Y-%m-%d").ok()
}

/// The world's answer to a move create at `now` (rules in the module docs), given the run's
/// entry and whether the run cancelled the world's scheduled move.
pub fn answer(
    body: &CreateAuxAccountRequest,
    entry: &Move,
    world_move_cancelled: bool,
    now: DateTime<Utc>,
) -> CreateAuxAccountResponse {
    let Some(a) = account_world::find(&body.account_id) else {
        return refused(ACCOUNT_NOT_FOUND, account_world::NOT_FOUND_MESSAGE);
    };
    if entry.scheduled() && entry.transaction_id == body.transaction_id {
        return CreateAuxAccountResponse {
            aux_account_conf_no: entry.conf_no.clone(),
            aux_details: vec![CreatedAuxDetail {
                aux_account_id: entry.aux.clone().unwrap_or_default(),
                aux_acct_error: None,
            }],
            ..CreateAuxAccountResponse::default()
        };
    }
    let d = account_world::dashboard(&a.number, now);
    if a.status != PrepaidStatus::Open || d.available_plans.is_empty() {
        return refused(MOVE_NOT_ELIGIBLE, "The account cannot move.");
    }
    let world_move =
        matches!(a.state, DashboardState::ScheduledMove { .. }) && !world_move_cancelled;
    if world_move || entry.scheduled() {
        return refused(
            MOVE_ALREADY_SCHEDULED,
            "The account already has a scheduled move.",
        );
    }
    let to = &body.customer_info.service_address;
    let earliest = now.date_naive() - Days::new(1);
    if body.flow != FLOW_MOVE
        || day(body).is_none_or(|d| d < earliest)
        || to.location_id.trim().is_empty()
        || to.zip.trim().len() != 5
    {
        return refused(INVALID_REQUEST, "Not a move payload.");
    }
    let aux = move_aux(&a.number);
    CreateAuxAccountResponse {
        error_code: None,
        error_message: None,
        aux_account_conf_no: Some(conf_no(&aux)),
        aux_details: vec![CreatedAuxDetail {
            aux_account_id: aux,
            aux_acct_error: None,
        }],
    }
}

/// Handles a move create in `run` at `now`: counts the call and, unless `refused` by the
/// scenario, records an accepted one (under the store's lock: concurrent creates make one
/// move).
pub fn create(
    run: &Run,
    body: &CreateAuxAccountRequest,
    refused: bool,
    world_move_cancelled: bool,
    now: DateTime<Utc>,
) -> CreateAuxAccountResponse {
    MOVES.update(run, &body.account_id, |entry| {
        let e = entry.get_or_insert_with(Move::default);
        e.calls += 1;
        let answer = answer(body, e, world_move_cancelled, now);
        let repeat = e.scheduled() && e.transaction_id == body.transaction_id;
        if answer.error_code.is_none() && !refused && !repeat {
            let to = &body.customer_info.service_address;
            *e = Move {
                calls: e.calls,
                created: e.created + 1,
                aux: answer.aux_details.first().map(|d| d.aux_account_id.clone()),
                conf_no: answer.aux_account_conf_no.clone(),
                move_date: day(body).map(|d| d.to_string()).unwrap_or_default(),
                to_address: Some(Address {
                    address_line1: to.address_line1.clone(),
                    address_line2: to.address_line2.clone(),
                    city: to.city.clone(),
                    state: to.state.clone(),
                    zip: to.zip.clone(),
                }),
                location_id: to.location_id.clone(),
                transaction_id: body.transaction_id.clone(),
                cancelled: false,
            };
        }
        answer
    })
}

/// `aux` of `account` with the move `run` scheduled, listed as a `MOVE` aux account awaiting
/// activation.
pub fn with_move(mut aux: AuxAccountResponse, run: &Run, account: &str) -> AuxAccountResponse {
    let e = ledger(run, account);
    if aux.error_code.is_none()
        && e.scheduled()
        && let Some(id) = e.aux.clone()
        && !aux.aux_details.iter().any(|d| d.aux_account_id == id)
    {
        aux.aux_details.push(AuxDetail {
            aux_acct_type: AuxAcctType::Move,
            aux_acct_schedule_date: Some(e.move_date.clone()),
            aux_acct_status: AuxAcctStatus::Preactivated,
            aux_account_id: id,
            aux_acct_conf_no: e.conf_no.clone(),
            to_address: e.to_address.clone(),
        });
    }
    aux
}

/// A scheduled-move update in `run` for a move the run made: `Some` answer when
/// `confirmationId` is that move's (cancelled unless `refused`: action `C` on a scheduled move;
/// `MOVE_NOT_FOUND` once cancelled; `INVALID_ACTION` for another action); `None` when it is
/// not (the world's move, `account_world::update_scheduled_move`).
pub fn update(
    run: &Run,
    req: &UpdateScheduledMoveRequest,
    refused: bool,
) -> Option<UpdateScheduledMoveResponse> {
    MOVES.update(run, &req.account_id, |entry| {
        let e = entry.as_mut()?;
        if e.conf_no.as_deref() != Some(req.confirmation_id.as_str()) {
            return None;
        }
        let failed = |code: &str, message: &str| UpdateScheduledMoveResponse {
            error_code: Some(code.into()),
            error_message: Some(message.into()),
        };
        Some(if req.action != MOVE_ACTION_CANCEL {
            failed(
                account_world::INVALID_ACTION,
                "Unknown scheduled-move action.",
            )
        } else if e.cancelled {
            failed(
                MOVE_NOT_FOUND,
                "No scheduled move with this confirmation id.",
            )
        } else {
            if !refused {
                e.cancelled = true;
            }
            UpdateScheduledMoveResponse::default()
        })
    })
}

#[cfg(test)]
mod tests {
    use upstream::account::{ReconnectCustomerInfo, ReconnectServiceAddress};

    use super::*;

    const ACTIVE: &str = "8993100000000101";

    fn body(account: &str, date: NaiveDate, tx: &str) -> CreateAuxAccountRequest {
        CreateAuxAccountRequest {
            channel: "ONLINE".into(),
            flow: FLOW_MOVE.into(),
            account_id: account.into(),
            customer_info: ReconnectCustomerInfo {
                service_address: ReconnectServiceAddress {
                    address_line1: "845 Spring St NW".into(),
                    city: "Atlanta".into(),
                    state: "GA".into(),
                    zip: "30308".into(),
                    house_key: "303080001".into(),
                    location_id: "LOC-30308-0001".into(),
                    ..ReconnectServiceAddress::default()
                },
                ..ReconnectCustomerInfo::default()
            },
            move_date: Some(date.to_string()),
            transaction_id: tx.into(),
            ..CreateAuxAccountRequest::default()
        }
    }

    #[test]
    fn a_move_is_scheduled_once_listed_and_cancelled() {
        let run = Run::new(Some("sim-move-once"));
        let now = Utc::now();
        let date = now.date_naive() + Days::new(5);
        let a = create(&run, &body(ACTIVE, date, "t1"), false, false, now);
        assert_eq!(a.error_code, None);
        assert_eq!(a.aux_details[0].aux_account_id, "8993100000000196");
        assert_eq!(a.aux_account_conf_no.as_deref(), Some("MV00000196"));
        // the same transaction again: the same move, not a new one
        let again = create(&run, &body(ACTIVE, date, "t1"), false, false, now);
        assert_eq!(again.aux_details, a.aux_details);
        // another transaction: already scheduled
        let other = create(&run, &body(ACTIVE, date, "t2"), false, false, now);
        assert_eq!(other.error_code.as_deref(), Some(MOVE_ALREADY_SCHEDULED));
        let e = ledger(&run, ACTIVE);
        assert_eq!((e.calls, e.created), (3, 1));
        let listed = with_move(account_world::aux_account(ACTIVE, now), &run, ACTIVE);
        let m = &listed.aux_details[0];
        assert_eq!(m.aux_acct_type, AuxAcctType::Move);
        assert_eq!(
            m.aux_acct_schedule_date.as_deref(),
            Some(date.to_string().as_str())
        );
        assert_eq!(m.to_address.as_ref().unwrap().zip, "30308");
        // another run sees nothing
        let other_run = with_move(
            account_world::aux_account(ACTIVE, now),
            &Run::new(Some("sim-move-other")),
            ACTIVE,
        );
        assert!(other_run.aux_details.is_empty());
        // cancel: once
        let cancel = UpdateScheduledMoveRequest {
            account_id: ACTIVE.into(),
            action: MOVE_ACTION_CANCEL.into(),
            confirmation_id: "MV00000196".into(),
        };
        assert_eq!(
            update(&run, &cancel, false),
            Some(UpdateScheduledMoveResponse::default())
        );
        assert_eq!(
            update(&run, &cancel, false)
                .and_then(|r| r.error_code)
                .as_deref(),
            Some(MOVE_NOT_FOUND)
        );
        let after = with_move(account_world::aux_account(ACTIVE, now), &run, ACTIVE);
        assert!(after.aux_details.is_empty());
        // a new move after the cancel
        let b = create(&run, &body(ACTIVE, date, "t3"), false, false, now);
        assert_eq!(b.error_code, None);
        assert_eq!(ledger(&run, ACTIVE).created, 2);
    }

    #[test]
    fn refusals() {
        let run = Run::new(Some("sim-move-refusals"));
        let now = Utc::now();
        let date = now.date_naive() + Days::new(5);
        let closed = create(
            &run,
            &body("8993100000000501", date, "t"),
            false,
            false,
            now,
        );
        assert_eq!(closed.error_code.as_deref(), Some(MOVE_NOT_ELIGIBLE));
        let unknown = create(
            &run,
            &body("8993100000009999", date, "t"),
            false,
            false,
            now,
        );
        assert_eq!(unknown.error_code.as_deref(), Some(ACCOUNT_NOT_FOUND));
        let moving = create(
            &run,
            &body("8993100000001304", date, "t"),
            false,
            false,
            now,
        );
        assert_eq!(moving.error_code.as_deref(), Some(MOVE_ALREADY_SCHEDULED));
        // once the run cancelled the world's move, it may move again
        let after = create(&run, &body("8993100000001304", date, "t"), false, true, now);
        assert_eq!(after.error_code, None);
        let past = create(
            &run,
            &body(ACTIVE, now.date_naive() - Days::new(3), "t"),
            false,
            false,
            now,
        );
        assert_eq!(past.error_code.as_deref(), Some(INVALID_REQUEST));
        // a scenario's refusal is counted, never recorded
        create(&run, &body(ACTIVE, date, "t"), true, false, now);
        let e = ledger(&run, ACTIVE);
        assert_eq!((e.calls, e.created, e.aux), (2, 0, None));
    }
}
