//! The identity provider's part of the default world: the test identities offered on its
//! authorize page, one per sign-in and account-state branch of seed 001 §4 ("Sign-in",
//! "Account picker", "Page readiness and checks"), §5 (role), §2 (sync-up modal). Synthetic
//! data only (example.com e-mails, 555 numbers); ids and account numbers are fixed, so
//! scenarios, recordings and the dashboard simulator can name them.
//!
//! Each account carries [`Account::dashboard`], the state the account simulator
//! ([`crate::account_world`]) holds it in for the identity to reach its branch.

use upstream::identity::{
    ChosenName, IdcmtIdentity, IdentityAccount, IdentityInfo, IdentityPayload, IdentityResponse,
    Matching, PrepaidStatus,
};

/// The role that may use the account area (seed 001 §6).
pub const OWNER: &str = "ACCOUNT_OWNER";
/// Our name of a role other than owner (the seed names only `ACCOUNT_OWNER`).
pub const AUTHORIZED_USER: &str = "AUTHORIZED_USER";

/// The state the account simulator holds an account in (seed 001 §4 "Page readiness and
/// checks", §2 "Dashboard"); what the portal does with it in brackets. Days are the
/// portal's days remaining (whole days to expiry + 1), the same whatever the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DashboardState {
    /// Open, internet plan with 20 days left, auto-refill off (the dashboard, green ring).
    Active,
    /// Open, 5 days left, auto-refill off (amber ring, refill now).
    ExpiringSoon,
    /// Open, 0 days left: expired yesterday (red ring, expired tile, refill now).
    Expired,
    /// Open, 20 days left, auto-refill on (`enrollAutoPayment: true`; auto-refill badge).
    AutoRefill,
    /// Open, 20 days left, a move to aux account `aux` (Preactivated, `MOVE`) scheduled in
    /// 10 days (notification badge, moving tile, notifications page).
    ScheduledMove {
        /// The aux account's number.
        aux: &'static str,
    },
    /// Open, 20 days left, the internet plan status `PAUSED` (blue ring, "Paused"; seed 001
    /// §2 "blue when paused", the status value ours).
    Paused,
    /// Open, ACP `Approved`, first benefit `30.00` (ACP banner, deduction).
    AcpApproved,
    /// Open, ACP `Approved`, customer type `Tribal` (Tribal banner, no deduction).
    AcpTribal,
    /// Open, ACP `De Enrolled` (re-enrol notice).
    AcpDeEnrolled,
    /// Open, ACP `Denied` with a reason and a first benefit code (no ACP banner, no credit:
    /// only Approved with a benefit code is valid ACP, seed 001 §6, §9).
    AcpDenied,
    /// Open, Instant TV: basic `VDO_XITV_30`, `VDO_XITV_SPORTS_NEWS_30` on two devices (the
    /// dedupe), add-on `HBO` (TV products).
    TvPackages,
    /// Open, with plans, a legacy TV plan (`VDO_V0...`) (error page).
    LegacyTv,
    /// Open, with plans, no internet device (error page).
    NoInternet,
    /// Open, account type `VAN` (VAN account).
    Van,
    /// Open without available plans (activation, base64 ids, after 1,500 ms).
    ActiveNoPlans,
    /// Closed with plans (error page).
    ClosedWithPlans,
    /// Closed, no plans, aux account `aux` Preactivated (activation with the aux id).
    ClosedAuxPreactivated {
        /// The aux account's number.
        aux: &'static str,
    },
    /// Closed, no plans, aux account `aux` Activated (dashboard of the aux id).
    ClosedAuxActivated {
        /// The aux account's number.
        aux: &'static str,
    },
    /// Closed, no plans, `reconnectEligibleAcct: true` (deactivated dashboard, Reactivate).
    Deactivated,
    /// Not in the prepaid database: no dashboard record (never offered by the picker).
    Absent,
}

impl DashboardState {
    /// The aux account of the state, if it has one.
    pub const fn aux(self) -> Option<&'static str> {
        match self {
            Self::ClosedAuxPreactivated { aux }
            | Self::ClosedAuxActivated { aux }
            | Self::ScheduledMove { aux } => Some(aux),
            _ => None,
        }
    }
}

