//! The built web app from `BFF_WEB_DIST` (ARCHITECTURE.md "Outside the contract", "First load").
//!
//! - `/assets/*`: hashed files, `Cache-Control: public, max-age=31536000, immutable`, sent
//!   precompressed ([`assets`]);
//! - `/`, `/en`, `/es`, `/en/...`, `/es/...`: the page ([`pages`]: `index.html` with the page's
//!   status, language, first-screen links and content; `Cache-Control: private, no-cache`; the
//!   React router takes over);
//! - other paths: a file of the dist root (e.g. `/images/gateway.svg`), else 404; not hashed,
//!   so cached for a day ([`ROOT_FILES`]) rather than forever;
//! - a missing `index.html` answers 503 with a page telling to build the web app.

pub mod app_routes;
pub mod assets;
pub mod pages;
pub mod styles;

use std::sync::Arc;

use poem::{Endpoint, EndpointExt, Middleware, Route};

use crate::{http::middleware::AnswerCompression, state::AppState};

/// Cache policy of hashed assets.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Cache policy of the dist root's files (images, `robots.txt`): without one, browsers revalidate
/// an image each time a page mounts it (the header logo was fetched up to four times on one first
/// load, issue 10).
pub const ROOT_FILES: &str = "public, max-age=86400";

/// Page served when the web app was not built.
pub const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<title>Web app not built</title></head><body><h1>The web app is not built</h1>\
<p>Run <code>npm ci &amp;&amp; npm run build</code> in <code>web/</code>, or point \
<code>BFF_WEB_DIST</code> at a built <code>dist</code> directory. The API is up: \
see <a href=\"/docs\">/docs</a>.</p></body></html>";

/// Attribute-safe text (paths come from the build, but never trust a file).
fn attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

/// `/` -> the page; any other path -> a file of the dist root (404 when missing).
struct RootFiles {
    page: Arc<poem::endpoint::BoxEndpoint<'static, poem::Response>>,
    files: assets::Files,
}

impl Endpoint for RootFiles {
    type Output = poem::Response;
    async fn call(&self, req: poem::Request) -> poem::Result<poem::Response> {
        if req.uri().path() == "/" {
            self.page.call(req).await
        } else {
            self.files.call(req).await
        }
    }
}

/// Adds the web routes of the build in `state.config.web_dist` to `route`.
pub fn routes(route: Route, state: Arc<AppState>) -> Route {
    let dist = state.config.web_dist.clone();
    // pages are written per request: compressed on the fly like API answers (poem's
    // `Compression` defaults to brotli's fastest level: /es/buy's page was 13.0 KB, 8.6 at 4)
    let page = Arc::new(
        AnswerCompression
            .transform(pages::Pages::new(state, dist.clone()))
            .map_to_response()
            .boxed(),
    );
    let shared = |p: &Arc<poem::endpoint::BoxEndpoint<'static, poem::Response>>| {
        let p = p.clone();
        poem::endpoint::make(move |req| {
            let p = p.clone();
            async move { p.call(req).await }
        })
    };
    route
        .at("/en", shared(&page))
        .at("/es", shared(&page))
        .at("/en/*rest", shared(&page))
        .at("/es/*rest", shared(&page))
        .nest(
            "/assets",
            assets::Files::new(dist.join("assets"), Some(IMMUTABLE)),
        )
        .at(
            "/*file",
            RootFiles {
                page,
                files: assets::Files::new(dist, Some(ROOT_FILES)),
            },
        )
}
