//! Pages of the app: `index.html` for `/`, `/en`, `/es` and everything below them, written for
//! the page asked (ARCHITECTURE.md "First load"):
//!
//! - status 200 for a page of `app-routes.json`, 404 for any other path (the app still draws
//!   its not-found page) and for the scenario console outside harness mode, `<html lang>` of
//!   the locale; in harness mode, while the caller has an active scenario, the badge's loader
//!   ([`badge_script`]);
//! - the flow's first-screen scripts as `modulepreload` links, so they load beside the entry
//!   instead of after it, and the entry's and the flow's style sheets written in as `<style>`
//!   ([`InlineStyles`]), so they apply before the first paint without a request of their own
//!   (no layout shift, no render-blocking round trip); `/token` and the `GET` calls its first
//!   screen makes (`calls`, the signed-in shell's profile, the dashboard's account) as
//!   `preload` links, which the app's own requests of the same URL take; a call's
//!   [`ACCOUNT_PARAM`] is the signed-in session's chosen account (left out without one, or when
//!   the page's query names an account: the app then asks for that one);
//! - the content bundles the first screen reads, in `<script type="application/json"
//!   id="pp-content">` (`{ "<locale>": { "<area>": bundle } }`), fetched from the content
//!   service as the content calls do (harness scenario included, through the content cache),
//!   so the first screen waits for neither `/token` nor a content call. A bundle of which the
//!   flow declared only some top-level sections (`ContentNeed::sections`) is written as those
//!   sections alone, keyed by section, under `"<area>:sections"` ([`SECTIONS_SUFFIX`]), never
//!   under the area's own key (which always holds a whole bundle):
//!   `{ "es": { "all": {..}, "account-dashboard:sections": { "refill": {..}, "payments": {..} } } }`.
//!   A bundle that fails or takes longer than [`CONTENT_WAIT`] is left out and the app asks for
//!   it itself; a late one still lands in the content cache, for the pages after.

use std::{path::PathBuf, sync::Arc, time::Duration};

use futures_util::future::join_all;
use poem::{
    Endpoint, Request, Response,
    http::{StatusCode, header},
};
use serde_json::{Map, Value};

use super::{
    NOT_BUILT,
    app_routes::{AppRoutes, ContentNeed, PageMatch},
    attr,
    styles::{InlineStyles, template_sheets},
};
use crate::{
    config::Mode,
    http::{
        auth,
        extract::{ScenarioSel, tracking_from_header},
        scenario::{cookie, scenario_of},
        session,
    },
    state::AppState,
    upstream::content::{Lang, SITE, bundle},
};

/// Longest wait for the page's content bundles before the page is sent without them.
pub const CONTENT_WAIT: Duration = Duration::from_millis(1500);

/// Base of the scenario console (`web/src/flows/harness/routes.ts`): a page in harness mode
/// only, 404 in the others (ARCHITECTURE.md "Scenario console").
pub const HARNESS_BASE: &str = "harness";

/// The active-scenario badge's loader (`harness.rs` `badge_script`), written into every page
/// in harness mode while the caller has an active scenario, never otherwise: the badge costs
/// the other modes, and harness pages without a scenario, no byte.
pub const BADGE_LOADER: &str = "/harness/badge.js";

/// `<script>` of [`BADGE_LOADER`] naming the console's chunk (which exports the badge) and
/// its style sheets, from `app-routes.json`; `None` without a console in the build.
pub fn badge_script(routes: &AppRoutes) -> Option<String> {
    let console = routes.flows.iter().find(|f| f.base == HARNESS_BASE)?;
    let chunk = console.preload.first()?;
    Some(format!(
        "<script src=\"{BADGE_LOADER}\" data-chunk=\"{}\" data-styles=\"{}\" async></script>",
        attr(chunk),
        attr(&console.styles.join(" "))
    ))
}

/// Id of the inline content element (`web/src/content/hooks.ts` `INLINE_CONTENT_ID`).
pub const INLINE_CONTENT_ID: &str = "pp-content";