/// One account linked to a test identity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Account {
    /// Account number, 16 digits, unique in the world.
    pub number: &'static str,
    /// `presentInPrepaidDB`.
    pub in_prepaid_db: bool,
    /// `prepaidStatus`.
    pub status: PrepaidStatus,
    /// `role`: [`OWNER`] or [`AUTHORIZED_USER`].
    pub role: &'static str,
    /// Street, city, state, zip of the service address.
    pub address: (&'static str, &'static str, &'static str, &'static str),
    /// `prepaidSMSOptIn`.
    pub sms_opt_in: bool,
    /// `prepaidLangPreference`: `ENGLISH` or `SPANISH`.
    pub lang: &'static str,
    /// `isPrepaidEmailMatching`, `isPrepaidPhoneMatching`.
    pub matching: (Matching, Matching),
    /// The state the dashboard simulator must hold the account in.
    pub dashboard: DashboardState,
}

/// One test identity of the authorize page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TestIdentity {
    /// Stable id, the form value, e.g. `owner-one`.
    pub key: &'static str,
    /// The branch it covers, one line, English and Spanish.
    pub branch: (&'static str, &'static str),
    /// Customer guid, unique.
    pub cust_guid: &'static str,
    /// `idcmtUid`.
    pub uid: &'static str,
    /// First and last name.
    pub name: (&'static str, &'static str),
    /// E-mail and whether it is verified.
    pub email: (&'static str, bool),
    /// Mobile (10 digits, 555 exchange) and whether it is verified.
    pub mobile: (&'static str, bool),
    /// Pronoun, if given.
    pub pronoun: Option<&'static str>,
    /// Chosen first name, if given.
    pub chosen_name: Option<&'static str>,
    /// Linked accounts.
    pub accounts: &'static [Account],
}

use DashboardState::{
    AcpApproved, AcpDeEnrolled, AcpDenied, AcpTribal, AutoRefill, Expired, ExpiringSoon, LegacyTv,
    NoInternet, Paused, ScheduledMove, TvPackages, Van,
};
use Matching::{False as F, Na, True as T};

const fn account(
    number: &'static str,
    status: PrepaidStatus,
    street: &'static str,
    zip: &'static str,
    dashboard: DashboardState,
) -> Account {
    Account {
        number,
        in_prepaid_db: true,
        status,
        role: OWNER,
        address: (street, "Atlanta", "GA", zip),
        sms_opt_in: false,
        lang: "ENGLISH",
        matching: (T, T),
        dashboard,
    }
}

const fn open(number: &'static str, street: &'static str, zip: &'static str) -> Account {
    account(
        number,
        PrepaidStatus::Open,
        street,
        zip,
        DashboardState::Active,
    )
}

const fn closed(
    number: &'static str,
    street: &'static str,
    zip: &'static str,
    dashboard: DashboardState,
) -> Account {
    account(number, PrepaidStatus::Closed, street, zip, dashboard)
}

/// An open account of `owner-states` in `dashboard`.
const fn state(number: &'static str, street: &'static str, dashboard: DashboardState) -> Account {
    Account {
        dashboard,
        ..open(number, street, "30317")
    }
}

/// A one-account owner whose prepaid contact points match as `email`, `phone`.
const fn synced(
    number: &'static str,
    street: &'static str,
    email: Matching,
    phone: Matching,
) -> Account {
    Account {
        matching: (email, phone),
        ..open(number, street, "30312")
    }
}

const fn person(
    key: &'static str,
    branch: (&'static str, &'static str),
    n: usize,
    name: (&'static str, &'static str),
    login: &'static str,
    accounts: &'static [Account],
) -> TestIdentity {
    TestIdentity {
        key,
        branch,
        cust_guid: CUST_GUIDS[n],
        uid: login,
        name,
        email: (EMAILS[n], true),
        mobile: (MOBILES[n], true),
        pronoun: None,
        chosen_name: None,
        accounts,
    }
}

const CUST_GUIDS: [&str; 13] = [
    "CG-200000000001",
    "CG-200000000002",
    "CG-200000000003",
    "CG-200000000004",
    "CG-200000000005",
    "CG-200000000006",
    "CG-200000000007",
    "CG-200000000008",
    "CG-200000000009",
    "CG-200000000010",
    "CG-200000000011",
    "CG-200000000012",
    "CG-200000000013",
];
const EMAILS: [&str; 13] = [
    "olivia.owner@example.com",
    "sam.several@example.com",
    "carmen.closed@example.com",
    "arturo.aux@example.com",
    "dana.deactivated@example.com",
    "nadia.notfound@example.com",
    "noah.nonowner@example.com",
    "emma.sync@example.com",
    "nick.sync@example.com",
    "bianca.sync@example.com",
    "nestor.sync@example.com",
    "alex.chosen@example.com",
    "stella.states@example.com",
];
const MOBILES: [&str; 13] = [
    "4045550201",
    "4045550202",
    "4045550203",
    "4045550204",
    "4045550205",
    "4045550206",
    "4045550207",
    "4045550208",
    "4045550209",
    "4045550210",
    "4045550211",
    "4045550212",
    "4045550213",
];

/// The test identities, in the authorize page's order.
pub const IDENTITIES: [TestIdentity; 14] = [
    person(
        "owner-one",
        (
            "Owner of exactly one open prepaid account: straight to the dashboard.",
            "Titular de una sola cuenta prepagada abierta: directo al panel.",
        ),
        0,
        ("Olivia", "Owens"),
        "olivia.owens",
        &[open("8993100000000101", "410 Magnolia Ave", "30309")],
    ),
    person(
        "owner-several",
        (
            "Owner of several open and closed accounts: the account picker.",
            "Titular de varias cuentas abiertas y cerradas: el selector de cuentas.",
        ),
        1,
        ("Samuel", "Severin"),
        "samuel.severin",
        &[
            open("8993100000000201", "22 Dogwood Ln", "30310"),
            Account {
                dashboard: DashboardState::ActiveNoPlans,
                ..open("8993100000000202", "23 Dogwood Ln Apt 4", "30310")
            },
            closed(
                "8993100000000203",
                "8 Juniper Ct",
                "30311",
                DashboardState::ClosedWithPlans,
            ),
            Account {
                in_prepaid_db: false,
                ..closed(
                    "8993100000000204",
                    "9 Juniper Ct",
                    "30311",
                    DashboardState::Absent,
                )
            },
        ],
    ),
    person(
        "closed-aux-preactivated",
        (
            "Owner whose accounts are all closed, aux account Preactivated: activation.",
            "Titular con todas sus cuentas cerradas y cuenta auxiliar preactivada: activación.",
        ),
        2,
        ("Carmen", "Castillo"),
        "carmen.castillo",
        &[closed(
            "8993100000000301",
            "75 Laurel St",
            "30312",
            DashboardState::ClosedAuxPreactivated {
                aux: "8993100000000391",
            },
        )],
    ),
    person(
        "closed-aux-activated",
        (
            "Owner whose accounts are all closed, aux account Activated: the aux dashboard.",
            "Titular con todas sus cuentas cerradas y cuenta auxiliar activada: su panel.",
        ),
        3,
        ("Arturo", "Acosta"),
        "arturo.acosta",
        &[closed(
            "8993100000000401",
            "76 Laurel St",
            "30312",
            DashboardState::ClosedAuxActivated {
                aux: "8993100000000491",
            },
        )],
    ),
    person(
        "deactivated",
        (
            "Closed and reconnect-eligible: the deactivated dashboard with Reactivate.",
            "Cerrada y apta para reconexión: el panel desactivado con Reactivar.",
        ),
        4,
        ("Dana", "Dorsey"),
        "dana.dorsey",
        &[closed(
            "8993100000000501",
            "5 Cypress Rd",
            "30313",
            DashboardState::Deactivated,
        )],
    ),
    person(
        "not-in-prepaid",
        (
            "Identity whose only account is not in the prepaid database.",
            "Identidad cuya única cuenta no está en la base de datos prepagada.",
        ),
        5,
        ("Nadia", "Navarro"),
        "nadia.navarro",
        &[Account {
            in_prepaid_db: false,
            ..account(
                "8993100000000601",
                PrepaidStatus::Open,
                "61 Hickory Dr",
                "30314",
                DashboardState::Absent,
            )
        }],
    ),
    person(
        "non-owner",
        (
            "Authorized user, not the owner: the permission-error page.",
            "Usuario autorizado, no titular: la página de error de permisos.",
        ),
        6,
        ("Noah", "Nakamura"),
        "noah.nakamura",
        &[Account {
            role: AUTHORIZED_USER,
            ..open("8993100000000701", "70 Sycamore Pl", "30315")
        }],
    ),
    person(
        "sync-email-false-phone-true",
        (
            "Sync-up modal: prepaid e-mail differs, phone matches.",
            "Ventana de sincronización: el correo prepagado difiere, el teléfono coincide.",
        ),
        7,
        ("Emma", "Ellison"),
        "emma.ellison",
        &[synced("8993100000000801", "80 Aspen Way", F, T)],
    ),
    person(
        "sync-email-na-phone-false",
        (
            "Sync-up modal: prepaid e-mail unknown, phone differs.",
            "Ventana de sincronización: correo prepagado desconocido, el teléfono difiere.",
        ),
        8,
        ("Nicolás", "Núñez"),
        "nicolas.nunez",
        &[Account {
            lang: "SPANISH",
            sms_opt_in: true,
            ..synced("8993100000000901", "90 Aspen Way", Na, F)
        }],
    ),
    person(
        "sync-both-true",
        (
            "Both contact points match: no sync-up modal.",
            "Ambos datos de contacto coinciden: sin ventana de sincronización.",
        ),
        9,
        ("Bianca", "Bell"),
        "bianca.bell",
        &[synced("8993100000001001", "100 Aspen Way", T, T)],
    ),
    TestIdentity {
        mobile: (MOBILES[10], false),
        ..person(
            "sync-both-na",
            (
                "Both contact points unknown: no sync-up modal; mobile unverified.",
                "Ambos datos de contacto desconocidos: sin ventana; móvil sin verificar.",
            ),
            10,
            ("Néstor", "Nash"),
            "nestor.nash",
            &[synced("8993100000001101", "110 Aspen Way", Na, Na)],
        )
    },
    TestIdentity {
        email: (EMAILS[11], false),
        pronoun: Some("they/them"),
        chosen_name: Some("Alex"),
        ..person(
            "chosen-name",
            (
                "Chosen name and pronoun in the greeting and account card; e-mail unverified.",
                "Nombre elegido y pronombre en el saludo y la tarjeta; correo sin verificar.",
            ),
            11,
            ("Alexandra", "O'Brien-Ávila"),
            "alex.obrien",
            &[open("8993100000001201", "12 Chestnut St", "30316")],
        )
    },
    person(
        "owner-states",
        (
            "Owner of one open account per dashboard state: the account picker, then each state.",
            "Titular de una cuenta abierta por estado del panel: el selector, luego cada estado.",
        ),
        12,
        ("Stella", "Stevens"),
        "stella.stevens",
        &[
            state("8993100000001301", "1301 Peachtree St", ExpiringSoon),
            state("8993100000001302", "1302 Peachtree St", Expired),
            state("8993100000001303", "1303 Peachtree St", AutoRefill),
            state(
                "8993100000001304",
                "1304 Peachtree St",
                ScheduledMove {
                    aux: "8993100000001394",
                },
            ),
            state("8993100000001305", "1305 Peachtree St", AcpApproved),
            state("8993100000001306", "1306 Peachtree St", AcpTribal),
            state("8993100000001307", "1307 Peachtree St", AcpDeEnrolled),
            state("8993100000001308", "1308 Peachtree St", TvPackages),
            state("8993100000001309", "1309 Peachtree St", LegacyTv),
            state("8993100000001310", "1310 Peachtree St", NoInternet),
            state("8993100000001311", "1311 Peachtree St", Van),
            state("8993100000001312", "1312 Peachtree St", Paused),
            state("8993100000001313", "1313 Peachtree St", AcpDenied),
        ],
    ),
    // Payment history sizes (seed 001 §2 "Payment history": 12 a page, compact above 7
    // pages): 0, 1, 12, 13 and 100 transactions (`crate::payments_world::transaction_count`).
    TestIdentity {
        key: "payment-history",
        branch: (
            "Owner of accounts with 0, 1, 12, 13 and 100 payments: the payment history pages.",
            "Titular de cuentas con 0, 1, 12, 13 y 100 pagos: las páginas del historial de pagos.",
        ),
        cust_guid: "CG-200000000014",
        uid: "paula.pagano",
        name: ("Paula", "Pagano"),
        email: ("paula.payments@example.com", true),
        mobile: ("4045550214", true),
        pronoun: None,
        chosen_name: None,
        accounts: &[
            open("8993100000001401", "1401 Ponce De Leon Ave", "30306"),
            open("8993100000001402", "1402 Ponce De Leon Ave", "30306"),
            open("8993100000001403", "1403 Ponce De Leon Ave", "30306"),
            open("8993100000001404", "1404 Ponce De Leon Ave", "30306"),
            open("8993100000001405", "1405 Ponce De Leon Ave", "30306"),
        ],
    },
];

/// The identity with this key.
pub fn identity(key: &str) -> Option<&'static TestIdentity> {
    IDENTITIES.iter().find(|i| i.key == key)
}

