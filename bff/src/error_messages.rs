//! The error catalogue of the buy-flow content (`Buyflow.errorCatalogue`, en and es), read
//! from the content service through the BFF's one content cache (`upstream::content`, keyed by
//! path and, in harness mode, scenario and run; `BFF_CONTENT_CACHE_TTL_S`); the lookup rule is
//! `domain::error_catalogue`. When the content cannot be fetched, the message is `None`
//! (logged; the UI then shows its connection-error text).

use upstream::content::{Buyflow, ErrorCatalogue};

use crate::{
    domain::error_catalogue,
    upstream::{
        CallCtx, Clients,
        content::{Lang, SITE, bundle},
    },
};

/// The catalogue of `lang`, `None` when the content service cannot give it.
async fn catalogue(c: &Clients, ctx: &CallCtx, lang: Lang) -> Option<ErrorCatalogue> {
    match bundle::<Buyflow>(c, ctx, lang, SITE, "buyflow").await {
        Ok(b) => Some(b.error_catalogue),
        Err(e) => {
            tracing::warn!(error = %e, ?lang, "error catalogue unavailable");
            None
        }
    }
}

/// `e` with its catalogue message in `lang` as `message` when its code is one the page shows
/// from the catalogue (409 `PAYMENT_IN_PROGRESS`); any other error unchanged.
pub async fn localized(
    c: &Clients,
    ctx: &CallCtx,
    lang: Lang,
    mut e: crate::http::error::ApiError,
) -> crate::http::error::ApiError {
    if e.error_code == crate::http::error::ErrorCode::PaymentInProgress
        && let Some(m) = message(c, ctx, lang, "PAYMENT_IN_PROGRESS").await
    {
        e.message = m;
    }
    e
}

/// The message for `code` in `lang` (seed 000 §8): the Spanish catalogue falls back to the
/// English one, entry by entry; `None` when content is unavailable.
pub async fn message(c: &Clients, ctx: &CallCtx, lang: Lang, code: &str) -> Option<String> {
    let en = catalogue(c, ctx, Lang::En).await?;
    let es = match lang {
        Lang::Es => catalogue(c, ctx, Lang::Es).await,
        Lang::En => None,
    };
    Some(error_catalogue::message(
        es.as_ref().unwrap_or(&en),
        &en,
        code,
    ))
}
