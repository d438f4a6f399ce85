//! Bodies and answers of the move operations (seed 002 §2.8, §3.9, §4.4; seed 001 §3
//! "Aux account", "Scheduled move"; seed 000 §2 the address check's move variant).

use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};
use upstream::address::Address;

use super::rules::{Next, When};

/// Body of `checkMoveAddress`: the address moved to, as typed (seed 000 §5 "Retail flow").
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct MoveAddressBody {
    /// Street line, 1 to 100 characters, not blank.
    #[oai(validator(min_length = 1, max_length = 100, pattern = r"\S"))]
    pub address_line1: String,
    /// Unit, up to 100 characters (optional).
    #[oai(validator(max_length = 100))]
    pub address_line2: Option<String>,
    /// Five-digit zip code.
    #[oai(validator(pattern = r"^\d{5}$"))]
    pub zip: String,
}

/// Body of `chooseMoveUnit`: one unit of the last `multiple` check.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct MoveUnitBody {
    /// The unit's `locationId`, as `checkMoveAddress` listed it (1 to 64 characters).
    #[oai(validator(min_length = 1, max_length = 64))]
    pub location_id: String,
}

/// Body of `setMoveDate`.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct MoveDateBody {
    /// The move date, `YYYY-MM-DD`: today (`getMove.today`) to `getMove.latestDate`.
    #[oai(validator(pattern = r"^\d{4}-\d{2}-\d{2}$"))]
    pub move_date: String,
}

/// What the address check found (seed 000 §4: the retail flow's outcomes, move variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum MoveAddressOutcome {
    /// No address matches (the invalid-address error on the form).
    InvalidAddress,
    /// Several units match: pick one (`units`, then `chooseMoveUnit`).
    Multiple,
    /// Serviceable: the destination is held.
    Serviceable,
    /// A cold tap (seed 000 §4: the 48-hour note): the destination is held.
    ColdTap,
    /// `BUS0078`: a prepaid account exists at the address (notice).
    ExistingPrepaid,
    /// `BUS0077`: a postpaid account exists at the address (notice).
    ExistingPostpaid,
    /// Not serviceable (notice).
    Unserviceable,
    /// The check answered a status other than `SUCCESS`: the error page.
    Error,
}

/// One unit of a building (`multiple`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct MoveUnit {
    /// Its location id (send it to `chooseMoveUnit`).
    pub location_id: String,
    /// Its address.
    pub address: Address,
}

/// Answer of `checkMoveAddress` and `chooseMoveUnit`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct MoveAddressCheck {
    /// What was found.
    pub outcome: MoveAddressOutcome,
    /// The unit typed matched nothing and the address was checked again without it.
    pub unit_dropped: bool,
    /// `multiple`: the units, sorted by unit text; else empty.
    pub units: Vec<MoveUnit>,
    /// The address checked (one match).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<Address>,
    /// The serviceability answer's business code, if any (`BUS0078`, `BUS0021`, ...).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_error_code: Option<String>,
}

/// The serviceability of a held destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum DestinationServiceability {
    /// Serviceable.
    Serviceable,
    /// A cold tap (the 48-hour note).
    ColdTap,
}

/// The destination the BFF holds.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct MoveDestination {
    /// The address moved to.
    pub address: Address,
    /// Its serviceability.
    pub serviceability: DestinationServiceability,
}

/// What the chosen date means (seed 002 §2.8, §3.9, §9).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct MoveSchedule {
    /// The move date, `YYYY-MM-DD`.
    pub move_date: String,
    /// Today (`move/now`) or later (`move/schedule-finalize`).
    pub when: When,
    /// Whole days from the service's expiration date to the move date, >= 0 (0: the
    /// service still runs on the move day).
    pub move_date_gap: i64,
    /// The service expires before the move date and no internet refill was made in this
    /// move: `move/refill-required`.
    pub refill_required: bool,
    /// An internet refill was made in this move (it covers the gap).
    pub refilled: bool,
    /// The 7-day plan may be chosen for the refill: the account has it and the gap is 1 to
    /// 7 days (else the refill offer omits it).
    pub seven_day_offered: bool,
}

/// The refill made during this move (`move/refill-confirmation`).
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct MoveRefill {
    /// The refill's order number (absent on a warning).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_number: Option<String>,
    /// The internet plan bought (`HSD_030`, `HSD_007`).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<String>,
    /// The total paid, dollars.
    pub total: f64,
    /// When it was made (RFC 3339 UTC): the order date.
    pub refilled_at: String,
    /// The service's expiration date after it, `YYYY-MM-DD` (the expiration, or yesterday
    /// when passed, + the plan's days x the cart count).
    pub expiration_date: String,
}