/// The provider's answer for an identity (`GET /identity/userinfo`).
pub fn info(identity: &TestIdentity) -> IdentityInfo {
    let i = identity;
    let accounts = i
        .accounts
        .iter()
        .map(|a| IdentityAccount {
            account_number: a.number.to_owned(),
            present_in_prepaid_db: a.in_prepaid_db,
            prepaid_status: a.status,
            role: a.role.to_owned(),
            idcmt_service_address: a.address.0.to_owned(),
            idcmt_service_city: a.address.1.to_owned(),
            idcmt_service_state: a.address.2.to_owned(),
            idcmt_service_postal_code: a.address.3.to_owned(),
            prepaid_sms_opt_in: a.sms_opt_in,
            prepaid_lang_preference: a.lang.to_owned(),
            is_prepaid_email_matching: a.matching.0,
            is_prepaid_phone_matching: a.matching.1,
        })
        .collect();
    IdentityInfo {
        cust_guid: i.cust_guid.to_owned(),
        identity_response: IdentityResponse {
            error_code: None,
            error_message: None,
            response: Some(IdentityPayload {
                identity: IdcmtIdentity {
                    idcmt_first_name: i.name.0.to_owned(),
                    idcmt_last_name: i.name.1.to_owned(),
                    idcmt_uid: i.uid.to_owned(),
                    idcmt_email: i.email.0.to_owned(),
                    idcmt_email_verified: i.email.1,
                    idcmt_mobile: i.mobile.0.to_owned(),
                    idcmt_mobile_verified: i.mobile.1,
                },
                identity_accounts: accounts,
                pronoun: i.pronoun.map(str::to_owned),
                chosen_name: i.chosen_name.map(|n| ChosenName {
                    chosen_first_name: n.to_owned(),
                }),
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn ids_guids_and_account_numbers_are_distinct() {
        let keys: BTreeSet<_> = IDENTITIES.iter().map(|i| i.key).collect();
        let guids: BTreeSet<_> = IDENTITIES.iter().map(|i| i.cust_guid).collect();
        let uids: BTreeSet<_> = IDENTITIES.iter().map(|i| i.uid).collect();
        assert_eq!(keys.len(), IDENTITIES.len());
        assert_eq!(guids.len(), IDENTITIES.len());
        assert_eq!(uids.len(), IDENTITIES.len());
        let mut numbers = Vec::new();
        for a in IDENTITIES.iter().flat_map(|i| i.accounts) {
            numbers.push(a.number);
            if let Some(aux) = a.dashboard.aux() {
                numbers.push(aux);
            }
        }
        let distinct: BTreeSet<_> = numbers.iter().collect();
        assert_eq!(distinct.len(), numbers.len(), "{numbers:?}");
        assert!(
            numbers
                .iter()
                .all(|n| n.len() == 16 && n.bytes().all(|b| b.is_ascii_digit()))
        );
    }

    #[test]
    fn contacts_are_synthetic() {
        for i in IDENTITIES {
            assert!(i.email.0.ends_with("@example.com"), "{}", i.key);
            assert_eq!(&i.mobile.0[3..6], "555", "{}", i.key);
        }
    }

    #[test]
    fn every_branch_is_covered() {
        let all: Vec<&Account> = IDENTITIES.iter().flat_map(|i| i.accounts).collect();
        let has = |f: &dyn Fn(&Account) -> bool| all.iter().any(|a| f(a));
        assert!(has(&|a| a.dashboard == DashboardState::Deactivated));
        assert!(has(&|a| matches!(
            a.dashboard,
            DashboardState::ClosedAuxPreactivated { .. }
        )));
        assert!(has(&|a| matches!(
            a.dashboard,
            DashboardState::ClosedAuxActivated { .. }
        )));
        assert!(has(&|a| a.role != OWNER));
        let states = identity("owner-states").unwrap();
        let shown: BTreeSet<_> = states
            .accounts
            .iter()
            .filter(|a| a.in_prepaid_db && a.status == PrepaidStatus::Open && a.role == OWNER)
            .map(|a| format!("{:?}", a.dashboard))
            .collect();
        assert_eq!(
            shown.len(),
            13,
            "one open account per extra state: {shown:?}"
        );
        assert!(has(&|a| !a.in_prepaid_db));
        for pair in [(F, T), (Na, F), (T, T), (Na, Na)] {
            assert!(has(&|a| a.matching == pair), "{pair:?}");
        }
        let one = identity("owner-one").unwrap();
        assert_eq!(one.accounts.iter().filter(|a| a.in_prepaid_db).count(), 1);
        let several = identity("owner-several").unwrap();
        let statuses: BTreeSet<_> = several
            .accounts
            .iter()
            .filter(|a| a.in_prepaid_db)
            .map(|a| a.status == PrepaidStatus::Open)
            .collect();
        assert_eq!(statuses.len(), 2, "open and closed");
        let chosen = info(identity("chosen-name").unwrap());
        let payload = chosen.identity_response.response.unwrap();
        assert_eq!(payload.pronoun.as_deref(), Some("they/them"));
        assert_eq!(payload.chosen_name.unwrap().chosen_first_name, "Alex");
    }
}
