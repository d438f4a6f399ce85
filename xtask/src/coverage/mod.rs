//! `cargo run -p xtask -- coverage` (issue 15 §2): for every business code, every documented
//! non-code outcome and every contract operation, what produces it and which tests assert or
//! exercise it, read from the repository's files (no build, no network). The report is
//! `COVERAGE.md`; the task fails when something has no asserting test.
//!
//! How a test is credited (the report's header says the same):
//! - **scenario walkers** ([`WALKERS`]): test files that walk a set of scenarios generically
//!   and assert each one's `expect` (the BFF's `every_*_scenario_*` tests, the Playwright
//!   `walks(…)` and per-outcome-class specs, the scenario stories). Each row names the strings
//!   the file must contain for the model to hold; a row whose file no longer contains them is
//!   an error, and a file that looks like a walker but has no row is an error too, so the
//!   table cannot rot silently. The Playwright selection (journeys, one scenario per outcome
//!   class, `noStory`) is recomputed here from `playwright/lib/scenarios.ts`'s `WALKED`, and
//!   the helpers' code is checked to be the one modelled ([`PLAYWRIGHT_MODEL`]).
//! - **code walkers** ([`CODE_WALKERS`]): a test that walks every code of a simulator table
//!   (the test cards) and asserts each answer.
//! - **direct references**: a test names a code as a whole word in its test code (comments
//!   left out; for Rust under `src/`, only the `#[cfg(test)]` part), or names a scenario id
//!   (Rust: the string literal `"<flow>/<situation>"`; Playwright: `scenario('<id>')` or
//!   `scenario: '<id>'`, the helpers that start that scenario).
//! - A code's tests are the tests naming it plus the tests asserting a scenario that names it
//!   (`codes:`, a string of `expect`, or a code answered by its `upstream:` overrides).
//! - An operation's tests are the tests naming its path (directly, or as the argument of a
//!   path helper of [`PATH_HELPERS`]; a method named just before the path must be the
//!   operation's), plus, for the BFF, the tests asserting a scenario whose recording makes
//!   the call and, for the upstream, the tests asserting a scenario that overrides the call,
//!   the BFF walkers of the flows whose calls include it ([`WALK_CALLS`]), and Rust tests
//!   standing in for the service (wiremock `path("<path under the prefix>")`, or that path
//!   quoted when it has a hyphen).

pub mod console;
mod report;
pub mod scan;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use simulators::scenario::{Call, Scenario};

use crate::Generated;
use scan::{PathRef, Verb};

/// Where the report is written, from the repository root.
pub const REPORT: &str = "COVERAGE.md";

/// The seeds' list of business codes: the repository's copy (`spec/`), so a clone without
/// `../shared` can run the check; [`SHARED_BUSINESS_CODES`], where present, must match it.
const BUSINESS_CODES: &str = "spec/business-codes.md";

/// The seeds' list beside the repository (absent on a bare clone).
const SHARED_BUSINESS_CODES: &str = "../shared/business-codes.md";

/// The repository's own list (codes the project names: `PIN_*`, …).
const OWN_CODES: &str = "scenarios/README.md";

/// A test layer (ARCHITECTURE.md "Tests by layer").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Layer {
    /// `playwright/tests/*.spec.ts` (but the Storybook ones).
    Browser,
    /// `bff/tests/**/*.rs`.
    Bff,
    /// `#[cfg(test)]` parts of `bff/src`, `simulators/src`, `upstream/src`;
    /// `simulators/tests`, `upstream/tests` (unit and property tests).
    Unit,
    /// `web/src/**/*.test.ts(x)` (Vitest).
    Web,
    /// `web/src/**/*.stories.tsx` and the Playwright specs that run stories.
    Story,
}

impl Layer {
    pub const ALL: [Layer; 5] = [
        Layer::Browser,
        Layer::Bff,
        Layer::Unit,
        Layer::Web,
        Layer::Story,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Layer::Browser => "browser",
            Layer::Bff => "BFF integration",
            Layer::Unit => "property/unit",
            Layer::Web => "web unit",
            Layer::Story => "Storybook",
        }
    }
}

