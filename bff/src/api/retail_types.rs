//! Schemas and answer enums of the retail operations (`retail.rs`); seed 000 §3, §5.

use poem_openapi::{ApiResponse, Enum, Object, payload::Json};
use upstream::{
    address::CustomerInfo,
    serviceability::{
        CityState, ServiceabilityDetail, ServiceabilityResponse, ServiceabilityStatus,
    },
};
use uuid::Uuid;

use crate::{
    domain::{
        address::ValidationOutcome,
        assign::AssignOutcome,
        serviceability::{self as svc, ServiceabilityOutcome, TapStatus},
    },
    error::ApiError,
};

/// Activation source sent on assign (seed 000 §6), never chosen by the browser.
pub const ASSIGN_SOURCE: &str = "Incomm";

/// One address suggestion, already split by the pick rule (seed 000 §5).
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct AddressSuggestion {
    /// The suggestion as the address search returned it, e.g.
    /// `1200 Peachtree St, Apt 12, Atlanta, GA 30309`.
    pub full_address: String,
    /// Street and unit part (first line of the list entry), e.g. `1200 Peachtree St, Apt 12`.
    pub street_address: String,
    /// City, state and zip part (second line), e.g. `Atlanta, GA 30309`.
    pub city_state_zip: String,
    /// Value for the street field: the first comma part.
    pub street: String,
    /// Value for the unit field: the second comma part when there are more than 3, else empty.
    pub unit: String,
    /// Value for the zip field: the 5 digits of a trailing zip (5 or 5+4), else empty.
    pub zip: String,
}

/// Answer of `searchAddresses`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct AddressSuggestions {
    /// At most 5 suggestions, upstream order, without the first 2 upstream entries, `N`
    /// entries and duplicates.
    pub suggestions: Vec<AddressSuggestion>,
}

/// Answer of `validateCustomerAddress`: the upstream answer plus `outcome` and `unitDropped`.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct AddressValidation {
    /// Matches, sorted by unit text (case-insensitive).
    pub customer_infos: Vec<CustomerInfo>,
    /// Business error code of the service, when it reports one.
    #[oai(skip_serializing_if_is_none)]
    pub business_error_code: Option<String>,
    /// `invalidAddress` (0 matches), `single` (1), `multiple` (more: multi-unit stage).
    pub outcome: ValidationOutcome,
    /// True when the unit matched nothing and the matches come from a retry without unit.
    pub unit_dropped: bool,
}

/// `source` of the serviceability check: the retail flow uses `CP_VAN`, the buy flow `CP`
/// (seed 000 §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
pub enum ServiceabilitySource {
    /// Retail-partner (VAN) channel.
    #[allow(non_camel_case_types)]
    CP_VAN,
    /// Buy flow: the BFF stores the buy context.
    CP,
}

/// Answer of `validateCustomerServiceability`: the upstream `ServiceabilityResponse` fields
/// (seed 000 §3, spelling kept) plus `outcome` and `tapStatus` (rule: seed 000 §4, see
/// `bff/src/domain/serviceability.rs`).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct Serviceability {
    /// `SUCCESS` or a failure status.
    pub status: String,
    /// Franchise tax area code.
    #[oai(skip_serializing_if_is_none)]
    pub fta_code: Option<String>,
    /// House key of the address.
    #[oai(skip_serializing_if_is_none)]
    pub house_key: Option<String>,
    /// Address: city and state; with `source=CP` also street lines and zip.
    #[oai(skip_serializing_if_is_none)]
    pub address: Option<CityState>,
    /// Business error code, e.g. `BUS0078`.
    #[oai(skip_serializing_if_is_none)]
    pub business_error_code: Option<String>,
    /// Serviceability status (`GREEN`, `YELLOW`, `RED`); the service's spelling.
    #[oai(rename = "serviceablityStatus", skip_serializing_if_is_none)]
    pub serviceablity_status: Option<ServiceabilityStatus>,
    /// Service lines available; empty when none.
    pub serviceability_details: Vec<ServiceabilityDetail>,
    /// What the flow does next.
    pub outcome: ServiceabilityOutcome,
    /// Tap status for analytics: `cold`, `hot`, `never`.
    pub tap_status: TapStatus,
    /// Tax geocode of the address (buy flow, `source=CP`).
    #[oai(skip_serializing_if_is_none)]
    pub geocode: Option<String>,
    /// Market id of the address (buy flow, `source=CP`).
    #[oai(skip_serializing_if_is_none)]
    pub market_id: Option<String>,
}

impl From<ServiceabilityResponse> for Serviceability {
    fn from(r: ServiceabilityResponse) -> Self {
        let outcome = svc::outcome(&r);
        Self {
            status: r.status,
            fta_code: r.fta_code,
            house_key: r.house_key,
            address: r.address,
            business_error_code: r.business_error_code,
            serviceablity_status: r.serviceablity_status,
            serviceability_details: r.serviceability_details,
            outcome,
            tap_status: svc::tap_status(outcome),
            geocode: r.geocode,
            market_id: r.market_id,
        }
    }
}

