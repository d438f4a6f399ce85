//! Seeded chaos (issue 15 §3): with `x-sim-chaos: <percent>:<seed>` (the BFF sends it from
//! `BFF_CHAOS` or from the scenario console, harness mode only) about `percent` % of calls
//! are answered with a fault chosen by a generator seeded with `seed`.
//!
//! Replayable: the fault of a call is a pure function ([`Chaos::fault_at`]) of the seed, the
//! call ([`Call`]) and how many calls of that call the run (`x-sim-run`) made before under
//! the same setting. So the same seed over the same sequence of calls gives the same faults
//! in the same order, and calls of other kinds interleaving differently (parallel page
//! loads) change nothing. The counters are kept per run ([`RunStore`]) and forgotten by the
//! admin API's reset (`crate::admin`), or by starting the scenario again (a new run).
//!
//! Faults: `delay` (100 to 999 ms), `timeout`, `reset`, `malformed`, `error5xx` (500, 502,
//! 503 or 504), one in five each; all strike before the work, as a scenario file's fault.

use std::fmt;
use std::str::FromStr;

use crate::fault::Fault;
use crate::run_state::{Run, RunStore};
use crate::scenario::Call;

/// A chaos setting: `percent` (0 to 100) of calls faulted, chosen by `seed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chaos {
    /// Share of calls answered with a fault, 0..=100.
    pub percent: u8,
    /// Seed of the generator.
    pub seed: u64,
}

impl FromStr for Chaos {
    type Err = String;

    /// `<percent>:<seed>`, e.g. `20:4711` (percent 0..=100, seed a `u64`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (p, seed) = s
            .trim()
            .split_once(':')
            .ok_or_else(|| format!("chaos `{s}` is not <percent>:<seed>"))?;
        let percent: u8 = p
            .trim()
            .parse()
            .ok()
            .filter(|p| *p <= 100)
            .ok_or_else(|| format!("chaos percent `{p}` is not 0..=100"))?;
        let seed = seed
            .trim()
            .parse()
            .map_err(|_| format!("chaos seed `{seed}` is not an unsigned 64-bit number"))?;
        Ok(Self { percent, seed })
    }
}

impl fmt::Display for Chaos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.percent, self.seed)
    }
}

/// SplitMix64's output function.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// FNV-1a of `s` (stable across builds and platforms, unlike std's hasher).
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Chaos {
    /// The fault of the `n`-th call (from 0) of `call` under this setting, if any: a pure
    /// function of (`seed`, `call`, `n`).
    pub fn fault_at(&self, call: Call, n: u64) -> Option<Fault> {
        let r = mix(mix(self.seed ^ fnv(call.name())) ^ n);
        if r % 100 >= u64::from(self.percent) {
            return None;
        }
        let pick = r >> 8;
        Some(match (pick % 5, pick >> 8) {
            (0, v) => Fault::Delay { ms: 100 + v % 900 },
            (1, _) => Fault::Timeout,
            (2, _) => Fault::Reset,
            (3, _) => Fault::Malformed,
            (_, v) => Fault::Error5xx {
                status: [500, 502, 503, 504][(v % 4) as usize],
            },
        })
    }

    /// The fault of the next call of `call` in `run` (counts the call).
    pub fn next(&self, run: &Run, call: Call) -> Option<Fault> {
        let key = format!("{self}/{}", call.name());
        let n = COUNTS.update(run, &key, |c| {
            let n = c.unwrap_or(0);
            *c = Some(n + 1);
            n
        });
        self.fault_at(call, n)
    }
}

/// Calls counted per run and (setting, call).
static COUNTS: RunStore<u64> = RunStore::new();

/// Forgets the counts of `run`, or of every run with `None` (the admin API's reset).
pub fn reset(run: Option<&Run>) {
    COUNTS.clear(run);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_percent_and_seed() {
        let c: Chaos = " 20:4711 ".parse().unwrap();
        assert_eq!(
            c,
            Chaos {
                percent: 20,
                seed: 4711
            }
        );
        assert_eq!(c.to_string(), "20:4711");
        for bad in ["", "20", "101:1", "x:1", "20:-1", "20:x"] {
            assert!(bad.parse::<Chaos>().is_err(), "{bad}");
        }
    }

    #[test]
    fn zero_percent_never_and_hundred_always_faults() {
        let (none, all) = (
            "0:7".parse::<Chaos>().unwrap(),
            "100:7".parse::<Chaos>().unwrap(),
        );
        for n in 0..200 {
            assert_eq!(none.fault_at(Call::Tax, n), None);
            let f = all.fault_at(Call::Tax, n).expect("a fault");
            assert_eq!(f.validate(), Ok(()));
        }
    }

    #[test]
    fn the_share_is_about_the_percent_and_every_kind_occurs() {
        let c: Chaos = "30:4711".parse().unwrap();
        let faults: Vec<Fault> = (0..4000)
            .filter_map(|n| c.fault_at(Call::Assign, n))
            .collect();
        assert!((1000..1400).contains(&faults.len()), "{}", faults.len());
        for kind in ["delay", "timeout", "reset", "malformed", "error5xx"] {
            assert!(
                faults
                    .iter()
                    .any(|f| serde_json::to_value(f).unwrap()["kind"] == kind),
                "{kind}"
            );
        }
    }

    #[test]
    fn counts_per_run_replay_after_reset() {
        let c: Chaos = "50:99".parse().unwrap();
        let run = Run::new(Some("chaos-unit"));
        let first: Vec<_> = (0..20).map(|_| c.next(&run, Call::Promotions)).collect();
        reset(Some(&run));
        let again: Vec<_> = (0..20).map(|_| c.next(&run, Call::Promotions)).collect();
        assert_eq!(first, again);
        let expected: Vec<_> = (0..20).map(|n| c.fault_at(Call::Promotions, n)).collect();
        assert_eq!(first, expected);
    }
}