/// Suffix of the inline key of a bundle written in part: `"<area>:sections"` holds
/// `{ "<section>": value }` of the sections the page's flow declared
/// (`web/src/content/accountDashboard.ts` `inlineSections`).
pub const SECTIONS_SUFFIX: &str = ":sections";

/// The `sections` of `bundle` (top-level keys of a JSON object), keyed by section; a section
/// the bundle lacks is left out (the app then asks for the whole bundle).
pub fn select_sections(bundle: Value, sections: &[&str]) -> Value {
    let Value::Object(mut all) = bundle else {
        return Value::Object(Map::new());
    };
    let mut out = Map::new();
    for &section in sections {
        if let Some(v) = all.remove(section) {
            out.insert(section.to_owned(), v);
        }
    }
    Value::Object(out)
}

/// Starts `GET /token` with the page; the app's own `GET /token` (same URL, mode and
/// credentials) takes this answer instead of asking again.
pub const TOKEN_PRELOAD: &str = "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"/token\">";

/// The path parameter of a first call that the BFF fills with the signed-in session's chosen
/// account (`/secure2/accounts/{accountId}/dashboard`).
pub const ACCOUNT_PARAM: &str = "{accountId}";

/// `calls` with [`ACCOUNT_PARAM`] filled with `account`; a call that needs it is left out
/// when there is none.
pub fn fill_calls(calls: &[String], account: Option<&str>) -> Vec<String> {
    calls
        .iter()
        .filter_map(|call| match (call.contains(ACCOUNT_PARAM), account) {
            (false, _) => Some(call.clone()),
            (true, Some(a)) => Some(call.replace(ACCOUNT_PARAM, a)),
            (true, None) => None,
        })
        .collect()
}

/// The page endpoint.
pub struct Pages {
    state: Arc<AppState>,
    dist: PathBuf,
    routes: Option<AppRoutes>,
    styles: InlineStyles,
}

impl Pages {
    /// Pages of the build in `dist` (its `app-routes.json` and the style sheets its pages name
    /// read once, at start-up).
    pub fn new(state: Arc<AppState>, dist: PathBuf) -> Self {
        let routes = AppRoutes::load(&dist);
        let template = std::fs::read_to_string(dist.join("index.html")).unwrap_or_default();
        let flow_sheets = routes.iter().flat_map(|r| &r.flows).flat_map(|f| &f.styles);
        let styles = InlineStyles::load(
            &dist,
            template_sheets(&template)
                .into_iter()
                .chain(flow_sheets.map(String::as_str)),
        );
        Self {
            state,
            dist,
            routes,
            styles,
        }
    }

