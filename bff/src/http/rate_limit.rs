//! Rate limit of state-changing requests (ARCHITECTURE.md "The BFF contract").

use std::{net::IpAddr, num::NonZeroU32, sync::Arc};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use poem::{
    Endpoint, IntoResponse, Middleware, Request, Response,
    http::{HeaderValue, header},
};

use crate::http::{
    csrf::changes_state,
    error::{ApiError, ErrorCode},
};

/// Per-client-address limit of state-changing requests (429 `RATE_LIMITED`). The key is the TCP peer
/// address (no proxy header is trusted); requests without one share one bucket.
pub struct RateLimit(Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>);

impl RateLimit {
    /// `per_min` state-changing requests per minute (burst of the same size) per address; 0 disables.
    pub fn per_minute(per_min: u32) -> Self {
        Self(NonZeroU32::new(per_min).map(|n| Arc::new(RateLimiter::keyed(Quota::per_minute(n)))))
    }
}

impl<E: Endpoint> Middleware<E> for RateLimit {
    type Output = RateLimitEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        RateLimitEndpoint(ep, self.0.clone())
    }
}

/// Endpoint of [`RateLimit`].
pub struct RateLimitEndpoint<E>(E, Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>);

impl<E: Endpoint> Endpoint for RateLimitEndpoint<E> {
    type Output = Response;
    async fn call(&self, req: Request) -> poem::Result<Response> {
        if let Some(limiter) = &self.1
            && changes_state(req.method())
        {
            let ip = req
                .remote_addr()
                .as_socket_addr()
                .map_or(IpAddr::from([0, 0, 0, 0]), |a| a.ip());
            if limiter.check_key(&ip).is_err() {
                let mut r = ApiError::new(
                    ErrorCode::RateLimited,
                    "too many requests; retry in a minute",
                )
                .into_poem_response();
                r.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
                return Ok(r);
            }
        }
        self.0.call(req).await.map(IntoResponse::into_response)
    }
}
