//! The activation simulator's answers for the activation of an existing account, seed 001 §3 "Activation
//! state", "Activation code", §4 "Activation", §7 ("Get account", "Load prepaid account",
//! "Validate device", "Validate MAC", "Activate", "Validate activation code", "Public
//! ping"), served by [`crate::activation::ActivationApi`] (one simulator per service). Call names `getAccount`, `loadPrepaidAccount`, `validateDevice`, `validateMac`,
//! `activateAccount`, `validateActivationCode`, `activationPing`; and the PIN refill's
//! (seed 002 §2.3, §4.3b, §7.2): `validateActivationCode` (the same `pinDetails` call) and
//! `redeemRefill` (`refill-activation`).
//!
//! The world: every account of [`account_world`] can be activated; its modem is located
//! (`sroYN` `N`, first device `FOUND`, [`account_world::modem`]); any well-formed MAC is
//! recognised. Scenarios select the rest (not found, not ready, MAC `FAILURE`, each
//! activation failure). Remembered per run ([`RunStore`]): the accounts activated (a second
//! activation answers [`ALREADY_ACTIVATED`]), how often the ping file was fetched (the
//! first fetch of a run is 503, later ones 200: the modem coming back after its restart) and
//! the **redemption ledger** of refill PINs (a PIN redeemed once shows its `redemptionDate`
//! at validation and a second redemption fails; [`redeemed`], [`redeem_calls`]). The test
//! PINs: [`crate::test_pins`], `simulators/TEST_PINS.md`.

use chrono::{DateTime, Days, Utc};
use poem_openapi::{ApiResponse, payload::PlainText};
use upstream::account::{ACCOUNT_NOT_FOUND, LOB_HSD};
use upstream::activation::account::{
    AccountActivationRequest, AccountActivationResponse, AccountRef, DEVICE_FOUND,
    DeviceStatusResponse, GetAccountResponse, LocatedDevice, MAC_FAILURE, MAC_SUCCESS, PinDetail,
    SERVICE_READY, StatusResponse, ValidateCodeRequest, ValidateCodeResponse, ValidateMacRequest,
    ValidateMacResponse,
};
use upstream::activation::pin::{FAILURE, REDEEM_VERSION, RedeemRequest, RedeemResponse, SUCCESS};
pub use upstream::activation::pin::{INVALID_PIN, PIN_ALREADY_REDEEMED, PIN_NOT_FOUND};

use crate::account_world::{self, NOT_FOUND_MESSAGE};
use crate::run_state::{Run, RunStore};
use crate::test_pins::{self, PinKind};

/// `errorCode` of a second activation of the same account in one run.
pub const ALREADY_ACTIVATED: &str = "ALREADY_ACTIVATED";
/// `errorCode` of a VAN activation without a first and last name.
pub const INVALID_CUSTOMER_INFO: &str = "INVALID_CUSTOMER_INFO";
/// `errorCode` of an activation without a device serial.
pub const NO_DEVICE: &str = "NO_DEVICE";
/// `errorCode` of a malformed redemption request.
pub const INVALID_REQUEST: &str = "INVALID_REQUEST";

/// Activations per (run, account): more than one means a double submit got through.
pub(crate) static ACTIVATIONS: RunStore<u32> = RunStore::new();
/// Fetches of the ping file per run (the account key is empty).
pub(crate) static PINGS: RunStore<u32> = RunStore::new();
/// The redemption ledger: when each PIN (the key) was redeemed, per run.
pub(crate) static REDEEMED: RunStore<String> = RunStore::new();
/// Redemption calls per (run, PIN), refused ones included.
pub(crate) static REDEEM_CALLS: RunStore<u32> = RunStore::new();

/// How many activations of `account` the simulator received in `run` (`x-sim-run` value;
/// `None`: the default run). Tests use it to prove one activation per attempt.
pub fn activations(run: Option<&str>, account: &str) -> u32 {
    ACTIVATIONS.get(&Run::new(run), account).unwrap_or(0)
}

/// Answer of the ping file.
#[derive(ApiResponse)]
pub enum PingFile {
    /// The modem is back (`OK`).
    #[oai(status = 200)]
    Ok(PlainText<String>),
    /// Not reachable yet (the first fetch of a run).
    #[oai(status = 503)]
    NotYet(PlainText<String>),
}

