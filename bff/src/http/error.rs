//! The one error body of the BFF (`ApiError`, ARCHITECTURE.md "Errors"), its codes, the
//! request id every error carries, and the mapping of upstream failures and request-parse
//! failures onto it.
//!
//! | `errorCode` | status | when |
//! |---|---|---|
//! | `VALIDATION_FAILED` | 400 | bad query, path, body or unknown body field (`details`) |
//! | `CSRF_REJECTED` | 403 | a POST without the session's `x-xsrf-token` |
//! | `SIGNIN_REQUIRED` | 403 | a signed-in operation without a signed-in identity in the session |
//! | `SESSION_EXPIRED` | 403 | the session record is gone, or the sign-in idle over 840 s (seed 001 §9) |
//! | `SESSION_REJECTED` | 403 | an account that is not the identity's (nor an aux account of one) |
//! | `PERMISSION_DENIED` | 403 | the identity's account, but its role is not `ACCOUNT_OWNER` (seed 001 §6) |
//! | `NOT_FOUND` | 404 | unknown site or API-looking path, unknown digital session |
//! | `METHOD_NOT_ALLOWED` | 405 | a contract path with a method it lacks (`Allow` lists its methods) |
//! | `ORDER_NOT_READY` | 409 | the buy context lacks what the call needs (e.g. submit before payment) |
//! | `PREFERENCES_UNCHANGED` | 409 | communication preferences equal to the saved ones (seed 001 §5) |
//! | `SYNC_UP_NOT_OFFERED` | 409 | a sync-up for an account the rule offers none (seed 001 §2) |
//! | `NO_SCHEDULED_MOVE` | 409 | cancel of a scheduled move on an account without one |
//! | `MOVE_CANCEL_CUTOFF_PASSED` | 409 | cancel of a move whose day has begun (seed 001 §4 "Scheduled move") |
//! | `IDEMPOTENCY_MISMATCH` | 422 | an `Idempotency-Key` reused with a different body |
//! | `PAYLOAD_TOO_LARGE` | 413 | body over `BFF_MAX_BODY_BYTES` |
//! | `RATE_LIMITED` | 429 | too many POSTs from one client address |
//! | `INTERNAL` | 500 | a bug; never for user input |
//! | `PAYMENT_FORM_LOCKED`, `AUTO_REFILL_NOT_OFFERED`, `NO_SAVED_CARD` | 409 | account payments (`flows::payments`) |
//! | `PAYMENT_IN_PROGRESS` | 409 | another payment or redemption of the same account is in flight, any session (`http::attempt`) |
//! | `PIN_INVALID` | 400 | a refill PIN empty or over 16 characters (seed 002 §2.3, §9) |
//! | `PIN_REJECTED`, `PIN_NOT_RECOGNISED`, `PIN_REDEEM_FAILED` | 422 | the PIN refill's upstream refusals (`flows::refill::pin`) |
//! | `PIN_ALREADY_REDEEMED`, `PIN_NOT_VALIDATED` | 409 | a PIN with a redemption date; a redeem without a validated PIN |
//! | `REFILL_NOT_READY`, `REFILL_CART_EMPTY`, `REFILL_NO_SAVED_CARD` | 409 | the card refill (`flows::refill`) |
//! | `NO_REFILL` | 404 | a refill confirmation without a refill (`flows::refill`) |
//! | `RECONNECT_NOT_AVAILABLE`, `RECONNECT_NOT_SERVICEABLE`, `RECONNECT_NOT_READY` | 409 | the reconnect (`flows::reconnect`) |
//! | `MOVE_DATE_IN_PAST`, `MOVE_DATE_TOO_FAR` | 400 | a move date before today or after today + 60 days (`flows::move`) |
//! | `MOVE_NOT_AVAILABLE`, `MOVE_ALREADY_SCHEDULED`, `MOVE_NOT_READY`, `MOVE_REFILL_REQUIRED` | 409 | the move (`flows::move`) |
//! | `NO_MOVE` | 404 | a move confirmation without a move made in this sign-in (`flows::move`) |
//! | `UPSTREAM_ERROR` | 502 | upstream answered 5xx or an unexpected 4xx |
//! | `UPSTREAM_UNAVAILABLE` | 502 | connect failure, reset, body read failure |
//! | `UPSTREAM_BAD_RESPONSE` | 502 | upstream body is not the documented JSON |
//! | `UPSTREAM_TIMEOUT` | 504 | upstream slower than `BFF_UPSTREAM_TIMEOUT_MS` |
//! | `STORE_UNAVAILABLE` | 503 | the session and flow-context store (Redis) is unreachable |

