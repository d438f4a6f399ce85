//! What the BFF keeps of a sign-in, server-side only: the flow context `pp:ctx:signin:<id>`
//! (named by the session entry `ctx.signin`), so the session record stays small (its bound
//! is 4 KiB; tokens and an identity with several accounts would not fit) and the context
//! ends with the session (ARCHITECTURE.md "State lives in the store").
//!
//! Nothing here is ever sent to the browser as is: tokens and the customer guid never leave
//! the server; answers are built from it field by field (`flows::signin::types`).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use upstream::identity::{IdentityInfo, Matching, PrepaidStatus};

use crate::http::error::ErrorCode;

/// Store namespace of the sign-in context.
pub const NS: &str = "signin";

/// The role that may use the account area (seed 001 §6).
pub const OWNER_ROLE: &str = "ACCOUNT_OWNER";

/// Most aux accounts remembered per sign-in (one per owned account is the usual case).
pub const MAX_AUX: usize = 32;

/// The sign-in context of one session.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignInContext {
    /// The authorize request under way (`startSignIn`), consumed by the next
    /// `decodeSignIn` whatever its outcome (the state is one use).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    /// The signed-in identity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed_in: Option<SignedIn>,
}

/// An authorize request under way (RFC 6749 §4.1.1, RFC 7636 §4.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The `state` sent to the provider (32 hex characters, random).
    pub state: String,
    /// The PKCE verifier (64 characters of `0-9a-f`, random); only its S256 challenge left.
    pub verifier: String,
    /// The `redirect_uri` sent, repeated at the token exchange.
    pub redirect_uri: String,
    /// The hand-off's `bhr` flag (seed 001 §2), carried to the dashboard.
    pub bhr: bool,
    /// The hand-off's `mobile` flag (in-app), carried to the dashboard.
    pub mobile: bool,
}

/// The signed-in identity (seed 001 §3 "Identity"), compact.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedIn {
    /// Access token of the provider (bearer; never logged or answered).
    pub access_token: String,
    /// Id token: the logout's `id_token_hint`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id_token: Option<String>,
    /// Customer guid (`custGuid`; never answered).
    pub cust_guid: String,
    /// Names, uid and contact points.
    pub person: Person,
    /// The identity's accounts, provider order.
    pub accounts: Vec<LinkedAccount>,
    /// The account chosen (the only one, or the picker's choice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen: Option<String>,
    /// Aux accounts learned from the aux-account call of an owned account.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aux: Vec<AuxLink>,
    /// The last signed-in call, Unix ms of the BFF's clock (`AppState::clock`).
    pub last_active_ms: i64,
    /// The hand-off's `bhr` flag.
    pub bhr: bool,
    /// The hand-off's `mobile` flag.
    pub mobile: bool,
    /// The sync-up modal was offered in this session (seed 001 §2 "once per session", the
    /// seed's `xpp_su`); `flows::account_information`.
    #[serde(default)]
    pub sync_up_shown: bool,
}

/// The person behind the identity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    /// `idcmtFirstName`.
    pub first_name: String,
    /// `idcmtLastName`.
    pub last_name: String,
    /// `chosenName.chosenFirstName`, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_first_name: Option<String>,
    /// `pronoun`, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pronoun: Option<String>,
    /// `idcmtUid`.
    pub uid: String,
    /// `idcmtEmail`.
    pub email: String,
    /// `idcmtEmailVerified`.
    pub email_verified: bool,
    /// `idcmtMobile`.
    pub mobile: String,
    /// `idcmtMobileVerified`.
    pub mobile_verified: bool,
}

/// One account of the identity (`identityAccounts[]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkedAccount {
    /// `accountNumber`.
    pub number: String,
    /// `presentInPrepaidDB`: only those are offered (seed 001 §4 "Account picker").
    pub in_prepaid_db: bool,
    /// `prepaidStatus` is `Open`.
    pub open: bool,
    /// `role` is `ACCOUNT_OWNER`.
    pub owner: bool,
    /// Street line of the service address.
    pub street: String,
    /// `City, ST 12345`.
    pub city_state_zip: String,
    /// `isPrepaidEmailMatching` (the sync-up rule, seed 001 §2 "Dashboard").
    #[serde(default = "unknown")]
    pub email_matching: Matching,
    /// `isPrepaidPhoneMatching`.
    #[serde(default = "unknown")]
    pub phone_matching: Matching,
}

