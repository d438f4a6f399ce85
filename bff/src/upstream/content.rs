//! Content service: `GET {base}/-/api/{site}/{area}` (English) and
//! `GET {base}/-/api/es/{site}/{area}` (Spanish), seed 000 §7 content calls.

use serde::de::DeserializeOwned;

use super::{CallCtx, Clients, send_json};
use crate::error::UpstreamError;

/// Content language: English or Spanish (`/es/` in the path).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// `/-/api/{site}/{area}`.
    En,
    /// `/-/api/es/{site}/{area}`.
    Es,
}

/// Fetches one content bundle and decodes it as `T` (`MerchantFlow`, `Dictionary`, `Buyflow`).
pub async fn bundle<T: DeserializeOwned>(
    c: &Clients,
    ctx: &CallCtx,
    lang: Lang,
    site: &str,
    area: &str,
) -> Result<T, UpstreamError> {
    let es = if lang == Lang::Es { "es/" } else { "" };
    let url = format!("{}/-/api/{es}{site}/{area}", c.urls.content);
    send_json("content", c.request(reqwest::Method::GET, url, ctx)).await
}

/// Fetches the cart content (seed 000 §7 `GET /-/api/cart`, Spanish `/-/api/es/cart`).
pub async fn cart<T: DeserializeOwned>(
    c: &Clients,
    ctx: &CallCtx,
    lang: Lang,
) -> Result<T, UpstreamError> {
    let es = if lang == Lang::Es { "es/" } else { "" };
    let url = format!("{}/-/api/{es}cart", c.urls.content);
    send_json("content", c.request(reqwest::Method::GET, url, ctx)).await
}
