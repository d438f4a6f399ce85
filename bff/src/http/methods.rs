//! 405 for a wrong method on a known API path (ARCHITECTURE.md "The BFF contract").
//!
//! The methods of each path come from the contract itself (`api::service().spec()`, read once
//! at start-up), so a new operation needs nothing here. [`MethodCheck`] runs first in the API
//! dispatch, before the rate limit, the body limit, the session and CSRF: a request whose
//! path matches a contract path (`{param}` matches any one segment) but none of its methods
//! gets 405 `METHOD_NOT_ALLOWED` with `Allow` listing the path's methods (`HEAD` with `GET`,
//! which poem answers by running the GET operation without its body). Paths the contract does
//! not know go on to routing (404 `NOT_FOUND`).

use std::sync::Arc;

use poem::{
    Endpoint, IntoResponse, Middleware, Request, Response,
    http::{HeaderValue, Method, header},
};

use contract_check::{Segment, parse_template, template_matches};

use crate::http::error::{ApiError, ErrorCode};

/// The methods of every path of the contract.
#[derive(Debug, Clone, Default)]
pub struct AllowedMethods {
    paths: Vec<(Vec<Segment>, Vec<Method>)>,
}

impl AllowedMethods {
    /// The paths and methods of an OpenAPI 3 document (`paths.<template>.<method>`).
    pub fn from_spec(spec: &serde_json::Value) -> Self {
        let mut paths = Vec::new();
        for (template, item) in spec["paths"].as_object().into_iter().flatten() {
            let segs = parse_template(template);
            let methods = item
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(|(m, _)| Method::from_bytes(m.to_ascii_uppercase().as_bytes()).ok())
                .collect();
            paths.push((segs, methods));
        }
        Self { paths }
    }

    /// Whether some template matching `path` lists `method` (`HEAD` counts as `GET`):
    /// the request passes without [`Self::for_path`]'s list.
    pub fn allows(&self, path: &str, method: &Method) -> bool {
        let head = method == Method::HEAD;
        self.paths.iter().any(|(template, methods)| {
            (methods.contains(method) || head && methods.contains(&Method::GET))
                && template_matches(template, path)
        })
    }

    /// The methods `path` answers (the union over every matching template, `HEAD` added
    /// with `GET`, in a stable order), or `None` when no contract path matches.
    pub fn for_path(&self, path: &str) -> Option<Vec<Method>> {
        let mut found: Option<Vec<Method>> = None;
        for (template, methods) in &self.paths {
            if template_matches(template, path) {
                let all = found.get_or_insert_with(Vec::new);
                for m in methods {
                    if !all.contains(m) {
                        all.push(m.clone());
                    }
                }
            }
        }
        let mut all = found?;
        if all.contains(&Method::GET) && !all.contains(&Method::HEAD) {
            all.push(Method::HEAD);
        }
        const ORDER: [Method; 7] = [
            Method::GET,
            Method::HEAD,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
            Method::OPTIONS,
        ];
        all.sort_by_key(|m| ORDER.iter().position(|o| o == m).unwrap_or(ORDER.len()));
        Some(all)
    }
}

/// The 405 answer: `METHOD_NOT_ALLOWED` and `Allow: <methods>`.
pub fn method_not_allowed(method: &Method, path: &str, allowed: &[Method]) -> Response {
    let allow = allowed
        .iter()
        .map(Method::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    let mut resp = ApiError::new(
        ErrorCode::MethodNotAllowed,
        format!("{method} is not allowed on {path}; allowed: {allow}"),
    )
    .into_poem_response();
    if let Ok(v) = HeaderValue::from_str(&allow) {
        resp.headers_mut().insert(header::ALLOW, v);
    }
    resp
}

/// Answers 405 for a wrong method on a contract path before anything else runs.
pub struct MethodCheck(pub Arc<AllowedMethods>);

impl<E: Endpoint> Middleware<E> for MethodCheck {
    type Output = MethodCheckEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        MethodCheckEndpoint(ep, self.0.clone())
    }
}

/// Endpoint of [`MethodCheck`].
pub struct MethodCheckEndpoint<E>(E, Arc<AllowedMethods>);

impl<E: Endpoint> Endpoint for MethodCheckEndpoint<E> {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        // the common case (a contract path with its method) allocates nothing
        if !self.1.allows(req.uri().path(), req.method())
            && let Some(allowed) = self.1.for_path(req.uri().path())
            && !allowed.contains(req.method())
        {
            return Ok(method_not_allowed(req.method(), req.uri().path(), &allowed));
        }
        self.0.call(req).await.map(IntoResponse::into_response)
    }
}
