//! The recorder's walk of the signed-in flows (seed 001 §4 "Sign-in", "Account picker"): sign
//! in over HTTP through the real BFF as the scenario's identity (`startSignIn`, the simulated
//! provider's authorize page, `decodeSignIn`), pick the account on the picker when the input
//! names one, then make the calls of the flow's start page as the web does. The sign-in itself
//! (before `decodeSignIn`) is not recorded: Storybook cannot leave for the provider, so the
//! sign-in flow's stories start at the page the recorded `decodeSignIn` answer leads to, and
//! another flow's recording holds only its start page's calls (its stories start there).
//!
//! A flow joins with one row of [`SIGNED_IN_FLOWS`]: the pages its stories start at (the `GET`
//! paths each calls) and the writes its scenarios are about (`POST` with the body the page
//! builds from the input, CSRF token, `Idempotency-Key` where asked), recorded with the `GET`s
//! the page makes after the write, so a story can press the button and draw the result.
//! Dates in the answers move with the real clock (the worlds count days from today) and are
//! re-anchored to [`ANCHOR`] ([`reanchor`]), so a recording is the same whatever the day.

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::America::New_York;
use reqwest::{Method, Url};
use serde_json::{Value, json};

use crate::browser::{Browser, RecordError, text};

/// A signed-in flow the recorder walks: the scenario's `flow`, the pages its stories start at
/// and the writes its scenarios are about.
pub(crate) struct SignedInFlow {
    /// `scenarios/<flow>/`.
    pub(crate) flow: &'static str,
    /// The pages its scenarios start at, the first whose `action` the input names (or that
    /// names none); empty: the page `decodeSignIn` leads to (the sign-in flow itself).
    pub(crate) pages: &'static [Page],
    /// The writes its scenarios make on their page, after the page's calls: each scenario makes
    /// the first whose `body` its input gives (none: the page's calls only).
    pub(crate) writes: &'static [Write],
}

/// A page a signed-in flow's stories start at.
pub(crate) struct Page {
    /// The scenarios starting here: `input.action` equal to it; `None`: every other.
    pub(crate) action: Option<&'static str>,
    /// The web path below `/{locale}` (the story's start, written to the recording as `page`).
    pub(crate) path: &'static str,
    /// The `GET` paths the page calls, in the web's order (`{accountId}`: the signed-in account).
    pub(crate) calls: &'static [&'static str],
}

/// A state-changing call a scenario is about, made as its page makes it (a `POST` with the
/// page's body, the session's CSRF token, an `Idempotency-Key` where the BFF asks for one).
pub(crate) struct Write {
    /// `POST` path (`{accountId}`: the signed-in account).
    pub(crate) path: &'static str,
    /// The request body the page builds from the scenario's input (`Some(Null)`: no body);
    /// `None`: the scenario does not make this write.
    pub(crate) body: fn(&Value) -> Option<Value>,
    /// Whether the page sends an `Idempotency-Key` (one per page visit: a fixed one here).
    pub(crate) idempotency_key: bool,
    /// The `GET`s the page makes again after a 200 answer that is no `result: failed` (the
    /// answers it then draws, e.g. the dashboard without the cancelled move).
    pub(crate) then: &'static [&'static str],
}

/// Every flow whose scenarios sign in first. Add a row per signed-in flow.
pub(crate) const SIGNED_IN_FLOWS: &[SignedInFlow] = &[
    SignedInFlow {
        flow: "signin",
        pages: &[],
        writes: &[],
    },
    // seed 001 §4 "Scheduled move", "Reset router" (`web/src/flows/dashboard/`)
    SignedInFlow {
        flow: "dashboard",
        pages: &[
            Page {
                action: Some("cancelMove"),
                path: "/dashboard/notifications",
                calls: &[PROFILE, DASHBOARD, SYNC_UP],
            },
            Page {
                action: Some("restartDevice"),
                path: "/dashboard",
                calls: &[PROFILE, DASHBOARD, SYNC_UP],
            },
        ],
        writes: &[
            Write {
                path: "/secure2/accounts/{accountId}/scheduled-move/cancel",
                body: |i| (text(i, "action") == "cancelMove").then_some(Value::Null),
                idempotency_key: true,
                then: &[DASHBOARD],
            },
            Write {
                path: "/secure2/accounts/{accountId}/device/restart",
                body: |i| (text(i, "action") == "restartDevice").then_some(Value::Null),
                idempotency_key: false,
                then: &[],
            },
        ],
    },
    // seed 001 §4 "Communication preferences", §5 sync-up (`web/src/flows/account-information/`)
    SignedInFlow {
        flow: "account-information",
        pages: &[Page {
            action: None,
            path: "/dashboard/account-information",
            calls: &[PROFILE, ACCOUNT_INFORMATION, SYNC_UP],
        }],
        writes: &[
            // the sync-up modal's Submit: its two choices (`SyncUpModal.tsx`)
            Write {
                path: SYNC_UP,
                body: |i| i.get("syncUp").map(preferences),
                idempotency_key: false,
                then: &[ACCOUNT_INFORMATION],
            },
            // the preferences card's Update (`PreferencesCard.tsx`)
            Write {
                path: "/secure2/accounts/{accountId}/communication-preferences",
                body: |i| i.get("language").map(|_| preferences(i)),
                idempotency_key: false,
                then: &[],
            },
        ],
    },
];

