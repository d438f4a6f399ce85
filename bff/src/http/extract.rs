//! What handlers read from a request besides their parameters: the harness scenario
//! ([`ScenarioSel`]), the tracking id, the locale and the page origin; and the CSRF
//! security scheme ([`Csrf`]) every state-changing operation declares.

use std::sync::Arc;

use poem::{FromRequest, Request, RequestBody};
use poem_openapi::{
    ApiExtractor, ApiExtractorType, ExtractParamOptions, SecurityScheme, auth::ApiKey,
    error::AuthorizationError, registry::Registry,
};

use crate::{
    config::{Config, Mode},
    http::scenario::{CONSOLE_NS, ConsoleSettings, run_of, scenario_of},
    state::AppState,
    upstream::{CallCtx, content::Lang},
};

/// The `csrf` security scheme every state-changing operation declares ([`CsrfScheme`]): the
/// session's token in `x-xsrf-token`, else 403 `CSRF_REJECTED`; a signed-in call whose session
/// is gone gets its session error instead (`http::auth::ended_session_refusal`:
/// `SESSION_EXPIRED`, `SIGNIN_REQUIRED`), checked first as for the POSTs (`http::csrf::Csrf`),
/// so the browser goes to the timeout page or the sign-in, not the error page.
pub struct Csrf(());

// The doc comment below is the contract's description of the scheme (`openapi/bff.json`).
/// The CSRF token of the session (header `x-xsrf-token`, from `GET /token`), declared by
/// every operation that changes server state, so the contract shows it. POST, PUT, PATCH
/// and DELETE are checked before routing and before the body is read (`http::csrf::Csrf`);
/// the GETs that change the checkout (the seed keeps them GETs) declare it too and are
/// checked here, before the handler runs. A failed check is 403 `CSRF_REJECTED` (mapped
/// from poem-openapi's authorization error by `http::middleware::ApiErrors`).
#[derive(SecurityScheme)]
#[oai(
    rename = "csrf",
    ty = "api_key",
    key_name = "x-xsrf-token",
    key_in = "header",
    checker = "csrf_checked"
)]
struct CsrfScheme(());

/// The refusal of `req` without its session's token: the ended session's error when it is
/// one, else `CSRF_REJECTED` (counted).
fn csrf_refusal(req: &Request) -> poem::Error {
    match crate::http::auth::ended_session_refusal(req) {
        Some(refusal) => refusal.into_extractor_error(),
        None => {
            crate::http::csrf::count_refusal(req);
            AuthorizationError.into()
        }
    }
}

async fn csrf_checked(req: &Request, _token: ApiKey) -> poem::Result<()> {
    if crate::http::csrf::csrf_ok(req) {
        Ok(())
    } else {
        Err(csrf_refusal(req))
    }
}

impl<'a> ApiExtractor<'a> for Csrf {
    const TYPES: &'static [ApiExtractorType] = &[ApiExtractorType::SecurityScheme];
    type ParamType = ();
    type ParamRawType = ();

    fn register(registry: &mut Registry) {
        <CsrfScheme as ApiExtractor<'a>>::register(registry);
    }

    fn security_schemes() -> Vec<&'static str> {
        <CsrfScheme as ApiExtractor<'a>>::security_schemes()
    }

    async fn from_request(
        req: &'a Request,
        body: &mut RequestBody,
        param_opts: ExtractParamOptions<Self::ParamType>,
    ) -> poem::Result<Self> {
        match CsrfScheme::from_request(req, body, param_opts).await {
            Ok(_) => Ok(Self(())),
            // no header at all: refused before the checker runs, so the session check is here
            Err(e) if e.is::<AuthorizationError>() => {
                Err(match crate::http::auth::ended_session_refusal(req) {
                    Some(refusal) => refusal.into_extractor_error(),
                    None => e,
                })
            }
            Err(e) => Err(e),
        }
    }
}

