//! Guards on the connections themselves, in front of the HTTP server (poem and hyper have no
//! header-read timeout, and their idle timeout resets on every byte, so a client that sends
//! one byte every few seconds would hold a connection for ever):
//!
//! - **Header timeout** ([`ConnectionLimits::header_timeout`]): a request's headers must be
//!   complete (the blank line) this long after their first byte, however steadily they trickle.
//! - **Body timeout** ([`ConnectionLimits::body_timeout`]): a declared body
//!   (`Content-Length`, or a chunked one) must arrive within this after its headers.
//! - **Idle timeout** ([`ConnectionLimits::idle_timeout`]): a keep-alive connection waits this
//!   long for its next request (and a new connection for its first byte: the header timeout).
//! - **Connection caps**: at most [`ConnectionLimits::max_total`] open connections, and
//!   [`ConnectionLimits::max_per_address`] from one client address (not counted for a trusted
//!   proxy, `BFF_TRUSTED_PROXIES`, which carries many clients). A connection over a cap is
//!   closed at once, before a byte is read; `bff_connections_refused_total{reason}` counts it.
//!
//! A timeout ends the connection (the read fails with `TimedOut`, and hyper closes it). While
//! a handler runs no deadline applies: a slow upstream never cuts its own customer off.
//! Seconds and counts come from the configuration (`BFF_HEADER_TIMEOUT_MS`,
//! `BFF_BODY_TIMEOUT_MS`, `BFF_IDLE_TIMEOUT_MS`, `BFF_MAX_CONNECTIONS`,
//! `BFF_MAX_CONNECTIONS_PER_ADDRESS`).

use std::{
    collections::HashMap,
    io,
    net::IpAddr,
    pin::Pin,
    sync::{Arc, Mutex, PoisonError},
    task::{Context, Poll},
    time::Duration,
};

use poem::{
    http::uri::Scheme,
    listener::Acceptor,
    web::{LocalAddr, RemoteAddr},
};
use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    time::{Instant, Sleep},
};

use crate::http::rate_limit::TrustedProxies;

/// The guards' settings (module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// From a request's first byte to the end of its headers. Default 10 s.
    pub header_timeout: Duration,
    /// From the end of the headers to the end of a declared body. Default 30 s.
    pub body_timeout: Duration,
    /// A keep-alive connection's wait for its next request. Default 75 s (longer than the
    /// load balancer's own upstream keep-alive, `deploy/nginx.conf`: 30 s).
    pub idle_timeout: Duration,
    /// Open connections in all. Default 10 000 (the process raises its file-descriptor
    /// limit to the hard limit at start-up, [`raise_fd_limit`]).
    pub max_total: usize,
    /// Open connections from one client address that is not a trusted proxy. Default 256.
    pub max_per_address: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(75),
            max_total: 10_000,
            max_per_address: 256,
        }
    }
}

/// Raises the soft limit of open files to the hard one (where the platform allows): the
/// connection caps, not the kernel, decide when new connections are refused. Returns the
/// limit now in force.
pub fn raise_fd_limit() -> Option<u64> {
    rlimit::increase_nofile_limit(u64::MAX).ok()
}

/// Open connections, in all and per client address.
#[derive(Debug, Default)]
struct Open {
    per_address: Mutex<HashMap<IpAddr, usize>>,
    total: Mutex<usize>,
}

/// A connection's place in the counts, given back when it closes.
struct Slot {
    open: Arc<Open>,
    /// `None` for a trusted proxy (not counted per address).
    address: Option<IpAddr>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        *self
            .open
            .total
            .lock()
            .unwrap_or_else(PoisonError::into_inner) -= 1;
        if let Some(ip) = self.address {
            let mut map = self
                .open
                .per_address
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if let Some(n) = map.get_mut(&ip) {
                *n -= 1;
                if *n == 0 {
                    map.remove(&ip);
                }
            }
        }
    }
}

