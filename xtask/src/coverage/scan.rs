//! Text helpers of the coverage report: whole-word code matching, the test part of a Rust
//! file, Markdown code tables, the paths a test file calls and the quoted strings of a list.
//! Plain string scanning, no regex crate: the patterns are few and fixed.

/// Characters that continue a code (`PAYMENT-1001` is not `PAYMENT-10010`, `BUS011` not
/// `BUS0111`, `SYS_PMT_003` not `SYS_PMT_0031`).
fn code_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// Whether `text` holds `code` as a whole word (neither side continues it).
pub fn has_word(text: &str, code: &str) -> bool {
    if code.is_empty() {
        return false;
    }
    let mut from = 0;
    while let Some(at) = text[from..].find(code) {
        let start = from + at;
        let end = start + code.len();
        let before = text[..start].chars().next_back();
        let after = text[end..].chars().next();
        if !before.is_some_and(code_char) && !after.is_some_and(code_char) {
            return true;
        }
        from = start + code.len().max(1);
    }
    false
}

/// `text` without comment lines (`//`, `///`, `//!`, `/*`, ` * `): a code named only in a
/// comment is not asserted.
pub fn without_comments(text: &str) -> String {
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with("//") || t.starts_with("/*") || t.starts_with('*'))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The test part of a Rust source file under `src/`: the whole file for `tests.rs` or a file
/// under a `tests/` folder, else from the first `#[cfg(test)]` line to the end (the
/// workspace's test modules sit at the end of their file); `None` without tests.
pub fn rust_test_part<'a>(path: &str, text: &'a str) -> Option<&'a str> {
    if path.ends_with("/tests.rs") || path.contains("/tests/") {
        return Some(text);
    }
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == "#[cfg(test)]" {
            return Some(&text[offset..]);
        }
        offset += line.len();
    }
    None
}

/// The part of a Rust source file that is not test code (see [`rust_test_part`]).
pub fn rust_code_part<'a>(path: &str, text: &'a str) -> &'a str {
    match rust_test_part(path, text) {
        Some(test) => &text[..text.len() - test.len()],
        None => text,
    }
}

/// One row of a Markdown table whose header's first cell is `code`: the cells, trimmed, with
/// backticks removed.
pub fn code_table_rows(markdown: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in markdown.lines() {
        let t = line.trim();
        if !t.starts_with('|') {
            in_table = false;
            continue;
        }
        let cells: Vec<String> = t
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().replace('`', ""))
            .collect();
        if cells.first().is_some_and(|c| c == "code") {
            in_table = true;
            continue;
        }
        if !in_table
            || cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
        {
            continue;
        }
        rows.push(cells);
    }
    rows
}

/// The quoted strings (`'…'` or `"…"`) of `text`, in order.
pub fn quoted(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '\'' || c == '"' {
            let rest = &text[i + 1..];
            if let Some(end) = rest.find(c) {
                out.push(rest[..end].to_owned());
                // skip past the closing quote
                for _ in 0..rest[..=end].chars().count() {
                    chars.next();
                }
            }
        }
    }
    out
}

/// The text between `open` (the first after `start`) and its matching `close`, for a
/// bracketed list such as `journeys: [ … ]`.
pub fn bracketed<'a>(text: &'a str, start: &str, open: char, close: char) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let rest = &text[from..];
    let begin = rest.find(open)? + open.len_utf8();
    let mut depth = 1;
    for (i, c) in rest[begin..].char_indices() {
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(&rest[begin..begin + i]);
            }
        }
    }
    None
}

/// Every `<prefix><quote>value<quote>` of `text` (either quote), e.g. `scenario('x')`.
pub fn quoted_after(text: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find(prefix) {
        let start = from + at + prefix.len();
        from = start;
        let rest = &text[start..];
        let Some(q) = rest.chars().next().filter(|c| *c == '\'' || *c == '"') else {
            continue;
        };
        if let Some(end) = rest[1..].find(q) {
            out.push(rest[1..1 + end].to_owned());
        }
    }
    out
}

/// HTTP method named just before a path in a test (`cli.post(`, `http.put(`, `"GET"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verb {
    Get,
    Post,
    Put,
    Delete,
    Patch,
}

impl Verb {
    pub fn parse(word: &str) -> Option<Verb> {
        Some(match word.to_ascii_lowercase().as_str() {
            "get" => Verb::Get,
            "post" => Verb::Post,
            "put" => Verb::Put,
            "delete" => Verb::Delete,
            "patch" => Verb::Patch,
            _ => return None,
        })
    }
}