use poem::http::StatusCode;
use poem_openapi::{Enum, Object};

use crate::{
    store::{Idempotent, StoreError},
    telemetry::current_request_id,
    upstream::UpstreamError,
};

/// Machine-readable error code of an [`ApiError`]; each code has one HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// 400: a query, path or body value breaks the contract; see `details`.
    ValidationFailed,
    /// 403: a state-changing request (any POST, PUT, PATCH or DELETE, and the GETs that
    /// declare the `csrf` scheme) without the session's `x-xsrf-token` (get one from `GET
    /// /token`), or sent by another site (`Sec-Fetch-Site: cross-site`).
    CsrfRejected,
    /// 403: a signed-in operation (tag signin or account) without a signed-in identity in
    /// the session; the web sends the browser to the provider's sign-in (seed 001 §4
    /// "Session and timeout": "with no session id it goes to the external sign-in").
    SigninRequired,
    /// 403: the session cookie names a record that is gone, or the sign-in has been idle
    /// longer than the idle window (840 s, seed 001 §9) since its last signed-in call; the
    /// web goes to `/{locale}/timeout-error`.
    SessionExpired,
    /// 403: the account in the path or body is not one of the signed-in identity's accounts
    /// (nor an aux account the BFF learned for one of them); the web goes to
    /// `/{locale}/error`.
    SessionRejected,
    /// 403: the identity's account, but its role is not `ACCOUNT_OWNER` (seed 001 §6); the
    /// web goes to `/{locale}/permission-error`.
    PermissionDenied,
    /// 404: no such resource (unknown `{site}` or path).
    NotFound,
    /// 405: the path exists but not with this method; the `Allow` header lists its methods.
    MethodNotAllowed,
    /// 409: the session's flow context lacks what this call needs (buy: serviceability,
    /// product details, customer, payment id or payment instrument; retail: a serviceable
    /// location checked before the assign); see `message`.
    OrderNotReady,
    /// 409: `updateCommunicationPreferences` with the saved language and SMS opt-in
    /// (seed 001 §5 "Communication Update enabled only when value differs from saved").
    PreferencesUnchanged,
    /// 409: `submitSyncUp` for an account whose contact points both match or are both
    /// unknown (seed 001 §2: no sync-up is offered).
    SyncUpNotOffered,
    /// 409: the account has no scheduled move (or none with a confirmation id) to cancel.
    NoScheduledMove,
    /// 409: the move day has begun (the cutoff: 5:00 UTC in standard time, 4:00 UTC in
    /// daylight time, on the move day; seed 001 §4 "Scheduled move"): it can no longer be
    /// cancelled.
    MoveCancelCutoffPassed,
    /// 409: the payment form is disabled after a failure (30 s, 10 s from the second; seed
    /// 001 §4 "Payment instrument"); `message` says how long.
    PaymentFormLocked,
    /// 409: another refill, PIN redemption, quick refill or reconnect payment of the same
    /// account is in flight (another device or tab of the owner, or another visitor's quick
    /// refill): nothing was charged; the page says so and the customer may try again.
    PaymentInProgress,
    /// 409: auto-refill enrolment is not offered (already enrolled, deactivated, or no
    /// internet days left; seed 001 §4 "Auto-refill").
    AutoRefillNotOffered,
    /// 409: the account has no saved card to remove.
    NoSavedCard,
    /// 400: the refill PIN is empty or longer than 16 characters (seed 002 §2.3, §9).
    PinInvalid,
    /// 422: the provider rejects the refill PIN: "enter correct refill PIN code" with an
    /// alert (seed 002 §2.3).
    PinRejected,
    /// 422: the provider does not recognise the refill PIN: the "system does not recognize"
    /// modal (seed 002 §2.3).
    PinNotRecognised,
    /// 409: the refill PIN carries a redemption date: it was redeemed before (seed 002 §2.3).
    PinAlreadyRedeemed,
    /// 409: a PIN redemption without a PIN validated on this account first.
    PinNotValidated,
    /// 422: the redemption answered `businessErrorCode`, `errorCode` or status `FAILURE`
    /// (seed 002 §4.3b): the same modal as an unrecognised PIN (§2.3).
    PinRedeemFailed,
    /// 409: a refill order before its cart was chosen (`updateRefillCart`).
    RefillNotReady,
    /// 409: a refill order of a cart whose total is 0 (seed 002 §5: Next is disabled).
    RefillCartEmpty,
    /// 409: a refill order without a saved card: the web goes to `/{locale}/refill/payment`
    /// (seed 002 §2.2, §2.4).
    RefillNoSavedCard,
    /// 404: the refill confirmation of a sign-in that made no refill (seed 002 §2.6: the web
    /// goes to the dashboard).
    NoRefill,
    /// 409: the account is not closed and reconnect-eligible (seed 002 §2.10: the web shows
    /// the not-available message, `message`: the error catalogue's in the request's locale).
    ReconnectNotAvailable,
    /// 409: the reconnect's serviceability check does not let it go on (seed 002 §4.5:
    /// `BUS0078`, `BUS0077`, not serviceable; the web shows the generic error).
    ReconnectNotServiceable,
    /// 409: a reconnect submitted before `getReconnect` checked the account.
    ReconnectNotReady,
    /// 400: a move date before the BFF's today (US Eastern day; seed 002 §2.8 "today or
    /// later"); `details` `moveDate`/`past`, `message` the catalogue's.
    MoveDateInPast,
    /// 400: a move date after today + 60 days (ours); `details` `moveDate`/`tooFar`.
    MoveDateTooFar,
    /// 409: the account cannot move online (not an open account the dashboard shows);
    /// `message` the catalogue's.
    MoveNotAvailable,
    /// 409: the account already has a scheduled move this sign-in did not make (seed 001
    /// §2: move items are hidden while a move is scheduled); `message` the catalogue's.
    MoveAlreadyScheduled,
    /// 409: a move created without a serviceable address or a date held (seed 000 §8: no
    /// service availability data, no move request).
    MoveNotReady,
    /// 409: a move created while the service expires before the move date and no refill
    /// was made in this move (seed 002 §2.8: the web goes to `move/refill-required`).
    MoveRefillRequired,
    /// 404: the move confirmation of a sign-in that made no move (or it was cancelled).
    NoMove,
    /// 413: request body larger than the configured limit.
    PayloadTooLarge,
    /// 422: this `Idempotency-Key` was first used with a different body.
    IdempotencyMismatch,
    /// 429: too many requests from this client; retry later.
    RateLimited,
    /// 500: a bug in the BFF; never caused by user input.
    Internal,
    /// 502: the upstream service answered 5xx or an unexpected 4xx.
    UpstreamError,
    /// 502: the upstream service could not be reached (connect failure, reset).
    UpstreamUnavailable,
    /// 502: the upstream service answered a body that is not the documented JSON.
    UpstreamBadResponse,
    /// 504: the upstream service did not answer in time.
    UpstreamTimeout,
    /// 503: the store of sessions and flow contexts (Redis) cannot be reached; nothing was
    /// changed, retry later.
    StoreUnavailable,
}

