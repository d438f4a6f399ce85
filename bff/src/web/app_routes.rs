//! `app-routes.json` of the web build (`web/build/plugins.ts` `appRoutes`): the pages the app
//! knows, and per flow what its first screen needs (chunks, styles, content bundles).

use std::path::Path;

use serde::Deserialize;

/// A content bundle a page reads first (`web/src/lib/flows.ts` `ContentNeed`).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct ContentNeed {
    /// `merchant-flow`, `dictionary`, `buyflow`, `cart`, `all`, `account-dashboard`, ...
    pub area: String,
    /// `page`: the page's language; `en`: always English.
    pub lang: String,
    /// Only these top-level sections of the bundle (`account-dashboard`'s `refill`,
    /// `payments`, ...); absent: the whole bundle.
    #[serde(default)]
    pub sections: Option<Vec<String>>,
}

/// One flow below `/{locale}/{base}`.
#[derive(Debug, Clone, Deserialize)]
pub struct FlowRoutes {
    /// Path segment below the locale.
    pub base: String,
    /// Page paths below the base (`""`: the base itself).
    pub pages: Vec<String>,
    /// Scripts of the first screen (`/assets/...`), written as `modulepreload` links.
    pub preload: Vec<String>,
    /// Styles of the first screen, written as `stylesheet` links.
    pub styles: Vec<String>,
    /// Content bundles of the first screen.
    pub content: Vec<ContentNeed>,
    /// The BFF's `GET` paths (no query) the first screen asks for (`FlowDef.firstCalls`),
    /// written as `preload` links so they start with the page.
    #[serde(default)]
    pub calls: Vec<String>,
}

/// A page of the merchant shell outside any flow (e.g. `error`).
#[derive(Debug, Clone, Deserialize)]
pub struct SharedPage {
    /// Path below the locale.
    pub path: String,
    /// Content bundles it reads first.
    pub content: Vec<ContentNeed>,
}

/// The whole file.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppRoutes {
    /// Flows.
    pub flows: Vec<FlowRoutes>,
    /// Pages outside flows.
    pub shared: Vec<SharedPage>,
    /// Content of the not-found page.
    pub not_found_content: Vec<ContentNeed>,
}

/// What a page path (below the locale) is.
#[derive(Debug, Clone, Copy)]
pub enum PageMatch<'a> {
    /// A page of a flow.
    Flow(&'a FlowRoutes),
    /// A shared page.
    Shared(&'a SharedPage),
    /// Nothing the app knows: the app draws its not-found page, the answer is 404.
    NotFound,
}

impl AppRoutes {
    /// Reads `dist/app-routes.json`; `None` when absent or unreadable (an older build: every
    /// page then answers 200 without hints).
    pub fn load(dist: &Path) -> Option<Self> {
        let text = std::fs::read_to_string(dist.join("app-routes.json")).ok()?;
        match serde_json::from_str(&text) {
            Ok(routes) => Some(routes),
            Err(e) => {
                tracing::warn!(error = %e, "web: app-routes.json unreadable, pages served without hints");
                None
            }
        }
    }

    /// The page `rest` (the path after `/{locale}/`, no leading or trailing slash) names. A
    /// flow's base may span segments (`dashboard/edit-payment`): the longest base that `rest`
    /// is or starts with (then `/`) is the flow.
    pub fn page(&self, rest: &str) -> PageMatch<'_> {
        let below_of = |base: &str| -> Option<&str> {
            let tail = rest.strip_prefix(base)?;
            if tail.is_empty() {
                Some("")
            } else {
                tail.strip_prefix('/')
            }
        };
        let flow = self
            .flows
            .iter()
            .filter_map(|f| below_of(&f.base).map(|below| (f, below)))
            .max_by_key(|(f, _)| f.base.len());
        if let Some((flow, below)) = flow {
            return if flow.pages.iter().any(|p| p == below) {
                PageMatch::Flow(flow)
            } else {
                PageMatch::NotFound
            };
        }
        match self.shared.iter().find(|p| p.path == rest) {
            Some(p) => PageMatch::Shared(p),
            None => PageMatch::NotFound,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn routes() -> AppRoutes {
        serde_json::from_value(serde_json::json!({
            "flows": [
                { "base": "buy", "pages": ["", "internet"], "preload": [], "styles": [], "content": [] },
                { "base": "dollargeneral", "pages": [""], "preload": [], "styles": [], "content": [] },
                { "base": "dashboard", "pages": ["", "notifications"], "preload": [], "styles": [], "content": [] },
                { "base": "dashboard/auto-refill", "pages": [""], "preload": [], "styles": [], "content": [] }
            ],
            "shared": [{ "path": "error", "content": [] }],
            "notFoundContent": []
        }))
        .unwrap()
    }

    #[test]
    fn known_pages_and_the_rest() {
        let r = routes();
        assert!(matches!(r.page("buy"), PageMatch::Flow(f) if f.base == "buy"));
        assert!(matches!(r.page("buy/internet"), PageMatch::Flow(_)));
        assert!(matches!(r.page("dollargeneral"), PageMatch::Flow(_)));
        assert!(matches!(r.page("error"), PageMatch::Shared(_)));
        assert!(
            matches!(r.page("dashboard/notifications"), PageMatch::Flow(f) if f.base == "dashboard")
        );
        assert!(
            matches!(r.page("dashboard/auto-refill"), PageMatch::Flow(f) if f.base == "dashboard/auto-refill")
        );
        for unknown in [
            "",
            "buy/nope",
            "buy/404",
            "dollargeneral/x",
            "nope",
            "error/x",
            "buyer",
            "dashboard/auto-refill/x",
            "dashboard/auto-refillx",
        ] {
            assert!(matches!(r.page(unknown), PageMatch::NotFound), "{unknown}");
        }
    }
}
