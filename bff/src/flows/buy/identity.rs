//! Which identity router the browser is sent to (seed 000 §2 "Session": production or test
//! hosts use one environment, all others a staging one) and the router URL itself.
//!
//! The host is the request's `Host` header without port, compared case-insensitively with
//! `BFF_PRODUCTION_HOSTS`. The router URL is `<base>?digitalSessionId=<id>&returnUrl=<url>`
//! (`&` instead of `?` when the base already has a query), values percent-encoded.

/// The host name of a `Host` header value: lower case, without port (IPv6 brackets kept).
pub fn host_name(host: &str) -> String {
    let h = host.trim().to_ascii_lowercase();
    if h.starts_with('[') {
        return h
            .split_once(']')
            .map_or(h.clone(), |(a, _)| format!("{a}]"));
    }
    h.split(':').next().unwrap_or_default().to_owned()
}

/// Whether `host` (a `Host` header value) is a production or test host.
pub fn is_production_host(host: &str, production_hosts: &[String]) -> bool {
    let name = host_name(host);
    !name.is_empty() && production_hosts.contains(&name)
}

/// The router base for `host`.
pub fn router_base<'a>(
    host: &str,
    production_hosts: &[String],
    production: &'a str,
    staging: &'a str,
) -> &'a str {
    if is_production_host(host, production_hosts) {
        production
    } else {
        staging
    }
}

/// Percent-encodes a query value (RFC 3986 unreserved characters kept).
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The router URL for the session and return URL.
pub fn router_url(base: &str, digital_session_id: &str, return_url: &str) -> String {
    let sep = if base.contains('?') { '&' } else { '?' };
    format!(
        "{base}{sep}digitalSessionId={}&returnUrl={}",
        encode(digital_session_id),
        encode(return_url)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_by_host() {
        let hosts = vec![
            "portal.example.com".to_owned(),
            "test.example.com".to_owned(),
        ];
        assert_eq!(router_base("Portal.Example.com:443", &hosts, "P", "S"), "P");
        assert_eq!(router_base("test.example.com", &hosts, "P", "S"), "P");
        assert_eq!(router_base("127.0.0.1:8080", &hosts, "P", "S"), "S");
        assert_eq!(router_base("", &hosts, "P", "S"), "S");
        assert_eq!(
            router_base("evil.portal.example.com", &hosts, "P", "S"),
            "S"
        );
        assert_eq!(host_name("[::1]:8080"), "[::1]");
    }

    #[test]
    fn url() {
        assert_eq!(
            router_url("/sim/session/router", "DS-1", "http://h:1/en/buy/session"),
            "/sim/session/router?digitalSessionId=DS-1&returnUrl=http%3A%2F%2Fh%3A1%2Fen%2Fbuy%2Fsession"
        );
        assert!(
            router_url("https://id/r?a=1", "x", "y")
                .starts_with("https://id/r?a=1&digitalSessionId=x")
        );
    }
}
