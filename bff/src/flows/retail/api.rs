//! Retail-partner starter-kit flow (tag retail; seed 000 §2 retail flow, §4, §5, §7).
//! Paths keep the seeds' shapes. Rules live in `super::{address, assign}` and `crate::domain`; this module validates input,
//! calls the upstream clients and adds the derived `outcome` fields.

use std::sync::Arc;

use poem::web::Data;
use poem_openapi::{OpenApi, param::Query, payload::Json};
use upstream::{address::Address, van::AssignRequest};
use uuid::Uuid;

pub use super::types::*;
use super::{
    address, assign,
    context::{self, RetailContext},
};
use crate::http::{
    extract::{Csrf, ScenarioSel},
    tags::ApiTags,
};
use crate::{http::error::ApiError, state::AppState, upstream as up};

/// Retail flow operations.
pub struct RetailApi;

#[OpenApi(tag = "ApiTags::Retail")]
impl RetailApi {
    /// Address suggestions for the street field (seed 000 §5: the BFF drops the first 2
    /// upstream entries, `N` entries and duplicates, keeps at most 5, and splits each by the
    /// pick rule).
    #[oai(
        path = "/secure/api/v1/address/suggestions",
        method = "get",
        operation_id = "searchAddresses"
    )]
    async fn search_addresses(
        &self,
        state: Data<&Arc<AppState>>,
        sel: ScenarioSel,
        /// Typed street text, 2 to 100 characters.
        #[oai(validator(min_length = 2, max_length = 100))]
        q: Query<String>,
        /// Tracking id of the flow (UUID v4).
        #[oai(name = "trackingId")]
        tracking_id: Query<Uuid>,
    ) -> SearchAddressesResponse {
        let ctx = sel.ctx(tracking_id.0.to_string());
        let run = async {
            let raw = up::address_search::suggest(&state.clients, &ctx, &q).await?;
            let suggestions = address::filter_suggestions(&raw)
                .into_iter()
                .map(|full| {
                    let p = address::pick(&full);
                    AddressSuggestion {
                        full_address: full,
                        street_address: p.street_address,
                        city_state_zip: p.city_state_zip,
                        street: p.street,
                        unit: p.unit,
                        zip: p.zip,
                    }
                })
                .collect();
            Ok(AddressSuggestions { suggestions })
        };
        run.await.into()
    }

    /// Validates the entered address (seed 000 §4, §7). When a unit was given and nothing
    /// matched, the BFF asks once more without the unit (`unitDropped: true`). Matches are
    /// sorted by unit text, case-insensitive.
    #[oai(
        path = "/secure/api/v1/serviceability/address/validate-customer-address",
        method = "get",
        operation_id = "validateCustomerAddress"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn validate_customer_address(
        &self,
        state: Data<&Arc<AppState>>,
        sel: ScenarioSel,
        /// Street line, 1 to 100 characters, not blank.
        #[oai(
            name = "addressLine1",
            validator(min_length = 1, max_length = 100, pattern = r"\S")
        )]
        address_line1: Query<String>,
        /// Unit, up to 100 characters (optional).
        #[oai(name = "addressLine2", validator(max_length = 100))]
        address_line2: Query<Option<String>>,
        /// City, up to 50 characters (the retail flow sends it empty).
        #[oai(validator(max_length = 50))]
        city: Query<Option<String>>,
        /// Two-letter state, or empty (the retail flow sends it empty).
        #[oai(name = "state", validator(pattern = r"^([A-Za-z]{2})?$"))]
        state_code: Query<Option<String>>,
        /// Five-digit zip code.
        #[oai(validator(pattern = r"^\d{5}$"))]
        zip: Query<String>,
        /// Tracking id of the flow (UUID v4).
        #[oai(name = "trackingId")]
        tracking_id: Query<Uuid>,
    ) -> ValidateAddressResponse {
        let ctx = sel.ctx(tracking_id.0.to_string());
        let mut addr = Address {
            address_line1: address_line1.0.trim().to_owned(),
            address_line2: address_line2.0.unwrap_or_default().trim().to_owned(),
            city: city.0.unwrap_or_default(),
            state: state_code.0.unwrap_or_default(),
            zip: zip.0,
        };
        let run = async {
            let mut answer =
                up::serviceability::validate_address(&state.clients, &ctx, &addr).await?;
            let mut unit_dropped = false;
            if address::should_retry_without_unit(&addr.address_line2, &answer) {
                addr.address_line2.clear();
                answer = up::serviceability::validate_address(&state.clients, &ctx, &addr).await?;
                unit_dropped = true;
            }
            let mut infos = answer.customer_infos;
            address::sort_by_unit(&mut infos);
            Ok(AddressValidation {
                outcome: address::validation_outcome(infos.len()),
                customer_infos: infos,
                business_error_code: answer.business_error_code,
                unit_dropped,
            })
        };
        run.await.into()
    }

    /// Serviceability of a location (seed 000 §4): the upstream answer plus `outcome`
    /// (`existingPrepaid`, `existingPostpaid`, `error`, `serviceable`, `coldTap`,
    /// `unserviceable`) and `tapStatus`. With `source=CP` (buy flow) the answer also carries
    /// the full address, `geocode` and `marketId`, and the BFF stores the buy context
    /// (address, geocode, house key, location id, market id: the checkout's only source of
    /// its market). Needs `x-xsrf-token`, whatever the source (one operation, one rule).
    #[oai(
        path = "/secure/api/v1/serviceability/address/validate-customer-serviceability",
        method = "get",
        operation_id = "validateCustomerServiceability"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn validate_customer_serviceability(
        &self,
        state: Data<&Arc<AppState>>,
        sel: ScenarioSel,
        _csrf: Csrf,
        /// Tracking id of the flow (UUID v4).
        #[oai(name = "trackingId")]
        tracking_id: Query<Uuid>,
        /// Location id from `validateCustomerAddress`, 1 to 64 characters.
        #[oai(name = "locationId", validator(min_length = 1, max_length = 64))]
        location_id: Query<String>,
        /// Channel: `CP_VAN` (retail, the default) or `CP` (buy flow).
        source: Query<Option<ServiceabilitySource>>,
        session: &poem::session::Session,
    ) -> ServiceabilityCheckResponse {
        let source = source.0.unwrap_or(ServiceabilitySource::CP_VAN);
        let ctx = sel.ctx(tracking_id.0.to_string());
        let run = async {
            let src = match source {
                ServiceabilitySource::CP_VAN => "CP_VAN",
                ServiceabilitySource::CP => "CP",
            };
            let r = up::serviceability::check(&state.clients, &ctx, &location_id, src).await?;
            let answer = Serviceability::from(r.clone());
            if source == ServiceabilitySource::CP_VAN {
                let id = crate::flows::ensure_context_id(session, context::NS);
                state
                    .store
                    .update(context::NS, &id, |c: &mut RetailContext| {
                        c.record_serviceability(&location_id, answer.outcome)
                    })
                    .await?;
            }
            if source == ServiceabilitySource::CP {
                let sid = crate::flows::buy::context::ensure_sid(session);
                crate::flows::buy::context::update(&state.store, &sid, |c| {
                    c.record_serviceability(&location_id, &ctx.tracking_id, &r)
                })
                .await?;
            }
            Ok(answer)
        };
        run.await.into()
    }

    /// Assigns the starter kit's device code to the address (seed 000 §3, §4, §7). The BFF
    /// adds `retailerId` (configuration) and `source: Incomm`. Business errors answer 200
    /// with an `outcome`. Only the location this session last found serviceable or a cold
    /// tap (`validateCustomerServiceability`, `source=CP_VAN`) takes a device: any other is
    /// 409 `ORDER_NOT_READY`. Needs `x-xsrf-token` (from `GET /token`), else 403.
    #[oai(
        path = "/van-service-api/assign",
        method = "post",
        operation_id = "assignDevice"
    )]
    async fn assign_device(
        &self,
        state: Data<&Arc<AppState>>,
        session: &poem::session::Session,
        sel: ScenarioSel,
        _csrf: Csrf,
        body: Json<AssignBody>,
    ) -> AssignDeviceResponse {
        let b = body.0;
        let checked = match crate::flows::context_id(session, context::NS) {
            Some(id) => state.store.get::<RetailContext>(context::NS, &id).await,
            None => Ok(None),
        };
        match checked {
            Ok(c) if c.as_ref().is_some_and(|c| c.may_assign(&b.location_id)) => {}
            Ok(_) => {
                return ApiError::new(
                    crate::http::error::ErrorCode::OrderNotReady,
                    "the assign lacks: a serviceable location checked in this session",
                )
                .into();
            }
            Err(e) => return ApiError::from(e).into(),
        }
        let ctx = sel.ctx(b.tracking_id.to_string());
        let req = AssignRequest {
            address: Address {
                address_line1: b.address.address_line1,
                address_line2: b.address.address_line2,
                city: b.address.city,
                state: b.address.state,
                zip: b.address.zip,
            },
            device_code: b.device_code,
            language: match b.language {
                Language::English => "English",
                Language::Spanish => "Spanish",
            }
            .to_owned(),
            location_id: b.location_id,
            phone_no: b.phone_no,
            retailer_id: state.config.retailer_id.clone(),
            source: ASSIGN_SOURCE.to_owned(),
            tracking_id: ctx.tracking_id.clone(),
        };
        match up::van::assign(&state.clients, &ctx, &req).await {
            Ok(r) => AssignDeviceResponse::Ok(Json(AssignResult {
                outcome: assign::outcome(&r),
                status: r.status,
                system_error_code: r.system_error_code,
                business_error_code: r.business_error_code,
            })),
            Err(e) => ApiError::from(e).into(),
        }
    }
}