/// Which scenarios a walker walks.
#[derive(Debug, Clone, Copy)]
pub enum Select {
    /// Every scenario of the flow.
    Flow(&'static str),
    /// Every scenario whose id starts so.
    IdPrefix(&'static str),
    /// `walks(flow, WALKED[flow].journeys, WALKED[flow].noStory)` of
    /// `playwright/lib/scenarios.ts` (default run: no `PW_ALL`, `PW_BOTH`).
    PlaywrightWalks(&'static str),
    /// The first scenario (by file name) of each `outcomeClass` of the flow, leaving out the
    /// scenarios whose `input` sets any of these keys.
    FirstPerOutcomeClass(&'static str, &'static [&'static str]),
    /// One story per `scenario('<situation>')` call of the file, `<flow>/<situation>`, but
    /// the keys of its `STOPS` (stories that stop short of `expect`).
    ScenarioStories(&'static str),
}

/// A test file that walks scenarios generically and asserts each one's `expect`.
pub struct Walker {
    pub file: &'static str,
    pub layer: Layer,
    /// Strings the file must contain for this row to hold (the selection and the assertion).
    pub markers: &'static [&'static str],
    pub select: Select,
}

/// The scenario walkers of the repository. A new walker (a new flow's BFF walk, spec or
/// scenario stories) needs a row here; [`unmodelled`] finds the ones that lack it.
pub const WALKERS: &[Walker] = &[
    Walker {
        file: "bff/tests/it/scenarios.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_retail_scenario_reaches_its_expected_stage",
            ".filter(|s| s.flow == \"retail\")",
            "s.expect[\"stage\"]",
        ],
        select: Select::Flow("retail"),
    },
    Walker {
        file: "bff/tests/it/signin.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_signin_scenario_ends_as_it_expects",
            ".filter(|s| s.flow == \"signin\")",
        ],
        select: Select::Flow("signin"),
    },
    Walker {
        file: "bff/tests/it/account_information.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_account_information_scenario_ends_as_it_expects",
            ".filter(|s| s.flow == \"account-information\")",
            "assert_eq!(got, s.expect[\"stage\"]",
        ],
        select: Select::Flow("account-information"),
    },
    Walker {
        file: "bff/tests/it/dashboard_actions.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_dashboard_scenario_ends_as_it_expects",
            ".filter(|s| s.flow == \"dashboard\")",
            "s.expect[\"stage\"]",
        ],
        select: Select::Flow("dashboard"),
    },
    Walker {
        file: "bff/tests/it/activation.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_activation_scenario_ends_as_it_expects",
            ".filter(|s| s.flow == \"activation\")",
            "for (k, want) in s.expect.as_object().unwrap()",
        ],
        select: Select::Flow("activation"),
    },
    Walker {
        file: "bff/tests/it/payments.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_payments_scenario_ends_as_it_expects",
            ".filter(|s| s.flow == \"payments\")",
            "let e = &s.expect;",
        ],
        select: Select::Flow("payments"),
    },
    Walker {
        file: "bff/tests/it/refill.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_refill_scenario_ends_as_it_expects",
            ".filter(|s| s.id.starts_with(\"refill/card-\"))",
            "(&s.expect, &s.id)",
        ],
        select: Select::IdPrefix("refill/card-"),
    },
    Walker {
        file: "bff/tests/it/refill_pin.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_pin_scenario_ends_as_it_expects",
            ".filter(|s| s.flow == \"refill\" && s.id.starts_with(\"refill/pin-\"))",
        ],
        select: Select::IdPrefix("refill/pin-"),
    },
    Walker {
        file: "bff/tests/it/reconnect.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_reconnect_scenario_ends_as_it_expects",
            ".filter(|s| s.id.starts_with(\"reconnect/\"))",
            "(&s.expect, &s.id)",
        ],
        select: Select::IdPrefix("reconnect/"),
    },
    Walker {
        file: "bff/tests/it/move.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_move_scenario_ends_as_it_expects",
            ".filter(|s| s.id.starts_with(\"move/\"))",
            "let (e, id) = (&s.expect, &s.id);",
        ],
        select: Select::IdPrefix("move/"),
    },
    Walker {
        file: "bff/tests/it/litepay.rs",
        layer: Layer::Bff,
        markers: &[
            "async fn every_litepay_scenario_ends_as_it_expects",
            ".filter(|s| s.id.starts_with(\"litepay/\"))",
            "(&s.expect, &s.id)",
        ],
        select: Select::IdPrefix("litepay/"),
    },
    Walker {
        file: "playwright/tests/retail.spec.ts",
        layer: Layer::Browser,
        markers: &["walks<RetailInput>('retail', WALKED.retail.journeys, WALKED.retail.noStory)"],
        select: Select::PlaywrightWalks("retail"),
    },
    Walker {
        file: "playwright/tests/buy.spec.ts",
        layer: Layer::Browser,
        markers: &["walks<BuyInput>('buy', WALKED.buy.journeys, WALKED.buy.noStory)"],
        select: Select::PlaywrightWalks("buy"),
    },
    Walker {
        file: "playwright/tests/signin-scenarios.spec.ts",
        layer: Layer::Browser,
        markers: &[
            "scenarios<SigninInput>('signin').filter((s) => !s.input.signOutElsewhere && !s.input.dashboardAccount)",
            "if (!byClass.has(outcomeClass(s))) byClass.set(outcomeClass(s), s);",
            "for (const s of byClass.values())",
            "const final = FINAL[s.expect.stage];",
        ],
        select: Select::FirstPerOutcomeClass("signin", &["signOutElsewhere", "dashboardAccount"]),
    },
    Walker {
        file: "web/src/flows/retail/RetailScenarios.stories.tsx",
        layer: Layer::Story,
        markers: &[
            "tags: ['scenario']",
            "name: `retail/${situation} [${locale}]`",
            "await waitForStage(canvasElement, want.stage as RetailEnd);",
        ],
        select: Select::ScenarioStories("retail"),
    },
    Walker {
        file: "web/src/flows/buy/BuyScenarios.stories.tsx",
        layer: Layer::Story,
        markers: &[
            "tags: ['scenario']",
            "name: `buy/${situation} [${locale}]`",
            "await expectOutcome(canvasElement, stop ? { stage: stop } : (recording.scenario.expect as BuyExpect)",
        ],
        select: Select::ScenarioStories("buy"),
    },
    Walker {
        file: "web/src/flows/signin/SigninScenarios.stories.tsx",
        layer: Layer::Story,
        markers: &[
            "tags: ['scenario']",
            "return signedInScenario('signin', situation, recordings,",
            "const stage = String(recording.scenario.expect.stage);",
            "await expectFinalStage(canvasElement, stage);",
        ],
        select: Select::ScenarioStories("signin"),
    },
    Walker {
        file: "web/src/flows/dashboard/DashboardScenarios.stories.tsx",
        layer: Layer::Story,
        markers: &[
            "tags: ['scenario']",
            "return signedInScenario('dashboard', situation, recordings,",
            "await expectFinalStage(canvasElement, outcome.stage);",
        ],
        select: Select::ScenarioStories("dashboard"),
    },
    Walker {
        file: "web/src/flows/account-information/AccountInformationScenarios.stories.tsx",
        layer: Layer::Story,
        markers: &[
            "tags: ['scenario']",
            "return signedInScenario('account-information', situation, recordings,",
            "else throw new Error(`no check for stage ${stage}`);",
        ],
        select: Select::ScenarioStories("account-information"),
    },
];

/// The code of `playwright/lib/scenarios.ts` that [`Select::PlaywrightWalks`] and
/// [`Select::FirstPerOutcomeClass`] reproduce; changed helpers fail the task until the model
/// follows them.
pub const PLAYWRIGHT_MODEL: &[&str] = &[
    "return [e.stage, e.message ?? (e.errorCode ? 'catalogue' : ''), e.coldTap ?? '', e.path ?? '', e.banner ?? ''].join('|');",
    "const covered = new Set(all.filter((s) => journeys.includes(s.id)).map(outcomeClass));",
    "} else if (!covered.has(outcomeClass(scenario)) || noStory.includes(scenario.id)) {",
    "return readdirSync(dir)\n    .filter((f) => f.endsWith('.yaml'))\n    .sort()",
];

/// Test files that build the BFF's paths with a helper from a literal argument
/// (`p.post(cli, "refill/order", …)`): the file, the helper's format string it must still
/// contain, and the contract path the argument is appended to.
pub const PATH_HELPERS: &[(&str, &str, &str)] = &[
    (
        "bff/tests/it/payments.rs",
        "format!(\"/secure2/accounts/{}/{tail}\", self.account)",
        "/secure2/accounts/{accountId}/",
    ),
    (
        "bff/tests/it/refill.rs",
        "format!(\"/secure2/accounts/{}/{tail}\", self.account)",
        "/secure2/accounts/{accountId}/",
    ),
    (
        "bff/tests/it/move.rs",
        "format!(\"/secure2/accounts/{}/{tail}\", self.account)",
        "/secure2/accounts/{accountId}/",
    ),
    (
        "bff/tests/it/refill_pin.rs",
        "format!(\"/secure2/accounts/{account}/refill/pin/{op}\")",
        "/secure2/accounts/{accountId}/refill/pin/",
    ),
    (
        "bff/tests/it/activation.rs",
        "format!(\"/secure2/accounts/{account}/activation{rest}\")",
        "/secure2/accounts/{accountId}/activation",
    ),
];

/// The upstream calls each BFF walk makes (the "Calls:" of the flow's section of
/// `scenarios/README.md`, where each name must still appear): a walker that walks every
/// scenario of the selection exercises them, whether or not a scenario overrides them.
pub const WALK_CALLS: &[(&str, &[&str])] = &[
    (
        "bff/tests/it/litepay.rs",
        &[
            "lookupDashboard",
            "promotions",
            "tax",
            "paymentInfo",
            "addPaymentInstrument",
            "ezRefill",
        ],
    ),
    // (`content` left out: its path covers every content bundle, the walk reads a few)
    (
        "bff/tests/it/scenarios.rs",
        &[
            "addressSearch",
            "validateAddress",
            "serviceability",
            "assign",
        ],
    ),
    (
        "bff/tests/it/signin.rs",
        &[
            "identityToken",
            "identityInfo",
            "dashboard",
            "auxAccount",
            "paymentInfo",
            "promotions",
        ],
    ),
    (
        "bff/tests/it/move.rs",
        &[
            "dashboard",
            "auxAccount",
            "validateAddress",
            "serviceability",
            "promotions",
            "tax",
            "paymentInfo",
            "addPaymentInstrument",
            "refill",
            "createAuxAccount",
            "updateScheduledMove",
        ],
    ),
    (
        "bff/tests/it/account_information.rs",
        &["updateCustomer", "syncUp"],
    ),
    (
        "bff/tests/it/dashboard_actions.rs",
        &[
            "auxAccount",
            "updateScheduledMove",
            "dashboard",
            "restartDevice",
        ],
    ),
    (
        "bff/tests/it/activation.rs",
        &[
            "dashboard",
            "getAccount",
            "loadPrepaidAccount",
            "validateDevice",
            "validateMac",
            "activateAccount",
            "restartDevice",
            "activationPing",
        ],
    ),
    (
        "bff/tests/it/payments.rs",
        &[
            "paymentInfo",
            "addPaymentInstrument",
            "modifyInstrument",
            "removeInstrument",
            "enrollAutopay",
            "cancelAutopay",
            "transactions",
            "dashboard",
            "auxAccount",
        ],
    ),
    (
        "bff/tests/it/refill.rs",
        &["dashboard", "promotions", "paymentInfo", "tax", "refill"],
    ),
    (
        "bff/tests/it/refill_pin.rs",
        &["validateActivationCode", "redeemRefill", "dashboard"],
    ),
];

