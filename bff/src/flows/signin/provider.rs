//! The provider's browser-facing URLs and PKCE (RFC 7636 `S256`; ARCHITECTURE.md "Identity
//! provider"; seed 001 §7 redirects: authorize, create-ID, logout with `state=expired`).
//!
//! Queries are form-encoded (`form_urlencoded`), the base is `Config::identity_provider`
//! (no trailing slash).

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use sha2::{Digest, Sha256};
use upstream::identity::{CLIENT_ID, CODE_CHALLENGE_METHOD, SCOPES, STATE_EXPIRED};

/// A random value of `n` × 32 hex characters (UUID v4 randomness, 122 bits per 32).
fn random_hex(n: usize) -> String {
    (0..n)
        .map(|_| uuid::Uuid::new_v4().simple().to_string())
        .collect()
}

/// A new `state`: 32 hex characters.
pub fn new_state() -> String {
    random_hex(1)
}

/// A new PKCE verifier: 64 hex characters (RFC 7636 §4.1 allows 43 to 128 unreserved).
pub fn new_verifier() -> String {
    random_hex(2)
}

/// `BASE64URL(SHA256(verifier))` without padding (RFC 7636 §4.2).
pub fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// The hand-off the provider returns to: `{origin}/{locale}/handoff` (seed 001 §2).
pub fn handoff_uri(origin: &str, locale: &str) -> String {
    format!("{origin}/{locale}/handoff")
}

fn with_query(base: &str, page: &str, pairs: &[(&str, &str)]) -> String {
    let query = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish();
    format!("{base}/{page}?{query}")
}

/// The authorize page (or, with `create_id`, the create-ID page, which links back to it
/// with the same query) for `state`, `verifier`'s challenge and `redirect_uri`.
pub fn authorize_url(
    base: &str,
    create_id: bool,
    redirect_uri: &str,
    state: &str,
    verifier: &str,
    locale: &str,
) -> String {
    let page = if create_id { "create-id" } else { "authorize" };
    with_query(
        base,
        page,
        &[
            ("client_id", CLIENT_ID),
            ("redirect_uri", redirect_uri),
            ("response_type", "code"),
            ("scope", SCOPES),
            ("state", state),
            ("code_challenge", &challenge(verifier)),
            ("code_challenge_method", CODE_CHALLENGE_METHOD),
            ("ui_locales", locale),
        ],
    )
}

/// The logout page: ends the provider's session of `id_token_hint` (when known) and returns
/// to `redirect_uri`, with `state=expired` when the session timed out (seed 001 §4).
pub fn logout_url(
    base: &str,
    redirect_uri: &str,
    id_token_hint: Option<&str>,
    expired: bool,
    locale: &str,
) -> String {
    let mut pairs = vec![("post_logout_redirect_uri", redirect_uri)];
    if let Some(hint) = id_token_hint {
        pairs.push(("id_token_hint", hint));
    }
    if expired {
        pairs.push(("state", STATE_EXPIRED));
    }
    pairs.push(("ui_locales", locale));
    with_query(base, "logout", &pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s256_matches_rfc_7636_appendix_b() {
        assert_eq!(
            challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
        let v = new_verifier();
        assert_eq!(v.len(), 64);
        assert_ne!(v, new_verifier());
        assert_eq!(new_state().len(), 32);
    }

    #[test]
    fn urls() {
        let u = authorize_url(
            "/sim/identity",
            false,
            "http://h:1/es/handoff",
            "S",
            "V",
            "es",
        );
        assert!(u.starts_with("/sim/identity/authorize?client_id=prepaid-digital&redirect_uri=http%3A%2F%2Fh%3A1%2Fes%2Fhandoff&response_type=code&scope=openid+prepaid.method-of-payment&state=S&code_challenge="), "{u}");
        assert!(
            u.ends_with("&code_challenge_method=S256&ui_locales=es"),
            "{u}"
        );
        assert!(
            authorize_url("https://id", true, "r", "s", "v", "en")
                .starts_with("https://id/create-id?")
        );
        assert_eq!(
            logout_url(
                "/sim/identity",
                "http://h/en/handoff",
                Some("IDT"),
                true,
                "en"
            ),
            "/sim/identity/logout?post_logout_redirect_uri=http%3A%2F%2Fh%2Fen%2Fhandoff&id_token_hint=IDT&state=expired&ui_locales=en"
        );
        assert!(!logout_url("/b", "r", None, false, "es").contains("state="));
    }
}