impl Open {
    /// A slot for a connection from `ip`, or why not (`total`, `address`).
    fn admit(
        self: &Arc<Self>,
        ip: Option<IpAddr>,
        limits: &ConnectionLimits,
        trusted: &TrustedProxies,
    ) -> Result<Slot, &'static str> {
        let mut total = self.total.lock().unwrap_or_else(PoisonError::into_inner);
        if *total >= limits.max_total {
            return Err("total");
        }
        let address = ip.filter(|ip| !trusted.contains(*ip));
        if let Some(ip) = address {
            let mut map = self
                .per_address
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let n = map.entry(ip).or_default();
            if *n >= limits.max_per_address {
                return Err("address");
            }
            *n += 1;
        }
        *total += 1;
        Ok(Slot {
            open: self.clone(),
            address,
        })
    }
}

/// An acceptor that admits connections within the caps and wraps each in [`Guarded`].
pub struct GuardedAcceptor<A> {
    inner: A,
    limits: Arc<ConnectionLimits>,
    trusted: Arc<TrustedProxies>,
    open: Arc<Open>,
}

impl<A> GuardedAcceptor<A> {
    /// Guards the connections `inner` accepts.
    pub fn new(inner: A, limits: ConnectionLimits, trusted: Arc<TrustedProxies>) -> Self {
        Self {
            inner,
            limits: Arc::new(limits),
            trusted,
            open: Arc::default(),
        }
    }
}

impl<A: Acceptor> Acceptor for GuardedAcceptor<A> {
    type Io = Guarded<A::Io>;

    fn local_addr(&self) -> Vec<LocalAddr> {
        self.inner.local_addr()
    }

    async fn accept(&mut self) -> io::Result<(Self::Io, LocalAddr, RemoteAddr, Scheme)> {
        loop {
            let (io, local, remote, scheme) = self.inner.accept().await?;
            let ip = remote.as_socket_addr().map(std::net::SocketAddr::ip);
            match self.open.admit(ip, &self.limits, &self.trusted) {
                Ok(slot) => {
                    let io = Guarded::new(io, slot, self.limits.clone());
                    return Ok((io, local, remote, scheme));
                }
                // closed before a byte is read: the client sees the connection end
                Err(reason) => crate::telemetry::metrics::connection_refused(reason),
            }
        }
    }
}

/// Where a connection is in its current request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Waiting for a request's first byte (the deadline: idle or, on a new connection, the
    /// header timeout).
    Idle,
    /// Inside a request's headers (the deadline: the header timeout from their first byte).
    Headers,
    /// Inside a declared body, this many bytes to go (`u64::MAX`: chunked, to the response).
    Body(u64),
    /// The request is with the handler: no deadline until the response is written.
    Busy,
}

/// Longest header block kept for reading `Content-Length` (the server's own limit refuses
/// longer ones; past this the end of the headers is still found).
const HEAD_KEPT: usize = 16 * 1024;

/// A connection with the deadlines of the module docs.
pub struct Guarded<T> {
    io: T,
    _slot: Slot,
    limits: Arc<ConnectionLimits>,
    phase: Phase,
    deadline: Pin<Box<Sleep>>,
    /// The current request's header bytes so far (at most [`HEAD_KEPT`]).
    head: Vec<u8>,
    /// The last 3 bytes seen in the headers (a blank line may straddle two reads).
    tail: Vec<u8>,
}

impl<T> Guarded<T> {
    fn new(io: T, slot: Slot, limits: Arc<ConnectionLimits>) -> Self {
        let first = Instant::now() + limits.header_timeout;
        Self {
            io,
            _slot: slot,
            limits,
            phase: Phase::Idle,
            deadline: Box::pin(tokio::time::sleep_until(first)),
            head: Vec::new(),
            tail: Vec::new(),
        }
    }

    fn expire_in(&mut self, d: Duration) {
        self.deadline.as_mut().reset(Instant::now() + d);
    }

