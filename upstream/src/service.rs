//! The upstream services of the provider: one table that the BFF's configuration, the
//! embedded simulators' mounting and the scenario call routing ([`crate::call`]) all read
//! (ARCHITECTURE.md "Upstream contract").

/// One upstream service of the provider (ARCHITECTURE.md "Upstream contract").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Service {
    /// Address search (`GET /suggest`).
    AddressSearch,
    /// Serviceability (`GET /validate-customer-address`, `/validate-customer-serviceability`).
    Serviceability,
    /// VAN (`POST /assign`).
    Van,
    /// Content (`GET /-/api/...`, `/broadband-facts`).
    Content,
    /// Catalogue of the buy flow (`GET /product-detail`).
    Catalogue,
    /// Promotions (`POST /get-promo`).
    Promotions,
    /// Tax (`POST /get-tax`).
    Tax,
    /// Payments (`GET /prepaidPaymentID`, `POST /add-secure-prepaid-payment-instrument`).
    Payments,
    /// Card entry: stand-in of the card-capture component (`GET` page, `POST /tokenize`).
    CardEntry,
    /// Activation, i.e. submit order (`POST /prepaid-customer-activation`).
    Activation,
    /// Digital session (`POST`/`GET /secure/session`) and its identity router (`/router`).
    DigitalSession,
    /// Identity provider: authorize and create-ID pages, token, userinfo, logout
    /// (OAuth 2.0 code flow with PKCE; [`crate::identity`]).
    Identity,
    /// Account: the dashboard record and aux accounts of a prepaid account (`POST
    /// /dashboard`, `/aux-account`; [`crate::account`]).
    Account,
    /// The refill order of a signed-in account (issue 13).
    Refill,
}

/// One row of [`TABLE`]: everything the workspace knows about a service.
struct Row {
    service: Service,
    name: &'static str,
    prefix: &'static str,
    env_var: Option<&'static str>,
}

const fn row(
    service: Service,
    name: &'static str,
    prefix: &'static str,
    env_var: Option<&'static str>,
) -> Row {
    Row {
        service,
        name,
        prefix,
        env_var,
    }
}

/// The services, in declaration order: the enum's discriminants index it (checked by a test).
const TABLE: [Row; 14] = [
    row(
        Service::AddressSearch,
        "address-search",
        "/address-search",
        Some("BFF_UPSTREAM_ADDRESS_SEARCH"),
    ),
    row(
        Service::Serviceability,
        "serviceability",
        "/serviceability",
        Some("BFF_UPSTREAM_SERVICEABILITY"),
    ),
    row(Service::Van, "van", "/van", Some("BFF_UPSTREAM_VAN")),
    row(
        Service::Content,
        "content",
        "/content",
        Some("BFF_UPSTREAM_CONTENT"),
    ),
    row(
        Service::Catalogue,
        "catalogue",
        "/catalogue",
        Some("BFF_UPSTREAM_CATALOGUE"),
    ),
    row(
        Service::Promotions,
        "promotions",
        "/offers",
        Some("BFF_UPSTREAM_PROMOTIONS"),
    ),
    row(Service::Tax, "tax", "/tax", Some("BFF_UPSTREAM_TAX")),
    row(
        Service::Payments,
        "payments",
        "/payments",
        Some("BFF_UPSTREAM_PAYMENTS"),
    ),
    // No variable of its own: the embedded simulators' one, else derived from payments' URL.
    row(Service::CardEntry, "card-entry", "/card-entry", None),
    row(
        Service::Activation,
        "activation",
        "/activation",
        Some("BFF_UPSTREAM_ACTIVATION"),
    ),
    row(
        Service::DigitalSession,
        "session",
        "/session",
        Some("BFF_UPSTREAM_SESSION"),
    ),
    row(
        Service::Identity,
        "identity",
        "/identity",
        Some("BFF_UPSTREAM_IDENTITY"),
    ),
    row(
        Service::Account,
        "account",
        "/account",
        Some("BFF_UPSTREAM_ACCOUNT"),
    ),
    row(
        Service::Refill,
        "refill",
        "/refill",
        Some("BFF_UPSTREAM_REFILL"),
    ),
];

impl Service {
    /// Every service, in the order of the architecture's table (the table's rows).
    pub const ALL: [Service; TABLE.len()] = {
        let mut all = [Service::AddressSearch; TABLE.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = TABLE[i].service;
            i += 1;
        }
        all
    };

    const fn row(self) -> &'static Row {
        &TABLE[self as usize]
    }

    /// Name in logs and error messages, e.g. `address-search`, `session`.
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// Mount prefix under the embedded simulators' base URL, e.g. `/address-search`,
    /// `/offers` (promotions), `/session` (digital session), `/card-entry`.
    pub const fn prefix(self) -> &'static str {
        self.row().prefix
    }

    /// The BFF's configuration variable of the base URL, e.g.
    /// `Some("BFF_UPSTREAM_ADDRESS_SEARCH")`; `None` for card entry (the embedded one, else
    /// derived from payments' URL).
    pub const fn env_var(self) -> Option<&'static str> {
        self.row().env_var
    }

    /// The service whose prefix `path` (a path under the embedded simulators' base URL) lies
    /// under, if any: `path` equals the prefix or continues it with `/`.
    pub fn of_path(path: &str) -> Option<Service> {
        Service::ALL.into_iter().find(|s| s.rest(path).is_some())
    }

    /// `path` without this service's prefix (`""` or starting with `/`); `None` when `path`
    /// is not under the prefix.
    pub fn rest(self, path: &str) -> Option<&str> {
        path.strip_prefix(self.prefix())
            .filter(|rest| rest.is_empty() || rest.starts_with('/'))
    }
}

impl std::fmt::Display for Service {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
