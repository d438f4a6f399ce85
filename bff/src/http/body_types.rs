//! JSON types of request bodies as the contract declares them. poem-openapi reads a JSON
//! number or boolean where a string is declared as its text (`"locationId": false` is
//! `"false"`), so a body the contract calls invalid would be accepted; [`BodyTypes`] checks the
//! body's JSON types against the operation's request-body schema first (type errors only:
//! every other rule stays poem-openapi's and the handlers', with their detail codes) and
//! answers 400 `VALIDATION_FAILED`, detail `{ field, code: "type" }`. It also refuses free
//! text holding a control or bidi-override character (`domain::text`): a string breaking its
//! `pattern` (the contract's free-text rule, `http::spec_rules::declare_free_text`) and
//! holding such a character is detail `{ field, code: "pattern" }`, `field` the property's
//! name (for an item of a list, the list's); other pattern failures stay poem-openapi's. It
//! runs after the CSRF check (innermost) and before the handler, so no body is read for a
//! rejected request and nothing of a refused body is stored or sent upstream. The schema
//! check is [`contract_check`], the code the simulators check the upstream contract with.

use std::sync::Arc;

use poem::{Body, Endpoint, IntoResponse, Middleware, Request, Response, http::Method};
use serde_json::Value;

use crate::{
    domain::text::has_forbidden,
    http::error::{ApiError, FieldError},
};

/// The request-body validators of the contract, by path template and method.
#[derive(Default)]
pub struct BodySchemas(contract_check::Contract);

impl BodySchemas {
    /// The JSON request bodies of an OpenAPI 3 document (`$ref`s into its components).
    pub fn from_spec(spec: &Value) -> Self {
        let contract =
            contract_check::Contract::from_spec(spec, contract_check::Reading::AsWritten);
        for problem in contract.problems() {
            tracing::error!(%problem, "request body schema not usable");
        }
        Self(contract)
    }

    /// The type errors of `body` for `method` `path` (empty when none or no schema); `field`
    /// is the value's own name (the last step of its path, `body` for the body itself).
    pub fn type_errors(&self, method: &Method, path: &str, body: &Value) -> Vec<FieldError> {
        self.refusals(method, path, body)
            .into_iter()
            .filter(|e| e.code == "type")
            .collect()
    }

    /// What [`BodyTypes`] refuses of `body` for `method` `path` (empty when nothing or no
    /// schema): its type errors (`type`, the value's own name) and its strings breaking their
    /// pattern with a control or bidi-override character (`pattern`, the property's name).
    pub fn refusals(&self, method: &Method, path: &str, body: &Value) -> Vec<FieldError> {
        use contract_check::{Kind, Step};
        let Some(op) = self.0.find(method.as_str(), path) else {
            return Vec::new();
        };
        op.body_violations(body)
            .into_iter()
            .filter_map(|v| match &v.kind {
                Kind::Type { .. } => Some(FieldError {
                    field: v.leaf(),
                    code: "type".to_owned(),
                }),
                Kind::Other { keyword }
                    if keyword == "pattern"
                        && string_at(body, &v.at).is_some_and(has_forbidden) =>
                {
                    let field = v.at.iter().rev().find_map(|s| match s {
                        Step::Key(k) => Some(k.clone()),
                        Step::Index(_) => None,
                    });
                    Some(FieldError {
                        field: field.unwrap_or_else(|| "body".to_owned()),
                        code: "pattern".to_owned(),
                    })
                }
                _ => None,
            })
            .collect()
    }
}

/// The string at `at` in `body`, if it is one.
fn string_at<'a>(body: &'a Value, at: &[contract_check::Step]) -> Option<&'a str> {
    at.iter()
        .try_fold(body, |v, step| match step {
            contract_check::Step::Key(k) => v.get(k),
            contract_check::Step::Index(i) => v.get(i),
        })?
        .as_str()
}

/// Rejects JSON bodies whose value types break the contract (see the module doc).
pub struct BodyTypes(pub Arc<BodySchemas>);

impl<E: Endpoint> Middleware<E> for BodyTypes {
    type Output = BodyTypesEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        BodyTypesEndpoint(ep, self.0.clone())
    }
}

/// Endpoint of [`BodyTypes`].
pub struct BodyTypesEndpoint<E>(E, Arc<BodySchemas>);

impl<E: Endpoint> Endpoint for BodyTypesEndpoint<E> {
    type Output = Response;
    async fn call(&self, mut req: Request) -> poem::Result<Response> {
        let json_body = req
            .content_type()
            .is_some_and(|c| c.starts_with("application/json"));
        if json_body && crate::http::middleware::changes_state(req.method()) {
            let bytes = req.take_body().into_bytes().await?;
            if let Ok(body) = serde_json::from_slice::<Value>(&bytes) {
                let errors = self.1.refusals(req.method(), req.uri().path(), &body);
                if !errors.is_empty() {
                    let message = if errors.iter().all(|e| e.code == "type") {
                        "a body value has the wrong JSON type"
                    } else {
                        "a body value has the wrong JSON type or holds a control character"
                    };
                    return Ok(ApiError::validation(message, errors).into_poem_response());
                }
            }
            req.set_body(Body::from(bytes));
        }
        self.0.call(req).await.map(IntoResponse::into_response)
    }
}
