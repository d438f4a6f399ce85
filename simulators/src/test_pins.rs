//! The test refill PINs of the activation simulator (seed 002 §2.3, §4.3b): the PIN's value
//! decides what validation and redemption answer, like the test cards of
//! [`crate::test_cards`]. Documented for testers in `simulators/TEST_PINS.md` (a test keeps
//! the examples of [`PINS`] there).
//!
//! A well-formed PIN is 12 to 16 digits (the field takes at most 16 characters, seed 002
//! §9); anything else is rejected. Among well-formed PINs the first digits decide:
//! `91` redeemed before, `92` rejected, `93` not recognised, `94` refused at redemption with a
//! `businessErrorCode`, `95` redemption `status: FAILURE`; every other one is valid, buying
//! as many 30-day plans as its first digit says when that is `2` or `3`, else one.

/// What a PIN leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinKind {
    /// Valid and redeemable: buys `plan_qty` plans.
    Valid {
        /// Plans bought (30-day internet refills).
        plan_qty: u32,
    },
    /// Redeemed before any run: validation answers a `redemptionDate`.
    Redeemed,
    /// Validation answers `errorCode: INVALID_PIN`.
    Rejected,
    /// Validation answers `errorCode: PIN_NOT_FOUND`.
    Unrecognised,
    /// Valid; redemption answers `businessErrorCode: BUS_PMT_006` (seed 002 §8 "Redeem PIN").
    RedeemRefused,
    /// Valid; redemption answers `status: FAILURE` without a code.
    RedeemFailure,
}

/// The `businessErrorCode` of a [`PinKind::RedeemRefused`] PIN (seed 002 §8 names it for the
/// PIN redemption: "no payment instrument details found").
pub const REFUSED_CODE: &str = "BUS_PMT_006";

/// What `pin` leads to (rules in the module docs).
pub fn kind_of(pin: &str) -> PinKind {
    let well_formed = (12..=16).contains(&pin.len()) && pin.bytes().all(|b| b.is_ascii_digit());
    if !well_formed {
        return PinKind::Rejected;
    }
    match &pin[..2] {
        "91" => PinKind::Redeemed,
        "92" => PinKind::Rejected,
        "93" => PinKind::Unrecognised,
        "94" => PinKind::RedeemRefused,
        "95" => PinKind::RedeemFailure,
        p if p.starts_with('2') => PinKind::Valid { plan_qty: 2 },
        p if p.starts_with('3') => PinKind::Valid { plan_qty: 3 },
        _ => PinKind::Valid { plan_qty: 1 },
    }
}

/// Plans a PIN buys when it validates (1 for the failure kinds that validate).
pub fn plan_qty(kind: PinKind) -> u32 {
    match kind {
        PinKind::Valid { plan_qty } => plan_qty,
        _ => 1,
    }
}

/// One documented test PIN.
#[derive(Debug, Clone, Copy)]
pub struct TestPin {
    /// The PIN as typed.
    pub pin: &'static str,
    /// What it leads to.
    pub kind: PinKind,
}

/// The examples of `simulators/TEST_PINS.md`, one per kind (and plan quantity).
pub const PINS: &[TestPin] = &[
    TestPin {
        pin: "100000000001",
        kind: PinKind::Valid { plan_qty: 1 },
    },
    TestPin {
        pin: "200000000002",
        kind: PinKind::Valid { plan_qty: 2 },
    },
    TestPin {
        pin: "3000000000000003",
        kind: PinKind::Valid { plan_qty: 3 },
    },
    TestPin {
        pin: "910000000001",
        kind: PinKind::Redeemed,
    },
    TestPin {
        pin: "920000000001",
        kind: PinKind::Rejected,
    },
    TestPin {
        pin: "930000000001",
        kind: PinKind::Unrecognised,
    },
    TestPin {
        pin: "940000000001",
        kind: PinKind::RedeemRefused,
    },
    TestPin {
        pin: "950000000001",
        kind: PinKind::RedeemFailure,
    },
    TestPin {
        pin: "12345",
        kind: PinKind::Rejected,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_pins_lead_where_the_table_says() {
        for p in PINS {
            assert_eq!(kind_of(p.pin), p.kind, "{}", p.pin);
        }
    }

    #[test]
    fn test_pins_md_lists_every_example() {
        let md = include_str!("../TEST_PINS.md");
        for p in PINS {
            assert!(md.contains(&format!("`{}`", p.pin)), "{} missing", p.pin);
        }
    }

    #[test]
    fn malformed_pins_are_rejected() {
        for pin in [
            "",
            "1",
            "10000000000",
            "10000000000000001",
            "1000000000a1",
            "ABCDEFGHIJKL",
        ] {
            assert_eq!(kind_of(pin), PinKind::Rejected, "{pin}");
        }
        assert_eq!(kind_of("1000000000001234"), PinKind::Valid { plan_qty: 1 });
        assert_eq!(kind_of("9600000000001234"), PinKind::Valid { plan_qty: 1 });
    }
}
