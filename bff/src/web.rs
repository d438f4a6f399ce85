//! The built web app from `BFF_WEB_DIST` (ARCHITECTURE.md "Outside the contract").
//!
//! - `/assets/*`: hashed files, `Cache-Control: public, max-age=31536000, immutable`;
//! - `/`, `/en`, `/es`, `/en/...`, `/es/...`: `index.html` with `Cache-Control: no-cache`
//!   (the React router takes over);
//! - other paths: a file of the dist root (e.g. `/favicon.svg`), else 404;
//! - a missing `index.html` answers 503 with a page telling to build the web app.
//!
//! Responses are compressed (gzip, brotli, deflate as the client accepts).

use std::path::PathBuf;

use poem::{
    Endpoint, EndpointExt, Middleware, Request, Response, Route,
    endpoint::{StaticFileEndpoint, StaticFilesEndpoint},
    http::{HeaderValue, StatusCode, header},
    middleware::Compression,
};

/// Cache policy of hashed assets.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Page served when the web app was not built.
pub const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<title>Web app not built</title></head><body><h1>The web app is not built</h1>\
<p>Run <code>npm ci &amp;&amp; npm run build</code> in <code>web/</code>, or point \
<code>BFF_WEB_DIST</code> at a built <code>dist</code> directory. The API is up: \
see <a href=\"/docs\">/docs</a>.</p></body></html>";

/// Serves `index.html` of `dist` without caching, or 503 [`NOT_BUILT`].
struct SpaIndex {
    index: PathBuf,
}

impl Endpoint for SpaIndex {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        if !self.index.is_file() {
            return Ok(Response::builder()
                .status(StatusCode::SERVICE_UNAVAILABLE)
                .content_type("text/html; charset=utf-8")
                .header(header::CACHE_CONTROL, "no-store")
                .body(NOT_BUILT));
        }
        StaticFileEndpoint::new(&self.index)
            .no_cache(true)
            .call(req)
            .await
    }
}

/// `/` -> the SPA index; any other path -> a file of the dist root (404 when missing).
struct RootFiles {
    spa: SpaIndex,
    files: StaticFilesEndpoint,
}

impl Endpoint for RootFiles {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        if req.uri().path() == "/" {
            self.spa.call(req).await
        } else {
            self.files
                .call(req)
                .await
                .map(poem::IntoResponse::into_response)
        }
    }
}

/// Adds the web routes for the dist directory `dist` to `route` (compressed).
pub fn routes(route: Route, dist: PathBuf) -> Route {
    let spa = || SpaIndex {
        index: dist.join("index.html"),
    };
    let assets = StaticFilesEndpoint::new(dist.join("assets")).after(
        |r: poem::Result<Response>| async move {
            let mut r = r?;
            if r.status().is_success() {
                r.headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
            }
            Ok(r)
        },
    );
    fn compressed<E: Endpoint + 'static>(ep: E) -> poem::endpoint::BoxEndpoint<'static, Response> {
        Compression::new().transform(ep).map_to_response().boxed()
    }
    route
        .at("/en", compressed(spa()))
        .at("/es", compressed(spa()))
        .at("/en/*rest", compressed(spa()))
        .at("/es/*rest", compressed(spa()))
        .nest("/assets", Compression::new().transform(assets))
        .at(
            "/*file",
            compressed(RootFiles {
                spa: spa(),
                files: StaticFilesEndpoint::new(dist.clone()),
            }),
        )
}
