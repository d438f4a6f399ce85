//! Session operations (tag session): `GET /token` creates the anonymous session (cookie
//! `pp_session`) and returns its CSRF token (seed 000 §7 `GET /token?trackingId`); the
//! digital-session hand-off to the identity router and back (seed 000 §2 "Session", §4
//! "Session restore", §7 `POST /secure/session`, `GET /secure/session?digitalSessionId`).

use std::sync::Arc;

use poem::{Request, session::Session, web::Data};
use poem_openapi::{
    ApiResponse, Object, OpenApi,
    param::{Header, Query},
    payload::Json,
};
use serde_json::json;
use upstream::digital_session::{
    CreateSessionRequest, DigitalSession, HandOffLocation, HandOffPayload, InvoiceLine,
    PreOrderView,
};

use super::{ApiTags, ScenarioSel, buy_types::*, page_origin, tracking_from_header};
use crate::{
    buy,
    domain::{
        identity,
        money::{cents_of, two_decimals},
        order,
    },
    error::{ApiError, ErrorCode, UpstreamError},
    startup::AppState,
    upstream as up,
};

/// Whether a restored session is complete (seed 000 §2): phone, e-mail, first name, last
/// name and customer guid present (non-blank).
pub fn session_complete(s: &DigitalSession) -> bool {
    [
        &s.contact.phone_number,
        &s.contact.email,
        &s.name.first_name,
        &s.name.last_name,
        &s.identity.cust_guid,
    ]
    .iter()
    .all(|v| v.as_deref().is_some_and(|x| !x.trim().is_empty()))
}

/// The session's CSRF token.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct TokenResponse {
    /// Send it as header `x-xsrf-token` on every POST of this session (64 hex characters).
    pub xsrf_token: String,
}

/// Answers of `getToken`.
#[derive(ApiResponse)]
#[oai(bad_request_handler = "token_bad_request")]
pub enum GetTokenResponse {
    /// The token; the session cookie `pp_session` is set (HttpOnly, SameSite=Lax).
    #[oai(status = 200)]
    Ok(Json<TokenResponse>),
    /// `VALIDATION_FAILED`: `trackingId` is not a UUID.
    #[oai(status = 400)]
    BadRequest(Json<ApiError>),
}

crate::error_variants!(GetTokenResponse, token_bad_request; 400 => BadRequest);

/// Session operations.
pub struct SessionApi;

#[OpenApi(tag = "ApiTags::Session")]
impl SessionApi {
    /// Creates (or keeps) the anonymous session and returns its CSRF token. Calling it again
    /// in the same session returns the same token.
    #[oai(path = "/token", method = "get", operation_id = "getToken")]
    async fn get_token(
        &self,
        session: &Session,
        /// Tracking id of the flow (UUID v4); logged only.
        #[oai(name = "trackingId")]
        tracking_id: Query<Option<uuid::Uuid>>,
    ) -> GetTokenResponse {
        if let Some(t) = tracking_id.0 {
            tracing::debug!(tracking_id = %t, "token requested");
        }
        // The buy-context id is fixed here, before the page's parallel calls: two requests that
        // each created it would each write the session back, and the last one would orphan the
        // context the other filled (serviceability vs product details, seen under load).
        let _ = crate::buy::sid(session);
        GetTokenResponse::Ok(Json(TokenResponse {
            xsrf_token: crate::session::ensure_token(session),
        }))
    }

