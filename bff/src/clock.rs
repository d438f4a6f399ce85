//! The clock of the rules that depend on time, below every layer that reads it (`state`,
//! `http::rate_limit`), so none of them imports another for it.

use std::sync::Arc;

/// The clock of the rules that depend on time (promotion validity); tests pin it.
#[derive(Clone)]
pub struct Clock(pub Arc<dyn Fn() -> chrono::DateTime<chrono::Utc> + Send + Sync>);

impl Clock {
    /// The system clock.
    pub fn system() -> Self {
        Self(Arc::new(chrono::Utc::now))
    }

    /// A clock stopped at `t`.
    pub fn fixed(t: chrono::DateTime<chrono::Utc>) -> Self {
        Self(Arc::new(move || t))
    }

    /// The current time.
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        (self.0)()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Clock({})", self.now())
    }
}