impl ErrorCode {
    /// The HTTP status this code is always sent with.
    pub fn status(self) -> StatusCode {
        match self {
            Self::ValidationFailed
            | Self::PinInvalid
            | Self::MoveDateInPast
            | Self::MoveDateTooFar => StatusCode::BAD_REQUEST,
            Self::CsrfRejected
            | Self::SigninRequired
            | Self::SessionExpired
            | Self::SessionRejected
            | Self::PermissionDenied => StatusCode::FORBIDDEN,
            Self::NotFound | Self::NoRefill | Self::NoMove => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::OrderNotReady
            | Self::PreferencesUnchanged
            | Self::SyncUpNotOffered
            | Self::NoScheduledMove
            | Self::MoveCancelCutoffPassed
            | Self::PaymentFormLocked
            | Self::PaymentInProgress
            | Self::AutoRefillNotOffered
            | Self::NoSavedCard
            | Self::PinAlreadyRedeemed
            | Self::PinNotValidated
            | Self::RefillNotReady
            | Self::RefillCartEmpty
            | Self::RefillNoSavedCard
            | Self::ReconnectNotAvailable
            | Self::ReconnectNotServiceable
            | Self::ReconnectNotReady
            | Self::MoveNotAvailable
            | Self::MoveAlreadyScheduled
            | Self::MoveNotReady
            | Self::MoveRefillRequired => StatusCode::CONFLICT,
            Self::IdempotencyMismatch
            | Self::PinRejected
            | Self::PinNotRecognised
            | Self::PinRedeemFailed => StatusCode::UNPROCESSABLE_ENTITY,
            Self::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            Self::UpstreamError | Self::UpstreamUnavailable | Self::UpstreamBadResponse => {
                StatusCode::BAD_GATEWAY
            }
            Self::UpstreamTimeout => StatusCode::GATEWAY_TIMEOUT,
            Self::StoreUnavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

/// One invalid input field of a `VALIDATION_FAILED` error.
#[derive(Debug, Clone, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
pub struct FieldError {
    /// Name of the query parameter, path parameter or body field (`body` when the body as a
    /// whole could not be read), e.g. `zip`, `deviceCode`.
    pub field: String,
    /// What is wrong: `pattern`, `minLength`, `maxLength`, `required`, `unknownField`,
    /// `type`, `contentType` or `invalid`.
    pub code: String,
}

/// The error body of every non-2xx answer of the BFF's API.
#[derive(Debug, Clone, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct ApiError {
    /// Machine-readable code; see [`ErrorCode`].
    pub error_code: ErrorCode,
    /// Human-readable explanation for logs and developers (not shown to users: the UI maps
    /// codes to content texts), except for the codes of the error catalogue (the `PIN_*`
    /// codes): their catalogue message in the request's locale (`Accept-Language`), which the
    /// page shows.
    pub message: String,
    /// The request id, also sent as the `x-request-id` response header and logged.
    pub request_id: String,
    /// The invalid fields, for `VALIDATION_FAILED`.
    #[oai(skip_serializing_if_is_none)]
    pub details: Option<Vec<FieldError>>,
}

impl ApiError {
    /// An error with the current request id and no details.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            error_code: code,
            message: message.into(),
            request_id: current_request_id(),
            details: None,
        }
    }

