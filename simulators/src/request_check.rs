//! Requests checked against the upstream contract (issue 15 §5; ARCHITECTURE.md "Upstream
//! contract"): the simulators refuse what the contract does not allow before any
//! work, as a real provider would, so a BFF bug fails loudly in every test. The answer is 400
//! [`InvalidRequest`] `{"errorCode":"INVALID_REQUEST","field":…,"reason":…}` naming the field
//! (`customerInfo.address.addressLine1`, `products[0].price`; `body` for the body as a whole)
//! and what is wrong (`required`, `expected string, found number`, `expected one of …`,
//! `unknown field`), never the value; logged at `warn` with the operation's template.
//!
//! Checked, on every operation without a 400 of its own (the identity provider's and the
//! router's 400s are their protocols' and stay theirs; [`Checked`] declares this 400 on the
//! others in `openapi/upstream.json`):
//! - each required query parameter is present (poem-openapi's own 400 for one is plain text);
//! - a JSON body: `application/json`, JSON, and valid against the operation's schema read
//!   strictly ([`contract_check::Reading::Strict`]): required fields, JSON types (poem-openapi
//!   reads a number where a string is declared as its text), enums, no unknown field (as
//!   `upstream::parse`'s strict reader), unsigned integers at least 0.
//!
//! Path parameters are strings matched by the route; header parameters are optional. The
//! check is [`contract_check::Contract`], the code the BFF checks its own contract with, built
//! once per process from this crate's contract; a valid request costs one JSON parse and one
//! validator pass of its body.

use std::sync::LazyLock;

use poem::http::StatusCode;
use poem::{Body, Endpoint, IntoResponse, Middleware, Request, Response};
use poem_openapi::registry::{
    MetaApi, MetaMediaType, MetaOperation, MetaParamIn, MetaResponse, Registry,
};
use poem_openapi::types::{ToJSON, Type};
use poem_openapi::{Enum, Object, OpenApi, OpenApiService};

use contract_check::{Contract, Operation, Reading};

/// `errorCode` of [`InvalidRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
pub enum InvalidRequestCode {
    /// The request breaks the upstream contract.
    #[oai(rename = "INVALID_REQUEST")]
    InvalidRequest,
}

/// The simulators' 400 for a request the upstream contract does not allow (issue 15 §5): a
/// required query parameter or body field missing, a value of another JSON type, a value
/// outside its enum, an unknown body field, or a body that is not JSON (`application/json`).
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename_all = "camelCase")]
pub struct InvalidRequest {
    /// Always `INVALID_REQUEST`.
    pub error_code: InvalidRequestCode,
    /// The query parameter, or the body value's path: dotted keys with `[i]` for a list's
    /// item (`customerInfo.address.addressLine1`, `products[0].price`); `body` for the body
    /// as a whole.
    pub field: String,
    /// What is wrong, without the value: `required`, `expected string, found number`,
    /// `expected one of ENGLISH, SPANISH`, `unknown field`, `not JSON`,
    /// `expected application/json`, `breaks <keyword>`.
    pub reason: String,
}

/// The 400 [`InvalidRequest`] answer.
pub fn invalid(field: &str, reason: &str) -> Response {
    let body = InvalidRequest {
        error_code: InvalidRequestCode::InvalidRequest,
        field: field.to_owned(),
        reason: reason.to_owned(),
    };
    let bytes = body.to_json().unwrap_or_default().to_string().into_bytes();
    crate::fault::json_response(StatusCode::BAD_REQUEST, bytes)
}

const DESCRIPTION: &str = "The request breaks the contract (`InvalidRequest`, issue 15 §5).";

/// Whether [`RequestCheck`] checks `op`: no 400 of its own, and a JSON body or a required
/// query parameter.
fn checked(op: &MetaOperation) -> bool {
    let own_400 = op.responses.responses.iter().any(|r| r.status == Some(400));
    let json_body = op.request.as_ref().is_some_and(|r| {
        r.content
            .iter()
            .any(|m| m.content_type.starts_with("application/json"))
    });
    let required_query = op
        .params
        .iter()
        .any(|p| p.required && matches!(p.in_type, MetaParamIn::Query));
    !own_400 && (json_body || required_query)
}

/// The simulators' API `T` with [`InvalidRequest`]'s 400 declared on every operation
/// [`RequestCheck`] checks, so the contract says what the simulators answer; the routes are
/// `T`'s.
#[derive(Debug, Default)]
pub struct Checked<T>(pub T);

