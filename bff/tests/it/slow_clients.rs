//! Slow clients (`http::connections`): 1,000 connections that trickle their request headers
//! a byte at a time (each byte well within any inactivity timer) hold no capacity: while they
//! are open `/healthz` and a checkout step answer at once, and the server closes every one of
//! them within its header timeout; a keep-alive connection is closed after its idle timeout;
//! connections over the per-address cap are closed at accept.

use std::time::{Duration, Instant};

use bff::config::UpstreamUrls;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use crate::operability::running;

const HALF_SENT: usize = 1_000;

/// Whether the server closed `stream` (EOF or an error) within `within`.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            // a 408 or similar before the close is fine
            Ok(Ok(_)) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_hold_nothing_and_are_closed_within_the_header_timeout() {
    bff::http::connections::raise_fd_limit();
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let header_timeout = Duration::from_millis(2_000);
    let (base, _metrics, _state, stop, task) = running(&urls, Duration::from_secs(2), |c| {
        c.connections.header_timeout = header_timeout;
        c.connections.idle_timeout = Duration::from_millis(1_500);
        c.connections.max_per_address = HALF_SENT + 100;
    })
    .await;
    let addr = base.trim_start_matches("http://").to_owned();
    let mut slow = Vec::with_capacity(HALF_SENT);
    for _ in 0..HALF_SENT {
        let mut s = TcpStream::connect(&addr).await.unwrap();
        s.write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\n")
            .await
            .unwrap();
        slow.push(s);
    }
    let opened = Instant::now();
    // they keep trickling past the header timeout: a header byte every 300 ms for 2.4 s
    let trickle = |slow: &mut Vec<TcpStream>| {
        let slow = std::mem::take(slow);
        tokio::spawn(async move {
            let mut slow = slow;
            for _ in 0..8 {
                for s in &mut slow {
                    let _ = s.write_all(b"x").await;
                }
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
            slow
        })
    };
    let trickling = trickle(&mut slow);
    let http = reqwest::Client::new();
    // the server still answers, at once
    let mut slowest = Duration::ZERO;
    for _ in 0..5 {
        let t = Instant::now();
        let r = http.get(format!("{base}/healthz")).send().await.unwrap();
        assert_eq!(r.status(), 200);
        slowest = slowest.max(t.elapsed());
    }
    assert!(slowest < Duration::from_millis(500), "{slowest:?}");
    let t = Instant::now();
    let r = http.get(format!("{base}/token")).send().await.unwrap();
    let cookie = r.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let token: serde_json::Value = r.json().await.unwrap();
    let r = http
        .put(format!("{base}/secure/api/v1/cart"))
        .header("cookie", cookie)
        .header("x-xsrf-token", token["xsrfToken"].as_str().unwrap())
        .json(&serde_json::json!({"promoInCart": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let write = t.elapsed();
    assert!(write < Duration::from_millis(800), "{write:?}");
    // every half-sent request is closed by its header deadline, trickle or not
    let mut slow = trickling.await.unwrap();
    let wait = (opened + header_timeout + Duration::from_millis(1_500))
        .saturating_duration_since(Instant::now());
    let mut open = 0;
    for s in &mut slow {
        if !closed_within(s, wait.max(Duration::from_millis(10))).await {
            open += 1;
        }
    }
    eprintln!(
        "{HALF_SENT} half-sent requests: /healthz at most {slowest:?}, a checkout write {write:?}, \
         all closed {:?} after they opened (header timeout {header_timeout:?}), {open} still open",
        opened.elapsed()
    );
    assert_eq!(
        open, 0,
        "half-sent connections still open after the header timeout"
    );
    // a keep-alive connection is closed after its idle timeout
    let mut idle = TcpStream::connect(&addr).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 512];
    assert!(idle.read(&mut buf).await.unwrap() > 0, "answered");
    assert!(closed_within(&mut idle, Duration::from_millis(3_000)).await);
    let _ = stop.send(());
    let _ = task.await;
}

#[tokio::test]
async fn connections_over_the_per_address_cap_are_closed_at_accept() {
    let sims = simulators::spawn_embedded().await.unwrap();
    let urls = UpstreamUrls::under(&sims.base_url);
    let (base, _metrics, _state, stop, task) = running(&urls, Duration::from_secs(2), |c| {
        c.connections.max_per_address = 5;
    })
    .await;
    let addr = base.trim_start_matches("http://").to_owned();
    let mut held = Vec::new();
    for _ in 0..5 {
        held.push(TcpStream::connect(&addr).await.unwrap());
    }
    // the sixth is closed before it is read
    let mut sixth = TcpStream::connect(&addr).await.unwrap();
    let _ = sixth
        .write_all(b"GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n")
        .await;
    assert!(closed_within(&mut sixth, Duration::from_secs(2)).await);
    // one closed: a new one is served
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(100)).await;
    let r = reqwest::get(format!("{base}/healthz")).await.unwrap();
    assert_eq!(r.status(), 200);
    let _ = stop.send(());
    let _ = task.await;
}
