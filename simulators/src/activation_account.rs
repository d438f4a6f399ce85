//! The activation simulator's answers for the activation of an existing account, seed 001 §3 "Activation
//! state", "Activation code", §4 "Activation", §7 ("Get account", "Load prepaid account",
//! "Validate device", "Validate MAC", "Activate", "Validate activation code", "Public
//! ping"), served by [`crate::activation::ActivationApi`] (one simulator per service). Call names `getAccount`, `loadPrepaidAccount`, `validateDevice`, `validateMac`,
//! `activateAccount`, `validateActivationCode`, `activationPing`.
//!
//! The world: every account of [`account_world`] can be activated; its modem is located
//! (`sroYN` `N`, first device `FOUND`, [`account_world::modem`]); any well-formed MAC is
//! recognised. Scenarios select the rest (not found, not ready, MAC `FAILURE`, each
//! activation failure). Remembered per run ([`RunStore`]): the accounts activated (a second
//! activation answers [`ALREADY_ACTIVATED`]) and how often the ping file was fetched (the
//! first fetch of a run is 503, later ones 200: the modem coming back after its restart).

use chrono::{DateTime, Days, Utc};
use poem_openapi::{ApiResponse, payload::PlainText};
use upstream::account::{ACCOUNT_NOT_FOUND, LOB_HSD};
use upstream::activation::account::{
    AccountActivationRequest, AccountActivationResponse, AccountRef, DEVICE_FOUND,
    DeviceStatusResponse, GetAccountResponse, LocatedDevice, MAC_FAILURE, MAC_SUCCESS, PinDetail,
    SERVICE_READY, StatusResponse, ValidateCodeRequest, ValidateCodeResponse, ValidateMacRequest,
    ValidateMacResponse,
};

use crate::account_world::{self, NOT_FOUND_MESSAGE};
use crate::run_state::{Run, RunStore};

/// `errorCode` of a second activation of the same account in one run.
pub const ALREADY_ACTIVATED: &str = "ALREADY_ACTIVATED";
/// `errorCode` of a VAN activation without a first and last name.
pub const INVALID_CUSTOMER_INFO: &str = "INVALID_CUSTOMER_INFO";
/// `errorCode` of an activation without a device serial.
pub const NO_DEVICE: &str = "NO_DEVICE";
/// `errorCode` of an activation code that is not 12 digits.
pub const INVALID_PIN: &str = "INVALID_PIN";

/// Activations per (run, account): more than one means a double submit got through.
static ACTIVATIONS: RunStore<u32> = RunStore::new();
/// Fetches of the ping file per run (the account key is empty).
static PINGS: RunStore<u32> = RunStore::new();

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

/// `validate-activation-code` at `now`: each 12-digit `pin` buys 1 plan redeemed now and
/// expiring in 30 days (ISO 8601 UTC); any other pin, or none: [`INVALID_PIN`].
pub fn validate_code(body: &ValidateCodeRequest, now: DateTime<Utc>) -> ValidateCodeResponse {
    let valid = |p: &str| p.len() == 12 && p.bytes().all(|b| b.is_ascii_digit());
    if body.pin_details.is_empty() || !body.pin_details.iter().all(|p| valid(&p.pin)) {
        return ValidateCodeResponse {
            error_code: Some(INVALID_PIN.into()),
            error_message: Some("The activation code is not valid.".into()),
            ..Default::default()
        };
    }
    let expiry = now.checked_add_days(Days::new(30)).unwrap_or(now);
    let iso = |t: DateTime<Utc>| t.format("%Y-%m-%dT%H:%M:%SZ").to_string();
    ValidateCodeResponse {
        pin_details: body
            .pin_details
            .iter()
            .map(|p| PinDetail {
                pin: p.pin.clone(),
                plan_qty: 1,
                redemption_date: iso(now),
                expiration_date: iso(expiry),
            })
            .collect(),
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
    use super::well_formed;

    #[test]
    fn well_formed_macs_are_upper_hex_pairs() {
        assert!(well_formed("12:34:56:78:90:AB"));
        assert!(!well_formed("12:34:56:78:90:ab"));
        assert!(!well_formed("12:34:56:78:90"));
        assert!(!well_formed("1234567890ABCDEF1"));
    }
}