/// The scenario and run chosen by the headers `x-sim-scenario` and `x-sim-run`, else by the
/// harness cookies `sim_scenario` and `sim_run` (`http::scenario`), in harness mode only;
/// both `None` in any other mode, whatever the caller sends (ARCHITECTURE.md "Scenarios").
///
/// With them, in harness mode: seeded chaos (`BFF_CHAOS`, or the browser's own from the
/// scenario console) and the faults the console added to the active scenario, read from the
/// session's `harness` context in the store (`http::scenario::ConsoleSettings`); a session
/// without one costs no store read.
#[derive(Debug, Clone, Default)]
pub struct ScenarioSel {
    scenario: Option<String>,
    run: Option<String>,
    faults: Option<String>,
    chaos: Option<String>,
}

impl<'a> FromRequest<'a> for ScenarioSel {
    async fn from_request(req: &'a Request, _body: &mut RequestBody) -> poem::Result<Self> {
        let Some(state) = req.data::<Arc<AppState>>().filter(|s| s.config.harness()) else {
            return Ok(Self::default());
        };
        let mut sel = Self::from_headers(true, req.headers());
        sel.chaos = state.config.chaos.clone();
        let console = req
            .extensions()
            .get::<poem::session::Session>()
            .and_then(|s| crate::http::session::context_id(s, CONSOLE_NS));
        if let Some(id) = console {
            match state.store.get::<ConsoleSettings>(CONSOLE_NS, &id).await {
                Ok(Some(settings)) => {
                    sel.faults = settings.faults_for(sel.scenario.as_deref());
                    sel.chaos = settings.chaos.or(sel.chaos);
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "console settings unreadable"),
            }
        }
        Ok(sel)
    }
}

impl ScenarioSel {
    /// The selection the headers or cookies of `headers` make; nothing unless `harness`.
    pub fn from_headers(harness: bool, headers: &poem::http::HeaderMap) -> Self {
        if !harness {
            return Self::default();
        }
        Self {
            scenario: scenario_of(headers),
            run: run_of(headers),
            ..Self::default()
        }
    }

    /// The upstream call context for `tracking_id`.
    pub fn ctx(self, tracking_id: impl Into<String>) -> CallCtx {
        CallCtx {
            tracking_id: tracking_id.into(),
            scenario: self.scenario,
            run: self.run,
            faults: self.faults,
            chaos: self.chaos,
        }
    }
}

/// The tracking id of a call without a `trackingId` parameter: the browser's `trackingid`
/// header when it is a UUID, else a new UUID v4.
pub fn tracking_from_header(req: &Request) -> String {
    req.header(upstream::TRACKING_HEADER)
        .and_then(|h| uuid::Uuid::parse_str(h).ok())
        .unwrap_or_else(uuid::Uuid::new_v4)
        .to_string()
}

/// The request's locale: `es` when `Accept-Language` starts with `es` (the web client sends
/// `en` or `es`), else English.
pub fn locale(req: &Request) -> Lang {
    let es = req
        .header("accept-language")
        .and_then(|h| h.split(',').next())
        .is_some_and(|l| l.trim().to_ascii_lowercase().starts_with("es"));
    if es { Lang::Es } else { Lang::En }
}

/// The origin of the page that called, `scheme://host[:port]`: `BFF_PUBLIC_ORIGIN` when set
/// (always in production, see `Config::validate`), so a forged `Host` cannot redirect
/// return URLs or the card form's `parentOrigin`. Without it (harness and plain mode: tests
/// and dev servers on random ports) `http://<Host>`, with `localhost` when `Host` is absent or
/// not a plain host[:port]; a production configuration built in code without it gets
/// `https://localhost`, never a `Host` value.
pub fn page_origin(req: &Request, config: &Config) -> String {
    if let Some(origin) = &config.public_origin {
        return origin.clone();
    }
    if config.mode == Mode::Production {
        return "https://localhost".to_owned();
    }
    let host = req
        .header("host")
        .filter(|h| {
            !h.is_empty()
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .unwrap_or("localhost");
    format!("http://{host}")
}
