//! The account-information rules of seed 001 (pure).

use upstream::identity::Matching;

use crate::http::auth::record::{LinkedAccount, Person};

/// Which contact point is the sign-in id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInIdKind {
    /// The verified mobile number (10 digits).
    Mobile,
    /// The provider's user id.
    UserId,
    /// The verified e-mail address.
    Email,
}

/// The sign-in id shown on the sync-up modal (seed 001 §2 "Page shell": "verified mobile,
/// else user id, else verified email"); `None` when the identity has none of them.
pub fn sign_in_id(p: &Person) -> Option<(SignInIdKind, &str)> {
    let filled = |s: &str| !s.trim().is_empty();
    if p.mobile_verified && filled(&p.mobile) {
        Some((SignInIdKind::Mobile, &p.mobile))
    } else if filled(&p.uid) {
        Some((SignInIdKind::UserId, &p.uid))
    } else if p.email_verified && filled(&p.email) {
        Some((SignInIdKind::Email, &p.email))
    } else {
        None
    }
}

/// Whether the identity account's contact points call for a sync-up (seed 001 §2
/// "Dashboard": any contact-match combination other than both matching or both unknown).
pub fn needs_sync_up(a: &LinkedAccount) -> bool {
    !matches!(
        (a.email_matching, a.phone_matching),
        (Matching::True, Matching::True) | (Matching::Na, Matching::Na)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use Matching::{False as F, Na, True as T};

    fn person(mobile_verified: bool, uid: &str, email_verified: bool) -> Person {
        Person {
            first_name: "A".into(),
            last_name: "B".into(),
            chosen_first_name: None,
            pronoun: None,
            uid: uid.into(),
            email: "a@example.com".into(),
            email_verified,
            mobile: "4045550100".into(),
            mobile_verified,
        }
    }

    #[test]
    fn sign_in_id_prefers_verified_mobile_then_user_id_then_verified_email() {
        let kind = |p: &Person| sign_in_id(p).map(|(k, _)| k);
        assert_eq!(kind(&person(true, "u", true)), Some(SignInIdKind::Mobile));
        assert_eq!(kind(&person(false, "u", true)), Some(SignInIdKind::UserId));
        assert_eq!(kind(&person(false, " ", true)), Some(SignInIdKind::Email));
        assert_eq!(kind(&person(false, "", false)), None);
        assert_eq!(
            sign_in_id(&person(false, "u", true)),
            Some((SignInIdKind::UserId, "u"))
        );
    }

    #[test]
    fn sync_up_for_every_combination_but_both_true_and_both_unknown() {
        for e in [T, F, Na] {
            for p in [T, F, Na] {
                let a = LinkedAccount {
                    number: "1".into(),
                    in_prepaid_db: true,
                    open: true,
                    owner: true,
                    street: String::new(),
                    city_state_zip: String::new(),
                    email_matching: e,
                    phone_matching: p,
                };
                let expected = !((e == T && p == T) || (e == Na && p == Na));
                assert_eq!(needs_sync_up(&a), expected, "{e:?} {p:?}");
            }
        }
    }
}