    /// Follows the request through `bytes` just read.
    fn observe(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            match self.phase {
                Phase::Idle => {
                    self.phase = Phase::Headers;
                    self.head.clear();
                    self.tail.clear();
                    self.expire_in(self.limits.header_timeout);
                }
                Phase::Headers => {
                    let mut window = std::mem::take(&mut self.tail);
                    let skip = window.len();
                    window.extend_from_slice(bytes);
                    let end = window.windows(4).position(|w| w == b"\r\n\r\n");
                    let used = end.map_or(bytes.len(), |i| i + 4 - skip);
                    let room = HEAD_KEPT.saturating_sub(self.head.len());
                    self.head
                        .extend_from_slice(&bytes[..used.min(room).min(bytes.len())]);
                    if end.is_none() {
                        self.tail = window[window.len().saturating_sub(3)..].to_vec();
                        return;
                    }
                    bytes = &bytes[used..];
                    self.phase = match body_length(&self.head) {
                        Some(0) | None => Phase::Busy,
                        Some(n) => {
                            self.expire_in(self.limits.body_timeout);
                            Phase::Body(n)
                        }
                    };
                }
                Phase::Body(left) => {
                    let n = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
                    if left != u64::MAX && n >= left {
                        self.phase = Phase::Busy;
                    } else if left != u64::MAX {
                        self.phase = Phase::Body(left - n);
                    }
                    return;
                }
                // a pipelined request: timed from the response on
                Phase::Busy => return,
            }
        }
    }

    fn timed(&self) -> bool {
        self.phase != Phase::Busy
    }
}

/// The declared body length of a header block: `Content-Length`, `u64::MAX` for a chunked
/// body, `None` for none.
fn body_length(head: &[u8]) -> Option<u64> {
    let text = String::from_utf8_lossy(head).to_ascii_lowercase();
    let value = |name: &str| {
        text.split("\r\n")
            .find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_owned()))
    };
    if value("transfer-encoding:").is_some_and(|v| v.contains("chunked")) {
        return Some(u64::MAX);
    }
    value("content-length:").and_then(|v| v.parse().ok())
}

fn timed_out() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "connection deadline passed")
}

impl<T: AsyncRead + Unpin> AsyncRead for Guarded<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                let read = buf.filled()[before..].to_vec();
                this.observe(&read);
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => {
                if this.timed() && this.deadline.as_mut().poll(cx).is_ready() {
                    crate::telemetry::metrics::connection_timed_out(match this.phase {
                        Phase::Idle => "idle",
                        Phase::Headers => "headers",
                        _ => "body",
                    });
                    return Poll::Ready(Err(timed_out()));
                }
                Poll::Pending
            }
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Guarded<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.io).poll_write(cx, buf);
        // the response is under way: the next bytes are the next request's
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) && this.phase != Phase::Idle {
            this.phase = Phase::Idle;
            let idle = this.limits.idle_timeout;
            this.expire_in(idle);
            // the server may already wait on a read it started before the response (it is
            // then not polled again until bytes come): the deadline wakes the connection's task
            // itself, and the next read sees it passed
            let _ = this.deadline.as_mut().poll(cx);
        }
        r
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_length_reads_the_declared_body() {
        assert_eq!(
            body_length(b"POST / HTTP/1.1\r\nContent-Length: 12\r\n\r\n"),
            Some(12)
        );
        assert_eq!(
            body_length(b"POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n"),
            Some(u64::MAX)
        );
        assert_eq!(body_length(b"GET / HTTP/1.1\r\nhost: x\r\n\r\n"), None);
    }

    #[test]
    fn caps_count_per_address_but_not_for_a_trusted_proxy() {
        let open = Arc::new(Open::default());
        let limits = ConnectionLimits {
            max_total: 3,
            max_per_address: 2,
            ..ConnectionLimits::default()
        };
        let trusted = TrustedProxies::parse("10.0.0.1").unwrap();
        let (a, p) = ("203.0.113.1".parse().ok(), "10.0.0.1".parse().ok());
        let one = open.admit(a, &limits, &trusted).unwrap();
        let _two = open.admit(a, &limits, &trusted).unwrap();
        assert_eq!(open.admit(a, &limits, &trusted).err(), Some("address"));
        let _proxy = open.admit(p, &limits, &trusted).unwrap();
        assert_eq!(open.admit(p, &limits, &trusted).err(), Some("total"));
        drop(one);
        assert!(
            open.admit(a, &limits, &trusted).is_ok(),
            "a closed one frees its slot"
        );
    }
}