    /// Creates the digital session for the hand-off to the identity router (seed 000 §7):
    /// the BFF builds `affiliate: PREPAID`, `channel: web` and the `handOffPayload`
    /// (`redirectUrl` made absolute with the page origin, location and market of the buy
    /// context, the buy-context id as `consumerSessionId`, `preOrderView` with the offer in
    /// the cart, the device and the invoice line `Cart Sub-Total`). Answers the router URL
    /// to send the browser to (production and test hosts of `BFF_PRODUCTION_HOSTS` use
    /// `BFF_IDENTITY_ROUTER_URL`, all others `BFF_IDENTITY_ROUTER_STAGING_URL`).
    #[oai(
        path = "/secure/session",
        method = "post",
        operation_id = "createDigitalSession"
    )]
    async fn create_digital_session(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        sel: ScenarioSel,
        /// The session's CSRF token from `GET /token`.
        #[oai(name = "x-xsrf-token")]
        xsrf: Header<String>,
        body: Json<CreateSessionBody>,
    ) -> CreateSessionResponse {
        let _ = xsrf;
        let sid = buy::sid(session);
        let c = state.stores.buy.get(&sid);
        let run = async {
            let (Some(location_id), Some(market_id)) = (c.location_id.clone(), c.market_id.clone())
            else {
                return Err(ApiError::new(
                    ErrorCode::OrderNotReady,
                    "the order lacks: location id and market id (serviceability, product details)",
                ));
            };
            let ctx = sel.ctx(
                c.tracking_id
                    .clone()
                    .unwrap_or_else(|| tracking_from_header(req)),
            );
            let origin = page_origin(req, &state.config);
            let return_url = format!("{origin}{}", body.redirect_url);
            let cart = c.cart();
            let offers = c
                .promo_in_cart()
                .map(|d| {
                    vec![json!({
                        "discId": d.disc_id,
                        "offerType": d.offer_type,
                        "price": two_decimals(crate::domain::cart::promo_cents(d)),
                    })]
                })
                .unwrap_or_default();
            let addons_devices = c
                .details
                .as_ref()
                .map(|d| {
                    let products: Vec<_> = d.products.iter().map(|e| &e.product).collect();
                    let (code, _, _) = order::device(&products);
                    vec![json!({ "productCode": code })]
                })
                .unwrap_or_default();
            let req_body = CreateSessionRequest {
                affiliate: "PREPAID".into(),
                channel: "web".into(),
                hand_off_payload: HandOffPayload {
                    redirect_url: return_url.clone(),
                    location: HandOffLocation {
                        location_id,
                        market_id,
                    },
                    consumer_session_id: sid.clone(),
                    pre_order_view: PreOrderView {
                        offers,
                        addons_devices,
                        invoice: vec![InvoiceLine {
                            name: "Cart Sub-Total".into(),
                            price: two_decimals(cents_of(cart.subtotal)),
                        }],
                    },
                },
            };
            let r = up::buy::create_session(&state.clients, &ctx, &req_body).await?;
            let host = req.header("host").unwrap_or_default();
            let urls = state.clients.urls();
            let production = state.config.router_production(urls);
            let staging = state.config.router_staging(urls);
            let base = identity::router_base(
                host,
                &state.config.identity.production_hosts,
                &production,
                &staging,
            );
            Ok(DigitalSessionCreated {
                router_url: identity::router_url(base, &r.digital_session_id, &return_url),
                digital_session_id: r.digital_session_id,
            })
        };
        run.await.into()
    }

    /// Restores the digital session after the identity router (seed 000 §4 "Session
    /// restore"): answers it with `complete`, and stores the customer's name, phone, e-mail
    /// and guid (present values only) in the buy context. Unknown id: 404 `NOT_FOUND`.
    #[oai(
        path = "/secure/session",
        method = "get",
        operation_id = "restoreDigitalSession"
    )]
    async fn restore_digital_session(
        &self,
        state: Data<&Arc<AppState>>,
        session: &Session,
        req: &Request,
        sel: ScenarioSel,
        /// The id the router appended to the return URL, 1 to 128 characters.
        #[oai(name = "digitalSessionId", validator(min_length = 1, max_length = 128))]
        digital_session_id: Query<String>,
    ) -> RestoreSessionResponse {
        let sid = buy::sid(session);
        let tracking = state.stores.buy.get(&sid).tracking_id;
        let ctx = sel.ctx(tracking.unwrap_or_else(|| tracking_from_header(req)));
        let run = async {
            let r = match up::buy::restore_session(&state.clients, &ctx, &digital_session_id).await
            {
                Ok(r) => r,
                Err(UpstreamError::Status { status: 404, .. }) => {
                    return Err(ApiError::new(
                        ErrorCode::NotFound,
                        "unknown digital session",
                    ));
                }
                Err(e) => return Err(e.into()),
            };
            let s = r.digital_session;
            let present = |v: &Option<String>| v.clone().filter(|x| !x.trim().is_empty());
            state.stores.buy.update(&sid, |c| {
                let cu = &mut c.customer;
                if let Some(v) = present(&s.name.first_name) {
                    cu.first_name = Some(v);
                }
                if let Some(v) = present(&s.name.last_name) {
                    cu.last_name = Some(v);
                }
                if let Some(v) = present(&s.contact.email) {
                    cu.email = Some(v);
                }
                if let Some(v) = present(&s.contact.phone_number) {
                    cu.tn = Some(v);
                }
                if let Some(v) = present(&s.identity.cust_guid) {
                    cu.cust_guid = Some(v);
                }
            });
            Ok(RestoredSession {
                complete: session_complete(&s),
                digital_session: s.into(),
            })
        };
        run.await.into()
    }
}
