//! The retail context (issue 9): the location whose serviceability this session checked, so a
//! device code is assigned only to a location the BFF found serviceable, never to one the
//! browser merely names. Record `pp:ctx:retail:<id>` in the one store, id in the session.

use serde::{Deserialize, Serialize};

use crate::domain::serviceability::ServiceabilityOutcome;

/// Namespace of retail contexts in the store.
pub const NS: &str = "retail";

/// What the BFF knows of one retail visit.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetailContext {
    /// The last location checked with `source=CP_VAN` that may take a device (serviceable
    /// or cold tap, seed 000 §4); `None` when the last check found it may not.
    pub assignable_location: Option<String>,
}

impl RetailContext {
    /// A serviceability answer for `location_id` (seed 000 §4): the flow goes on to the
    /// device code only for `serviceable` and `coldTap`.
    pub fn record_serviceability(&mut self, location_id: &str, outcome: ServiceabilityOutcome) {
        self.assignable_location = matches!(
            outcome,
            ServiceabilityOutcome::Serviceable | ServiceabilityOutcome::ColdTap
        )
        .then(|| location_id.to_owned());
    }

    /// Whether a device may be assigned to `location_id`.
    pub fn may_assign(&self, location_id: &str) -> bool {
        self.assignable_location.as_deref() == Some(location_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_last_assignable_location_takes_a_device() {
        let mut c = RetailContext::default();
        assert!(!c.may_assign("L1"));
        c.record_serviceability("L1", ServiceabilityOutcome::Serviceable);
        assert!(c.may_assign("L1") && !c.may_assign("L2"));
        c.record_serviceability("L2", ServiceabilityOutcome::ColdTap);
        assert!(c.may_assign("L2") && !c.may_assign("L1"));
        c.record_serviceability("L2", ServiceabilityOutcome::ExistingPrepaid);
        assert!(!c.may_assign("L2"));
    }
}
