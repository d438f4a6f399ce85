//! Property tests of the world's address validation (seed 000 §4, §5).

use proptest::prelude::*;
use simulators::world::{World, normalise};

fn street() -> impl Strategy<Value = String> {
    let known: Vec<String> = World::get()
        .places()
        .iter()
        .map(|p| p.street.to_owned())
        .collect();
    prop_oneof![proptest::sample::select(known), "[ -~]{0,40}", "\\PC{0,30}",]
}

proptest! {
    #[test]
    fn validation_never_panics_and_only_returns_matching_streets(
        street in street(),
        unit in prop_oneof![Just(String::new()), "(Apt|Unit) [0-9]{1,3}", "\\PC{0,12}"],
        zip in prop_oneof!["[0-9]{5}", "[0-9]{5}-[0-9]{4}", "\\PC{0,10}", Just("30303".to_owned())],
        upper in any::<bool>(),
    ) {
        let typed = if upper { street.to_uppercase() } else { street.clone() };
        let found = World::get().validate(&typed, &unit, &zip).customer_infos;
        for info in &found {
            prop_assert_eq!(normalise(&info.address.address_line1), normalise(&street));
            prop_assert!(zip.trim().starts_with(&info.address.zip));
            if !normalise(&unit).is_empty() {
                prop_assert_eq!(found.len(), 1);
            }
        }
    }

    #[test]
    fn suggestions_keep_their_shape(q in "\\PC{0,30}") {
        let answer = World::get().suggest(&q);
        prop_assert!(answer.len() >= 3 && answer.len() <= 12);
        prop_assert_eq!(&answer[1], &q);
        let count: usize = answer[0].parse().unwrap();
        if count == 0 {
            prop_assert_eq!(answer[2].as_str(), "N");
        } else {
            prop_assert_eq!(answer.len() - 2, count.min(10));
        }
    }
}
