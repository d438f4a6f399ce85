//! The PIN refill context: store namespace [`NS`], one record per sign-in and account
//! (`<sign-in context id>.<account id>`), written by `validateRefillPin`, read by
//! `redeemRefillPin` (ARCHITECTURE.md "State lives in the store").

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{
    http::{auth::OwnedAccount, error::ApiError},
    store::Store,
};

/// Store namespace of the PIN refill contexts.
pub const NS: &str = "refillPin";

/// The account's internet device, as the redemption names it (seed 002 §7.2 `codes[]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Device {
    /// `deviceId`: the dashboard names the device by its MAC (else its serial).
    pub id: String,
    /// `deviceSerialNumber`.
    pub serial: String,
    /// `deviceStatus`, e.g. `ACTIVE`.
    pub status: String,
    /// `deviceLob`, `HSD`.
    pub lob: String,
}

/// A PIN the provider validated for this account.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidatedPin {
    /// The PIN as validated (trimmed). Never logged: see the `Debug` impl.
    pub pin: String,
    /// Plans it buys.
    pub plan_qty: u32,
    /// The service's expiry date once redeemed, `YYYY-MM-DD`.
    pub new_expiration_date: String,
    /// The device it is redeemed on.
    pub device: Device,
}

impl fmt::Debug for ValidatedPin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ValidatedPin")
            .field("pin", &"<redacted>")
            .field("plan_qty", &self.plan_qty)
            .field("new_expiration_date", &self.new_expiration_date)
            .field("device", &self.device)
            .finish()
    }
}

/// What the BFF keeps of the PIN tab of one account.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PinContext {
    /// Number of PINs validated so far: each one starts a redemption attempt, and
    /// `redeemRefillPin` redeems at most once per attempt.
    pub attempt: u32,
    /// The PIN of the current attempt; `None` before a validation or after a refused one.
    pub validated: Option<ValidatedPin>,
}

impl PinContext {
    /// A PIN validated: a new attempt redeems it.
    pub fn validate(&mut self, pin: ValidatedPin) {
        self.attempt += 1;
        self.validated = Some(pin);
    }

    /// A PIN refused: nothing is left to redeem.
    pub fn forget(&mut self) {
        self.validated = None;
    }
}

/// The record id of `owned`'s account under its sign-in.
pub fn id(owned: &OwnedAccount) -> String {
    format!("{}.{}", owned.session.context_id, owned.account_id)
}

/// The context of `id` (the default when none was written).
///
/// # Errors
///
/// `STORE_UNAVAILABLE` when the store does not answer.
pub async fn load(store: &Store, id: &str) -> Result<PinContext, ApiError> {
    Ok(store.get(NS, id).await?.unwrap_or_default())
}

/// Changes the context of `id` (absent: from the default) and returns what `f` returns.
///
/// # Errors
///
/// `STORE_UNAVAILABLE` when the store does not answer.
pub async fn update<R: Send>(
    store: &Store,
    id: &str,
    f: impl Fn(&mut PinContext) -> R + Send,
) -> Result<R, ApiError> {
    Ok(store.update(NS, id, f).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_validation_is_an_attempt_and_debug_hides_the_pin() {
        let pin = ValidatedPin {
            pin: "100000000001".into(),
            plan_qty: 1,
            new_expiration_date: "2026-12-31".into(),
            device: Device {
                id: "A4:B1:00:00:01:01".into(),
                serial: "SN1".into(),
                status: "ACTIVE".into(),
                lob: "HSD".into(),
            },
        };
        let mut c = PinContext::default();
        c.validate(pin.clone());
        c.validate(pin);
        assert_eq!(c.attempt, 2);
        assert!(!format!("{c:?}").contains("100000000001"));
        c.forget();
        assert_eq!((c.attempt, c.validated), (2, None));
    }
}
