//! The upstream calls a scenario can override (the keys of a scenario file's `upstream:`,
//! `scenarios/README.md`), each declared once in the `calls!` table below with its name,
//! service, HTTP method(s) and path under the service's prefix ([`Service::prefix`]). The
//! enum, its serde names, [`Call::ALL`] and the request routing ([`Call::from_request`]) all
//! derive from that table.

use serde::{Deserialize, Serialize};

use crate::service::Service;

/// HTTP method of a call (only the ones the upstream services use).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Method {
    /// `GET`.
    Get,
    /// `POST`.
    Post,
}

impl Method {
    // The spelling of the table below.
    const GET: Method = Method::Get;
    const POST: Method = Method::Post;

    /// The method as on the wire, e.g. `GET`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
        }
    }
}

/// One row of the table: what [`Call`]'s accessors read.
struct Row {
    name: &'static str,
    service: Service,
    methods: &'static [Method],
    path: &'static str,
}

/// Declares the calls: `Variant = "scenarioName": Service METHOD[|METHOD] "path";` with the
/// path under the service's prefix; a path ending in `/*` covers everything below it.
macro_rules! calls {
    ($(
        $(#[$doc:meta])*
        $call:ident = $name:literal : $service:ident $($method:ident)|+ $path:literal;
    )+) => {
        /// An upstream call a scenario can override (the keys of `upstream:`); serde names are
        /// the scenario files' call names, e.g. `validateAddress`.
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize,
        )]
        pub enum Call {
            $( $(#[$doc])* #[serde(rename = $name)] $call, )+
        }

        /// The rows, in declaration order (the enum's discriminants index it).
        const TABLE: &[Row] = &[
            $( Row {
                name: $name,
                service: Service::$service,
                methods: &[$(Method::$method),+],
                path: $path,
            }, )+
        ];

        impl Call {
            /// Every call, in declaration order.
            pub const ALL: [Call; TABLE.len()] = [$(Call::$call),+];
        }
    };
}

calls! {
    /// `GET /address-search/suggest`.
    AddressSearch = "addressSearch": AddressSearch GET "/suggest";
    /// `GET /serviceability/validate-customer-address`.
    ValidateAddress = "validateAddress": Serviceability GET "/validate-customer-address";
    /// `GET /serviceability/validate-customer-serviceability`.
    Serviceability = "serviceability": Serviceability GET "/validate-customer-serviceability";
    /// `POST /van/assign`.
    Assign = "assign": Van POST "/assign";
    /// `GET /content/-/api/...` (the content bundles, en and es).
    Content = "content": Content GET "/-/api/*";
    /// `GET /content/broadband-facts` (the plan-tier widget's label, English).
    BroadbandFacts = "broadbandFacts": Content GET "/broadband-facts";
    /// `GET /catalogue/product-detail` (buy flow).
    ProductDetails = "productDetails": Catalogue GET "/product-detail";
    /// `POST /offers/get-promo`.
    Promotions = "promotions": Promotions POST "/get-promo";
    /// `POST /tax/get-tax`.
    Tax = "tax": Tax POST "/get-tax";
    /// `POST /payments/get-custpayment-info` (the account's stored card and auto-refill).
    PaymentInfo = "paymentInfo": Payments POST "/get-custpayment-info";
    /// `GET /payments/prepaidPaymentID`.
    PaymentId = "paymentId": Payments GET "/prepaidPaymentID";
    /// `POST /payments/add-secure-prepaid-payment-instrument`.
    AddPaymentInstrument = "addPaymentInstrument":
        Payments POST "/add-secure-prepaid-payment-instrument";
    /// `POST /payments/get-prepaidpayment-transactions` (payment history).
    Transactions = "transactions": Payments POST "/get-prepaidpayment-transactions";
    /// `POST /payments/enroll-autopay`.
    EnrollAutopay = "enrollAutopay": Payments POST "/enroll-autopay";
    /// `POST /payments/cancel-autopay`.
    CancelAutopay = "cancelAutopay": Payments POST "/cancel-autopay";
    /// `POST /payments/modify-prepaidpayment-instrument`.
    ModifyInstrument = "modifyInstrument": Payments POST "/modify-prepaidpayment-instrument";
    /// `POST /payments/remove-prepaidpayment-instrument`.
    RemoveInstrument = "removeInstrument": Payments POST "/remove-prepaidpayment-instrument";
    /// `GET /card-entry` (the card-entry stand-in's page; `respond` makes no sense on HTML,
    /// faults do).
    CardEntry = "cardEntry": CardEntry GET "/";
    /// `POST /card-entry/tokenize` (called by the card-entry page).
    Tokenize = "tokenize": CardEntry POST "/tokenize";
    /// `POST /activation/prepaid-customer-activation` (submit order).
    SubmitOrder = "submitOrder": Activation POST "/prepaid-customer-activation";
    /// `GET /activation/get-account` (the account being activated).
    GetAccount = "getAccount": Activation GET "/get-account";
    /// `POST /activation/load-prepaid-account`.
    LoadPrepaidAccount = "loadPrepaidAccount": Activation POST "/load-prepaid-account";
    /// `POST /activation/validate-prepaid-device` (device status: `sroYN`, devices).
    ValidateDevice = "validateDevice": Activation POST "/validate-prepaid-device";
    /// `POST /activation/validate-mac`.
    ValidateMac = "validateMac": Activation POST "/validate-mac";
    /// `POST /activation/prepaid-account-activation` (activate an existing account).
    ActivateAccount = "activateAccount": Activation POST "/prepaid-account-activation";
    /// `POST /activation/validate-activation-code`.
    ValidateActivationCode = "validateActivationCode":
        Activation POST "/validate-activation-code";
    /// `POST /activation/refill-activation` (redeem a refill PIN, seed 002 §7.2).
    RedeemRefill = "redeemRefill": Activation POST "/refill-activation";
    /// `GET /activation/ping` (the public ping file the browser polls behind the modem).
    ActivationPing = "activationPing": Activation GET "/ping";
    /// `POST /session/secure/session`.
    CreateSession = "createSession": DigitalSession POST "/secure/session";
    /// `GET /session/secure/session?digitalSessionId`.
    RestoreSession = "restoreSession": DigitalSession GET "/secure/session";
    /// `GET` and `POST /session/router` (the identity router page and its pick).
    IdentityRouter = "identityRouter": DigitalSession GET | POST "/router";
    /// `GET` and `POST /identity/authorize` (the provider's sign-in page and its pick).
    IdentityAuthorize = "identityAuthorize": Identity GET | POST "/authorize";
    /// `GET /identity/create-id` (the provider's create-ID page).
    IdentityCreateId = "identityCreateId": Identity GET "/create-id";
    /// `POST /identity/token` (code for tokens, server to server).
    IdentityToken = "identityToken": Identity POST "/token";
    /// `GET /identity/userinfo` (the identity of a bearer token, server to server).
    IdentityInfo = "identityInfo": Identity GET "/userinfo";
    /// `GET /identity/logout` (ends the identity's tokens, back to the portal).
    IdentityLogout = "identityLogout": Identity GET "/logout";
    /// `POST /account/dashboard` (the dashboard record of an account).
    Dashboard = "dashboard": Account POST "/dashboard";
    /// `POST /account/aux-account` (aux accounts and reconnect eligibility).
    AuxAccount = "auxAccount": Account POST "/aux-account";
    /// `POST /account/update-customer` (language and SMS preferences of an account).
    UpdateCustomer = "updateCustomer": Account POST "/update-customer";
    /// `POST /account/sync-up` (the identity's contact points onto the prepaid account).
    SyncUp = "syncUp": Account POST "/sync-up";
    /// `POST /account/restart-device` (restart the internet modem).
    RestartDevice = "restartDevice": Account POST "/restart-device";
    /// `POST /account/scheduled-move` (update, e.g. cancel, a scheduled move).
    UpdateScheduledMove = "updateScheduledMove": Account POST "/scheduled-move";
    /// `POST /account/create-aux-account` (the reconnect's new aux account with its
    /// payment, seed 002 §3.7, §4.5).
    CreateAuxAccount = "createAuxAccount": Account POST "/create-aux-account";
    /// `POST /refill/refill` (the refill order of a signed-in account, seed 002 §3.6).
    Refill = "refill": Refill POST "/refill";
    /// `POST /account/lookup` (the quick refill's dashboard lookup by billing phone and
    /// zip, flow `EZREFILL`; seed 002 §7.4 `fetchCustomerDashboard`).
    LookupDashboard = "lookupDashboard": Account POST "/lookup";
    /// `POST /refill/ezrefill` (the quick refill's order, flow `EZREFILL`; seed 002 §3.8).
    EzRefill = "ezRefill": Refill POST "/ezrefill";
}

impl Call {
    const fn row(self) -> &'static Row {
        &TABLE[self as usize]
    }

    /// The call name used in scenario files, e.g. `validateAddress`.
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// The service answering the call.
    pub const fn service(self) -> Service {
        self.row().service
    }

    /// The HTTP methods of the call (two for the identity router: page and pick).
    pub const fn methods(self) -> &'static [Method] {
        self.row().methods
    }

    /// Path under the service's prefix, e.g. `/suggest`; `/` is the prefix itself; a path
    /// ending in `/*` covers everything below it (`/-/api/*`).
    pub const fn path(self) -> &'static str {
        self.row().path
    }

    /// The call a request to the simulators belongs to, if any. `method` as on the wire
    /// (`GET`); `path` under the simulators' base URL, e.g. `/van/assign` (a query string is
    /// ignored; a trailing `/` too). `POST /session/secure/session` is
    /// [`Call::CreateSession`], `GET` of the same path [`Call::RestoreSession`].
    pub fn from_request(method: &str, path: &str) -> Option<Call> {
        let path = path.split_once('?').map_or(path, |(p, _)| p);
        let service = Service::of_path(path)?;
        Call::of(service, method, service.rest(path)?)
    }

    /// The call of `service` that `method` on `rest` (a path under the service's prefix, no
    /// query) belongs to, if any: what the BFF's clients name in their metrics and spans.
    pub fn of(service: Service, method: &str, rest: &str) -> Option<Call> {
        Call::ALL.into_iter().find(|call| {
            call.service() == service
                && call.methods().iter().any(|m| m.as_str() == method)
                && call.covers(rest)
        })
    }

    /// Whether `rest` (a path under the service's prefix) is this call's path.
    fn covers(self, rest: &str) -> bool {
        match self.path().strip_suffix('*') {
            Some(below) => rest.starts_with(below),
            None => rest.trim_end_matches('/') == self.path().trim_end_matches('/'),
        }
    }
}

impl std::fmt::Display for Call {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