/// A contact-match flag a stored record lacks: unknown (`NA`).
const fn unknown() -> Matching {
    Matching::Na
}

/// An aux account (move, reconnect) of one of the identity's accounts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuxLink {
    /// The aux account's number.
    pub aux: String,
    /// The identity's account it belongs to.
    pub of: String,
}

/// Why an identity answer cannot sign anyone in (seed 001 §4 "Sign-in": missing custGuid or
/// identityResponse leads to the error page; §7: an errorCode is kept as an error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdentityUnusable {
    /// `custGuid` blank.
    NoCustGuid,
    /// `identityResponse.errorCode` present.
    ErrorCode,
    /// `identityResponse.response` absent.
    NoIdentity,
}

impl IdentityUnusable {
    /// A log-safe reason (no value of the answer).
    pub fn reason(self) -> &'static str {
        match self {
            Self::NoCustGuid => "identity answer without custGuid",
            Self::ErrorCode => "identity answer with errorCode",
            Self::NoIdentity => "identity answer without identityResponse",
        }
    }
}

impl SignedIn {
    /// The record of `info`, signed in at `now_ms`, or why it cannot be used.
    pub fn from_info(
        info: IdentityInfo,
        access_token: String,
        id_token: Option<String>,
        pending: &Pending,
        now_ms: i64,
    ) -> Result<Self, IdentityUnusable> {
        if info.cust_guid.trim().is_empty() {
            return Err(IdentityUnusable::NoCustGuid);
        }
        let r = info.identity_response;
        if r.error_code.is_some() {
            return Err(IdentityUnusable::ErrorCode);
        }
        let p = r.response.ok_or(IdentityUnusable::NoIdentity)?;
        let i = p.identity;
        let accounts = p
            .identity_accounts
            .into_iter()
            .map(|a| LinkedAccount {
                number: a.account_number,
                in_prepaid_db: a.present_in_prepaid_db,
                open: a.prepaid_status == PrepaidStatus::Open,
                owner: a.role == OWNER_ROLE,
                street: a.idcmt_service_address,
                city_state_zip: upstream::address::city_state_zip(
                    &a.idcmt_service_city,
                    &a.idcmt_service_state,
                    &a.idcmt_service_postal_code,
                ),
                email_matching: a.is_prepaid_email_matching,
                phone_matching: a.is_prepaid_phone_matching,
            })
            .collect();
        Ok(Self {
            access_token,
            id_token,
            cust_guid: info.cust_guid,
            person: Person {
                first_name: i.idcmt_first_name,
                last_name: i.idcmt_last_name,
                chosen_first_name: p
                    .chosen_name
                    .map(|c| c.chosen_first_name)
                    .filter(|n| !n.trim().is_empty()),
                pronoun: p.pronoun.filter(|n| !n.trim().is_empty()),
                uid: i.idcmt_uid,
                email: i.idcmt_email,
                email_verified: i.idcmt_email_verified,
                mobile: i.idcmt_mobile,
                mobile_verified: i.idcmt_mobile_verified,
            },
            accounts,
            chosen: None,
            aux: Vec::new(),
            last_active_ms: now_ms,
            bhr: pending.bhr,
            mobile: pending.mobile,
            sync_up_shown: false,
        })
    }

    /// The accounts present in the prepaid database (the picker's, seed 001 §4).
    pub fn prepaid_accounts(&self) -> impl Iterator<Item = &LinkedAccount> {
        self.accounts.iter().filter(|a| a.in_prepaid_db)
    }

    /// The identity's account `number`, if it is one.
    pub fn account(&self, number: &str) -> Option<&LinkedAccount> {
        self.accounts.iter().find(|a| a.number == number)
    }

