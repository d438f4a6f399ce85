//! The first screen's style sheets written into the page (ARCHITECTURE.md "First load",
//! issue 10 §1): a page's `<link rel="stylesheet">` of a built file becomes a `<style>` element
//! with the file's text, so the browser asks for no style sheet before the first paint (two to
//! six render-blocking requests per entry route, each taking one of HTTP/1.1's six connections
//! from the scripts that come after).
//!
//! Each inlined sheet keeps its link, `disabled`: browsers do not fetch a disabled style sheet,
//! and the app's chunk loader (Vite's preload helper), which adds a chunk's style sheets unless
//! a `link[rel="stylesheet"]` of the same `href` is in the document, finds it there and does
//! not load the sheet a second time.

use std::{collections::HashMap, path::Path};

use super::attr;

/// The start of a style sheet link, as Vite writes it into `index.html` and as pages write it.
const SHEET_LINK: &str = "<link rel=\"stylesheet\" crossorigin href=\"";

/// Largest sheet written into a page (bytes, uncompressed); a larger one stays a link. The
/// biggest first-screen sheet of the build is about 10 KB.
pub const MAX_INLINE_BYTES: usize = 32 * 1024;

/// The CSS text of the build's style sheets, by `href` (`/assets/index-….css`), read once at
/// start-up.
#[derive(Debug, Default, Clone)]
pub struct InlineStyles {
    sheets: HashMap<String, String>,
}

impl InlineStyles {
    /// Reads each of `hrefs` below `dist`. A sheet that is not a file of `/assets/`, is
    /// unreadable, larger than [`MAX_INLINE_BYTES`] or holds `</style` (it would end the
    /// element) is left out: its link is then written as it is.
    pub fn load<'a>(dist: &Path, hrefs: impl IntoIterator<Item = &'a str>) -> Self {
        let mut sheets = HashMap::new();
        for href in hrefs {
            let Some(name) = href.strip_prefix("/assets/") else {
                continue;
            };
            if name.contains('/') || name.contains("..") || !name.ends_with(".css") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(dist.join("assets").join(name)) else {
                continue;
            };
            if text.len() <= MAX_INLINE_BYTES && !text.to_ascii_lowercase().contains("</style") {
                sheets.insert(href.to_owned(), text);
            }
        }
        Self { sheets }
    }

    /// The elements of the sheet `href`: `<style>` with its text and the disabled link, or the
    /// plain link when the sheet was not read.
    pub fn tags(&self, href: &str) -> String {
        let link = format!("{SHEET_LINK}{}\"", attr(href));
        match self.sheets.get(href) {
            Some(css) => format!("<style>{css}</style>{link} disabled>"),
            None => format!("{link}>"),
        }
    }

    /// `template` with each of its `<link rel="stylesheet" crossorigin href="…">` (the entry's
    /// sheets Vite writes into `index.html`) replaced by [`Self::tags`].
    pub fn inline_template(&self, template: &str) -> String {
        let mut out = String::with_capacity(template.len());
        let mut rest = template;
        while let Some(at) = rest.find(SHEET_LINK) {
            let after = &rest[at + SHEET_LINK.len()..];
            let Some(end) = after.find("\">") else { break };
            out.push_str(&rest[..at]);
            out.push_str(&self.tags(&after[..end]));
            rest = &after[end + 2..];
        }
        out.push_str(rest);
        out
    }
}

/// The `href`s of the style sheet links in `template` (see [`InlineStyles::inline_template`]).
pub fn template_sheets(template: &str) -> Vec<&str> {
    template
        .split(SHEET_LINK)
        .skip(1)
        .filter_map(|s| s.split_once("\">").map(|(href, _)| href))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A dist directory of its own below the system's temporary directory, removed on drop.
    struct Dist(std::path::PathBuf);

    impl Dist {
        fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Dist {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn dist_with(files: &[(&str, &str)]) -> Dist {
        let dir = std::env::temp_dir().join(format!("pp-styles-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join("assets").join(name), text).unwrap();
        }
        Dist(dir)
    }

    #[test]
    fn a_read_sheet_is_written_in_with_its_disabled_link_another_stays_a_link() {
        let dist = dist_with(&[("a.css", "a{color:red}")]);
        let styles = InlineStyles::load(dist.path(), ["/assets/a.css", "/assets/missing.css"]);
        assert_eq!(
            styles.tags("/assets/a.css"),
            "<style>a{color:red}</style><link rel=\"stylesheet\" crossorigin href=\"/assets/a.css\" disabled>"
        );
        assert_eq!(
            styles.tags("/assets/missing.css"),
            "<link rel=\"stylesheet\" crossorigin href=\"/assets/missing.css\">"
        );
    }

    #[test]
    fn only_small_css_files_of_assets_without_a_closing_style_tag_are_read() {
        let big = "a{}".repeat(MAX_INLINE_BYTES);
        let dist = dist_with(&[
            ("end.css", "a{}</STYLE><script>x()</script>"),
            ("big.css", &big),
            ("x.js", "x"),
        ]);
        std::fs::write(dist.path().join("root.css"), "a{}").unwrap();
        let styles = InlineStyles::load(
            dist.path(),
            [
                "/assets/end.css",
                "/assets/big.css",
                "/assets/x.js",
                "/root.css",
                "/assets/../root.css",
            ],
        );
        assert!(styles.sheets.is_empty());
    }

    #[test]
    fn the_templates_sheets_are_found_and_written_in() {
        let dist = dist_with(&[("i.css", "body{margin:0}")]);
        let template = "<head><script src=\"/assets/i.js\"></script>\
<link rel=\"stylesheet\" crossorigin href=\"/assets/i.css\">\
<link rel=\"stylesheet\" crossorigin href=\"/assets/other.css\"></head>";
        assert_eq!(
            template_sheets(template),
            ["/assets/i.css", "/assets/other.css"]
        );
        let styles = InlineStyles::load(dist.path(), template_sheets(template));
        assert_eq!(
            styles.inline_template(template),
            "<head><script src=\"/assets/i.js\"></script>\
<style>body{margin:0}</style><link rel=\"stylesheet\" crossorigin href=\"/assets/i.css\" disabled>\
<link rel=\"stylesheet\" crossorigin href=\"/assets/other.css\"></head>"
        );
    }
}
