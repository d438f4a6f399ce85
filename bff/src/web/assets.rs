//! Files of the built app, sent in the encoding the web build already made (`<file>.br`,
//! `<file>.gz`: brotli 11 and gzip 9, `web/build/plugins.ts` `precompress`), the one the
//! client prefers (`http::middleware::accepted_coding`), so no asset is compressed per request
//! and none at a lower level than the best. A file without that sibling is sent by poem's
//! static files, compressed on the fly.

use std::path::{Component, Path, PathBuf};

use poem::{
    Body, Endpoint, EndpointExt, IntoResponse, Middleware, Request, Response,
    endpoint::StaticFilesEndpoint,
    http::{HeaderValue, Method, StatusCode, header},
    middleware::Compression,
    web::CompressionAlgo,
};

use crate::http::middleware::accepted_coding;

/// `Content-Type` by file extension, for the kinds the build writes.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" | "map" => "application/json",
        "html" => "text/html; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// The file below `root` a request path names; `None` for `..`, absolute or odd segments.
fn file_of(root: &Path, rel: &str) -> Option<PathBuf> {
    let rel = Path::new(rel.trim_start_matches('/'));
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return None;
    }
    Some(root.join(rel))
}

/// Files of a directory, precompressed siblings preferred; `cache` is their `Cache-Control`.
pub struct Files {
    root: PathBuf,
    cache: Option<&'static str>,
    fallback: poem::endpoint::BoxEndpoint<'static, Response>,
}

impl Files {
    /// Serves `root`; `cache` is added to every successful answer.
    pub fn new(root: PathBuf, cache: Option<&'static str>) -> Self {
        let fallback = Compression::new()
            .transform(StaticFilesEndpoint::new(root.clone()))
            .map_to_response()
            .boxed();
        Self {
            root,
            cache,
            fallback,
        }
    }

    async fn precompressed(&self, req: &Request) -> Option<Response> {
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return None;
        }
        let file = file_of(&self.root, req.uri().path())?;
        // the coding the client prefers (one parser for assets and API answers)
        let (coding, suffix) = match req
            .header(header::ACCEPT_ENCODING)
            .and_then(accepted_coding)?
        {
            CompressionAlgo::BR => ("br", "br"),
            CompressionAlgo::GZIP => ("gzip", "gz"),
            _ => return None,
        };
        let mut sibling = file.clone().into_os_string();
        sibling.push(".");
        sibling.push(suffix);
        let body = tokio::fs::read(&sibling).await.ok()?;
        let mut r = Response::builder()
            .status(StatusCode::OK)
            .content_type(content_type(&file))
            .header(header::CONTENT_ENCODING, coding)
            .header(header::VARY, "accept-encoding")
            .body(if req.method() == Method::HEAD {
                Body::empty()
            } else {
                Body::from(body)
            });
        if let Some(cache) = self.cache {
            r.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        }
        Some(r)
    }
}

impl Endpoint for Files {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        if let Some(r) = self.precompressed(&req).await {
            return Ok(r);
        }
        // poem's static files answer GET only: a HEAD (link checkers, caches) is their GET
        // without the body, as HTTP says, instead of 405
        let head = req.method() == Method::HEAD;
        let mut req = req;
        if head {
            req.set_method(Method::GET);
        }
        let mut r = self.fallback.call(req).await?.into_response();
        if head {
            r.set_body(Body::empty());
        }
        if r.status().is_success() {
            r.headers_mut()
                .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            if let Some(cache) = self.cache {
                r.headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            }
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_paths_name_files() {
        let root = Path::new("/d");
        assert_eq!(file_of(root, "/a/b.js"), Some(PathBuf::from("/d/a/b.js")));
        assert_eq!(file_of(root, "/../etc/passwd"), None);
        assert_eq!(file_of(root, "/a/./b"), Some(PathBuf::from("/d/a/b")));
    }
}