    /// Whether this identity may use `account` (seed 001 §5 "The account id must be among
    /// the identity accounts, else the error page", §6 "Only ACCOUNT_OWNER"): its own
    /// account, or an aux account learned for one of them, when the owning account's role is
    /// `ACCOUNT_OWNER`.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::SessionRejected`] for an account that is neither;
    /// [`ErrorCode::PermissionDenied`] when the identity's role on it is not owner.
    pub fn authorize(&self, account: &str) -> Result<(), ErrorCode> {
        let own = self.account(account).or_else(|| {
            let link = self.aux.iter().find(|l| l.aux == account)?;
            self.account(&link.of)
        });
        match own {
            None => Err(ErrorCode::SessionRejected),
            Some(a) if !a.owner => Err(ErrorCode::PermissionDenied),
            Some(_) => Ok(()),
        }
    }

    /// Remembers `aux` as an aux account of the identity's account `of` (ignored when `of`
    /// is not the identity's; the oldest link goes beyond [`MAX_AUX`]).
    pub fn learn_aux(&mut self, aux: &str, of: &str) {
        if self.account(of).is_none() || self.aux.iter().any(|l| l.aux == aux) {
            return;
        }
        if self.aux.len() >= MAX_AUX {
            self.aux.remove(0);
        }
        self.aux.push(AuxLink {
            aux: aux.to_owned(),
            of: of.to_owned(),
        });
    }

    /// What is left of the idle window `idle` at `now_ms`; `None`: the sign-in expired
    /// (seed 001 §4 "Session and timeout", §9 840 s).
    pub fn idle_left(&self, now_ms: i64, idle: Duration) -> Option<Duration> {
        let since = u64::try_from(now_ms.saturating_sub(self.last_active_ms)).unwrap_or(0);
        let idle_ms = u64::try_from(idle.as_millis()).unwrap_or(u64::MAX);
        (since < idle_ms).then(|| Duration::from_millis(idle_ms - since))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(number: &str, owner: bool) -> LinkedAccount {
        LinkedAccount {
            number: number.into(),
            in_prepaid_db: true,
            open: true,
            owner,
            street: "1 A St".into(),
            city_state_zip: "Atlanta, GA 30309".into(),
            email_matching: Matching::True,
            phone_matching: Matching::True,
        }
    }

    fn signed_in() -> SignedIn {
        SignedIn {
            access_token: "t".into(),
            id_token: None,
            cust_guid: "CG".into(),
            person: Person {
                first_name: "A".into(),
                last_name: "B".into(),
                chosen_first_name: None,
                pronoun: None,
                uid: "u".into(),
                email: "e".into(),
                email_verified: true,
                mobile: "m".into(),
                mobile_verified: true,
            },
            accounts: vec![account("1", true), account("2", false)],
            chosen: None,
            aux: Vec::new(),
            last_active_ms: 1_000_000,
            bhr: false,
            mobile: false,
            sync_up_shown: false,
        }
    }

    #[test]
    fn authorizes_owned_and_learned_aux_accounts_only() {
        let mut s = signed_in();
        assert_eq!(s.authorize("1"), Ok(()));
        assert_eq!(s.authorize("2"), Err(ErrorCode::PermissionDenied));
        assert_eq!(s.authorize("9"), Err(ErrorCode::SessionRejected));
        s.learn_aux("9", "1");
        s.learn_aux("8", "2");
        s.learn_aux("7", "not-mine");
        assert_eq!(s.authorize("9"), Ok(()));
        assert_eq!(s.authorize("8"), Err(ErrorCode::PermissionDenied));
        assert_eq!(s.authorize("7"), Err(ErrorCode::SessionRejected));
        for n in 0..MAX_AUX + 5 {
            s.learn_aux(&format!("x{n}"), "1");
        }
        assert_eq!(s.aux.len(), MAX_AUX);
    }

    #[test]
    fn idle_window() {
        let s = signed_in();
        let idle = Duration::from_secs(840);
        assert_eq!(
            s.idle_left(1_000_000 + 540_000, idle),
            Some(Duration::from_secs(300))
        );
        assert_eq!(s.idle_left(1_000_000 + 840_000, idle), None);
        assert_eq!(s.idle_left(1_000_000 - 5, idle), Some(idle), "clock behind");
    }
}