fn fail<T: Default>(set: impl FnOnce(&mut T, Option<String>, Option<String>)) -> T {
    let mut t = T::default();
    set(
        &mut t,
        Some(ACCOUNT_NOT_FOUND.into()),
        Some(NOT_FOUND_MESSAGE.into()),
    );
    t
}

/// Whether `mac` is `XX:XX:XX:XX:XX:XX` with upper-case hex digits.
fn well_formed(mac: &str) -> bool {
    mac.len() == 17
        && mac.bytes().enumerate().all(|(i, b)| {
            if i % 3 == 2 {
                b == b':'
            } else {
                b.is_ascii_digit() || (b'A'..=b'F').contains(&b)
            }
        })
}

/// `get-account`: the account and `prepaidAccountStatus: Open`; unknown: `ACCOUNT_NOT_FOUND`.
pub fn get_account(account_id: &str) -> GetAccountResponse {
    match account_world::find(account_id) {
        Some(a) => GetAccountResponse {
            account_id: Some(a.number),
            prepaid_account_status: Some("Open".into()),
            ..Default::default()
        },
        None => fail(|r: &mut GetAccountResponse, c, m| (r.error_code, r.error_message) = (c, m)),
    }
}

/// `load-prepaid-account`: `status: SUCCESS`; unknown account: `ACCOUNT_NOT_FOUND`.
pub fn load_prepaid_account(body: &AccountRef) -> StatusResponse {
    match account_world::find(&body.account_id) {
        Some(_) => StatusResponse {
            status: Some("SUCCESS".into()),
            ..Default::default()
        },
        None => fail(|r: &mut StatusResponse, c, m| (r.error_code, r.error_message) = (c, m)),
    }
}

/// `validate-prepaid-device`: `sroYN: N` and the modem `FOUND` with its MAC and serial
/// ([`account_world::modem`]); unknown account: `ACCOUNT_NOT_FOUND`.
pub fn device_status(body: &AccountRef) -> DeviceStatusResponse {
    match account_world::find(&body.account_id) {
        Some(a) => {
            let (mac, serial) = account_world::modem(&a.number);
            DeviceStatusResponse {
                sro_yn: Some(SERVICE_READY.into()),
                devices: vec![LocatedDevice {
                    lob: LOB_HSD.into(),
                    device_status: DEVICE_FOUND.into(),
                    mac_id: Some(mac),
                    device_serial: Some(serial),
                }],
                ..Default::default()
            }
        }
        None => fail(|r: &mut DeviceStatusResponse, c, m| (r.error_code, r.error_message) = (c, m)),
    }
}

/// `validate-mac`: `SUCCESS` with the device's serial (`SNM` + its 12 hex digits) for a
/// well-formed `XX:XX:XX:XX:XX:XX` (upper-case hex), else `FAILURE`.
pub fn validate_mac(body: ValidateMacRequest) -> ValidateMacResponse {
    let mac = body.mac;
    if well_formed(&mac) {
        ValidateMacResponse {
            status: MAC_SUCCESS.into(),
            device_serial: Some(format!("SNM{}", mac.replace(':', ""))),
            mac,
        }
    } else {
        ValidateMacResponse {
            status: MAC_FAILURE.into(),
            mac,
            device_serial: None,
        }
    }
}