/// The row of `flow`, when its scenarios sign in.
pub(crate) fn signed_in_flow(flow: &str) -> Option<&'static SignedInFlow> {
    SIGNED_IN_FLOWS.iter().find(|f| f.flow == flow)
}

/// `CommunicationPreferences` as the web sends it: language and SMS opt-in only.
fn preferences(input: &Value) -> Value {
    json!({ "language": input["language"], "smsOptIn": input["smsOptIn"] })
}

/// The fixed `Idempotency-Key` of a recorded write (the page makes one per visit).
const IDEMPOTENCY_KEY: &str = "00000000-0000-4000-8000-00000000000c";

const PROFILE: &str = "/secure2/profile";
const PICKER: &str = "/secure2/account-picker";
const DASHBOARD: &str = "/secure2/accounts/{accountId}/dashboard";
const SYNC_UP: &str = "/secure2/accounts/{accountId}/sync-up";
const ACTIVATION: &str = "/secure2/accounts/{accountId}/activation";
const ACCOUNT_INFORMATION: &str = "/secure2/accounts/{accountId}/account-information";

/// The day recordings are anchored to: a recording reads as if made on this day (a Monday in
/// US standard time, so every re-anchored day of the next weeks is in standard time too).
pub(crate) const ANCHOR: NaiveDate = match NaiveDate::from_ymd_opt(2026, 1, 5) {
    Some(d) => d,
    None => panic!("a valid anchor day"),
};

/// Walks a signed-in scenario: sign-in, the picker's choice, the start page's calls, then the
/// write the scenario is about and the calls the page makes after it. Answers the web path
/// the story starts at (another flow's page; `None`: the sign-in flow's).
pub(crate) async fn walk_signed_in(
    b: &mut Browser,
    flow: &SignedInFlow,
    input: &Value,
) -> Result<Option<&'static str>, RecordError> {
    let mut page = None;
    walk(b, flow, input, &mut page).await?;
    let today = Utc::now().date_naive();
    for body in b.bodies_mut() {
        reanchor(body, today);
        refuse_secrets(body)?;
    }
    Ok(page)
}

async fn walk(
    b: &mut Browser,
    flow: &SignedInFlow,
    input: &Value,
    page: &mut Option<&'static str>,
) -> Result<(), RecordError> {
    let identity = text(input, "identity");
    if identity.is_empty() {
        return Err(RecordError(
            "a signed-in scenario names input.identity".into(),
        ));
    }
    let decoded = sign_in(b, identity).await?;
    let account = match decoded["next"].as_str() {
        Some("dashboard") => None,
        Some("accountPicker") => {
            b.call(Method::GET, PICKER, &[], None).await?;
            let chosen = text(input, "account");
            if chosen.is_empty() {
                return Ok(());
            }
            let answer = b
                .call(
                    Method::POST,
                    PICKER,
                    &[],
                    Some(json!({ "accountId": chosen })),
                )
                .await?;
            match answer["next"].as_str() {
                Some("dashboard") => Some(chosen.to_owned()),
                Some("permissionError") => return permission_error_page(b).await,
                _ => return Ok(()),
            }
        }
        Some("permissionError") => return permission_error_page(b).await,
        // `error`: the error page makes no call
        _ => return Ok(()),
    };
    if input.get("signOutElsewhere") == Some(&Value::Bool(true)) {
        // another tab signs out; this tab's next calls meet the ended session
        b.send_elsewhere(
            Method::POST,
            "/secure2/logout",
            Some(json!({ "locale": "en" })),
        )
        .await?;
    }
    // an edited dashboard URL names another account (`?accountId=`)
    let account = Some(text(input, "dashboardAccount"))
        .filter(|a| !a.is_empty())
        .map(str::to_owned)
        .or(account);
    if flow.pages.is_empty() {
        return dashboard_page(b, account).await;
    }
    let action = text(input, "action");
    let Some(start) = flow
        .pages
        .iter()
        .find(|p| p.action.is_none_or(|a| a == action))
    else {
        return Err(RecordError(format!(
            "{}: no page for action `{action}`",
            flow.flow
        )));
    };
    *page = Some(start.path);
    // another flow's story starts at its own page: the sign-in is the signin flow's
    b.forget_exchanges();
    let Some(account) = start_page(b, start.calls, account).await? else {
        // the page failed to load: no button to press
        return Ok(());
    };
    let Some((write, body)) = flow
        .writes
        .iter()
        .find_map(|w| (w.body)(input).map(|body| (w, body)))
    else {
        // a scenario naming an action must make it: a typo is no page-only recording
        if !action.is_empty() {
            return Err(RecordError(format!(
                "{}: no write for action `{action}`",
                flow.flow
            )));
        }
        return Ok(());
    };
    let path = write.path.replace("{accountId}", &account);
    let headers: &[(&str, &str)] = if write.idempotency_key {
        &[("idempotency-key", IDEMPOTENCY_KEY)]
    } else {
        &[]
    };
    let body = (!body.is_null()).then_some(body);
    let answer = b.call_with(Method::POST, &path, &[], body, headers).await?;
    if b.exchanges_last_status() == Some(200) && answer["result"] != "failed" {
        for then in write.then {
            get(b, then, &account).await?;
        }
    }
    Ok(())
}

