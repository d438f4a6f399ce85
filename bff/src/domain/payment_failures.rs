//! The payment form's failure counter (seed 001 §4 "Payment instrument", seed 002 §4.3): a
//! failed add, update or remove of the card, or a refused auto-refill enrolment, shows the
//! catalogue message and disables the form for [`WAIT_MS`] (30 s), [`SHORT_WAIT_MS`] (10 s)
//! once the count is 2 or more; the [`LIMIT`]th failure (3) sends the customer back to the
//! dashboard and starts a new count. A success clears it. The seed keeps the count in
//! session storage; the BFF keeps it per account in the store, so a reload keeps both the
//! count and the wait (times in ms since the Unix epoch).

use serde::{Deserialize, Serialize};

/// Failures that send the customer back to the dashboard (seed 001 §9 "failure counter
/// limit 3").
pub const LIMIT: u32 = 3;
/// Wait before the form is enabled again, ms (seed 001 §9 "payment-error reset 30 s").
pub const WAIT_MS: i64 = 30_000;
/// The wait once the count is 2 or more, ms (seed 002 §4.3).
pub const SHORT_WAIT_MS: i64 = 10_000;

/// What a failure leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterFailure {
    /// Show the message; the form is disabled for `wait_ms`.
    Wait {
        /// The count after this failure (1 or 2).
        count: u32,
        /// ms until the form is enabled again.
        wait_ms: i64,
    },
    /// Back to the dashboard (the count starts again at 0).
    Dashboard,
}

/// The counter of one account.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Failures {
    /// Failures so far in this cycle (0 to 2).
    pub count: u32,
    /// When the last one happened, ms since the epoch.
    pub last_at_ms: i64,
}

/// The wait after the `count`th failure, ms.
pub fn wait_ms(count: u32) -> i64 {
    if count >= 2 { SHORT_WAIT_MS } else { WAIT_MS }
}

impl Failures {
    /// Counts a failure at `now_ms`.
    pub fn record(&mut self, now_ms: i64) -> AfterFailure {
        let count = self.count + 1;
        if count >= LIMIT {
            *self = Self::default();
            return AfterFailure::Dashboard;
        }
        *self = Self {
            count,
            last_at_ms: now_ms,
        };
        AfterFailure::Wait {
            count,
            wait_ms: wait_ms(count),
        }
    }

    /// A success: the count starts again.
    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// ms until the form is enabled again at `now_ms` (0: enabled).
    pub fn retry_in_ms(&self, now_ms: i64) -> i64 {
        if self.count == 0 {
            return 0;
        }
        (self.last_at_ms + wait_ms(self.count) - now_ms).clamp(0, WAIT_MS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_seed_sequence() {
        let mut f = Failures::default();
        assert_eq!(
            f.record(1_000),
            AfterFailure::Wait {
                count: 1,
                wait_ms: 30_000
            }
        );
        assert_eq!(f.retry_in_ms(1_000), 30_000);
        assert_eq!(f.retry_in_ms(31_000), 0);
        assert_eq!(
            f.record(40_000),
            AfterFailure::Wait {
                count: 2,
                wait_ms: 10_000
            }
        );
        assert_eq!(f.retry_in_ms(45_000), 5_000);
        assert_eq!(f.record(60_000), AfterFailure::Dashboard);
        assert_eq!(f, Failures::default());
        assert_eq!(f.retry_in_ms(60_000), 0);
    }

    proptest! {
        #[test]
        fn every_third_failure_is_the_dashboard(n in 1usize..30, gap in 0i64..100_000) {
            let mut f = Failures::default();
            for i in 1..=n {
                let out = f.record(i as i64 * gap);
                prop_assert_eq!(out == AfterFailure::Dashboard, i % 3 == 0);
                prop_assert!(f.retry_in_ms(i as i64 * gap) <= WAIT_MS);
                prop_assert!(f.count < LIMIT);
            }
            f.clear();
            prop_assert_eq!(f.retry_in_ms(0), 0);
        }

        #[test]
        fn the_wait_only_shrinks(count in 1u32..3, last in 0i64..1_000_000, t in 0i64..100_000) {
            let f = Failures { count, last_at_ms: last };
            prop_assert!(f.retry_in_ms(last + t) >= f.retry_in_ms(last + t + 1));
            prop_assert_eq!(f.retry_in_ms(last), wait_ms(count));
        }
    }
}
