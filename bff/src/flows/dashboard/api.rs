//! `getDashboard` (tag account): the dashboard of one owned account (seed 001 §2
//! "Dashboard", §4 "Page readiness and checks", §7 "Dashboard", "Aux account", payment
//! info, promos).

use std::sync::Arc;

use poem::{Request, web::Data};
use poem_openapi::{OpenApi, param::Path};

use super::{build, types::*};
use crate::{
    http::{
        auth::{self, OwnedAccount},
        extract::{ScenarioSel, tracking_from_header},
        tags::ApiTags,
    },
    state::AppState,
    upstream as up,
};

/// The dashboard operation.
pub struct DashboardApi;

#[OpenApi(tag = "ApiTags::Account")]
impl DashboardApi {
    /// The dashboard of `accountId`, an account of the signed-in identity that it owns (or
    /// an aux account learned for one): reads the dashboard record and the aux accounts
    /// (together), then the payment info and the dashboard promotions, and answers what
    /// the page shows or where it goes instead (`next`). The aux accounts of the answer
    /// become usable by this sign-in. A dashboard answer with `errorCode` is `next: error`;
    /// a failed upstream call is a 5xx.
    #[oai(
        path = "/secure2/accounts/:accountId/dashboard",
        method = "get",
        operation_id = "getDashboard"
    )]
    async fn get_dashboard(
        &self,
        state: Data<&Arc<AppState>>,
        req: &Request,
        sel: ScenarioSel,
        /// The account, 16 digits.
        #[oai(name = "accountId", validator(pattern = r"^\d{16}$"))]
        _account_id: Path<String>,
        owned: OwnedAccount,
    ) -> DashboardResponse {
        let ctx = sel.ctx(tracking_from_header(req));
        let account = owned.account_id.as_str();
        let run = async {
            let c = &state.clients;
            let (dash, aux) = futures_util::future::try_join(
                up::account::dashboard(c, &ctx, account),
                up::account::aux_account(c, &ctx, account),
            )
            .await?;
            let auxes: Vec<String> = aux
                .aux_details
                .iter()
                .map(|d| d.aux_account_id.clone())
                .filter(|id| !id.is_empty())
                .collect();
            if !auxes.is_empty() {
                let of = owned.account_id.clone();
                auth::update(&state.store, &owned.session.context_id, |c| {
                    if let Some(s) = &mut c.signed_in {
                        for a in &auxes {
                            s.learn_aux(a, &of);
                        }
                    }
                })
                .await?;
            }
            let extras = build::extras(c, &ctx, account, &dash).await?;
            build::dashboard(&dash, &aux, &extras, state.clock.now())
        };
        run.await.into()
    }
}