/// `startSignIn`, the identity picked on the provider's page, `decodeSignIn` (recorded): its
/// answer.
async fn sign_in(b: &mut Browser, identity: &str) -> Result<Value, RecordError> {
    let (status, started) = b
        .send(
            Method::POST,
            "/secure2/authorize",
            &[],
            Some(json!({ "locale": "en", "bhr": false, "mobile": false, "createId": false })),
            // the provider returns only to a registered address: this machine's
            &[("host", "127.0.0.1")],
        )
        .await?;
    let url = started["authorizeUrl"].as_str().unwrap_or_default();
    if status != 200 || url.is_empty() {
        return Err(RecordError(format!("startSignIn: {status} {started}")));
    }
    let base = Url::parse("http://portal.example").expect("a valid base");
    let page = base
        .join(url)
        .map_err(|e| RecordError(format!("{url}: {e}")))?;
    let mut form: Vec<(String, String)> = page.query_pairs().into_owned().collect();
    form.push(("identity".into(), identity.into()));
    let pairs: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let back = b
        .external_form_redirect(page.path(), &pairs)
        .await?
        .ok_or_else(|| RecordError(format!("{identity}: the provider did not redirect")))?;
    let back = base
        .join(&back)
        .map_err(|e| RecordError(format!("{back}: {e}")))?;
    let query = |k: &str| {
        back.query_pairs()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    };
    b.call(
        Method::POST,
        "/secure2/decoder",
        &[],
        Some(json!({ "code": query("code"), "state": query("state") })),
    )
    .await
}

/// The permission-error page: the signed-in identity's name, ID, mobile and e-mail.
async fn permission_error_page(b: &mut Browser) -> Result<(), RecordError> {
    b.call(Method::GET, PROFILE, &[], None).await.map(drop)
}

/// The dashboard page's calls (`web/src/flows/dashboard/DashboardFlow.tsx`) for `account`
/// (else the profile's): the profile (the shell's greeting and, without `?accountId=`, the
/// account), the account's dashboard, following an aux account's dashboard as the page does
/// (`next: auxDashboard` loads `nextAccountId`), then the sync-up check of the account shown;
/// an account needing activation: the activation steps' `getActivation` of `nextAccountId`
/// (else the account), where the account-state page leaves for after 1.5 s.
/// A call the page (or its shell) adds joins here, or its story meets an unrecorded call.
async fn dashboard_page(b: &mut Browser, account: Option<String>) -> Result<(), RecordError> {
    let Some(account) = profile_account(b, account).await? else {
        return Ok(());
    };
    let mut answer = get(b, DASHBOARD, &account).await?;
    if b.exchanges_last_status() != Some(200) {
        return Ok(());
    }
    let mut shown = account;
    if answer["next"] == "auxDashboard"
        && let Some(aux) = answer["nextAccountId"].as_str().map(str::to_owned)
    {
        answer = get(b, DASHBOARD, &aux).await?;
        shown = aux;
    }
    // the sync-up modal asks once the dashboard shows (web/src/components/SyncUpModal.tsx)
    if b.exchanges_last_status() == Some(200) && answer["next"] == "show" {
        get(b, SYNC_UP, &shown).await?;
    }
    if b.exchanges_last_status() == Some(200) && answer["next"] == "activation" {
        let to_activate = answer["nextAccountId"]
            .as_str()
            .unwrap_or(&shown)
            .to_owned();
        get(b, ACTIVATION, &to_activate).await?;
    }
    Ok(())
}