fn path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "/_-.{}:$*%~".contains(c)
}

/// A path a test names: its segments (after the leading `/`) and the HTTP method named in
/// the 60 characters before it, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathRef {
    pub segments: Vec<String>,
    pub verb: Option<Verb>,
}

/// The last method word (`get`, `post`, …, any case, a whole word) of `text`.
fn last_verb(text: &str) -> Option<Verb> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(Verb::parse)
        .next_back()
}

/// Every path `text` names: each run of path characters, from each `/` that does not follow
/// another (`http://host/x` gives `/x`), without a trailing `/`. A suffix is a candidate too
/// (`${base}/secure2/x` gives `/secure2/x`); matching against a template needs the exact
/// number of segments, so the extra candidates cost nothing.
pub fn path_refs(text: &str) -> Vec<PathRef> {
    let mut out = Vec::new();
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < bytes.len() {
        if !path_char(bytes[i].1) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && path_char(bytes[i].1) {
            i += 1;
        }
        let run_start = bytes[start].0;
        let run_end = bytes.get(i).map_or(text.len(), |b| b.0);
        let run = &text[run_start..run_end];
        if !run.contains('/') {
            continue;
        }
        let window_start = text[..run_start]
            .char_indices()
            .rev()
            .nth(59)
            .map_or(0, |(k, _)| k);
        let verb = last_verb(&text[window_start..run_start]);
        let mut prev = None;
        for (k, c) in run.char_indices() {
            if c == '/' && prev != Some('/') && !run[k + 1..].starts_with('/') {
                let path = run[k..].trim_end_matches('/');
                if path.len() > 1 {
                    out.push(PathRef {
                        segments: path[1..].split('/').map(str::to_owned).collect(),
                        verb,
                    });
                }
            }
            prev = Some(c);
        }
    }
    out
}

/// Every double-quoted string of `text` (paired within a line) with the HTTP method named in
/// the 60 characters before it: the argument of a test's path helper, e.g.
/// `p.post(cli, "refill/order", …)`.
pub fn strings_with_verbs(text: &str) -> Vec<(String, Option<Verb>)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let mut parts = line.split('"');
        let mut at = offset;
        if let Some(first) = parts.next() {
            at += first.len() + 1;
        }
        while let Some(inner) = parts.next() {
            let window_start = text[..at]
                .char_indices()
                .rev()
                .nth(59)
                .map_or(0, |(k, _)| k);
            out.push((inner.to_owned(), last_verb(&text[window_start..at])));
            at += inner.len() + 1;
            match parts.next() {
                Some(between) => at += between.len() + 1,
                None => break,
            }
        }
        offset += line.len();
    }
    out
}

/// The segments of a path (leading `/`, query and trailing `/` left out).
pub fn segments(path: &str) -> Vec<String> {
    let path = path.split('?').next().unwrap_or(path);
    path.trim_start_matches('/')
        .trim_end_matches('/')
        .split('/')
        .map(str::to_owned)
        .collect()
}

/// Whether a named path segment is a placeholder (`{id}`, `${id}`, `:accountId`, `*`).
fn placeholder(seg: &str) -> bool {
    seg.contains('{') || seg.contains('$') || seg.starts_with(':') || seg == "*"
}

