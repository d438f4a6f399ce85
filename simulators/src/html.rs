//! Small helpers for the simulators' HTML pages ([`crate::card_entry`],
//! [`crate::digital_session`], [`crate::identity`]).

/// The tester pages' style sheet (identity router, identity provider).
pub const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1d21}\
main{max-width:40rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px}\
h1{font-size:1.5rem}fieldset{border:1px solid #8a8f98;border-radius:6px;padding:1rem}\
legend{font-weight:600;padding:0 .25rem}.choice{display:flex;gap:.75rem;align-items:flex-start;\
padding:.6rem 0;border-bottom:1px solid #e3e5e8}.choice:last-child{border-bottom:0}\
.choice input{margin-top:.3rem;width:1.1rem;height:1.1rem}.details{display:block;color:#41454d;\
font-size:.9rem}button{margin-top:1rem;font:inherit;padding:.6rem 1.4rem;border:0;border-radius:6px;\
background:#1f4fd1;color:#fff;cursor:pointer}button:focus-visible,input:focus-visible{outline:3px \
solid #f5a623;outline-offset:2px}.summary{color:#41454d}";

/// A tester page: `<html lang>`, viewport, `noindex`, [`STYLE`]; `title` is escaped here,
/// `body` is HTML the caller escaped.
pub fn page(lang: &str, title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{title}</title>\
         <style>{STYLE}</style></head><body><main>{body}</main></body></html>",
        lang = escape(lang),
        title = escape(title)
    )
}

/// Escapes `& < > " '` for HTML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON for an inline `<script>`: `<`, `>` and `&` written as `\u003c` etc., so no value
/// can close the script element.
pub fn script_json(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(
            escape(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
        assert_eq!(
            script_json(&serde_json::json!("</script>")),
            r#""\u003c/script\u003e""#
        );
    }
}