/// Service address of an assign request (validated; unknown fields rejected).
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct AssignAddress {
    /// Street line, 1 to 100 characters, not blank.
    #[oai(validator(min_length = 1, max_length = 100, pattern = r"\S"))]
    pub address_line1: String,
    /// Unit line, up to 100 characters; empty or absent for a single home.
    #[oai(default, validator(max_length = 100))]
    pub address_line2: String,
    /// City, up to 50 characters (may be empty).
    #[oai(default, validator(max_length = 50))]
    pub city: String,
    /// Two-letter state code, or empty.
    #[oai(default, validator(pattern = r"^([A-Za-z]{2})?$"))]
    pub state: String,
    /// Five-digit zip code.
    #[oai(validator(pattern = r"^\d{5}$"))]
    pub zip: String,
}

/// Language of the activation: `Spanish` when the page path starts with `/es/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
pub enum Language {
    /// English pages.
    English,
    /// Spanish pages.
    Spanish,
}

/// Body of `assignDevice`, from the browser (seed 000 §3 "Assign request" without
/// `retailerId` and `source`, which the BFF sets). Unknown fields are rejected.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct AssignBody {
    /// The confirmed service address (unit included).
    pub address: AssignAddress,
    /// The starter kit's device code: exactly 6 digits.
    #[oai(validator(pattern = r"^\d{6}$"))]
    pub device_code: String,
    /// `English` or `Spanish`.
    pub language: Language,
    /// Location id of the address (from `validateCustomerAddress`), 1 to 64 characters.
    #[oai(validator(min_length = 1, max_length = 64))]
    pub location_id: String,
    /// US mobile number, 10 digits without formatting (area code and exchange 2-9).
    #[oai(validator(pattern = r"^[2-9]\d{2}[2-9]\d{6}$"))]
    pub phone_no: String,
    /// Tracking id of the flow (UUID v4).
    pub tracking_id: Uuid,
}

/// Answer of `assignDevice`: the upstream answer plus `outcome` (seed 000 §4, §8; rule in
/// `bff/src/domain/assign.rs`).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct AssignResult {
    /// `SUCCESS` or a failure status.
    pub status: String,
    /// System error code, e.g. `SYS_VAN_001`.
    #[oai(skip_serializing_if_is_none)]
    pub system_error_code: Option<String>,
    /// Business error code, e.g. `BUS_VAN_ASSIGN_015`.
    #[oai(skip_serializing_if_is_none)]
    pub business_error_code: Option<String>,
    /// What the flow shows next.
    pub outcome: AssignOutcome,
}

macro_rules! get_response {
    ($(#[$m:meta])* $name:ident, $ty:ty, $handler:ident, $hs:literal) => {
        $(#[$m])*
        #[derive(ApiResponse)]
        #[oai(bad_request_handler = $hs)]
        #[allow(clippy::large_enum_variant)]
        pub enum $name {
            /// The answer.
            #[oai(status = 200)]
            Ok(Json<$ty>),
            /// `VALIDATION_FAILED`, with `details`.
            #[oai(status = 400)]
            BadRequest(Json<ApiError>),
            /// `UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.
            #[oai(status = 502)]
            BadGateway(Json<ApiError>),
            /// `UPSTREAM_TIMEOUT`.
            #[oai(status = 504)]
            GatewayTimeout(Json<ApiError>),
        }
        crate::error_variants!($name, $handler; 400 => BadRequest, 502 => BadGateway, 504 => GatewayTimeout);
        impl From<Result<$ty, ApiError>> for $name {
            fn from(r: Result<$ty, ApiError>) -> Self {
                r.map_or_else(Into::into, |v| Self::Ok(Json(v)))
            }
        }
    };
}

get_response!(
    /// Answers of `searchAddresses`.
    SearchAddressesResponse, AddressSuggestions, search_bad_request, "search_bad_request"
);
get_response!(
    /// Answers of `validateCustomerAddress`.
    ValidateAddressResponse, AddressValidation, validate_bad_request, "validate_bad_request"
);
get_response!(
    /// Answers of `validateCustomerServiceability`.
    ServiceabilityCheckResponse, Serviceability, serviceability_bad_request, "serviceability_bad_request"
);

/// Answers of `assignDevice`.
#[derive(ApiResponse)]
#[oai(bad_request_handler = "assign_bad_request")]
pub enum AssignDeviceResponse {
    /// The assign answer with its `outcome` (business errors are 200 with an outcome).
    #[oai(status = 200)]
    Ok(Json<AssignResult>),
    /// `VALIDATION_FAILED`: bad body or unknown field, with `details`.
    #[oai(status = 400)]
    BadRequest(Json<ApiError>),
    /// `CSRF_REJECTED`: missing or wrong `x-xsrf-token`.
    #[oai(status = 403)]
    Forbidden(Json<ApiError>),
    /// `PAYLOAD_TOO_LARGE`: body over the configured limit.
    #[oai(status = 413)]
    PayloadTooLarge(Json<ApiError>),
    /// `RATE_LIMITED`: too many POSTs from this client.
    #[oai(status = 429)]
    TooManyRequests(Json<ApiError>),
    /// `UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.
    #[oai(status = 502)]
    BadGateway(Json<ApiError>),
    /// `UPSTREAM_TIMEOUT`.
    #[oai(status = 504)]
    GatewayTimeout(Json<ApiError>),
}

crate::error_variants!(AssignDeviceResponse, assign_bad_request;
    400 => BadRequest, 403 => Forbidden, 413 => PayloadTooLarge, 429 => TooManyRequests,
    502 => BadGateway, 504 => GatewayTimeout);