    /// Status, flow hints and content needs of `path`.
    fn plan<'a>(&'a self, path: &'a str) -> (&'a str, StatusCode, Hints<'a>) {
        let trimmed = path.trim_matches('/');
        let (locale, rest) = trimmed.split_once('/').unwrap_or((trimmed, ""));
        let Some(routes) = &self.routes else {
            return ("en", StatusCode::OK, Hints::default());
        };
        if path == "/" {
            // `/` is the English handoff (seed 001 §2)
            return self.plan("/en/handoff");
        }
        match routes.page(rest) {
            // the scenario console is a page of harness mode only
            PageMatch::Flow(f) if f.base == HARNESS_BASE && !self.state.config.harness() => (
                locale,
                StatusCode::NOT_FOUND,
                Hints {
                    content: &routes.not_found_content,
                    ..Hints::default()
                },
            ),
            PageMatch::Flow(f) => (
                locale,
                StatusCode::OK,
                Hints {
                    preload: &f.preload,
                    styles: &f.styles,
                    content: &f.content,
                    calls: &f.calls,
                },
            ),
            PageMatch::Shared(p) => (
                locale,
                StatusCode::OK,
                Hints {
                    content: &p.content,
                    ..Hints::default()
                },
            ),
            PageMatch::NotFound => (
                locale,
                StatusCode::NOT_FOUND,
                Hints {
                    content: &routes.not_found_content,
                    ..Hints::default()
                },
            ),
        }
    }

    /// The signed-in session's chosen account, `None` without a sign-in or when the page's query
    /// names an account (`?accountId=`: the app asks for that one). The session is read from
    /// the store, never created or changed, and the page counts as no activity of the sign-in
    /// (its 840 s idle window); a store that fails leaves the call out, the page is still sent.
    async fn chosen_account(&self, req: &Request) -> Option<String> {
        if req
            .uri()
            .query()
            .is_some_and(|q| q.split('&').any(|p| p.starts_with("accountId=")))
        {
            return None;
        }
        let production = self.state.config.mode == Mode::Production;
        let id = cookie(req.headers(), session::cookie_name(production))?;
        let context = auth::stored_context_id(&self.state.store, id).await?;
        let ctx = auth::load(&self.state.store, &context).await.ok()?;
        ctx.signed_in?.chosen
    }

    /// `{ "<locale>": { "<area>": bundle, "<area>:sections": { "<section>": value } } }` of
    /// `needs`, leaving out what failed or was late.
    async fn content(
        &self,
        req: &Request,
        locale: &str,
        needs: &[ContentNeed],
    ) -> Map<String, Value> {
        let ctx = ScenarioSel::from_headers(self.state.config.harness(), req.headers())
            .ctx(tracking_from_header(req));
        let wanted = wanted_bundles(locale, needs);
        let fetches = wanted.iter().map(|(lang, area, _)| {
            let l = if *lang == "es" { Lang::Es } else { Lang::En };
            // its own task: a fetch the page stops waiting for still completes and fills the
            // content cache, so the next page carries the bundle (a cold, loaded instance
            // would otherwise miss the wait again and again)
            let (clients, ctx, area) = (self.state.clients.clone(), ctx.clone(), area.to_string());
            let fetch = crate::telemetry::spawn(async move {
                bundle::<Value>(&clients, &ctx, l, SITE, &area).await
            });
            async move {
                match tokio::time::timeout(CONTENT_WAIT, fetch).await {
                    Ok(Ok(Ok(value))) => Some(value),
                    _ => None,
                }
            }
        });
        let mut out = Map::new();
        for ((lang, area, sections), value) in wanted.iter().zip(join_all(fetches).await) {
            let Some(value) = value else { continue };
            let (key, value) = match sections {
                None => ((*area).to_owned(), value),
                Some(sections) => (
                    format!("{area}{SECTIONS_SUFFIX}"),
                    select_sections(value, sections),
                ),
            };
            out.entry(*lang)
                .or_insert_with(|| Value::Object(Map::new()))
                .as_object_mut()
                .map(|m| m.insert(key, value));
        }
        out
    }
}

/// One bundle a page carries: (language, area, `None` for the whole bundle or the sections).
type Wanted<'a> = (&'a str, &'a str, Option<Vec<&'a str>>);

/// The bundles of `needs` in `locale`, each once: two needs of one bundle carry the union of
/// their sections, or the whole bundle when either asks for it.
fn wanted_bundles<'a>(locale: &'a str, needs: &'a [ContentNeed]) -> Vec<Wanted<'a>> {
    let mut wanted: Vec<Wanted<'a>> = Vec::new();
    for need in needs {
        let lang = if need.lang == "en" { "en" } else { locale };
        let sections: Option<Vec<&str>> = need
            .sections
            .as_ref()
            .map(|s| s.iter().map(String::as_str).collect());
        match wanted
            .iter_mut()
            .find(|(l, a, _)| *l == lang && *a == need.area)
        {
            None => wanted.push((lang, need.area.as_str(), sections)),
            Some((_, _, have)) => match (have.as_mut(), sections) {
                (Some(have), Some(more)) => {
                    for s in more {
                        if !have.contains(&s) {
                            have.push(s);
                        }
                    }
                }
                _ => *have = None,
            },
        }
    }
    wanted
}

