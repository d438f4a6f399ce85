//! The activation context: store namespace [`NS`], one record per sign-in and account
//! (`<sign-in context id>.<account id>`), written by `getActivation` and `validateMac`, read
//! by `activateAccount`.

use serde::{Deserialize, Serialize};

use crate::{http::error::ApiError, store::Store};

/// Store namespace of the activation contexts.
pub const NS: &str = "activation";

/// The modem to activate and restart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modem {
    /// MAC address `XX:XX:XX:XX:XX:XX`.
    pub mac: String,
    /// Serial number (the activation names the device by it).
    pub serial: String,
}

/// What the BFF learned on the activation page of one account.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActivationContext {
    /// Number of `getActivation` answers with `next: steps`: each page load is one attempt,
    /// and `activateAccount` activates at most once per attempt.
    pub attempt: u32,
    /// `customerInfo.accountType` is `VAN` (the account name step; seed 001 §3).
    pub van: bool,
    /// The located modem (device step complete by itself) or the one the customer's MAC
    /// named; `None`: the device step is not complete.
    pub modem: Option<Modem>,
}

/// The record id of `account` under the sign-in context `signin_context`.
pub fn id(signin_context: &str, account: &str) -> String {
    format!("{signin_context}.{account}")
}

/// The context of `id`, if `getActivation` wrote one.
///
/// # Errors
///
/// `STORE_UNAVAILABLE` when the store does not answer.
pub async fn load(store: &Store, id: &str) -> Result<Option<ActivationContext>, ApiError> {
    Ok(store.get(NS, id).await?)
}

/// Changes the context of `id` (absent: from the default) and returns what `f` returns.
///
/// # Errors
///
/// `STORE_UNAVAILABLE` when the store does not answer.
pub async fn update<R: Send>(
    store: &Store,
    id: &str,
    f: impl Fn(&mut ActivationContext) -> R + Send,
) -> Result<R, ApiError> {
    Ok(store.update(NS, id, f).await?)
}