    /// A `VALIDATION_FAILED` error listing `details`.
    pub fn validation(message: impl Into<String>, details: Vec<FieldError>) -> Self {
        Self {
            details: Some(details),
            ..Self::new(ErrorCode::ValidationFailed, message)
        }
    }

    /// HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        self.error_code.status()
    }

    /// This error as the failure of an extractor that runs before the handler (e.g. the
    /// sign-in extractors of `http::auth`): poem-openapi hands it to the operation's
    /// `bad_request_handler`, whose [`ApiError::from_parse_error`] answers it unchanged.
    pub fn into_extractor_error(self) -> poem::Error {
        let status = self.status();
        poem::Error::new(Carried(self), status)
    }

    /// Converts a request-parse failure of poem-openapi (query, path, header, body) into a
    /// `VALIDATION_FAILED` error with `details` (used by every `bad_request_handler`).
    pub fn from_parse_error(err: &poem::Error) -> Self {
        use poem_openapi::error::{
            AuthorizationError, ContentTypeError, ParseParamError, ParsePathError,
            ParseRequestPayloadError,
        };
        // an extractor's own answer (`http::auth`), carried as is
        if let Some(r) = err.downcast_ref::<Carried>() {
            return r.0.clone();
        }
        // the only security scheme is `csrf` (`http::extract::Csrf`)
        if err.is::<AuthorizationError>() {
            return Self::new(
                ErrorCode::CsrfRejected,
                "missing or invalid x-xsrf-token; call GET /token first",
            );
        }
        if let Some(e) = err.downcast_ref::<ParseParamError>() {
            let code = classify(&e.reason);
            return Self::validation(e.to_string(), vec![field(e.name, code)]);
        }
        if let Some(e) = err.downcast_ref::<ParsePathError>() {
            return Self::validation(e.to_string(), vec![field(e.name, classify(&e.reason))]);
        }
        if let Some(e) = err.downcast_ref::<ParseRequestPayloadError>() {
            let (name, code) = body_field(&e.reason);
            return Self::validation(e.to_string(), vec![field(&name, code)]);
        }
        if err.downcast_ref::<ContentTypeError>().is_some() {
            return Self::validation(err.to_string(), vec![field("body", "contentType")]);
        }
        Self::validation(err.to_string(), vec![field("request", "invalid")])
    }

    /// The JSON response of this error, status included.
    pub fn into_poem_response(self) -> poem::Response {
        use poem::IntoResponse;
        let status = self.status();
        poem_openapi::payload::Json(self)
            .with_status(status)
            .into_response()
    }
}