/// A start page's calls for `account` (else the profile's) until one fails: the account
/// when every call answered 200 (the page shows), else `None`.
async fn start_page(
    b: &mut Browser,
    calls: &[&'static str],
    account: Option<String>,
) -> Result<Option<String>, RecordError> {
    let Some(account) = profile_account(b, account).await? else {
        return Ok(None);
    };
    for path in calls.iter().filter(|p| **p != PROFILE) {
        get(b, path, &account).await?;
        if b.exchanges_last_status() != Some(200) {
            return Ok(None);
        }
    }
    Ok(Some(account))
}

/// `getProfile` (every signed-in page's shell calls it first); the account: `account`, else the one
/// chosen at sign-in. `None` when the profile fails (the page leaves for an error page).
async fn profile_account(
    b: &mut Browser,
    account: Option<String>,
) -> Result<Option<String>, RecordError> {
    let profile = b.call(Method::GET, PROFILE, &[], None).await?;
    let chosen = profile["accountId"].as_str().map(str::to_owned);
    if b.exchanges_last_status() != Some(200) && account.is_none() {
        return Ok(None);
    }
    Ok(account.or(chosen))
}

async fn get(b: &mut Browser, path: &str, account: &str) -> Result<Value, RecordError> {
    let path = path.replace("{accountId}", account);
    b.call(Method::GET, &path, &[], None).await
}

/// Moves every date of `body` (`YYYY-MM-DD`, or an RFC 3339 UTC moment) by the whole days
/// from `today` to [`ANCHOR`]. A moment moves as a US Eastern wall-clock time (the portal's
/// days are Eastern: the move's cancel cutoff is midnight Eastern, 5:00 or 4:00 UTC by
/// daylight time), so its re-anchored hour follows the anchor's season, not the recording
/// day's, and the recording does not change with the season either.
pub(crate) fn reanchor(body: &mut Value, today: NaiveDate) {
    let days = (ANCHOR - today).num_days();
    match body {
        Value::String(s) => {
            if let Some(moved) = moved_date(s, days) {
                *s = moved;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| reanchor(v, today)),
        Value::Object(map) => map.values_mut().for_each(|v| reanchor(v, today)),
        _ => {}
    }
}

fn moved_date(s: &str, days: i64) -> Option<String> {
    if s.len() == 10 {
        let d = NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()?;
        return Some((d + Duration::days(days)).format("%Y-%m-%d").to_string());
    }
    if !s.ends_with('Z') || s.len() < 20 || s.as_bytes().get(10) != Some(&b'T') {
        return None;
    }
    let at = DateTime::parse_from_rfc3339(s)
        .ok()?
        .with_timezone(&New_York);
    let wall = at.date_naive() + Duration::days(days);
    let time: NaiveTime = at.time();
    let moved = New_York
        .from_local_datetime(&wall.and_time(time))
        .earliest()?
        .with_timezone(&Utc);
    Some(moved.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
}

/// Tokens and the customer guid stay on the server: a recorded answer naming one (other than
/// the recorder's fixed stand-ins) is refused.
fn refuse_secrets(body: &Value) -> Result<(), RecordError> {
    match body {
        Value::Object(map) => {
            for (key, value) in map {
                let k = key.to_ascii_lowercase();
                if (k.contains("token") || k.contains("guid"))
                    && value.as_str().is_some_and(|v| v != "recorded")
                {
                    return Err(RecordError(format!("a recorded answer carries {key}")));
                }
                refuse_secrets(value)?;
            }
            Ok(())
        }
        Value::Array(items) => items.iter().try_for_each(refuse_secrets),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_move_by_whole_days_and_moments_as_eastern_wall_clock() {
        let today = NaiveDate::from_ymd_opt(2026, 7, 1).unwrap();
        let mut v = json!({
            "expirationDate": "2026-07-11",
            // midnight Eastern in daylight time: 4:00 UTC; re-anchored into standard time, 5:00
            "cancelUntil": "2026-07-11T04:00:00Z",
            "plain": "2026-07-11 is a date in a sentence",
        });
        reanchor(&mut v, today);
        assert_eq!(v["expirationDate"], "2026-01-15");
        assert_eq!(v["cancelUntil"], "2026-01-15T05:00:00Z");
        assert_eq!(v["plain"], "2026-07-11 is a date in a sentence");
    }

    #[test]
    fn secrets_are_refused() {
        assert!(refuse_secrets(&json!({"a": [{"accessToken": "x"}]})).is_err());
        assert!(refuse_secrets(&json!({"custGuid": "recorded"})).is_ok());
    }
}
