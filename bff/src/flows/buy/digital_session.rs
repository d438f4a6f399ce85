//! The digital-session hand-off to the identity router and back (tag session; seed 000 §2
//! "Session", §4 "Session restore", §7 `POST /secure/session`, `GET
//! /secure/session?digitalSessionId`).

use std::sync::Arc;

use poem::{Request, session::Session, web::Data};
use poem_openapi::{OpenApi, param::Query, payload::Json};
use serde_json::json;
use upstream::digital_session::{
    CreateSessionRequest, DigitalSession, HandOffLocation, HandOffPayload, InvoiceLine,
    PreOrderView,
};

use super::{context as buy, identity, order, types::*};
use crate::http::{
    extract::{Csrf, ScenarioSel, page_origin, tracking_from_header},
    tags::ApiTags,
};
use crate::{
    domain::money::{cents_of, two_decimals},
    http::error::{ApiError, ErrorCode},
    state::AppState,
    upstream as up,
    upstream::UpstreamError,
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

fn unknown_session() -> ApiError {
    ApiError::new(ErrorCode::NotFound, "unknown digital session")
}

/// The digital-session hand-off (tag session).
pub struct DigitalSessionApi;

#[OpenApi(tag = "ApiTags::Session")]
impl DigitalSessionApi {
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
        _csrf: Csrf,
        body: Json<CreateSessionBody>,
    ) -> CreateSessionResponse {
        let sid = buy::ensure_sid(session);
        let run = async {
            let c = buy::load(&state.store, &sid).await?;
            let (Some(location_id), Some(market_id)) = (c.location_id.clone(), c.market_id.clone())
            else {
                return Err(ApiError::new(
                    ErrorCode::OrderNotReady,
                    "the order lacks: location id and market id (serviceability, product details)",
                ));
            };
            let ctx = sel.ctx(c.tracking_or(|| tracking_from_header(req)));
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
            let r = up::digital_session::create(&state.clients, &ctx, &req_body).await?;
            buy::update(&state.store, &sid, |c| {
                c.record_digital_session(&r.digital_session_id)
            })
            .await?;
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
    /// and guid (present values only) in the buy context. Only the digital session created
    /// for this checkout (`createDigitalSession`) is accepted: any other id, or one the
    /// provider does not know, is 404 `NOT_FOUND` (these ids travel in URLs). An identity is
    /// attached, so the session id rotates (new `pp_session` cookie). Needs `x-xsrf-token`
    /// (it changes the checkout).
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
        _csrf: Csrf,
        /// The id the router appended to the return URL, 1 to 128 characters.
        #[oai(name = "digitalSessionId", validator(min_length = 1, max_length = 128))]
        digital_session_id: Query<String>,
    ) -> RestoreSessionResponse {
        let sid = buy::ensure_sid(session);
        let run = async {
            let c = buy::load(&state.store, &sid).await?;
            if !c.owns_digital_session(&digital_session_id) {
                return Err(unknown_session());
            }
            let ctx = sel.ctx(c.tracking_or(|| tracking_from_header(req)));
            let r = match up::digital_session::restore(&state.clients, &ctx, &digital_session_id)
                .await
            {
                Ok(r) => r,
                Err(UpstreamError::Status { status: 404, .. }) => return Err(unknown_session()),
                Err(e) => return Err(e.into()),
            };
            let s = r.digital_session;
            buy::update(&state.store, &sid, |c| c.restore_customer(&s)).await?;
            // an identity joined the session: a new id, so one seen before cannot ride on it
            crate::http::session::rotate(session);
            Ok(RestoredSession {
                complete: session_complete(&s),
                digital_session: s,
            })
        };
        run.await.into()
    }
}
