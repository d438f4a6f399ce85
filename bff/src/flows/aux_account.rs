//! The aux account's create-then-fetch, shared by a reconnect and a move (seed 002 §3.7,
//! §4.5, §9; seed 001 §3 "Aux account", §7 "Aux account"): one `create-aux-account` call,
//! then, `Config::reconnect_aux_fetch` later (10 s in production), the account's aux
//! accounts, where the new one must be listed. Each flow turns the [`AuxOutcome`] into its
//! own answer and catalogue message; recording the attempt is the caller's too.

use upstream::account::{AuxAcctType, AuxDetail, CreateAuxAccountRequest};

use crate::{
    state::AppState,
    upstream::{self as up, CallCtx, UpstreamError},
};

/// What one create and its fetch came to.
#[derive(Debug)]
pub enum AuxOutcome {
    /// Created, and listed by the fetch with the requested type and the new id: the listed
    /// details, and the creation answer's `auxAccountConfNo`.
    Listed {
        /// The aux account as the fetch lists it.
        detail: Box<AuxDetail>,
        /// The creation answer's confirmation number, when it gave one.
        conf_no: Option<String>,
    },
    /// The creation answered with an `errorCode`.
    Refused,
    /// The creation answer has no usable aux account (`auxAcctError`, or no id).
    AuxError,
    /// The fetch failed, was refused, or does not list the new aux account.
    NotListed,
}

/// Creates the aux account of `payload` for `account` (16 digits), waits, and looks for it
/// among the account's aux accounts of type `kind`. `flow` names the caller in the log lines
/// (which carry no account, address or card). Err: the creation call itself failed, so
/// whether upstream made the aux account is unknown.
pub async fn create_then_fetch(
    state: &AppState,
    ctx: &CallCtx,
    flow: &'static str,
    account: &str,
    payload: &CreateAuxAccountRequest,
    kind: AuxAcctType,
) -> Result<AuxOutcome, UpstreamError> {
    let c = &state.clients;
    let created = up::account::create_aux_account(c, ctx, payload)
        .await
        .inspect_err(|e| tracing::warn!(flow, error = %e, "aux account creation failed"))?;
    if let Some(code) = created.error_code.as_deref() {
        tracing::warn!(flow, code, "aux account creation refused");
        return Ok(AuxOutcome::Refused);
    }
    let Some(aux) = created
        .aux_details
        .first()
        .filter(|d| d.aux_acct_error.is_none() && !d.aux_account_id.trim().is_empty())
        .map(|d| d.aux_account_id.trim().to_owned())
    else {
        tracing::warn!(flow, "no usable aux account in the creation answer");
        return Ok(AuxOutcome::AuxError);
    };
    // seed 002 §4.5, §9: the aux account is fetched 10 s after its creation
    tokio::time::sleep(state.config.reconnect_aux_fetch).await;
    let listed = match up::account::aux_account(c, ctx, account).await {
        Ok(r) if r.error_code.is_none() => r
            .aux_details
            .into_iter()
            .find(|d| d.aux_acct_type == kind && d.aux_account_id == aux),
        Ok(r) => {
            tracing::warn!(flow, code = r.error_code.as_deref(), "aux fetch refused");
            None
        }
        Err(e) => {
            tracing::warn!(flow, error = %e, "aux fetch failed");
            None
        }
    };
    Ok(match listed {
        Some(detail) => AuxOutcome::Listed {
            detail: Box::new(detail),
            conf_no: created.aux_account_conf_no,
        },
        None => AuxOutcome::NotListed,
    })
}