/// The content recording: `xtask/tests/drift.rs` records every content bundle through the
/// BFF (and so the content service) with `xtask/src/record.rs` and compares it with the
/// committed recording. The strings each file must still contain; the bundles are the
/// `area`s of its list, under both prefixes.
pub const CONTENT_RECORDING: (&str, &[&str], &str, &[&str]) = (
    "xtask/tests/drift.rs",
    &[
        "xtask::record::record_all().await",
        "assert_no_drift(&files",
    ],
    "xtask/src/record.rs",
    &[
        "for (locale, prefix) in [(\"en\", \"/-/api\"), (\"es\", \"/-/api/es\")]",
        "let url = format!(\"{base}{prefix}/my.prepaid/{area}\");",
    ],
);

/// A test that walks every code of a simulator table and asserts each answer.
pub struct CodeWalker {
    pub file: &'static str,
    pub layer: Layer,
    pub markers: &'static [&'static str],
    /// The table and the prefix of each of its codes (`Outcome::AddInstrument("<code>"`).
    pub table: &'static str,
    pub entry: &'static str,
}

pub const CODE_WALKERS: &[CodeWalker] = &[CodeWalker {
    file: "bff/tests/it/buy.rs",
    layer: Layer::Bff,
    markers: &[
        "async fn every_payment_code_is_rejected_with_its_catalogue_message",
        "simulators::test_cards::CARDS",
        "simulators::test_cards::Outcome::AddInstrument(code) => Some((c.number, code))",
        "assert_eq!(a[\"businessErrorCode\"], *code);",
    ],
    table: "simulators/src/test_cards.rs",
    entry: "Outcome::AddInstrument(",
}];

/// How each documented non-code outcome of `../shared/business-codes.md` is reproduced: its
/// text exactly as listed there, then its parts and the scenarios of each. An outcome of the
/// list without a row, or a row whose text is no longer listed, is an error.
pub const OUTCOMES: &[(&str, &[(&str, Reproduced)])] = &[
    (
        "serviceability status other than SUCCESS",
        &[(
            "",
            Reproduced::Ids(&["retail/serviceability-status-failure"]),
        )],
    ),
    (
        "serviceability with no business code and non-empty details",
        &[("", Reproduced::Ids(&["retail/serviceable-details-only"]))],
    ),
    (
        "no details and no listed code (unserviceable)",
        &[(
            "",
            Reproduced::Ids(&["retail/unserviceable", "retail/unserviceable-unknown-code"]),
        )],
    ),
    (
        "VAN assign status other than SUCCESS or with systemErrorCode (content error)",
        &[
            (
                "status other than SUCCESS",
                Reproduced::Ids(&["retail/assign-status-failure"]),
            ),
            (
                "systemErrorCode",
                Reproduced::Ids(&["retail/assign-system-error"]),
            ),
        ],
    ),
    (
        "network failures and timeouts of every call (connection error)",
        &[
            (
                "network failure (reset, malformed, 5xx)",
                Reproduced::Faults(&["reset", "malformed", "error5xx"]),
            ),
            ("timeout", Reproduced::Faults(&["timeout"])),
        ],
    ),
    (
        "address validation with 0, 1 and many results, and the retry without the unit",
        &[
            ("0 results", Reproduced::Ids(&["retail/address-not-found"])),
            ("1 result", Reproduced::Ids(&["retail/address-single"])),
            (
                "many results",
                Reproduced::Ids(&["retail/address-multi-unit", "retail/address-large-building"]),
            ),
            (
                "retry without the unit",
                Reproduced::Ids(&["retail/address-unit-retry"]),
            ),
        ],
    ),
    (
        "a session 403 with `expired` or `rejected`",
        &[
            ("expired", Reproduced::Ids(&["signin/ping-expired"])),
            ("rejected", Reproduced::Ids(&["signin/account-rejected"])),
        ],
    ),
    (
        "a refill response with errorCode",
        &[("", Reproduced::Responds("refill", "errorCode"))],
    ),
    (
        "a PIN with a redemptionDate",
        &[("", Reproduced::Ids(&["refill/pin-already-redeemed"]))],
    ),
    (
        "a redeem with status FAILURE",
        &[("", Reproduced::Ids(&["refill/pin-redeem-status-failure"]))],
    ),
    (
        "an aux-account error",
        &[("", Reproduced::Ids(&["signin/aux-account-failure"]))],
    ),
    (
        "a closed account that is or is not reconnect-eligible",
        &[
            (
                "reconnect-eligible",
                Reproduced::Ids(&["signin/deactivated"]),
            ),
            (
                "not reconnect-eligible",
                Reproduced::Ids(&["signin/owner-several-closed"]),
            ),
        ],
    ),
    (
        "ACP Approved, De Enrolled, Denied, Tribal",
        &[
            (
                "Approved",
                Reproduced::Ids(&["signin/state-acp-approved", "refill/card-acp"]),
            ),
            (
                "De Enrolled",
                Reproduced::Ids(&["signin/state-acp-de-enrolled"]),
            ),
            (
                "Denied",
                Reproduced::Ids(&["signin/state-acp-denied", "refill/card-acp-denied"]),
            ),
            (
                "Tribal",
                Reproduced::Ids(&["signin/state-acp-tribal", "refill/card-acp-tribal"]),
            ),
        ],
    ),
];

/// The scenarios reproducing an outcome (part).
#[derive(Debug, Clone, Copy)]
pub enum Reproduced {
    /// These scenarios (each must exist).
    Ids(&'static [&'static str]),
    /// Every scenario with a fault of one of these kinds on some call.
    Faults(&'static [&'static str]),
    /// Every scenario whose override of this call answers this key.
    Responds(&'static str, &'static str),
}

/// Codes, outcomes or operations that cannot have an asserting test, each with its reason
/// (`code:<code>`, `outcome:<outcome> / <part>`, `bff:<operationId>`, `upstream:<operationId>`).
/// Only what this portal cannot produce belongs here; a listed entry that gains a test is an
/// error, so the list only shrinks.
pub const ALLOWED: &[(&str, &str)] = &[];

/// A set of tests: layer and file (repository-relative).
pub type Tests = BTreeSet<(Layer, String)>;

/// One business code.
#[derive(Debug, Clone, Default)]
pub struct Code {
    pub code: String,
    /// The list naming it (`business-codes.md`, `scenarios/README.md`, or `scenario` for a
    /// code only a scenario's `codes:` names).
    pub source: String,
    pub outcome: String,
    /// Simulator source files emitting it (the error catalogue's content left out).
    pub simulator: BTreeSet<String>,
    /// Scenarios whose `upstream:` overrides answer it (the simulators' middleware sends it).
    pub answers: BTreeSet<String>,
    /// BFF source files making it (codes the BFF names).
    pub bff: BTreeSet<String>,
    pub scenarios: BTreeSet<String>,
    pub tests: Tests,
    pub allowed: Option<&'static str>,
}

/// One part of a documented non-code outcome.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub outcome: String,
    pub part: String,
    pub scenarios: BTreeSet<String>,
    pub tests: Tests,
    pub allowed: Option<&'static str>,
}

/// One operation of a contract.
#[derive(Debug, Clone, Default)]
pub struct Operation {
    /// `bff` or `upstream`.
    pub contract: &'static str,
    pub id: String,
    pub method: String,
    pub path: String,
    /// BFF: scenarios whose recording makes the call; upstream: scenarios overriding it.
    pub scenarios: BTreeSet<String>,
    /// Upstream: scenarios injecting a fault into it.
    pub faults: BTreeSet<String>,
    pub tests: Tests,
    pub allowed: Option<&'static str>,
}