impl<T: OpenApi> OpenApi for Checked<T> {
    fn meta() -> Vec<MetaApi> {
        let mut apis = T::meta();
        let ops = apis
            .iter_mut()
            .flat_map(|a| a.paths.iter_mut())
            .flat_map(|p| p.operations.iter_mut());
        for op in ops.filter(|op| checked(op)) {
            let responses = &mut op.responses.responses;
            let at = responses
                .iter()
                .position(|r| r.status.is_some_and(|s| s > 400))
                .unwrap_or(responses.len());
            responses.insert(
                at,
                MetaResponse {
                    description: DESCRIPTION,
                    status: Some(400),
                    status_range: None,
                    content: vec![MetaMediaType {
                        content_type: "application/json; charset=utf-8",
                        schema: InvalidRequest::schema_ref(),
                    }],
                    headers: Vec::new(),
                },
            );
        }
        apis
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
        InvalidRequest::register(registry);
    }

    fn add_routes(
        self,
        route_table: &mut std::collections::HashMap<
            String,
            std::collections::HashMap<poem::http::Method, poem::endpoint::BoxEndpoint<'static>>,
        >,
    ) {
        self.0.add_routes(route_table);
    }
}

/// The contract as the simulators' code declares it (without [`Checked`]'s 400s), read once.
static CONTRACT: LazyLock<Contract> = LazyLock::new(|| {
    let spec = OpenApiService::new(crate::Apis::default(), crate::TITLE, "").spec();
    let spec = serde_json::from_str(&spec).unwrap_or_default();
    let contract = Contract::from_spec(&spec, Reading::Strict);
    for problem in contract.problems() {
        tracing::error!(%problem, "upstream request check left out");
    }
    contract
});

/// The operation [`RequestCheck`] checks for `method` `path`, if any.
pub fn operation(method: &str, path: &str) -> Option<&'static Operation> {
    CONTRACT.find(method, path).filter(|op| !op.declares("400"))
}

/// What the check refuses: the contract's [`contract_check`] problems (none expected).
pub fn problems() -> &'static [String] {
    CONTRACT.problems()
}

/// The request check middleware (see the module doc).
#[derive(Debug, Clone, Copy, Default)]
pub struct RequestCheck;

impl<E: Endpoint> Middleware<E> for RequestCheck {
    type Output = RequestCheckEndpoint<E>;

    fn transform(&self, ep: E) -> Self::Output {
        RequestCheckEndpoint(ep)
    }
}

/// Endpoint produced by [`RequestCheck`].
#[derive(Debug)]
pub struct RequestCheckEndpoint<E>(E);

impl<E: Endpoint> Endpoint for RequestCheckEndpoint<E> {
    type Output = Response;

    async fn call(&self, mut req: Request) -> poem::Result<Response> {
        if let Some(op) = operation(req.method().as_str(), req.uri().path()) {
            let refused = match op.missing_query(req.uri().query().unwrap_or_default()) {
                Some(name) => Some((name.to_owned(), "required".to_owned())),
                None if op.has_json_body() => {
                    let json = req
                        .content_type()
                        .is_some_and(|c| c.to_ascii_lowercase().starts_with("application/json"));
                    let bytes = req.take_body().into_bytes().await?;
                    let refused = body_refusal(op, json, &bytes);
                    req.set_body(Body::from(bytes));
                    refused
                }
                None => None,
            };
            if let Some((field, reason)) = refused {
                tracing::warn!(
                    method = op.method(),
                    path = op.template(),
                    %field,
                    %reason,
                    "request outside the upstream contract"
                );
                return Ok(invalid(&field, &reason));
            }
        }
        self.0.call(req).await.map(IntoResponse::into_response)
    }
}

/// The field and reason a body of `op` is refused for (`json`: sent as `application/json`).
fn body_refusal(op: &Operation, json: bool, bytes: &[u8]) -> Option<(String, String)> {
    let refuse = |reason: &str| Some(("body".to_owned(), reason.to_owned()));
    if bytes.is_empty() {
        return if op.body_required() {
            refuse("required")
        } else {
            None
        };
    }
    if !json {
        return if op.json_body_only() {
            refuse("expected application/json")
        } else {
            None
        };
    }
    let Ok(body) = serde_json::from_slice(bytes) else {
        return refuse("not JSON");
    };
    let first = op.body_violations(&body).into_iter().next()?;
    Some((first.field(), first.reason()))
}
