//! Bodies and answers of the PIN refill (seed 002 §2.3, §4.3b, §9).

use std::fmt;

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// Body of `validateRefillPin`.
#[derive(Clone, PartialEq, Eq, Object, Serialize)]
#[oai(rename_all = "camelCase", deny_unknown_fields)]
pub struct PinBody {
    /// The refill PIN as typed: 1 to 16 characters once trimmed (seed 002 §2.3, §9), else 400
    /// `PIN_INVALID` with `details` field `pin` (`required` or `maxLength`).
    pub pin: String,
}

impl fmt::Debug for PinBody {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PinBody { pin: <redacted> }")
    }
}

/// `validateRefillPin`'s answer: the PIN details (seed 002 §2.3 "pin, planQty,
/// redemptionDate, formattedExpirationDate"; a PIN with a redemption date is 409
/// `PIN_ALREADY_REDEEMED`, so a valid PIN never has one).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PinDetails {
    /// The PIN masked but its last 4 characters, e.g. `********0001` (all masked when it
    /// has 4 or fewer).
    pub pin: String,
    /// 30-day internet plans (`HSD_030`) the PIN buys.
    pub plan_qty: u32,
    /// The last moment the PIN can be redeemed, ISO 8601 UTC, as the provider gives it.
    pub expiration_date: String,
    /// The same as the provider displays it (`MM/DD/YYYY`), when it gives one.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formatted_expiration_date: Option<String>,
    /// The internet service's expiry date once the PIN is redeemed, `YYYY-MM-DD` (UTC): the
    /// current expiry (or today, when expired) plus 30 days per plan.
    pub new_expiration_date: String,
}

/// `redeemRefillPin`'s answer: the confirmation's data (seed 002 §2.6).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct PinRedemption {
    /// The PIN redeemed, masked as in [`PinDetails::pin`].
    pub pin: String,
    /// 30-day internet plans added.
    pub plan_qty: u32,
    /// The internet service's new expiry date, `YYYY-MM-DD` (UTC).
    pub new_expiration_date: String,
    /// When the provider redeemed it, ISO 8601 UTC, when it says.
    #[oai(skip_serializing_if_is_none)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redemption_date: Option<String>,
}

crate::answers!(
    /// Answers of `validateRefillPin`.
    ValidateRefillPinResponse(PinDetails), validate_refill_pin_bad_request = "validate_refill_pin_bad_request", post_signed_in;
    400 => BadRequest: "`PIN_INVALID`: the PIN is empty or over 16 characters (`details` field `pin`); `VALIDATION_FAILED`: bad body.",
    409 => Conflict: "`PIN_ALREADY_REDEEMED`: the PIN carries a redemption date; `ORDER_NOT_READY`: the account has no internet device to refill.",
    422 => UnprocessableEntity: "`PIN_REJECTED`: the provider rejects the PIN (\"enter correct refill PIN code\"); `PIN_NOT_RECOGNISED`: the provider does not know it (\"system does not recognize\" modal). `message`: the catalogue's, in the request's locale.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the validation or the account record failed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: the validation or the account record did not answer in time.",
);

crate::answers!(
    /// Answers of `redeemRefillPin`.
    RedeemRefillPinResponse(PinRedemption), redeem_refill_pin_bad_request = "redeem_refill_pin_bad_request", post_signed_in;
    400 => BadRequest: "`VALIDATION_FAILED`: `Idempotency-Key` missing or not a UUID.",
    409 => Conflict: "`PIN_NOT_VALIDATED`: no PIN validated on this account (call `validateRefillPin` first); `PAYMENT_IN_PROGRESS`: another payment of this account is in flight (another device, tab or visitor); nothing charged, try again.",
    422 => UnprocessableEntity: "`PIN_REDEEM_FAILED`: the redemption answered `businessErrorCode`, `errorCode` or status `FAILURE` (`message`: the catalogue's, the same as `PIN_NOT_RECOGNISED`); `IDEMPOTENCY_MISMATCH`: this key was used for another validated PIN.",
    502 => BadGateway: "`UPSTREAM_ERROR`, `UPSTREAM_UNAVAILABLE`, `UPSTREAM_BAD_RESPONSE`: the redemption's answer was lost; validate the PIN again to see whether it was redeemed.",
    504 => GatewayTimeout: "`UPSTREAM_TIMEOUT`: the redemption did not answer in time; validate the PIN again to see whether it was redeemed.",
);