/// Everything the report says.
#[derive(Debug, Default)]
pub struct Coverage {
    pub codes: Vec<Code>,
    pub outcomes: Vec<Outcome>,
    pub operations: Vec<Operation>,
    /// Scenario id to the tests asserting its `expect` or naming it.
    pub scenario_tests: BTreeMap<String, Tests>,
    pub scenario_count: usize,
    /// Each scenario walker: file, layer, what it walks, how many scenarios.
    pub walks: Vec<(String, Layer, String, usize)>,
    /// Model errors: rotted walker rows, unreadable files, unknown ids.
    pub errors: Vec<String>,
}

impl Coverage {
    /// What fails the task: model errors, then everything without an asserting test (but the
    /// allow-listed), then allow-list entries that are covered or unknown.
    pub fn failures(&self) -> Vec<String> {
        let mut out = self.errors.clone();
        for c in &self.codes {
            match (c.tests.is_empty(), c.allowed) {
                (true, None) => out.push(format!("code {} has no asserting test", c.code)),
                (false, Some(_)) => out.push(format!(
                    "code {} is allow-listed but asserted: remove it from ALLOWED",
                    c.code
                )),
                _ => {}
            }
        }
        for o in &self.outcomes {
            let name = outcome_key(o);
            match (o.tests.is_empty(), o.allowed) {
                (true, None) if o.scenarios.is_empty() => out.push(format!(
                    "outcome \"{name}\" has no scenario (and so no asserting test)"
                )),
                (true, None) => out.push(format!("outcome \"{name}\" has no asserting test")),
                (false, Some(_)) => {
                    out.push(format!("outcome \"{name}\" is allow-listed but asserted"))
                }
                _ => {}
            }
        }
        for op in &self.operations {
            match (op.tests.is_empty(), op.allowed) {
                (true, None) => out.push(format!(
                    "{} operation {} ({} {}) is exercised by no test",
                    op.contract, op.id, op.method, op.path
                )),
                (false, Some(_)) => out.push(format!(
                    "{} operation {} is allow-listed but exercised",
                    op.contract, op.id
                )),
                _ => {}
            }
        }
        let known: BTreeSet<String> = self
            .codes
            .iter()
            .map(|c| format!("code:{}", c.code))
            .chain(
                self.outcomes
                    .iter()
                    .map(|o| format!("outcome:{}", outcome_key(o))),
            )
            .chain(
                self.operations
                    .iter()
                    .map(|o| format!("{}:{}", o.contract, o.id)),
            )
            .collect();
        for (key, _) in ALLOWED {
            if !known.contains(*key) {
                out.push(format!(
                    "ALLOWED names {key}, which the report does not list"
                ));
            }
        }
        out
    }

    /// The Markdown report.
    pub fn markdown(&self) -> String {
        report::markdown(self)
    }
}

fn outcome_key(o: &Outcome) -> String {
    if o.part.is_empty() {
        o.outcome.clone()
    } else {
        format!("{} / {}", o.outcome, o.part)
    }
}

fn allowed(key: &str) -> Option<&'static str> {
    ALLOWED.iter().find(|(k, _)| *k == key).map(|(_, r)| *r)
}

/// The report and the scenario console's data ([`console`]) as generated files, and what
/// fails.
pub fn generated() -> (Vec<Generated>, Vec<String>) {
    let root = crate::repo_root();
    let coverage = collect(&root);
    (
        vec![
            Generated::new(REPORT, coverage.markdown()),
            Generated::new(console::CONSOLE, console::json(&root, &coverage)),
        ],
        coverage.failures(),
    )
}

/// A file of the repository, read; `None` (and an error noted) when missing.
fn read(root: &Path, rel: &str, errors: &mut Vec<String>) -> Option<String> {
    match std::fs::read_to_string(root.join(rel)) {
        Ok(t) => Some(t),
        Err(e) => {
            errors.push(format!("{rel}: {e}"));
            None
        }
    }
}

/// Files under `dir` (repository-relative, sorted) whose name ends with one of `suffixes`.
fn files(root: &Path, dir: &str, suffixes: &[&str]) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, suffixes: &[&str], out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "node_modules" && name != "target" && !name.starts_with('.') {
                    walk(root, &path, suffixes, out);
                }
            } else if suffixes.iter().any(|s| name.ends_with(s)) {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(root, &root.join(dir), suffixes, &mut out);
    out.sort();
    out
}

/// A test file: its layer, whole text (for walker markers) and test code (comments out).
struct TestFile {
    path: String,
    layer: Layer,
    full: String,
    code: String,
}

fn test_files(root: &Path) -> Vec<TestFile> {
    let mut out = Vec::new();
    let mut add = |path: String, layer: Layer, full: String, code: &str| {
        let code = scan::without_comments(code);
        out.push(TestFile {
            path,
            layer,
            full,
            code,
        });
    };
    for path in files(root, "playwright/tests", &[".spec.ts"]) {
        let Ok(full) = std::fs::read_to_string(root.join(&path)) else {
            continue;
        };
        let story = path.ends_with("/storybook.spec.ts") || path.ends_with(".storybook.spec.ts");
        let layer = if story { Layer::Story } else { Layer::Browser };
        let code = full.clone();
        add(path, layer, full, &code);
    }
    for (dir, layer) in [
        ("bff/tests", Layer::Bff),
        ("simulators/tests", Layer::Unit),
        ("upstream/tests", Layer::Unit),
    ] {
        for path in files(root, dir, &[".rs"]) {
            let Ok(full) = std::fs::read_to_string(root.join(&path)) else {
                continue;
            };
            let code = full.clone();
            add(path, layer, full, &code);
        }
    }
    for dir in ["bff/src", "simulators/src", "upstream/src"] {
        for path in files(root, dir, &[".rs"]) {
            let Ok(full) = std::fs::read_to_string(root.join(&path)) else {
                continue;
            };
            if let Some(test) = scan::rust_test_part(&path, &full) {
                let test = test.to_owned();
                add(path, Layer::Unit, full, &test);
            }
        }
    }
    for path in files(root, "web/src", &[".test.ts", ".test.tsx", ".stories.tsx"]) {
        let Ok(full) = std::fs::read_to_string(root.join(&path)) else {
            continue;
        };
        let layer = if path.ends_with(".stories.tsx") {
            Layer::Story
        } else {
            Layer::Web
        };
        let code = full.clone();
        add(path, layer, full, &code);
    }
    out
}

/// Every scenario file, parsed with the simulators' own schema, in file-name order per flow
/// (the order `readdirSync(…).sort()` gives Playwright).
fn scenarios(root: &Path, errors: &mut Vec<String>) -> Vec<Scenario> {
    let mut out = Vec::new();
    for path in files(root, "scenarios", &[".yaml"]) {
        let rel = path.trim_start_matches("scenarios/");
        let Some(text) = read(root, &path, errors) else {
            continue;
        };
        match Scenario::parse(rel, &text) {
            Ok(s) => out.push(s),
            Err(e) => errors.push(e.to_string()),
        }
    }
    out
}