fn field(name: &str, code: &str) -> FieldError {
    FieldError {
        field: name.to_owned(),
        code: code.to_owned(),
    }
}

/// Reads the kind of a validator failure from poem-openapi's message text.
fn classify(reason: &str) -> &'static str {
    if reason.contains("unknown field") {
        "unknownField"
    } else if reason.contains("pattern") {
        "pattern"
    } else if reason.contains("minLength") || reason.contains("minimum length") {
        "minLength"
    } else if reason.contains("maxLength") || reason.contains("maximum length") {
        "maxLength"
    } else if reason.contains("expects an input value") {
        "required"
    } else if reason.contains("Expected input type") {
        "type"
    } else {
        "invalid"
    }
}

/// Field name and kind of a body parse failure (poem-openapi names the field for validator
/// failures and unknown fields; other failures are reported on `body`).
fn body_field(reason: &str) -> (String, &'static str) {
    let name = reason
        .split_once("field `")
        .and_then(|(_, rest)| rest.split_once('`'))
        .map(|(name, _)| name.to_owned())
        .unwrap_or_else(|| "body".to_owned());
    (name, classify(reason))
}

/// The error code an upstream failure is reported with (see the module table).
pub fn upstream_code(e: &UpstreamError) -> ErrorCode {
    match e {
        UpstreamError::Timeout { .. } => ErrorCode::UpstreamTimeout,
        UpstreamError::Unavailable { .. } => ErrorCode::UpstreamUnavailable,
        UpstreamError::BadResponse { .. } => ErrorCode::UpstreamBadResponse,
        UpstreamError::Status { .. } => ErrorCode::UpstreamError,
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Unavailable(_) => {
                tracing::warn!(error = %e, "store unavailable");
                ApiError::new(
                    ErrorCode::StoreUnavailable,
                    "the service is busy; retry in a moment",
                )
            }
            StoreError::Corrupt(_) => {
                tracing::error!(error = %e, "store record corrupt");
                ApiError::new(ErrorCode::Internal, "internal error")
            }
        }
    }
}

/// The answer an `Idempotency-Key` holds (`Store::idempotent` of a fallible run): its one
/// answer, a replayed error carrying this request's id; 422 `IDEMPOTENCY_MISMATCH` with
/// `mismatch` as its message when the key was used for another request; a store failure as
/// [`From<StoreError>`] says.
pub fn keyed_answer<T>(
    got: Result<Idempotent<Result<T, ApiError>>, StoreError>,
    mismatch: &'static str,
) -> Result<T, ApiError> {
    match got {
        Err(e) => Err(e.into()),
        Ok(Idempotent::Mismatch) => Err(ApiError::new(ErrorCode::IdempotencyMismatch, mismatch)),
        Ok(Idempotent::Answer(Ok(a))) => Ok(a),
        Ok(Idempotent::Answer(Err(mut e))) => {
            e.request_id = current_request_id();
            Err(e)
        }
    }
}

/// The answer of an attempt slot (`Store::idempotent` without a fingerprint, so a mismatch is
/// a bug: 500 `INTERNAL`, `what` naming the slot); a store failure as [`From<StoreError>`] says.
pub fn slot_answer<T>(
    got: Result<Idempotent<Result<T, ApiError>>, StoreError>,
    what: &'static str,
) -> Result<T, ApiError> {
    match got {
        Ok(Idempotent::Answer(a)) => a,
        Ok(Idempotent::Mismatch) => Err(ApiError::new(ErrorCode::Internal, what)),
        Err(e) => Err(e.into()),
    }
}

