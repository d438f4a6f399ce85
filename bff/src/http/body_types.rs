//! JSON types of request bodies as the contract declares them. poem-openapi reads a JSON
//! number or boolean where a string is declared as its text (`"locationId": false` is
//! `"false"`), so a body the contract calls invalid would be accepted; [`BodyTypes`] checks the
//! body's JSON types against the operation's request-body schema first (`jsonschema`, type
//! errors only: every other rule stays poem-openapi's and the handlers', with their detail
//! codes) and answers 400 `VALIDATION_FAILED`, detail `{ field, code: "type" }`. It runs after
//! the CSRF check (innermost), so no body is read for a rejected request.

use std::sync::Arc;

use poem::{Body, Endpoint, IntoResponse, Middleware, Request, Response, http::Method};
use serde_json::{Value, json};

use crate::http::{
    error::{ApiError, FieldError},
    methods::{Segment, parse_template, template_matches},
};

/// The request-body validators of the contract, by path template and method.
#[derive(Default)]
pub struct BodySchemas {
    ops: Vec<(Vec<Segment>, Method, jsonschema::Validator)>,
}

impl BodySchemas {
    /// The JSON request bodies of an OpenAPI 3 document (`$ref`s into its components).
    pub fn from_spec(spec: &Value) -> Self {
        let mut ops = Vec::new();
        for (template, item) in spec["paths"].as_object().into_iter().flatten() {
            for (method, op) in item.as_object().into_iter().flatten() {
                let content = op["requestBody"]["content"].as_object();
                let Some(schema) = content
                    .into_iter()
                    .flatten()
                    .find(|(media, _)| media.starts_with("application/json"))
                    .map(|(_, m)| &m["schema"])
                else {
                    continue;
                };
                let root = json!({ "allOf": [schema], "components": spec["components"] });
                let (Ok(m), Ok(v)) = (
                    Method::from_bytes(method.to_ascii_uppercase().as_bytes()),
                    jsonschema::validator_for(&root),
                ) else {
                    tracing::error!(%template, %method, "request body schema not usable");
                    continue;
                };
                ops.push((parse_template(template), m, v));
            }
        }
        Self { ops }
    }

    /// The type errors of `body` for `method` `path` (empty when none or no schema).
    pub fn type_errors(&self, method: &Method, path: &str, body: &Value) -> Vec<FieldError> {
        let Some((_, _, v)) = self
            .ops
            .iter()
            .find(|(t, m, _)| m == method && template_matches(t, path))
        else {
            return Vec::new();
        };
        v.iter_errors(body)
            .filter(|e| matches!(e.kind, jsonschema::error::ValidationErrorKind::Type { .. }))
            .map(|e| {
                let pointer = e.instance_path.to_string();
                let field = pointer.rsplit('/').next().filter(|f| !f.is_empty());
                FieldError {
                    field: field.unwrap_or("body").to_owned(),
                    code: "type".to_owned(),
                }
            })
            .collect()
    }
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
                let errors = self.1.type_errors(req.method(), req.uri().path(), &body);
                if !errors.is_empty() {
                    return Ok(ApiError::validation(
                        "a body value has the wrong JSON type",
                        errors,
                    )
                    .into_poem_response());
                }
            }
            req.set_body(Body::from(bytes));
        }
        self.0.call(req).await.map(IntoResponse::into_response)
    }
}
