//! The error catalogue of the buy-flow content (`Buyflow.errorCatalogue`, en and es),
//! fetched from the content service and cached per locale for [`TTL`]; the lookup rule is
//! `domain::error_catalogue`. When the content cannot be fetched, the message is `None` (logged;
//! the UI then shows its connection-error text).

use std::{
    collections::HashMap,
    sync::Arc,
    time::{Duration, Instant},
};

use tokio::sync::RwLock;
use upstream::content::{Buyflow, ErrorCatalogue};

use crate::{
    domain::error_catalogue,
    upstream::{
        CallCtx, Clients,
        content::{Lang, SITE, bundle},
    },
};

/// How long a fetched catalogue is used.
pub const TTL: Duration = Duration::from_secs(300);

/// Cached catalogues by locale.
#[derive(Debug, Default)]
pub struct ErrorMessages {
    entries: RwLock<HashMap<Lang, (Instant, Arc<ErrorCatalogue>)>>,
}

impl ErrorMessages {
    /// The catalogue of `lang` (cached, else fetched).
    pub async fn get(&self, c: &Clients, ctx: &CallCtx, lang: Lang) -> Option<Arc<ErrorCatalogue>> {
        if let Some((t, cat)) = self.entries.read().await.get(&lang)
            && t.elapsed() < TTL
        {
            return Some(cat.clone());
        }
        match bundle::<Buyflow>(c, ctx, lang, SITE, "buyflow").await {
            Ok(b) => {
                let cat = Arc::new(b.error_catalogue);
                self.entries
                    .write()
                    .await
                    .insert(lang, (Instant::now(), cat.clone()));
                Some(cat)
            }
            Err(e) => {
                tracing::warn!(error = %e, ?lang, "error catalogue unavailable");
                None
            }
        }
    }

    /// The message for `code` in `lang` (seed 000 §8), `None` when content is unavailable.
    pub async fn message(
        &self,
        c: &Clients,
        ctx: &CallCtx,
        lang: Lang,
        code: &str,
    ) -> Option<String> {
        let en = self.get(c, ctx, Lang::En).await?;
        let requested = if lang == Lang::Es {
            self.get(c, ctx, Lang::Es)
                .await
                .unwrap_or_else(|| en.clone())
        } else {
            en.clone()
        };
        Some(error_catalogue::message(&requested, &en, code))
    }
}