/// A JavaScript value as `[…].join('|')` writes it.
fn js(v: Option<&serde_json::Value>) -> String {
    match v {
        None | Some(serde_json::Value::Null) => String::new(),
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

fn truthy(v: Option<&serde_json::Value>) -> bool {
    match v {
        None | Some(serde_json::Value::Null) => false,
        Some(serde_json::Value::Bool(b)) => *b,
        Some(serde_json::Value::String(s)) => !s.is_empty(),
        Some(serde_json::Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0),
        Some(_) => true,
    }
}

/// `outcomeClass` of `playwright/lib/scenarios.ts`.
pub fn outcome_class(s: &Scenario) -> String {
    let e = &s.expect;
    let message = match e.get("message") {
        Some(m) if !m.is_null() => js(Some(m)),
        _ if truthy(e.get("errorCode")) => "catalogue".to_owned(),
        _ => String::new(),
    };
    [
        js(e.get("stage")),
        message,
        js(e.get("coldTap")),
        js(e.get("path")),
        js(e.get("banner")),
    ]
    .join("|")
}

/// `walks(flow, journeys, noStory)` of `playwright/lib/scenarios.ts` (default run); `flow`
/// holds the flow's scenarios in file-name order.
pub fn playwright_walks(
    flow: &[&Scenario],
    journeys: &[String],
    no_story: &[String],
) -> Vec<String> {
    let mut covered: BTreeSet<String> = flow
        .iter()
        .filter(|s| journeys.contains(&s.id))
        .map(|s| outcome_class(s))
        .collect();
    let mut picked = Vec::new();
    for s in flow {
        if journeys.contains(&s.id) {
            picked.push(s.id.clone());
        } else if !covered.contains(&outcome_class(s)) || no_story.contains(&s.id) {
            covered.insert(outcome_class(s));
            picked.push(s.id.clone());
        }
    }
    picked
}

/// `WALKED[flow]` of `playwright/lib/scenarios.ts`: journeys and noStory.
pub fn walked(scenarios_ts: &str, flow: &str) -> Option<(Vec<String>, Vec<String>)> {
    let block = scan::bracketed(scenarios_ts, "export const WALKED = ", '{', '}')?;
    let entry = scan::bracketed(block, &format!("{flow}: "), '{', '}')?;
    let journeys = scan::quoted(scan::bracketed(entry, "journeys:", '[', ']')?);
    let no_story = scan::quoted(scan::bracketed(entry, "noStory:", '[', ']')?);
    Some((journeys, no_story))
}

/// The situations of a scenario-stories file, but those of its `STOPS`.
pub fn story_situations(text: &str) -> Vec<String> {
    let stops: Vec<String> = scan::bracketed(text, "const STOPS", '{', '}')
        .map(|b| {
            b.lines()
                .map(str::trim)
                .filter(|l| !l.starts_with("//"))
                .filter_map(|l| l.split_once(':').map(|(k, _)| scan::quoted(k)))
                .flatten()
                .collect()
        })
        .unwrap_or_default();
    scan::quoted_after(text, "scenario(")
        .into_iter()
        .filter(|s| !stops.contains(s))
        .collect()
}

/// What a selection walks, for the report.
fn describe(select: Select) -> String {
    match select {
        Select::Flow(f) => format!("every `{f}` scenario, asserting its `expect`"),
        Select::IdPrefix(p) => format!("every `{p}*` scenario, asserting its `expect`"),
        Select::PlaywrightWalks(f) => format!(
            "`walks('{f}', WALKED.{f}.journeys, WALKED.{f}.noStory)`: the journeys, one scenario per outcome class, the `noStory` ones"
        ),
        Select::FirstPerOutcomeClass(f, unless) => format!(
            "the first `{f}` scenario of each outcome class (without input {})",
            unless.join(", ")
        ),
        Select::ScenarioStories(f) => {
            format!("one story per `{f}` scenario (`scenario('<situation>')`), but its `STOPS`")
        }
    }
}

/// The ids a walker walks.
fn select(
    walker: &Walker,
    text: &str,
    all: &[Scenario],
    scenarios_ts: &str,
    errors: &mut Vec<String>,
) -> Vec<String> {
    let of_flow = |flow: &str| -> Vec<&Scenario> {
        let mut v: Vec<&Scenario> = all.iter().filter(|s| s.flow == flow).collect();
        v.sort_by_key(|s| format!("{}.yaml", s.id));
        v
    };
    match walker.select {
        Select::Flow(flow) => of_flow(flow).iter().map(|s| s.id.clone()).collect(),
        Select::IdPrefix(prefix) => all
            .iter()
            .filter(|s| s.id.starts_with(prefix))
            .map(|s| s.id.clone())
            .collect(),
        Select::PlaywrightWalks(flow) => match walked(scenarios_ts, flow) {
            Some((journeys, no_story)) => playwright_walks(&of_flow(flow), &journeys, &no_story),
            None => {
                errors.push(format!(
                    "playwright/lib/scenarios.ts: no WALKED.{flow} with journeys and noStory"
                ));
                Vec::new()
            }
        },
        Select::FirstPerOutcomeClass(flow, unless) => {
            let mut seen = BTreeSet::new();
            of_flow(flow)
                .into_iter()
                .filter(|s| !unless.iter().any(|k| truthy(s.input.get(*k))))
                .filter(|s| seen.insert(outcome_class(s)))
                .map(|s| s.id.clone())
                .collect()
        }
        Select::ScenarioStories(flow) => {
            let ids: Vec<String> = story_situations(text)
                .into_iter()
                .map(|x| format!("{flow}/{x}"))
                .collect();
            for id in &ids {
                if !all.iter().any(|s| &s.id == id) {
                    errors.push(format!("{}: story of unknown scenario {id}", walker.file));
                }
            }
            ids
        }
    }
}

/// Test files that look like scenario walkers but have no row in [`WALKERS`].
fn unmodelled(tests: &[TestFile]) -> Vec<String> {
    let modelled: BTreeSet<&str> = WALKERS.iter().map(|w| w.file).collect();
    tests
        .iter()
        .filter(|t| !modelled.contains(t.path.as_str()))
        .filter(|t| match t.layer {
            Layer::Bff | Layer::Unit => t.code.lines().any(|l| {
                l.contains("async fn every_")
                    && l.contains("scenario")
                    && (l.contains("expect") || l.contains("expected"))
            }),
            Layer::Browser => {
                t.code.contains("walks<") || t.code.contains("walks(") || t.code.contains("outcomeClass(")
            }
            Layer::Story => t.code.contains("tags: ['scenario']"),
            Layer::Web => false,
        })
        .map(|t| {
            format!(
                "{} looks like a scenario walker but has no row in WALKERS (xtask/src/coverage/mod.rs)",
                t.path
            )
        })
        .collect()
}

/// Every string of a JSON value, at any depth.
fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// Codes a scenario's overrides answer (`businessErrorCode`, `systemErrorCode`, `errorCode`).
fn answered(s: &Scenario) -> Vec<String> {
    let mut out = Vec::new();
    for over in s.calls().unwrap_or_default().values() {
        if let Some(r) = &over.respond {
            for key in ["businessErrorCode", "systemErrorCode", "errorCode"] {
                if let Some(c) = r.get(key).and_then(|c| c.as_str()) {
                    out.push(c.to_owned());
                }
            }
        }
    }
    out
}

/// The codes a scenario names: `codes:`, every string of `expect`, the codes its overrides
/// answer.
fn named_codes(s: &Scenario) -> BTreeSet<String> {
    let mut out: Vec<String> = s.codes.clone();
    strings(&s.expect, &mut out);
    out.extend(answered(s));
    out.into_iter().collect()
}

/// The codes of the seeds' and the repository's lists, in list order.
fn listed_codes(root: &Path, errors: &mut Vec<String>) -> (Vec<Code>, Vec<String>) {
    let mut codes: Vec<Code> = Vec::new();
    let mut outcomes = Vec::new();
    let mut push = |code: &str, source: &str, outcome: &str| {
        if !codes.iter().any(|c| c.code == code) {
            codes.push(Code {
                code: code.to_owned(),
                source: source.to_owned(),
                outcome: outcome.to_owned(),
                ..Code::default()
            });
        }
    };
    if let Some(md) = read(root, BUSINESS_CODES, errors) {
        if let Ok(shared) = std::fs::read_to_string(root.join(SHARED_BUSINESS_CODES))
            && !md.ends_with(&shared)
        {
            errors.push(format!(
                "{BUSINESS_CODES} is not a copy of {SHARED_BUSINESS_CODES}: copy it again"
            ));
        }
        let rows = scan::code_table_rows(&md);
        if rows.is_empty() {
            errors.push(format!("{BUSINESS_CODES}: no `| code |` table"));
        }
        for row in rows {
            push(
                &row[0],
                "business-codes.md",
                row.last().map_or("", String::as_str),
            );
        }
        // the codes the project names in place of the seed's placeholder, in the prose
        if let Some(line) = md
            .lines()
            .find(|l| l.starts_with("Codes named by the project"))
        {
            let names: Vec<String> = line
                .split('`')
                .skip(1)
                .step_by(2)
                .filter(|n| {
                    n.chars().all(|c| {
                        c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_' || c == '-'
                    })
                })
                .map(str::to_owned)
                .collect();
            for name in names {
                push(
                    &name,
                    "business-codes.md",
                    "named by the project (seed 000 §8 placeholder)",
                );
            }
        }
        match md
            .lines()
            .find(|l| l.starts_with("Other documented outcomes"))
        {
            Some(line) => {
                let list = line.split_once(": ").map_or("", |(_, l)| l);
                outcomes = list
                    .trim_end()
                    .trim_end_matches('.')
                    .split("; ")
                    .map(|p| p.trim().trim_start_matches("and ").to_owned())
                    .collect();
            }
            None => errors.push(format!(
                "{BUSINESS_CODES}: no \"Other documented outcomes\" line"
            )),
        }
    }
    if let Some(md) = read(root, OWN_CODES, errors) {
        for row in scan::code_table_rows(&md) {
            push(
                &row[0],
                "scenarios/README.md",
                row.last().map_or("", String::as_str),
            );
        }
    }
    (codes, outcomes)
}

/// Collects the whole report from the files under `root`.
pub fn collect(root: &Path) -> Coverage {
    let mut errors = Vec::new();
    let all = scenarios(root, &mut errors);
    let tests = test_files(root);
    let scenarios_ts = read(root, "playwright/lib/scenarios.ts", &mut errors).unwrap_or_default();
    for line in PLAYWRIGHT_MODEL {
        if !scenarios_ts.contains(line) {
            errors.push(format!(
                "playwright/lib/scenarios.ts no longer holds `{line}`: update the model of its helpers in xtask/src/coverage/mod.rs"
            ));
        }
    }
    let ids: BTreeSet<String> = all.iter().map(|s| s.id.clone()).collect();

    // scenario -> tests asserting it
    let mut scenario_tests: BTreeMap<String, Tests> =
        ids.iter().map(|id| (id.clone(), Tests::new())).collect();
    let by_path: BTreeMap<&str, &TestFile> = tests.iter().map(|t| (t.path.as_str(), t)).collect();
    let mut walks = Vec::new();
    for w in WALKERS {
        let Some(t) = by_path.get(w.file) else {
            errors.push(format!(
                "WALKERS names {}, which is not a test file",
                w.file
            ));
            continue;
        };
        let missing: Vec<&&str> = w.markers.iter().filter(|m| !t.full.contains(**m)).collect();
        if !missing.is_empty() {
            errors.push(format!(
                "{} no longer contains {missing:?}: update its WALKERS row",
                w.file
            ));
            continue;
        }
        let selected = select(w, &t.full, &all, &scenarios_ts, &mut errors);
        walks.push((
            w.file.to_owned(),
            w.layer,
            describe(w.select),
            selected.len(),
        ));
        for id in selected {
            if let Some(set) = scenario_tests.get_mut(&id) {
                set.insert((w.layer, w.file.to_owned()));
            }
        }
    }
    errors.extend(unmodelled(&tests));
    for t in &tests {
        let named: Vec<String> = match t.layer {
            Layer::Browser => scan::quoted_after(&t.code, "scenario(")
                .into_iter()
                .chain(scan::quoted_after(&t.code, "scenario: "))
                .collect(),
            Layer::Bff | Layer::Unit => ids
                .iter()
                .filter(|id| t.code.contains(&format!("\"{id}\"")))
                .cloned()
                .collect(),
            Layer::Web | Layer::Story => Vec::new(),
        };
        for id in named {
            if let Some(set) = scenario_tests.get_mut(&id) {
                set.insert((t.layer, t.path.clone()));
            }
        }
    }

    // codes
    let (mut codes, outcome_texts) = listed_codes(root, &mut errors);
    for s in &all {
        for c in &s.codes {
            if !codes.iter().any(|k| &k.code == c) {
                codes.push(Code {
                    code: c.clone(),
                    source: "scenario".into(),
                    outcome: "named by a scenario's `codes:`, in no list".into(),
                    ..Code::default()
                });
            }
        }
    }
    let sim_sources: Vec<(String, String)> = files(root, "simulators/src", &[".rs"])
        .into_iter()
        .filter(|p| p != "simulators/src/content.rs")
        .filter_map(|p| {
            let text = std::fs::read_to_string(root.join(&p)).ok()?;
            let code = scan::without_comments(scan::rust_code_part(&p, &text));
            Some((p, code))
        })
        .collect();
    let bff_sources: Vec<(String, String)> = files(root, "bff/src", &[".rs"])
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(root.join(&p)).ok()?;
            let code = scan::without_comments(scan::rust_code_part(&p, &text));
            Some((p, code))
        })
        .collect();
    let mut walked_codes: BTreeMap<String, Tests> = BTreeMap::new();
    for w in CODE_WALKERS {
        let (Some(t), Some(table)) = (by_path.get(w.file), read(root, w.table, &mut errors)) else {
            errors.push(format!(
                "CODE_WALKERS: {} or {} unreadable",
                w.file, w.table
            ));
            continue;
        };
        let missing: Vec<&&str> = w.markers.iter().filter(|m| !t.full.contains(**m)).collect();
        if !missing.is_empty() {
            errors.push(format!(
                "{} no longer contains {missing:?}: update its CODE_WALKERS row",
                w.file
            ));
            continue;
        }
        for code in scan::quoted_after(&table, w.entry) {
            walked_codes
                .entry(code)
                .or_default()
                .insert((w.layer, w.file.to_owned()));
        }
    }
    for c in &mut codes {
        c.allowed = allowed(&format!("code:{}", c.code));
        for (p, text) in &sim_sources {
            if scan::has_word(text, &c.code) {
                c.simulator.insert(p.clone());
            }
        }
        for (p, text) in &bff_sources {
            if scan::has_word(text, &c.code) {
                c.bff.insert(p.clone());
            }
        }
        for s in &all {
            // the seed's lookup: the code as given, then with `_` turned into `-`
            if answered(s)
                .iter()
                .any(|a| *a == c.code || a.replace('_', "-") == c.code)
            {
                c.answers.insert(s.id.clone());
            }
            if named_codes(s).contains(&c.code) {
                c.scenarios.insert(s.id.clone());
                c.tests.extend(scenario_tests[&s.id].iter().cloned());
            }
        }
        for t in &tests {
            if scan::has_word(&t.code, &c.code) {
                c.tests.insert((t.layer, t.path.clone()));
            }
        }
        if let Some(w) = walked_codes.get(&c.code) {
            c.tests.extend(w.iter().cloned());
        }
    }

    // documented non-code outcomes
    let mut outcomes = Vec::new();
    for text in &outcome_texts {
        let Some((_, parts)) = OUTCOMES.iter().find(|(t, _)| t == text) else {
            errors.push(format!(
                "outcome \"{text}\" of business-codes.md has no row in OUTCOMES (xtask/src/coverage/mod.rs)"
            ));
            continue;
        };
        for (part, how) in *parts {
            let mut o = Outcome {
                outcome: text.clone(),
                part: (*part).to_owned(),
                ..Outcome::default()
            };
            o.allowed = allowed(&format!("outcome:{}", outcome_key(&o)));
            match how {
                Reproduced::Ids(list) => {
                    for id in *list {
                        if ids.contains(*id) {
                            o.scenarios.insert((*id).to_owned());
                        } else {
                            errors.push(format!("OUTCOMES names {id}, which is no scenario"));
                        }
                    }
                }
                Reproduced::Faults(kinds) => {
                    for s in &all {
                        let faulted = s.calls().unwrap_or_default().values().any(|o| {
                            o.fault.as_ref().is_some_and(|f| {
                                serde_json::to_value(f)
                                    .ok()
                                    .and_then(|v| {
                                        v.get("kind").and_then(|k| k.as_str().map(str::to_owned))
                                    })
                                    .is_some_and(|k| kinds.contains(&k.as_str()))
                            })
                        });
                        if faulted {
                            o.scenarios.insert(s.id.clone());
                        }
                    }
                }
                Reproduced::Responds(call, key) => {
                    for s in &all {
                        let calls = s.calls().unwrap_or_default();
                        let hit = calls.iter().any(|(c, over)| {
                            c.name() == *call
                                && over
                                    .respond
                                    .as_ref()
                                    .is_some_and(|r| r.get(*key).is_some_and(|v| !v.is_null()))
                        });
                        if hit {
                            o.scenarios.insert(s.id.clone());
                        }
                    }
                }
            }
            for id in &o.scenarios {
                o.tests.extend(scenario_tests[id].iter().cloned());
            }
            outcomes.push(o);
        }
    }
    for (text, _) in OUTCOMES {
        if !outcome_texts.iter().any(|t| t == text) {
            errors.push(format!(
                "OUTCOMES row \"{text}\" is no longer listed in business-codes.md"
            ));
        }
    }

    // operations
    let refs: Vec<(&TestFile, Vec<PathRef>)> = tests
        .iter()
        .map(|t| {
            let mut rs = scan::path_refs(&t.code);
            for (file, marker, prefix) in PATH_HELPERS {
                if *file != t.path {
                    continue;
                }
                if !t.full.contains(marker) {
                    errors.push(format!(
                        "{file} no longer contains `{marker}`: update its PATH_HELPERS row"
                    ));
                    continue;
                }
                for (arg, verb) in scan::strings_with_verbs(&t.code) {
                    rs.push(PathRef {
                        segments: scan::segments(&format!("{prefix}{arg}")),
                        verb,
                    });
                }
            }
            (t, rs)
        })
        .collect();
    for (file, _, _) in PATH_HELPERS {
        if !by_path.contains_key(file) {
            errors.push(format!(
                "PATH_HELPERS names {file}, which is not a test file"
            ));
        }
    }
    let recorded_content = content_recording(root, &mut errors);
    let readme = read(root, OWN_CODES, &mut errors).unwrap_or_default();
    for (file, calls) in WALK_CALLS {
        if !WALKERS.iter().any(|w| w.file == *file) {
            errors.push(format!("WALK_CALLS names {file}, which has no WALKERS row"));
        }
        for call in *calls {
            if !Call::ALL.iter().any(|c| c.name() == *call) {
                errors.push(format!("WALK_CALLS: {call} is no scenario call"));
            } else if !readme.contains(&format!("`{call}`"))
                && !readme.contains(&format!(" {call},"))
            {
                errors.push(format!(
                    "WALK_CALLS: scenarios/README.md no longer names `{call}`"
                ));
            }
        }
    }
    let recordings = recordings(root, &mut errors);
    let mut operations = Vec::new();
    for (contract, file) in [
        ("bff", "openapi/bff.json"),
        ("upstream", "openapi/upstream.json"),
    ] {
        let Some(text) = read(root, file, &mut errors) else {
            continue;
        };
        let spec: serde_json::Value = match serde_json::from_str(&text) {
            Ok(v) => v,
            Err(e) => {
                errors.push(format!("{file}: {e}"));
                continue;
            }
        };
        let ops = operations_of(&spec);
        for (method, path, id) in &ops {
            let verb = Verb::parse(method);
            let mut op = Operation {
                contract,
                id: id.clone(),
                method: method.to_uppercase(),
                path: path.clone(),
                allowed: allowed(&format!("{contract}:{id}")),
                ..Operation::default()
            };
            let hit = |r: &PathRef, template: &str| {
                scan::matches_template(template, &r.segments)
                    && (r.verb == verb || r.verb.is_none())
            };
            for (t, rs) in &refs {
                if rs.iter().any(|r| hit(r, path)) {
                    op.tests.insert((t.layer, t.path.clone()));
                }
            }
            let bff_path = if contract == "bff" {
                Some(path.as_str())
            } else {
                path.strip_prefix("/content")
            };
            if verb == Some(Verb::Get)
                && bff_path.is_some_and(|p| {
                    recorded_content
                        .iter()
                        .any(|r| scan::matches_template(p, &scan::segments(r)))
                })
            {
                op.tests
                    .insert((Layer::Bff, CONTENT_RECORDING.0.to_owned()));
            }
            if contract == "bff" {
                for (sid, calls) in &recordings {
                    let made = calls.iter().any(|(m, p)| {
                        Verb::parse(m) == verb && scan::matches_template(path, &scan::segments(p))
                    });
                    if made {
                        op.scenarios.insert(sid.clone());
                    }
                }
            } else {
                let calls: Vec<Call> = Call::ALL
                    .into_iter()
                    .filter(|c| call_covers(*c, method, path))
                    .collect();
                // a wiremock stand-in of the service names the path under its prefix
                for c in &calls {
                    let rest = path
                        .strip_prefix(c.service().prefix())
                        .filter(|r| r.starts_with('/'))
                        .unwrap_or("");
                    if rest.is_empty() {
                        continue;
                    }
                    let quoted = format!("\"{rest}\"");
                    for t in tests
                        .iter()
                        .filter(|t| matches!(t.layer, Layer::Bff | Layer::Unit))
                    {
                        let wiremock = format!("path(\"{rest}\")");
                        // a hyphenated path under the prefix is the service's; a plain word
                        // (`/token`, `/refill`) may be the BFF's own path
                        if t.code.contains(&wiremock)
                            || (rest.contains('-') && t.code.contains(&quoted))
                        {
                            op.tests.insert((t.layer, t.path.clone()));
                        }
                    }
                }
                for (file, names) in WALK_CALLS {
                    if calls.iter().any(|c| names.contains(&c.name())) {
                        op.tests.insert((Layer::Bff, (*file).to_owned()));
                    }
                }
                for s in &all {
                    let over = s.calls().unwrap_or_default();
                    for (c, o) in &over {
                        if calls.contains(c) {
                            op.scenarios.insert(s.id.clone());
                            if o.fault.is_some() {
                                op.faults.insert(s.id.clone());
                            }
                        }
                    }
                }
            }
            for sid in &op.scenarios {
                if let Some(ts) = scenario_tests.get(sid) {
                    op.tests.extend(ts.iter().cloned());
                }
            }
            operations.push(op);
        }
    }

    Coverage {
        codes,
        outcomes,
        operations,
        scenario_count: all.len(),
        scenario_tests,
        walks,
        errors,
    }
}

