//! Test support: a throwaway `redis-server` (Debian package `redis-server`) on a free
//! loopback port, for the store's tests and the BFF's integration tests.
//!
//! ```ignore
//! let mut redis = RedisServer::start();
//! let store = Store::redis(&redis.url, StoreConfig::default()).await?;
//! redis.stop();    // Redis down: calls fail with StoreError::Unavailable
//! redis.restart(); // back, empty, on the same port
//! ```

use std::{
    io::{Read, Write},
    net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream},
    path::PathBuf,
    process::{Child, Command, Stdio},
    thread,
    time::{Duration, Instant},
};

/// A `redis-server` child process without persistence (`--save '' --appendonly no`), bound
/// to 127.0.0.1; stopped (killed) on drop. Data lives only as long as the process.
#[derive(Debug)]
pub struct RedisServer {
    /// `redis://127.0.0.1:<port>/`.
    pub url: String,
    /// The port it listens on (kept across [`RedisServer::restart`]).
    pub port: u16,
    child: Option<Child>,
}

/// The `redis-server` binary: `$REDIS_SERVER`, else the first on `PATH`, else Debian's.
fn binary() -> PathBuf {
    let hint = "the Redis store tests need it: install it with `apt-get install -y redis-server` \
                (or set REDIS_SERVER to its path)";
    if let Some(p) = std::env::var_os("REDIS_SERVER") {
        let p = PathBuf::from(p);
        assert!(
            p.is_file(),
            "REDIS_SERVER={} is not a file; {hint}",
            p.display()
        );
        return p;
    }
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .chain([PathBuf::from("/usr/bin"), PathBuf::from("/usr/sbin")])
        .map(|d| d.join("redis-server"))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("redis-server not found (not on PATH, not in /usr/bin); {hint}"))
}

fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| panic!("no free loopback port for redis-server: {e}"))
}

/// Whether a server on `port` answers `PING` with `+PONG`.
fn answers(port: u16) -> bool {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let Ok(mut s) = TcpStream::connect_timeout(&addr, Duration::from_millis(200)) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_millis(500)));
    let mut buf = [0u8; 7];
    s.write_all(b"PING\r\n").is_ok() && s.read_exact(&mut buf).is_ok() && &buf == b"+PONG\r\n"
}

impl RedisServer {
    /// Starts a server on a free port and waits (up to 10 s) until it answers.
    ///
    /// # Panics
    ///
    /// When `redis-server` is not installed (a test using it fails with the install hint), or
    /// it does not come up.
    pub fn start() -> Self {
        // a port found free may be taken before redis binds it: try a few
        for _ in 0..5 {
            let port = free_port();
            let mut server = Self {
                url: format!("redis://127.0.0.1:{port}/"),
                port,
                child: None,
            };
            if server.spawn() {
                return server;
            }
        }
        panic!("redis-server did not start on any of 5 free ports");
    }

    /// Spawns the process on `self.port`; whether it answers within 10 s.
    fn spawn(&mut self) -> bool {
        let mut child = Command::new(binary())
            .args(["--port", &self.port.to_string()])
            .args(["--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .args(["--dir", &std::env::temp_dir().to_string_lossy()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run redis-server: {e}"));
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if answers(self.port) {
                self.child = Some(child);
                return true;
            }
            if let Ok(Some(_)) = child.try_wait() {
                return false; // exited: most likely the port was taken
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        let _ = child.wait();
        false
    }

    /// Kills the server (as a crash would: clients see the connection drop). Data is lost.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Stops the server if running and starts a new, empty one on the same port.
    ///
    /// # Panics
    ///
    /// When it does not come up within a few tries of 10 s.
    pub fn restart(&mut self) {
        self.stop();
        // the old socket may linger a moment: try a few times
        for _ in 0..5 {
            if self.spawn() {
                return;
            }
            thread::sleep(Duration::from_millis(200));
        }
        panic!("redis-server did not restart on port {}", self.port);
    }

    /// The process id while running (e.g. to `kill -STOP` it: a hung Redis).
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.stop();
    }
}
