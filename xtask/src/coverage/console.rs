//! `COVERAGE.json`, written beside `COVERAGE.md` by the same task: per scenario, what the
//! harness's scenario console (issue 15 §1) shows beside the scenario file itself: its
//! outcome class, the Storybook story of its final state and the browser tests asserting it.
//! The BFF embeds the file and serves it with the scenarios at `/harness/console.json`
//! (harness mode only); `coverage --check` fails when it is stale, like the report.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Value, json};

use super::{Coverage, Layer, Select, WALKERS, outcome_class, read, scan, scenarios};

/// Where the console's data is written, from the repository root.
pub const CONSOLE: &str = "COVERAGE.json";

/// Storybook's id of a story: `toId(title, storyNameFromExport(exportName))` of
/// `storybook/internal/csf` for an export name made of letters, digits and `_`: a word
/// starts at an upper-case letter after a lower-case one or before a lower-case one, and
/// where letters and digits meet; words are joined by `-`, lower-cased.
pub fn story_id(title: &str, export: &str) -> String {
    let sanitize = |s: &str| -> String {
        let mut out = String::new();
        for c in s.to_lowercase().chars() {
            if c.is_ascii_alphanumeric() {
                out.push(c);
            } else if !out.ends_with('-') {
                out.push('-');
            }
        }
        out.trim_matches('-').to_owned()
    };
    let chars: Vec<char> = export.chars().collect();
    let mut name = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if i > 0 {
            let prev = chars[i - 1];
            let next = chars.get(i + 1).copied();
            let boundary = (c.is_ascii_uppercase()
                && (prev.is_ascii_lowercase() || next.is_some_and(|n| n.is_ascii_lowercase())))
                || (prev.is_ascii_alphabetic() && c.is_ascii_digit())
                || (prev.is_ascii_digit() && c.is_ascii_alphabetic());
            if boundary {
                name.push(' ');
            }
        }
        name.push(c);
    }
    format!("{}--{}", sanitize(title), sanitize(&name))
}

/// The scenario stories of a scenario-stories file: situation to story id
/// (`export const <Name>: Story = scenario('<situation>')`, the meta's `title`), but its
/// `STOPS` (stories that stop short of `expect`).
pub fn stories_of(text: &str) -> BTreeMap<String, String> {
    let Some(title) = scan::quoted_after(text, "title: ").into_iter().next() else {
        return BTreeMap::new();
    };
    let credited = super::story_situations(text);
    text.lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("export const ")?;
            let (export, rest) = rest.split_once(':')?;
            let situation = scan::quoted_after(rest, "scenario(").into_iter().next()?;
            credited
                .contains(&situation)
                .then(|| (situation, story_id(&title, export.trim())))
        })
        .collect()
}

/// The console's JSON: `{ "scenarios": { "<id>": { outcomeClass, story, browser } } }`.
pub fn json(root: &Path, c: &Coverage) -> String {
    let mut errors = Vec::new();
    let mut stories: BTreeMap<String, String> = BTreeMap::new();
    for w in WALKERS {
        if let Select::ScenarioStories(flow) = w.select
            && let Some(text) = read(root, w.file, &mut errors)
        {
            for (situation, id) in stories_of(&text) {
                stories.insert(format!("{flow}/{situation}"), id);
            }
        }
    }
    let mut out = serde_json::Map::new();
    for s in scenarios(root, &mut errors) {
        let browser: Vec<&str> = c
            .scenario_tests
            .get(&s.id)
            .into_iter()
            .flatten()
            .filter(|(l, _)| *l == Layer::Browser)
            .map(|(_, f)| f.strip_prefix("playwright/tests/").unwrap_or(f))
            .collect();
        out.insert(
            s.id.clone(),
            json!({
                "outcomeClass": outcome_class(&s),
                "story": stories.get(&s.id),
                "browser": browser,
            }),
        );
    }
    serde_json::to_string_pretty(&json!({ "scenarios": Value::Object(out) })).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn story_ids_as_storybook_writes_them() {
        for (export, id) in [
            ("AssignSuccess", "retail-scenarios--assign-success"),
            ("ColdTapBus0003", "retail-scenarios--cold-tap-bus-0003"),
            (
                "AssignBusVanAssign004",
                "retail-scenarios--assign-bus-van-assign-004",
            ),
            ("OrderSys0010", "retail-scenarios--order-sys-0010"),
            ("HTTPFailure", "retail-scenarios--http-failure"),
        ] {
            assert_eq!(story_id("Retail/Scenarios", export), id);
        }
    }

    #[test]
    fn stories_of_a_file_but_its_stops() {
        let text = "const meta = {\n  title: 'Buy/Scenarios',\n};\nconst STOPS: Record<string, string> = {\n  'tax-failure-existing': 'customer-info',\n};\nexport const CardExpired: Story = scenario('card-expired');\nexport const TaxFailureExisting: Story = scenario('tax-failure-existing');\n";
        let got = stories_of(text);
        assert_eq!(
            got.into_iter().collect::<Vec<_>>(),
            vec![(
                "card-expired".to_owned(),
                "buy-scenarios--card-expired".to_owned()
            )]
        );
    }
}