/// The BFF paths the content recording fetches (see [`CONTENT_RECORDING`]).
fn content_recording(root: &Path, errors: &mut Vec<String>) -> Vec<String> {
    let (test, test_markers, source, source_markers) = CONTENT_RECORDING;
    let (Some(t), Some(src)) = (read(root, test, errors), read(root, source, errors)) else {
        return Vec::new();
    };
    let missing: Vec<&&str> = test_markers
        .iter()
        .filter(|m| !t.contains(**m))
        .chain(source_markers.iter().filter(|m| !src.contains(**m)))
        .collect();
    if !missing.is_empty() {
        errors.push(format!(
            "{test} or {source} no longer contains {missing:?}: update CONTENT_RECORDING"
        ));
        return Vec::new();
    }
    let pairs = scan::bracketed(&src, "for (key, area) in ", '[', ']')
        .map(scan::quoted)
        .unwrap_or_default();
    let mut out = Vec::new();
    for prefix in ["/-/api", "/-/api/es"] {
        for area in pairs.iter().skip(1).step_by(2) {
            out.push(format!("{prefix}/my.prepaid/{area}"));
        }
    }
    if out.is_empty() {
        errors.push(format!("{source}: no `for (key, area) in [...]` list"));
    }
    out
}

/// `(method, path, operationId)` of every operation of an OpenAPI document, in its order.
fn operations_of(spec: &serde_json::Value) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    if let Some(paths) = spec.get("paths").and_then(|p| p.as_object()) {
        for (path, item) in paths {
            if let Some(item) = item.as_object() {
                for (method, op) in item {
                    if let Some(id) = op.get("operationId").and_then(|i| i.as_str()) {
                        out.push((method.clone(), path.clone(), id.to_owned()));
                    }
                }
            }
        }
    }
    out
}