impl From<UpstreamError> for ApiError {
    fn from(e: UpstreamError) -> Self {
        tracing::warn!(error = %e, "upstream call failed");
        ApiError::new(upstream_code(&e), e.public_message())
    }
}

/// Declares an operation's answer enum, the one way every operation does it:
///
/// ```text
/// answers!(/// doc
///     Name(OkPayload), bad_request_handler_fn = "bad_request_handler_fn", get|get_csrf|get_signed_in|post|post_signed_in;
///     400 => BadRequest: "doc", 502 => BadGateway: "doc", ...);
/// ```
///
/// 200 carries `Json<OkPayload>`; each listed status a `Json<ApiError>`. `post` marks a
/// state-changing operation (POST, PUT, PATCH, DELETE) and adds the answers every such
/// operation shares: 403 `CSRF_REJECTED`, 413 `PAYLOAD_TOO_LARGE`, 429 `RATE_LIMITED`.
/// `get_csrf` marks a GET that changes state (it declares the `csrf` scheme) and adds 403.
/// `get_signed_in` and `post_signed_in` mark operations that need a signed-in identity
/// (`http::auth`) and add its 403 codes (`post_signed_in` also the `post` answers).
/// Every operation also gets 503 `STORE_UNAVAILABLE` (the session store is unreachable).
/// Generated: `From<ApiError>` (variant chosen by status), `From<Result<V, ApiError>>` for
/// any `V: Into<OkPayload>`, and `bad_request_handler_fn` (a request-parse failure becomes
/// 400 `VALIDATION_FAILED` with `details`).
#[macro_export]
macro_rules! answers {
    ($(#[$m:meta])* $name:ident($ty:ty), $handler:ident = $hs:literal, post;
     $($status:literal => $variant:ident : $doc:literal),* $(,)?) => {
        $crate::answers!(@emit $(#[$m])* $name($ty), $handler = $hs;
            $($status => $variant: $doc,)*
            403 => Forbidden: "`CSRF_REJECTED`: missing or wrong `x-xsrf-token` (from `GET /token`).",
            413 => PayloadTooLarge: "`PAYLOAD_TOO_LARGE`: body over the configured limit.",
            429 => TooManyRequests: "`RATE_LIMITED`: too many state-changing requests from this client.",
            503 => ServiceUnavailable: "`STORE_UNAVAILABLE`: the session store cannot be reached; retry later.",
        );
    };
    ($(#[$m:meta])* $name:ident($ty:ty), $handler:ident = $hs:literal, post_signed_in;
     $($status:literal => $variant:ident : $doc:literal),* $(,)?) => {
        $crate::answers!(@emit $(#[$m])* $name($ty), $handler = $hs;
            $($status => $variant: $doc,)*
            403 => Forbidden: "`CSRF_REJECTED`: missing or wrong `x-xsrf-token`; `SIGNIN_REQUIRED`: no signed-in identity; `SESSION_EXPIRED`: the session ended or idled over 840 s; `SESSION_REJECTED`: not the identity's account; `PERMISSION_DENIED`: not the account owner.",
            413 => PayloadTooLarge: "`PAYLOAD_TOO_LARGE`: body over the configured limit.",
            429 => TooManyRequests: "`RATE_LIMITED`: too many state-changing requests from this client.",
            503 => ServiceUnavailable: "`STORE_UNAVAILABLE`: the session store cannot be reached; retry later.",
        );
    };
    ($(#[$m:meta])* $name:ident($ty:ty), $handler:ident = $hs:literal, get_signed_in;
     $($status:literal => $variant:ident : $doc:literal),* $(,)?) => {
        $crate::answers!(@emit $(#[$m])* $name($ty), $handler = $hs;
            $($status => $variant: $doc,)*
            403 => Forbidden: "`SIGNIN_REQUIRED`: no signed-in identity; `SESSION_EXPIRED`: the session ended or idled over 840 s; `SESSION_REJECTED`: not the identity's account; `PERMISSION_DENIED`: not the account owner.",
            503 => ServiceUnavailable: "`STORE_UNAVAILABLE`: the session store cannot be reached; retry later.",
        );
    };
    ($(#[$m:meta])* $name:ident($ty:ty), $handler:ident = $hs:literal, get_csrf;
     $($status:literal => $variant:ident : $doc:literal),* $(,)?) => {
        $crate::answers!(@emit $(#[$m])* $name($ty), $handler = $hs;
            $($status => $variant: $doc,)*
            403 => Forbidden: "`CSRF_REJECTED`: missing or wrong `x-xsrf-token` (from `GET /token`); this GET changes the checkout.",
            503 => ServiceUnavailable: "`STORE_UNAVAILABLE`: the session store cannot be reached; retry later.",
        );
    };
    ($(#[$m:meta])* $name:ident($ty:ty), $handler:ident = $hs:literal, get_csrf_signed_in;
     $($status:literal => $variant:ident : $doc:literal),* $(,)?) => {
        $crate::answers!(@emit $(#[$m])* $name($ty), $handler = $hs;
            $($status => $variant: $doc,)*
            403 => Forbidden: "`CSRF_REJECTED`: missing or wrong `x-xsrf-token` (this GET changes the session); `SIGNIN_REQUIRED`: no signed-in identity; `SESSION_EXPIRED`: the session ended or idled over 840 s; `SESSION_REJECTED`: not the identity's account; `PERMISSION_DENIED`: not the account owner.",
            503 => ServiceUnavailable: "`STORE_UNAVAILABLE`: the session store cannot be reached; retry later.",
        );
    };
    ($(#[$m:meta])* $name:ident($ty:ty), $handler:ident = $hs:literal, get;
     $($status:literal => $variant:ident : $doc:literal),* $(,)?) => {
        $crate::answers!(@emit $(#[$m])* $name($ty), $handler = $hs;
            $($status => $variant: $doc,)*
            503 => ServiceUnavailable: "`STORE_UNAVAILABLE`: the session store cannot be reached; retry later.",
        );
    };
    (@emit $(#[$m:meta])* $name:ident($ty:ty), $handler:ident = $hs:literal;
     $($status:literal => $variant:ident : $doc:literal,)+) => {
        $(#[$m])*
        #[derive(::poem_openapi::ApiResponse)]
        #[oai(bad_request_handler = $hs)]
        #[allow(clippy::large_enum_variant)]
        pub enum $name {
            /// The answer.
            #[oai(status = 200)]
            Ok(::poem_openapi::payload::Json<$ty>),
            $(
                #[doc = $doc]
                #[oai(status = $status)]
                $variant(::poem_openapi::payload::Json<$crate::http::error::ApiError>),
            )+
        }

        impl ::std::convert::From<$crate::http::error::ApiError> for $name {
            fn from(e: $crate::http::error::ApiError) -> Self {
                match e.status().as_u16() {
                    $($status => $name::$variant(::poem_openapi::payload::Json(e)),)+
                    _ => {
                        ::tracing::error!(code = ?e.error_code, "error status not declared for this operation");
                        $crate::answers!(@first $name e; $($variant),+)
                    }
                }
            }
        }

        impl<V: Into<$ty>> ::std::convert::From<::std::result::Result<V, $crate::http::error::ApiError>> for $name {
            fn from(r: ::std::result::Result<V, $crate::http::error::ApiError>) -> Self {
                r.map_or_else(Into::into, |v| Self::Ok(::poem_openapi::payload::Json(v.into())))
            }
        }

        /// Turns a request-parse failure into a `400 VALIDATION_FAILED` answer.
        pub fn $handler(err: ::poem::Error) -> $name {
            $crate::http::error::ApiError::from_parse_error(&err).into()
        }
    };
    (@first $ty:ident $e:ident; $first:ident $(, $rest:ident)*) => {
        $ty::$first(::poem_openapi::payload::Json($e))
    };
}

/// An [`ApiError`] carried through poem's error ([`ApiError::into_extractor_error`]).
#[derive(Debug)]
struct Carried(ApiError);

impl std::fmt::Display for Carried {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.0.error_code, self.0.message)
    }
}

impl std::error::Error for Carried {}
