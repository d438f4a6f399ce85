//! Files of the built app, sent in the encoding the web build already made (`<file>.br`,
//! `<file>.gz`: brotli 11 and gzip 9, `web/build/plugins.ts` `precompress`), so no asset is
//! compressed per request and none at a lower level than the best. A file without such a
//! sibling is sent as it is (poem's static files, compressed on the fly).

use std::path::{Component, Path, PathBuf};

use poem::{
    Body, Endpoint, EndpointExt, IntoResponse, Middleware, Request, Response,
    endpoint::StaticFilesEndpoint,
    http::{HeaderValue, Method, StatusCode, header},
    middleware::Compression,
};

/// Content encodings the build writes, best first: (token of `Accept-Encoding`, file suffix).
const ENCODINGS: [(&str, &str); 2] = [("br", "br"), ("gzip", "gz")];

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

/// Whether `accept` (an `Accept-Encoding` value) allows `coding` (q-values of 0 refuse it).
pub fn accepts(accept: &str, coding: &str) -> bool {
    accept.split(',').any(|part| {
        let mut it = part.split(';');
        let name = it.next().unwrap_or("").trim();
        let refused = it.any(|p| {
            p.trim()
                .strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                == Some(0.0)
        });
        name.eq_ignore_ascii_case(coding) && !refused
    })
}

/// The file below `root` a request path names; `None` for `..`, absolute or odd segments.
fn file_of(root: &Path, rel: &str) -> Option<PathBuf> {
    let rel = Path::new(rel.trim_start_matches('/'));
    if rel
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
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
        let accept = req.header(header::ACCEPT_ENCODING).unwrap_or("");
        for (coding, suffix) in ENCODINGS {
            if !accepts(accept, coding) {
                continue;
            }
            let mut sibling = file.clone().into_os_string();
            sibling.push(".");
            sibling.push(suffix);
            let Ok(body) = tokio::fs::read(&sibling).await else {
                continue;
            };
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
            return Some(r);
        }
        None
    }
}

impl Endpoint for Files {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        if let Some(r) = self.precompressed(&req).await {
            return Ok(r);
        }
        let mut r = self.fallback.call(req).await?.into_response();
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
    fn accept_encoding_tokens_and_refusals() {
        assert!(accepts("gzip, deflate, br, zstd", "br"));
        assert!(accepts("GZIP;q=0.5", "gzip"));
        assert!(!accepts("gzip, br;q=0", "br"));
        assert!(!accepts("identity", "gzip"));
        assert!(!accepts("", "br"));
    }

    #[test]
    fn only_plain_relative_paths_name_files() {
        let root = Path::new("/d");
        assert_eq!(file_of(root, "/a/b.js"), Some(PathBuf::from("/d/a/b.js")));
        assert_eq!(file_of(root, "/../etc/passwd"), None);
        assert_eq!(file_of(root, "/a/./b"), Some(PathBuf::from("/d/a/b")));
    }
}