/// Whether `named` (a [`PathRef`]'s segments) is an instance of the contract path `template`
/// (`/secure2/accounts/{accountId}/refill`): as many segments, literal ones equal, a
/// `{param}` one matched by any segment; a placeholder in the test only by a `{param}`.
pub fn matches_template(template: &str, named: &[String]) -> bool {
    let want: Vec<&str> = template.trim_start_matches('/').split('/').collect();
    want.len() == named.len()
        && want.iter().zip(named).all(|(w, n)| {
            if w.starts_with('{') {
                !n.is_empty()
            } else {
                !placeholder(n) && w == n
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_match_as_whole_words_only() {
        assert!(has_word("assert_eq!(c, \"PAYMENT-1001\");", "PAYMENT-1001"));
        assert!(!has_word("\"PAYMENT-10010\"", "PAYMENT-1001"));
        assert!(!has_word("BUS0111", "BUS011"));
        assert!(has_word("[BUS011, BUS0111]", "BUS011"));
        assert!(!has_word("SYS_PMT_0031 X_SYS_PMT_003", "SYS_PMT_003"));
        assert!(has_word("codes: [SYS_PMT_003]", "SYS_PMT_003"));
        assert!(!has_word("anything", ""));
    }

    #[test]
    fn comments_are_not_assertions() {
        let text = "// PIN_REJECTED\n  /// PIN_INVALID\n   * BUS0078\nlet c = \"BUS0077\";";
        let code = without_comments(text);
        assert!(!has_word(&code, "PIN_REJECTED") && !has_word(&code, "BUS0078"));
        assert!(has_word(&code, "BUS0077"));
    }

    #[test]
    fn the_test_part_of_a_rust_file() {
        let text = "fn a() { \"X1\" }\n#[cfg(test)]\nmod tests { \"X2\" }\n";
        let test = rust_test_part("bff/src/a.rs", text).unwrap();
        assert!(test.starts_with("#[cfg(test)]") && test.contains("X2"));
        assert!(!rust_code_part("bff/src/a.rs", text).contains("X2"));
        assert_eq!(rust_test_part("bff/src/b.rs", "fn b() {}"), None);
        assert_eq!(rust_test_part("bff/src/d/tests.rs", "x"), Some("x"));
        assert_eq!(rust_code_part("bff/src/d/tests.rs", "x"), "");
    }

    #[test]
    fn code_tables_of_markdown() {
        let md = "intro\n\n| code | seed | outcome |\n|---|---|---|\n| `BUS0078` | 000 | notice |\n| X-1 | - | y |\n\n| other | a |\n|---|---|\n| no | b |\n";
        let rows = code_table_rows(md);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0], ["BUS0078", "000", "notice"]);
        assert_eq!(rows[1][0], "X-1");
    }

    #[test]
    fn lists_and_calls() {
        let ts = "retail: { journeys: ['retail/assign-success'], noStory: [] as string[] },";
        assert_eq!(
            quoted(bracketed(ts, "journeys:", '[', ']').unwrap()),
            ["retail/assign-success"]
        );
        assert!(quoted(bracketed(ts, "noStory:", '[', ']').unwrap()).is_empty());
        let calls = "scenario('a-b'); scenario(\"c\"); scenario(x); { scenario: 'p/q' }";
        assert_eq!(quoted_after(calls, "scenario("), ["a-b", "c"]);
        assert_eq!(quoted_after(calls, "scenario: "), ["p/q"]);
    }

    #[test]
    fn helper_arguments_with_their_methods() {
        let text = "p.post(cli, \"refill/order\", None)\n    .await;\nlet x = \"a\"; self.get(cli, \"payment-info\")";
        let got = strings_with_verbs(text);
        assert_eq!(
            got,
            [
                ("refill/order".to_owned(), Some(Verb::Post)),
                ("a".to_owned(), Some(Verb::Post)),
                ("payment-info".to_owned(), Some(Verb::Get)),
            ]
        );
        assert_eq!(segments("/a/b/?x=1"), ["a", "b"]);
    }

    #[test]
    fn paths_named_by_tests_match_contract_templates() {
        let text = r#"cli.post(format!("/secure2/accounts/{id}/refill/order")).send();
            let r = cli.get(format!("/secure2/accounts/{}/refill")).send();
            http.put('http://localhost/secure2/accounts/:accountId/refill/cart', x);
            page.goto('/en/refill');"#;
        let refs = path_refs(text);
        let hit = |t: &str, v: Verb| {
            refs.iter()
                .any(|r| r.verb == Some(v) && matches_template(t, &r.segments))
        };
        assert!(hit(
            "/secure2/accounts/{accountId}/refill/order",
            Verb::Post
        ));
        assert!(hit("/secure2/accounts/{accountId}/refill", Verb::Get));
        assert!(hit("/secure2/accounts/{accountId}/refill/cart", Verb::Put));
        assert!(!hit("/secure2/accounts/{accountId}/refill", Verb::Post));
        // a page path is not the API path of the same name
        assert!(!refs.iter().any(|r| matches_template(
            "/secure2/accounts/{accountId}/refill",
            &r.segments
        ) && r.verb.is_none()));
        // placeholders in the test only stand for contract parameters
        assert!(!matches_template(
            "/-/api/es/cart",
            &["-".into(), "api".into(), "{x}".into(), "cart".into()]
        ));
        assert!(matches_template(
            "/-/api/{site}/all",
            &["-".into(), "api".into(), "my.prepaid".into(), "all".into()]
        ));
    }
}
