//! Tests of `upstream::identity`.

use upstream::identity::*;

#[test]
fn scopes_spell_the_constants() {
    assert_eq!(SCOPES, format!("{SCOPE_OPENID} {SCOPE_PAYMENT}"));
}

#[test]
fn registered_redirects() {
    for ok in [
        "http://127.0.0.1:8080/en/handoff",
        "http://localhost:5173/es/handoff?x=1",
        "http://[::1]:9/",
        "https://127.0.0.1/en/handoff",
        "/en/handoff",
        "/",
    ] {
        assert!(registered_redirect(ok).is_some(), "{ok}");
    }
    for bad in [
        "https://evil.example/en/handoff",
        "http://127.0.0.1.evil.example/en/handoff",
        "http://user@evil.example/en/handoff",
        "http://evil.example:80@127.0.0.1/x",
        "//evil.example/en/handoff",
        "/\\evil.example/en/handoff",
        "/en/handoff#x",
        "/en/other",
        "/en/handoff/../x",
        "javascript:alert(1)",
        "",
        "/en/handoff x",
        "/en/handoff?x=\"><script>",
    ] {
        assert!(registered_redirect(bad).is_none(), "{bad}");
    }
}