/// `prepaid-account-activation` in `run`: `status: ACTIVATED` the first time; failures
/// (`errorCode` + `errorMessage`): unknown account (`ACCOUNT_NOT_FOUND`), no device serial
/// ([`NO_DEVICE`]), `updateCustomerInfo` without both names ([`INVALID_CUSTOMER_INFO`]),
/// the account already activated in this run ([`ALREADY_ACTIVATED`]).
pub fn activate(run: &Run, body: &AccountActivationRequest) -> AccountActivationResponse {
    let fail = |code: &str, message: &str| AccountActivationResponse {
        status: None,
        error_code: Some(code.into()),
        error_message: Some(message.into()),
    };
    if account_world::find(&body.account_id).is_none() {
        return fail(ACCOUNT_NOT_FOUND, NOT_FOUND_MESSAGE);
    }
    if !body.devices.iter().any(|d| !d.device_serial.is_empty()) {
        return fail(NO_DEVICE, "No device to activate.");
    }
    let names_ok = body
        .customer_info
        .as_ref()
        .is_some_and(|c| !c.first_name.trim().is_empty() && !c.last_name.trim().is_empty());
    if body.update_customer_info == Some(true) && !names_ok {
        return fail(INVALID_CUSTOMER_INFO, "First and last name are required.");
    }
    let count = ACTIVATIONS.update(run, &body.account_id, |n| {
        let v = n.unwrap_or(0) + 1;
        *n = Some(v);
        v
    });
    if count > 1 {
        fail(ALREADY_ACTIVATED, "This account is already active.")
    } else {
        AccountActivationResponse {
            status: Some("ACTIVATED".into()),
            ..Default::default()
        }
    }
}

/// `validate-activation-code` at `now` in `run`: each PIN answers as [`test_pins::kind_of`]
/// says (seed 002 §2.3): a valid PIN its plans, no `redemptionDate`, and an expiry one year
/// from `now` (ISO 8601 UTC and `MM/DD/YYYY`); a PIN this run redeemed, or a
/// [`PinKind::Redeemed`] one, the same with its `redemptionDate`. A rejected PIN (or none)
/// answers `errorCode` [`INVALID_PIN`], an unrecognised one [`PIN_NOT_FOUND`].
pub fn validate_code(
    run: &Run,
    body: &ValidateCodeRequest,
    now: DateTime<Utc>,
) -> ValidateCodeResponse {
    let error = |code: &str, message: &str| ValidateCodeResponse {
        error_code: Some(code.into()),
        error_message: Some(message.into()),
        ..Default::default()
    };
    let kinds: Vec<PinKind> = body
        .pin_details
        .iter()
        .map(|p| test_pins::kind_of(&p.pin))
        .collect();
    if kinds.is_empty() || kinds.contains(&PinKind::Rejected) {
        return error(INVALID_PIN, "The refill PIN is not valid.");
    }
    if kinds.contains(&PinKind::Unrecognised) {
        return error(PIN_NOT_FOUND, "The refill PIN is not recognized.");
    }
    let expiry = now.checked_add_days(Days::new(365)).unwrap_or(now);
    ValidateCodeResponse {
        pin_details: body
            .pin_details
            .iter()
            .zip(kinds)
            .map(|(p, kind)| PinDetail {
                pin: p.pin.clone(),
                plan_qty: test_pins::plan_qty(kind),
                redemption_date: redemption_date(run, &p.pin).or_else(|| {
                    (kind == PinKind::Redeemed)
                        .then(|| iso(now.checked_sub_days(Days::new(10)).unwrap_or(now)))
                }),
                expiration_date: iso(expiry),
                formatted_expiration_date: Some(expiry.format("%m/%d/%Y").to_string()),
            })
            .collect(),
        ..Default::default()
    }
}

