//! Payload types of the provider's upstream services, shared by the BFF's HTTP clients
//! (`bff/src/upstream/*`, serde) and the simulators that implement them (`simulators/`,
//! poem-openapi). One definition, so the BFF and the simulators cannot drift apart; the
//! committed `openapi/upstream.json` is rendered from the simulators' use of these types.
//!
//! Field names keep the seeds' spelling (seed 000 §3), including `serviceablityStatus`.

pub mod activation;
pub mod address;
pub mod catalogue;
pub mod content;
pub mod digital_session;
pub mod payments;
pub mod promotions;
pub mod serviceability;
pub mod tax;
pub mod van;

/// Header that selects a simulator scenario (harness mode only; see `ARCHITECTURE.md` §4).
/// The BFF sets it from the harness cookie; production configuration never sends it.
pub const SCENARIO_HEADER: &str = "x-sim-scenario";

/// Header carrying the per-call tracking id (a UUID v4), seed 000 §7.
pub const TRACKING_HEADER: &str = "trackingid";

/// Header naming the calling channel; the portal always sends `DIGITAL2.0` (seed 000 §7).
pub const SOURCE_HEADER: &str = "source";