/// What a page adds to `index.html`.
#[derive(Default)]
struct Hints<'a> {
    preload: &'a [String],
    styles: &'a [String],
    content: &'a [ContentNeed],
    calls: &'a [String],
}

/// Escapes JSON for a `<script>` element: no `<` (so no `</script>` or `<!--`) survives.
fn script_json(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

/// `template` with `lang`, the links, the style sheets and the inline content written into its
/// `<head>`: `calls` are the first screen's `GET` paths (`/secure2/profile`), preloaded like
/// `/token`; the template's and the flow's `styles` are written in where `inline` has them
/// ([`InlineStyles`]).
pub fn render(
    template: &str,
    locale: &str,
    preload: &[String],
    styles: &[String],
    inline: &InlineStyles,
    calls: &[String],
    content: &Map<String, Value>,
) -> String {
    // the app asks for its CSRF token first thing (`ensureXsrfToken`): start it with the page
    let mut head = String::from(TOKEN_PRELOAD);
    for href in calls {
        head.push_str(&format!(
            "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"{}\">",
            attr(href)
        ));
    }
    for href in preload {
        head.push_str(&format!(
            "<link rel=\"modulepreload\" crossorigin href=\"{}\">",
            attr(href)
        ));
    }
    for href in styles {
        head.push_str(&inline.tags(href));
    }
    if !content.is_empty() {
        head.push_str(&format!(
            "<script type=\"application/json\" id=\"{INLINE_CONTENT_ID}\">{}</script>",
            script_json(&Value::Object(content.clone()))
        ));
    }
    let html = inline.inline_template(template).replacen(
        "<html lang=\"en\">",
        &format!("<html lang=\"{locale}\">"),
        1,
    );
    match html.find("</head>") {
        Some(at) => format!("{}{head}{}", &html[..at], &html[at..]),
        None => html,
    }
}

impl Endpoint for Pages {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        let Ok(template) = tokio::fs::read_to_string(self.dist.join("index.html")).await else {
            return Ok(Response::builder()
                .status(StatusCode::SERVICE_UNAVAILABLE)
                .content_type("text/html; charset=utf-8")
                .header(header::CACHE_CONTROL, "no-store")
                .body(NOT_BUILT));
        };
        let path = req.uri().path().to_owned();
        let (locale, status, hints) = self.plan(&path);
        let locale = if locale == "es" { "es" } else { "en" };
        let content = self.content(&req, locale, hints.content).await;
        let account = if hints.calls.iter().any(|c| c.contains(ACCOUNT_PARAM)) {
            self.chosen_account(&req).await
        } else {
            None
        };
        let calls = fill_calls(hints.calls, account.as_deref());
        let mut html = render(
            &template,
            locale,
            hints.preload,
            hints.styles,
            &self.styles,
            &calls,
            &content,
        );
        if self.state.config.harness() && scenario_of(req.headers()).is_some() {
            let script = self.routes.as_ref().and_then(badge_script);
            if let (Some(script), Some(at)) = (script, html.find("</head>")) {
                html.insert_str(at, &script);
            }
        }
        Ok(Response::builder()
            .status(status)
            .content_type("text/html; charset=utf-8")
            // it may name the signed-in account (a first call's): no shared cache keeps it
            .header(header::CACHE_CONTROL, "private, no-cache")
            .header(header::VARY, "accept-encoding, cookie")
            .body(html))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_badge_loader_names_the_consoles_chunk_and_styles() {
        let routes: AppRoutes = serde_json::from_value(serde_json::json!({
            "flows": [
                { "base": "dollargeneral", "pages": [""], "preload": ["/assets/r.js"], "styles": [], "content": [] },
                { "base": "harness", "pages": [""], "preload": ["/assets/C.js", "/assets/ui.js"],
                  "styles": ["/assets/C.css"], "content": [] }
            ],
            "shared": [],
            "notFoundContent": []
        }))
        .unwrap();
        assert_eq!(
            badge_script(&routes).unwrap(),
            "<script src=\"/harness/badge.js\" data-chunk=\"/assets/C.js\" data-styles=\"/assets/C.css\" async></script>"
        );
        let without: AppRoutes = serde_json::from_value(
            serde_json::json!({ "flows": [], "shared": [], "notFoundContent": [] }),
        )
        .unwrap();
        assert_eq!(badge_script(&without), None);
    }

    fn need(area: &str, lang: &str, sections: Option<&[&str]>) -> ContentNeed {
        ContentNeed {
            area: area.into(),
            lang: lang.into(),
            sections: sections.map(|s| s.iter().map(|&x| x.to_owned()).collect()),
        }
    }

    #[test]
    fn a_bundle_is_fetched_once_with_the_union_of_its_sections_or_whole() {
        let needs = [
            need("all", "page", None),
            need("account-dashboard", "page", Some(&["refill", "payments"])),
            need("account-dashboard", "page", Some(&["payments", "moving"])),
            need("buyflow", "en", None),
        ];
        assert_eq!(
            wanted_bundles("es", &needs),
            vec![
                ("es", "all", None),
                (
                    "es",
                    "account-dashboard",
                    Some(vec!["refill", "payments", "moving"])
                ),
                ("en", "buyflow", None),
            ]
        );
        let whole = [
            need("account-dashboard", "page", Some(&["refill"])),
            need("account-dashboard", "page", None),
        ];
        assert_eq!(
            wanted_bundles("en", &whole),
            vec![("en", "account-dashboard", None)]
        );
    }

    #[test]
    fn only_the_declared_sections_are_kept() {
        let bundle = serde_json::json!({ "refill": { "a": 1 }, "payments": [2], "moving": "m" });
        assert_eq!(
            select_sections(bundle, &["payments", "refill", "absent"]),
            serde_json::json!({ "payments": [2], "refill": { "a": 1 } })
        );
        assert_eq!(
            select_sections(serde_json::json!("text"), &["refill"]),
            serde_json::json!({})
        );
    }

    #[test]
    fn a_call_about_the_account_is_filled_or_left_out() {
        let calls = vec![
            "/secure2/profile".to_owned(),
            "/secure2/accounts/{accountId}/dashboard".to_owned(),
        ];
        assert_eq!(
            fill_calls(&calls, Some("8993100000000101")),
            [
                "/secure2/profile",
                "/secure2/accounts/8993100000000101/dashboard"
            ]
        );
        assert_eq!(fill_calls(&calls, None), ["/secure2/profile"]);
    }

    #[test]
    fn head_gets_links_and_escaped_content() {
        let template =
            "<!doctype html><html lang=\"en\"><head><title>t</title></head><body></body></html>";
        let mut content = Map::new();
        content.insert(
            "es".into(),
            serde_json::json!({ "dictionary": { "x": "</script><!--" } }),
        );
        let html = render(
            template,
            "es",
            &["/assets/a.js".into()],
            &["/assets/a.css".into()],
            &InlineStyles::default(),
            &["/secure2/profile".into()],
            &content,
        );
        assert!(html.starts_with("<!doctype html><html lang=\"es\"><head><title>t</title><link rel=\"preload\" as=\"fetch\" crossorigin href=\"/token\"><link rel=\"preload\" as=\"fetch\" crossorigin href=\"/secure2/profile\"><link rel=\"modulepreload\" crossorigin href=\"/assets/a.js\"><link rel=\"stylesheet\" crossorigin href=\"/assets/a.css\"><script type=\"application/json\" id=\"pp-content\">"));
        assert!(!html.contains("</script><!--"));
        let json = html
            .split("id=\"pp-content\">")
            .nth(1)
            .unwrap()
            .split("</script>")
            .next()
            .unwrap();
        let back: Value = serde_json::from_str(json).unwrap();
        assert_eq!(back["es"]["dictionary"]["x"], "</script><!--");
    }
}