fn iso(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// When `pin` was redeemed in `run`, if it was (ISO 8601 UTC).
fn redemption_date(run: &Run, pin: &str) -> Option<String> {
    REDEEMED.get(run, pin)
}

/// Whether `pin` was redeemed in `run` (`x-sim-run` value; `None`: the default run): the
/// redemption ledger. Tests use it with [`redeem_calls`] to prove one redemption per attempt.
pub fn redeemed(run: Option<&str>, pin: &str) -> bool {
    redemption_date(&Run::new(run), pin).is_some()
}

/// How many redemption calls named `pin` in `run`, refused ones included.
pub fn redeem_calls(run: Option<&str>, pin: &str) -> u32 {
    REDEEM_CALLS.get(&Run::new(run), pin).unwrap_or(0)
}

/// `refill-activation` at `now` in `run` (seed 002 §7.2): redeems every code on the
/// account's internet device, recorded in the run's ledger, and answers `status: SUCCESS`
/// with the `redemptionDate`. `refused`: the scenario replaces this answer with a failure,
/// so nothing is recorded (the call is still counted). Failures, all 200:
/// `errorCode` [`ACCOUNT_NOT_FOUND`], [`INVALID_REQUEST`] (version other than `1.0`, no
/// code, a code not for `HSD`), [`NO_DEVICE`] (no device serial), [`INVALID_PIN`] /
/// [`PIN_NOT_FOUND`] as at validation; `status: FAILURE` with `businessErrorCode`
/// [`PIN_ALREADY_REDEEMED`] (redeemed before: this run, or a [`PinKind::Redeemed`] PIN) or
/// [`test_pins::REFUSED_CODE`] ([`PinKind::RedeemRefused`]); `status: FAILURE` alone
/// ([`PinKind::RedeemFailure`]).
pub fn redeem(
    run: &Run,
    body: &RedeemRequest,
    now: DateTime<Utc>,
    refused: bool,
) -> RedeemResponse {
    for c in &body.codes {
        REDEEM_CALLS.update(run, &c.refill_code, |n| *n = Some(n.unwrap_or(0) + 1));
    }
    let error = |code: &str, message: &str| RedeemResponse {
        error_code: Some(code.into()),
        error_message: Some(message.into()),
        ..Default::default()
    };
    let failure = |code: Option<&str>| RedeemResponse {
        status: Some(FAILURE.into()),
        business_error_code: code.map(Into::into),
        ..Default::default()
    };
    if refused {
        return RedeemResponse {
            status: Some(SUCCESS.into()),
            ..Default::default()
        };
    }
    if account_world::find(&body.account_id).is_none() {
        return error(ACCOUNT_NOT_FOUND, NOT_FOUND_MESSAGE);
    }
    let well_formed = body.version == REDEEM_VERSION
        && !body.codes.is_empty()
        && body
            .codes
            .iter()
            .all(|c| c.lob == LOB_HSD && c.transaction_status == SUCCESS);
    if !well_formed {
        return error(INVALID_REQUEST, "The redemption request is not valid.");
    }
    if body.codes.iter().any(|c| c.device_serial_number.is_empty()) {
        return error(NO_DEVICE, "No device to refill.");
    }
    let date = iso(now);
    for c in &body.codes {
        match test_pins::kind_of(&c.refill_code) {
            PinKind::Rejected => return error(INVALID_PIN, "The refill PIN is not valid."),
            PinKind::Unrecognised => {
                return error(PIN_NOT_FOUND, "The refill PIN is not recognized.");
            }
            PinKind::Redeemed => return failure(Some(PIN_ALREADY_REDEEMED)),
            PinKind::RedeemRefused => return failure(Some(test_pins::REFUSED_CODE)),
            PinKind::RedeemFailure => return failure(None),
            PinKind::Valid { .. } => {}
        }
    }
    // one step per code under the ledger's lock: of two concurrent redemptions one wins
    let mut done = Vec::new();
    for c in &body.codes {
        let first = REDEEMED.update(run, &c.refill_code, |d| {
            if d.is_some() {
                return false;
            }
            *d = Some(date.clone());
            true
        });
        if !first {
            // all or nothing: undo the codes of this request redeemed so far
            for pin in done {
                REDEEMED.update(run, pin, |d| *d = None);
            }
            return failure(Some(PIN_ALREADY_REDEEMED));
        }
        done.push(c.refill_code.as_str());
    }
    RedeemResponse {
        status: Some(SUCCESS.into()),
        redemption_date: Some(date),
        ..Default::default()
    }
}

/// The ping file in `run`: the first fetch is 503, every later one 200 `OK`.
pub fn ping(run: &Run) -> PingFile {
    let n = PINGS.update(run, "", |n| {
        let v = n.unwrap_or(0) + 1;
        *n = Some(v);
        v
    });
    if n == 1 {
        PingFile::NotYet(PlainText("not yet".into()))
    } else {
        PingFile::Ok(PlainText("OK".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upstream::activation::account::PinRequest;
    use upstream::activation::pin::RedeemCode;

    const ACCOUNT: &str = "8993100000000101";

    fn validate(run: &Run, pin: &str) -> ValidateCodeResponse {
        let body = ValidateCodeRequest {
            pin_details: vec![PinRequest {
                account_id: ACCOUNT.into(),
                lob: LOB_HSD.into(),
                pin: pin.into(),
            }],
        };
        validate_code(run, &body, Utc::now())
    }

    fn redeem_pin(run: &Run, pin: &str, refused: bool) -> RedeemResponse {
        let body = RedeemRequest {
            version: REDEEM_VERSION.into(),
            tracking_id: "t".into(),
            source: "DIGITAL2.0".into(),
            account_id: ACCOUNT.into(),
            codes: vec![RedeemCode {
                refill_code: pin.into(),
                lob: LOB_HSD.into(),
                device_id: "A4:B1:00:00:01:01".into(),
                device_serial_number: "SN1".into(),
                device_status: "ACTIVE".into(),
                device_lob: LOB_HSD.into(),
                transaction_status: SUCCESS.into(),
            }],
        };
        redeem(run, &body, Utc::now(), refused)
    }

    #[test]
    fn a_pin_redeemed_once_stays_redeemed_in_its_run_only() {
        let run = Run::new(Some("pin-ledger"));
        let pin = "200000000002";
        let v = validate(&run, pin);
        assert_eq!(v.error_code, None);
        assert_eq!(v.pin_details[0].plan_qty, 2);
        assert_eq!(v.pin_details[0].redemption_date, None);
        assert!(v.pin_details[0].formatted_expiration_date.is_some());
        let r = redeem_pin(&run, pin, false);
        assert!(!r.failed(), "{r:?}");
        assert!(redeemed(Some("pin-ledger"), pin));
        let again = validate(&run, pin);
        assert_eq!(again.pin_details[0].redemption_date, r.redemption_date);
        let second = redeem_pin(&run, pin, false);
        assert!(second.failed());
        assert_eq!(
            second.business_error_code.as_deref(),
            Some(PIN_ALREADY_REDEEMED)
        );
        assert_eq!(redeem_calls(Some("pin-ledger"), pin), 2);
        // another run has not redeemed it
        let other = Run::new(Some("pin-ledger-other"));
        assert_eq!(validate(&other, pin).pin_details[0].redemption_date, None);
        assert!(!redeemed(Some("pin-ledger-other"), pin));
    }

    #[test]
    fn a_refused_redemption_is_counted_not_recorded() {
        let run = Run::new(Some("pin-refused"));
        let pin = "100000000001";
        redeem_pin(&run, pin, true);
        assert!(!redeemed(Some("pin-refused"), pin));
        assert_eq!(redeem_calls(Some("pin-refused"), pin), 1);
    }

    #[test]
    fn each_pin_kind_answers_as_documented() {
        let run = Run::new(Some("pin-kinds"));
        assert_eq!(
            validate(&run, "920000000001").error_code.as_deref(),
            Some(INVALID_PIN)
        );
        assert_eq!(
            validate(&run, "12345").error_code.as_deref(),
            Some(INVALID_PIN)
        );
        assert_eq!(
            validate(&run, "930000000001").error_code.as_deref(),
            Some(PIN_NOT_FOUND)
        );
        assert!(
            validate(&run, "910000000001").pin_details[0]
                .redemption_date
                .is_some()
        );
        let refused = redeem_pin(&run, "940000000001", false);
        assert_eq!(
            refused.business_error_code.as_deref(),
            Some(test_pins::REFUSED_CODE)
        );
        let failure = redeem_pin(&run, "950000000001", false);
        assert_eq!(
            (failure.status.as_deref(), failure.code()),
            (Some(FAILURE), None)
        );
        assert!(redeem_pin(&run, "910000000001", false).failed());
        assert!(!redeemed(Some("pin-kinds"), "940000000001"));
    }

    #[test]
    fn concurrent_redemptions_of_one_pin_redeem_it_once() {
        let run = Run::new(Some("pin-race"));
        let wins = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|_| s.spawn(|| !redeem_pin(&run, "300000000003", false).failed()))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap())
                .filter(|won| *won)
                .count()
        });
        assert_eq!(wins, 1);
    }

    #[test]
    fn well_formed_macs_are_upper_hex_pairs() {
        assert!(well_formed("12:34:56:78:90:AB"));
        assert!(!well_formed("12:34:56:78:90:ab"));
        assert!(!well_formed("12:34:56:78:90"));
        assert!(!well_formed("1234567890ABCDEF1"));
    }
}