/// A move made (seed 001 §3 "Scheduled move"; seed 002 §2.8 "Move schedule confirmation").
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct MoveConfirmation {
    /// The move's confirmation number (`auxAcctConfNo`).
    pub confirmation_number: String,
    /// The move date (`auxAcctScheduleDate`), `YYYY-MM-DD`.
    pub move_date: String,
    /// Today or later.
    pub when: When,
    /// The address moved to (`toAddress`).
    pub to_address: Address,
    /// The previous service address.
    pub from_address: Address,
    /// Whether it can still be cancelled (BFF clock before `cancelUntil`).
    pub cancel_allowed: bool,
    /// The cancel cutoff, RFC 3339 UTC: the move day's midnight in US Eastern time (5:00 UTC
    /// in standard time, 4:00 in daylight time; seed 001 §4).
    pub cancel_until: String,
    /// The last day to cancel as shown: the day before the move, `YYYY-MM-DD`.
    pub cancel_date: String,
    /// When the BFF made it, RFC 3339 UTC.
    pub moved_at: String,
}

/// Answer of `getMove` and `setMoveDate`: the move as the BFF holds it.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Move {
    /// Today as a move date, `YYYY-MM-DD` (the BFF clock's US Eastern day): the earliest date.
    pub today: String,
    /// The latest move date accepted, `YYYY-MM-DD` (today + 60 days).
    pub latest_date: String,
    /// The current service address.
    pub from_address: Address,
    /// The internet service's expiration date, `YYYY-MM-DD` (absent when unreadable).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_date: Option<String>,
    /// Internet days remaining (0 or below: expired).
    pub days_remaining: i64,
    /// The account is offered the 7-day plan (`HSD_007`).
    pub seven_day_plan: bool,
    /// The destination checked and held.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination: Option<MoveDestination>,
    /// The date chosen and what it means.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<MoveSchedule>,
    /// The internet refill made during this move.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refill: Option<MoveRefill>,
    /// The move this sign-in made (still scheduled).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved: Option<MoveConfirmation>,
    /// Where to go next.
    pub next: Next,
}

/// The outcome of `createMove`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum MoveOutcome {
    /// The move is scheduled: `confirmation`.
    Moved,
    /// The error page (seed 002 §7.5: aux-account create or fetch failed).
    Failed,
}

/// Why a move failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub enum MoveFailure {
    /// The create answered `errorCode`.
    CreateFailed,
    /// The create answered no aux account, or one with `auxAcctError`.
    AuxError,
    /// The fetch after the wait failed or does not list the move.
    FetchFailed,
}

/// Answer of `createMove`.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct MoveResult {
    /// What happened.
    pub outcome: MoveOutcome,
    /// The move made (moved).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmation: Option<MoveConfirmation>,
    /// `MOVE_FAILED` (failed).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Why (failed).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<MoveFailure>,
    /// The catalogue message of `MOVE_FAILED` in the request's locale (failed).
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// `errorCode` of a failed move (ours; the seed goes to the error page).
pub const MOVE_FAILED: &str = "MOVE_FAILED";

crate::answers!(
    /// Answers of `getMove`.
    MoveResponse(Move), move_bad_request = "move_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
    409 => Conflict: "`MOVE_NOT_AVAILABLE`: the account cannot move online (its catalogue `message`); `MOVE_ALREADY_SCHEDULED`: a scheduled move exists that this sign-in did not make (its catalogue `message`; the notifications page).",
    502 => BadGateway: "`UPSTREAM_ERROR` (also an account lookup answering `errorCode`), `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `checkMoveAddress` and `chooseMoveUnit`.
    MoveAddressResponse(MoveAddressCheck), move_address_bad_request = "move_address_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: a bad street, unit or zip; `chooseMoveUnit`: `locationId` not a unit of the last check (`details` `locationId`/`notOffered`).",
    409 => Conflict: "`MOVE_NOT_AVAILABLE`, `MOVE_ALREADY_SCHEDULED` (as `getMove`).",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the address or serviceability service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `setMoveDate`.
    MoveDateResponse(Move), move_date_bad_request = "move_date_bad_request", post_signed_in;
    400 => BadRequest: "`MOVE_DATE_IN_PAST` (before `today`; `details` `moveDate`/`past`) or `MOVE_DATE_TOO_FAR` (after `latestDate`; `moveDate`/`tooFar`), each with its catalogue `message`; `VALIDATION_FAILED`: not a `YYYY-MM-DD` date.",
    409 => Conflict: "`MOVE_NOT_AVAILABLE`, `MOVE_ALREADY_SCHEDULED` (as `getMove`).",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `createMove`.
    CreateMoveResponse(MoveResult), create_move_bad_request = "create_move_bad_request", post_signed_in;
    400 => BadRequest: "`MOVE_DATE_IN_PAST`: the date held has passed (choose another); `VALIDATION_FAILED`: `Idempotency-Key` not a UUID.",
    409 => Conflict: "`MOVE_NOT_READY`: no serviceable destination or no date held; `MOVE_REFILL_REQUIRED`: the service expires before the move date (refill first); `MOVE_NOT_AVAILABLE`, `MOVE_ALREADY_SCHEDULED` (as `getMove`).",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed (the error page).",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: as 502.",
);
crate::answers!(
    /// Answers of `getMoveConfirmation`.
    MoveConfirmationResponse(MoveConfirmation), move_confirmation_bad_request = "move_confirmation_bad_request", get_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `accountId` is not 16 digits.",
    404 => NotFound: "`NO_MOVE`: this sign-in made no move for the account, or it was cancelled since.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the account service failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
