//! Schemas and answer enums of the retail operations (`api.rs`); seed 000 §3, §5.

use poem_openapi::{Enum, Object};
use upstream::{address::CustomerInfo, serviceability::ServiceabilityResponse};
use uuid::Uuid;

use super::{address::ValidationOutcome, assign::AssignOutcome};
use crate::domain::serviceability::{self as svc, ServiceabilityOutcome, TapStatus};

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

/// Answer of `validateCustomerServiceability`: the upstream `ServiceabilityResponse` as the
/// service sent it (seed 000 §3, spelling kept, absent fields left out) plus the derived
/// `outcome` and `tapStatus` (rule: seed 000 §4, `domain::serviceability`).
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct Serviceability {
    /// The upstream answer, unchanged.
    #[oai(flatten)]
    pub response: ServiceabilityResponse,
    /// What the flow does next.
    pub outcome: ServiceabilityOutcome,
    /// Tap status for analytics: `cold`, `hot`, `never`.
    pub tap_status: TapStatus,
}

impl From<ServiceabilityResponse> for Serviceability {
    fn from(response: ServiceabilityResponse) -> Self {
        let outcome = svc::outcome(&response);
        Self {
            response,
            outcome,
            tap_status: svc::tap_status(outcome),
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
/// `bff/src/flows/retail/assign.rs`).
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

crate::answers!(
    /// Answers of `searchAddresses`.
    SearchAddressesResponse(AddressSuggestions), search_bad_request = "search_bad_request", get;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `validateCustomerAddress`.
    ValidateAddressResponse(AddressValidation), validate_bad_request = "validate_bad_request", get;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `validateCustomerServiceability`.
    ServiceabilityCheckResponse(Serviceability), serviceability_bad_request = "serviceability_bad_request", get_csrf;
    400 => BadRequest: "`VALIDATION_FAILED`, with `details`.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
crate::answers!(
    /// Answers of `assignDevice` (business errors are 200 with an `outcome`).
    AssignDeviceResponse(AssignResult), assign_bad_request = "assign_bad_request", post;
    400 => BadRequest: "`VALIDATION_FAILED`: bad body or unknown field, with `details`.",
    409 => Conflict: "`ORDER_NOT_READY`: `locationId` is not the location this session last found serviceable or a cold tap.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE` or `UPSTREAM_BAD_RESPONSE`.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`.",
);