/// Whether the scenario call `c` is the upstream operation `method path` (a call path ending
/// in `/*` covers everything below it).
fn call_covers(c: Call, method: &str, path: &str) -> bool {
    let same_method = c
        .methods()
        .iter()
        .any(|m| m.as_str().eq_ignore_ascii_case(method));
    let full = format!(
        "{}{}",
        c.service().prefix(),
        if c.path() == "/" { "" } else { c.path() }
    );
    let same_path = match full.strip_suffix("/*") {
        Some(base) => path.starts_with(&format!("{base}/")),
        None => full == path,
    };
    same_method && same_path
}

/// The BFF calls of each recorded scenario (`web/src/flows/<flow>/recordings/<situation>.json`).
fn recordings(root: &Path, errors: &mut Vec<String>) -> BTreeMap<String, Vec<(String, String)>> {
    let mut out = BTreeMap::new();
    for path in files(root, "web/src/flows", &[".json"]) {
        let parts: Vec<&str> = path.split('/').collect();
        // web/src/flows/<flow>/recordings/<situation>.json
        let [_, _, _, flow, "recordings", file] = parts.as_slice() else {
            continue;
        };
        let Some(text) = read(root, &path, errors) else {
            continue;
        };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) else {
            errors.push(format!("{path}: not JSON"));
            continue;
        };
        let calls = v
            .get("exchanges")
            .and_then(|e| e.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|x| {
                        let m = x.get("method")?.as_str()?;
                        let p = x.get("path")?.as_str()?;
                        Some((m.to_owned(), p.split('?').next().unwrap_or(p).to_owned()))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let id = format!("{flow}/{}", file.trim_end_matches(".json"));
        out.insert(id, calls);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(id: &str, expect: serde_json::Value) -> Scenario {
        let (flow, _) = id.split_once('/').unwrap();
        let stage = expect["stage"].as_str().unwrap().to_owned();
        let yaml = format!(
            "title: t\nflow: {flow}\nstart: /x\nexpect: {}\n",
            serde_json::to_string(&expect).unwrap()
        );
        let s = Scenario::parse(&format!("{id}.yaml"), &yaml).unwrap();
        assert_eq!(s.expect["stage"], stage);
        s
    }

    #[test]
    fn outcome_classes_as_playwright_computes_them() {
        let s = scenario(
            "retail/a",
            serde_json::json!({"stage": "serviceable", "coldTap": true}),
        );
        assert_eq!(outcome_class(&s), "serviceable||true||");
        let s = scenario(
            "buy/b",
            serde_json::json!({"stage": "order-review", "errorCode": "X", "banner": true}),
        );
        assert_eq!(outcome_class(&s), "order-review|catalogue|||true");
        let s = scenario(
            "buy/c",
            serde_json::json!({"stage": "error", "message": "m.k", "errorCode": "X"}),
        );
        assert_eq!(outcome_class(&s), "error|m.k|||");
    }

    #[test]
    fn playwright_walks_journeys_one_per_class_and_no_story() {
        let x = serde_json::json!({"stage": "serviceable"});
        let y = serde_json::json!({"stage": "unserviceable"});
        let a = scenario("retail/a", x.clone());
        let b = scenario("retail/b", x);
        let c = scenario("retail/c", y.clone());
        let d = scenario("retail/d", y.clone());
        let e = scenario("retail/e", y);
        let flow = [&a, &b, &c, &d, &e];
        let walked = playwright_walks(&flow, &["retail/b".into()], &["retail/e".into()]);
        // a shares b's class (a journey); c is the first unserviceable; e has no story
        assert_eq!(walked, ["retail/b", "retail/c", "retail/e"]);
    }

    #[test]
    fn walked_lists_of_the_helpers() {
        let ts = "export const WALKED = {\n  retail: { journeys: ['retail/assign-success'], noStory: [] as string[] },\n  buy: { journeys: ['buy/a', 'buy/b'], noStory: ['buy/c'] },\n} as const;";
        assert_eq!(
            walked(ts, "buy"),
            Some((vec!["buy/a".into(), "buy/b".into()], vec!["buy/c".into()]))
        );
        assert_eq!(walked(ts, "retail").unwrap().1, Vec::<String>::new());
        assert_eq!(walked(ts, "signin"), None);
    }

    #[test]
    fn scenario_stories_leave_out_their_stops() {
        let tsx = "const STOPS: Record<string, string> = {\n  // why\n  'tax-failure-existing': 'customer-info',\n};\nfunction scenario(situation: string): Story {}\nexport const A: Story = scenario('card-expired');\nexport const B: Story = scenario('tax-failure-existing');\n";
        assert_eq!(story_situations(tsx), ["card-expired"]);
    }

    #[test]
    fn a_walker_without_a_row_is_found() {
        let file = |path: &str, layer: Layer, code: &str| TestFile {
            path: path.into(),
            layer,
            full: code.into(),
            code: code.into(),
        };
        let tests = [
            file(
                "web/src/flows/refill/RefillScenarios.stories.tsx",
                Layer::Story,
                "const meta = { tags: ['scenario'] };",
            ),
            file(
                "bff/tests/it/quick.rs",
                Layer::Bff,
                "async fn every_quick_scenario_ends_as_it_expects() {",
            ),
            file(
                "playwright/tests/quick.spec.ts",
                Layer::Browser,
                "for (const w of walks('quick', [], [])) {}",
            ),
            file(
                "bff/tests/it/refill.rs",
                Layer::Bff,
                "async fn every_refill_scenario_ends_as_it_expects() {",
            ),
            file(
                "web/src/flows/x/X.stories.tsx",
                Layer::Story,
                "tags: ['autodocs']",
            ),
        ];
        let found = unmodelled(&tests);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found[0].starts_with("web/src/flows/refill/RefillScenarios.stories.tsx"));
    }

    #[test]
    fn calls_cover_their_upstream_operations() {
        assert!(call_covers(Call::Assign, "post", "/van/assign"));
        assert!(!call_covers(Call::Assign, "get", "/van/assign"));
        assert!(call_covers(
            Call::Content,
            "get",
            "/content/-/api/es/{site}/all"
        ));
        assert!(!call_covers(
            Call::Content,
            "get",
            "/content/broadband-facts"
        ));
        assert!(call_covers(Call::CardEntry, "get", "/card-entry"));
        assert!(call_covers(Call::IdentityRouter, "post", "/session/router"));
    }
}
