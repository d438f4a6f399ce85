//! VAN simulator, prefix `/van` (call name `assign`); seed 000 §3 "Assign request", §7, §8.

use poem_openapi::{OpenApi, Tags, param::Header, payload::Json};
use upstream::van::{AssignRequest, AssignResponse};

#[derive(Tags)]
enum Tag {
    /// VAN: starter-kit device assignment.
    Van,
}

/// `POST /van/assign`.
#[derive(Debug, Clone, Copy, Default)]
pub struct VanApi;

#[OpenApi(prefix_path = "/van", tag = "Tag::Van")]
impl VanApi {
    /// Assigns the starter kit's device code to the location.
    ///
    /// Answers 200 with business errors inside (`businessErrorCode`, e.g.
    /// `BUS_VAN_ASSIGN_015`; `systemErrorCode`), as the real service does; by default
    /// `status: SUCCESS`. A structurally invalid body is 400. Seed 000 §7, §8.
    #[oai(path = "/assign", method = "post", operation_id = "assignDevice")]
    async fn assign(
        &self,
        body: Json<AssignRequest>,
        /// Scenario id `<flow>/<situation>` (harness mode only).
        #[oai(name = "x-sim-scenario")]
        _scenario: Header<Option<String>>,
        /// Tracking id of the call (UUID v4).
        #[oai(name = "trackingid")]
        _tracking: Header<Option<String>>,
    ) -> Json<AssignResponse> {
        let _ = body;
        Json(AssignResponse {
            status: "SUCCESS".into(),
            ..AssignResponse::default()
        })
    }
}
