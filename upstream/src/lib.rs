//! Payload types of the provider's upstream services, shared by the BFF's HTTP clients
//! (`bff/src/upstream/*`, serde) and the simulators that implement them (`simulators/`,
//! poem-openapi). One definition, so the BFF and the simulators cannot drift apart; the
//! committed `openapi/upstream.json` is rendered from the simulators' use of these types.
//!
//! Field names keep the seeds' spelling (seed 000 §3), including `serviceablityStatus`.
//!
//! [`service`] is the table of the services (name, mount prefix, configuration variable) and
//! [`call`] the table of the calls a scenario can override; both are read by the BFF's
//! configuration and clients and by the simulators.
//!
//! Null policy: an absent optional field is left out of the JSON, never sent as `null`, on
//! both sides of every call. Every `Option<_>` field of these types carries
//! `#[oai(skip_serializing_if_is_none)]` (poem-openapi, the simulators' answers) and
//! `#[serde(default, skip_serializing_if = "Option::is_none")]` (serde, the BFF's requests);
//! reading still accepts an explicit `null` as absent. The tests in `tests/unit/null_policy.rs` check it.
//!
//! Unknown fields: no type denies them (the BFF in production is a tolerant reader); [`parse`]
//! reads JSON strictly (simulators' bundles, the BFF in harness mode) or reporting them.

pub mod account;
pub mod account_content;
pub mod activation;
pub mod activation_content;
pub mod address;
pub mod call;
pub mod catalogue;
pub mod content;
pub mod digital_session;
pub mod identity;
pub mod parse;
pub mod payments;
pub mod promotions;
pub mod refill;
pub mod replay;
pub mod service;
pub mod serviceability;
pub mod tax;
pub mod van;

/// Header that selects a simulator scenario (harness mode only; ARCHITECTURE.md "Scenarios").
/// The BFF sets it from the harness cookie; production configuration never sends it.
pub const SCENARIO_HEADER: &str = "x-sim-scenario";
/// Run id header (harness mode only): a UUID naming one start of a scenario; the simulators
/// keep what a run changed (a cancelled move, a saved card) apart from every other run.
pub const RUN_HEADER: &str = "x-sim-run";

/// Faults added from the scenario console (harness mode only): a JSON object of call name
/// (`call::Call`) to fault, in a scenario file's `fault` form, e.g.
/// `{"assign":{"kind":"timeout"}}`; each replaces that call's fault of the active scenario.
pub const FAULTS_HEADER: &str = "x-sim-faults";
/// Seeded chaos (harness mode only): `<percent>:<seed>`, e.g. `20:4711`; the simulators
/// answer about `percent` % of calls with a fault chosen by a generator seeded with `seed`.
pub const CHAOS_HEADER: &str = "x-sim-chaos";

/// Header carrying the per-call tracking id (a UUID v4), seed 000 §7.
pub const TRACKING_HEADER: &str = "trackingid";

/// Header naming the calling channel; the portal always sends `DIGITAL2.0` (seed 000 §7).
pub const SOURCE_HEADER: &str = "source";
