//! Refusals given before a handler reads the body (403 `CSRF_REJECTED`, 429, 405, 413) on a
//! keep-alive connection: the connection carries the next request, or the refusal says
//! `Connection: close` (ARCHITECTURE.md "Rate limits and floods"). The body is sent
//! after the headers, in a write of its own, so the refusal is decided before it arrives.

use std::time::Duration;

use bff::config::UpstreamUrls;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use crate::{common::TRACKING, operability::running};

/// One answer read off `stream`: its status and whether it says `Connection: close`.
async fn answer(stream: &mut TcpStream) -> Option<(u16, bool)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut chunk))
            .await
            .ok()?
            .ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + length {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    Some((status, head.contains("\r\nconnection: close")))
}

/// Sends `head` (request line and headers, no blank line) with a JSON body of `len` bytes
/// (declared), the body 30 ms after the headers; then, unless the answer said close,
/// `GET /healthz` on the same connection, which must be answered.
async fn refused_then_reused(base: &str, head: &str, len: usize, want: u16) {
    let addr = base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let body = format!("{{\"pad\":\"{}\"}}", "x".repeat(len.saturating_sub(10)));
    let declared = body.len();
    stream
        .write_all(format!("{head}\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {declared}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(30)).await;
    // the server may have closed (413 with Connection: close): a failed write is fine then
    let _ = stream.write_all(body.as_bytes()).await;
    let (status, close) = answer(&mut stream)
        .await
        .expect("an answer to the refused request");
    assert_eq!(status, want, "{head}");
    if close {
        return;
    }
    stream
        .write_all(format!("GET /healthz HTTP/1.1\r\nhost: {addr}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let next = answer(&mut stream).await;
    assert_eq!(
        next.map(|(s, _)| s),
        Some(200),
        "{head}: the connection was dropped without Connection: close"
    );
}

#[tokio::test]
async fn early_refusals_leave_the_connection_usable_or_say_close() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (base, _, _, _stop, _task) = running(&urls, Duration::from_secs(1), |_| {}).await;
    for _ in 0..5 {
        // no CSRF token
        refused_then_reused(&base, "POST /secure/session HTTP/1.1", 8 * 1024, 403).await;
        // a method the path does not have
        refused_then_reused(
            &base,
            &format!("PUT /secure/api/v1/address/suggestions?q=a&trackingId={TRACKING} HTTP/1.1"),
            2 * 1024,
            405,
        )
        .await;
        // over the 16 KiB limit: refused unread, and said so
        refused_then_reused(&base, "POST /secure/session HTTP/1.1", 20 * 1024, 413).await;
    }
}

#[tokio::test]
async fn a_rate_limit_refusal_leaves_the_connection_usable() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (base, _, _, _stop, _task) =
        running(&urls, Duration::from_secs(1), |c| c.rate_limit_per_min = 1).await;
    // the first state-changing request spends the address's budget (403: no token)
    refused_then_reused(&base, "POST /secure/session HTTP/1.1", 1024, 403).await;
    for _ in 0..5 {
        refused_then_reused(&base, "POST /secure/session HTTP/1.1", 8 * 1024, 429).await;
    }
}
