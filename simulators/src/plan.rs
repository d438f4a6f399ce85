//! A programmatic fault plan, for tests that choose faults per call without scenario files
//! (the seeded fault campaign, `bff/tests/it/campaign.rs`): faults queued per tracking id and
//! per call ([`Call`]); each upstream request carrying that `trackingid` takes the next
//! queued fault of its call, and [`crate::middleware`] applies it with the same code as a
//! scenario's `fault`.
//!
//! Empty by default: until a test calls [`set`], the middleware only reads one flag. The plan
//! lives in the process (the embedded simulators of the BFF's tests); nothing on the wire can
//! fill it.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, Mutex};

use crate::fault::Fault;
use crate::scenario::Call;

/// One planned fault and when it strikes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    /// The fault (`delay`, `timeout`, `reset`, `malformed`, `error5xx`).
    pub fault: Fault,
    /// `false`: the fault strikes before the upstream does anything (as a scenario's fault
    /// does: a wait, or a 5xx instead of the work; a `timeout` then never does the work).
    /// `true`: the upstream does its work first (e.g. places the order), then the answer is
    /// late (`delay`), never comes (`timeout`), breaks (`reset`, `malformed`) or is replaced
    /// by a 5xx (a gateway failing after the service answered).
    pub after_work: bool,
}

/// Faults of one tracking id, by call, in the order they strike.
pub type Plan = HashMap<Call, VecDeque<Planned>>;

static ARMED: AtomicBool = AtomicBool::new(false);
static PLANS: LazyLock<Mutex<HashMap<String, Plan>>> = LazyLock::new(Default::default);

/// Replaces the plan of `tracking_id` (an empty plan removes it).
pub fn set(tracking_id: &str, plan: Plan) {
    ARMED.store(true, Ordering::Relaxed);
    let mut plans = PLANS.lock().unwrap_or_else(|e| e.into_inner());
    if plan.values().all(VecDeque::is_empty) {
        plans.remove(tracking_id);
    } else {
        plans.insert(tracking_id.to_owned(), plan);
    }
}

/// Removes what is left of the plan of `tracking_id`.
pub fn clear(tracking_id: &str) {
    PLANS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(tracking_id);
}

/// The next planned fault of `call` for `tracking_id`, taken off its queue.
pub fn take(tracking_id: &str, call: Call) -> Option<Planned> {
    if !ARMED.load(Ordering::Relaxed) {
        return None;
    }
    PLANS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_mut(tracking_id)?
        .get_mut(&call)?
        .pop_front()
}

/// What is left of the plan of `tracking_id` (the faults not yet taken).
pub fn remaining(tracking_id: &str) -> Plan {
    PLANS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(tracking_id)
        .cloned()
        .unwrap_or_default()
}
