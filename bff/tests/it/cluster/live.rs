//! Live processes of the cluster tests: release `bff` binaries, nginx from `deploy/nginx.conf`,
//! a Redis, the simulators (in this test process: a server the instances reach over HTTP, whose
//! run memory outlives them), and what the instances tell about themselves (`/metrics`, the
//! `served` log lines).
#![allow(dead_code)]

use std::{
    collections::BTreeMap,
    fs::File,
    net::{IpAddr, Ipv4Addr, TcpListener},
    path::{Path, PathBuf},
    process::{ExitStatus, Stdio},
    time::{Duration, Instant},
};

use bff::{store::testing::RedisServer, upstream::UpstreamUrls};
use serde_json::Value;
use tokio::process::{Child, Command};
use upstream::service::Service;

/// What a missing system program's failure says.
const INSTALL_HINT: &str =
    "scripts/test.sh installs it (Debian: `apt-get install -y nginx redis-server`)";

/// A free loopback port (bound, read, released: the child binds it a moment later).
pub fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// A loopback address of its own for one test's client (Linux routes all of 127/8 to `lo`),
/// never 127.0.0.1 (the balancer's own address towards the instances), random, so that a
/// rate-limit counter left in a shared Redis by another run is never this one's.
pub fn client_address() -> IpAddr {
    let b = *uuid::Uuid::new_v4().as_bytes();
    IpAddr::V4(Ipv4Addr::new(127, 1 + b[0] % 250, b[1], 1 + b[2] % 250))
}

/// `name` on `PATH`, `/usr/sbin` or `/usr/bin`; a failure naming the installer when absent.
pub fn program(name: &str) -> PathBuf {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/usr/bin")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("`{name}` is not installed: {INSTALL_HINT}"))
}

/// The Redis of a cluster: the test command's (`BFF_TEST_REDIS_URL`), else one started here.
pub fn redis() -> (String, Option<RedisServer>) {
    match std::env::var("BFF_TEST_REDIS_URL") {
        Ok(url) if !url.is_empty() => (url, None),
        _ => {
            program("redis-server");
            let srv = RedisServer::start();
            (srv.url.clone(), Some(srv))
        }
    }
}

/// A directory of one test's files (logs, nginx's prefix) under cargo's `target/tmp`; removed
/// when the test passes, kept (and named) when it fails.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Self {
        let id = uuid::Uuid::new_v4().simple().to_string();
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join("cluster")
            .join(format!("{name}-{}", &id[..8]));
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("cluster test files kept in {}", self.0.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// A child process writing stdout and stderr to `log`; killed (SIGKILL) when dropped.
pub struct Proc {
    pub name: String,
    pub log: PathBuf,
    child: Child,
}

impl Proc {
    pub fn spawn(name: &str, cmd: &mut Command, log: PathBuf) -> Self {
        let out = File::create(&log).unwrap();
        let err = out.try_clone().unwrap();
        let child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::from(out))
            .stderr(Stdio::from(err))
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| panic!("{name}: cannot start {cmd:?}: {e}"));
        Self {
            name: name.to_owned(),
            log,
            child,
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id().expect("still running")
    }

    /// Sends `signal` (`TERM`, `INT`, `QUIT`) with kill(1).
    pub fn signal(&self, signal: &str) {
        let ok = std::process::Command::new("kill")
            .args([format!("-{signal}"), self.pid().to_string()])
            .status()
            .expect("kill(1)")
            .success();
        assert!(ok, "{}: kill -{signal} failed", self.name);
    }

    /// Its exit status when it ends within `within`, else `None`.
    pub async fn exit_within(&mut self, within: Duration) -> Option<ExitStatus> {
        tokio::time::timeout(within, self.child.wait())
            .await
            .ok()
            .map(|r| r.expect("wait"))
    }

    /// Its exit status if it has ended.
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().expect("try_wait")
    }

    /// The last lines of its log.
    pub fn tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(30)..].join("\n")
    }

    /// Every line of its log.
    pub fn lines(&self) -> Vec<String> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

/// One request an instance answered: its `served` log line.
#[derive(Debug, Clone)]
pub struct Served {
    pub request_id: String,
    pub method: String,
    pub path: String,
    pub status: u64,
}

/// A release `bff` process in harness mode over the simulators at `sims` (every
/// `BFF_UPSTREAM_*` set, so it starts no simulators of its own), with its metrics listener.
pub struct Bff {
    pub name: &'static str,
    pub port: u16,
    pub metrics_port: u16,
    pub proc: Proc,
}

impl Bff {
    /// Starts it and waits until `/healthz` answers (30 s at most). `redis`: the store (else in
    /// memory). `env`: more variables (over the defaults here).
    pub async fn start(
        name: &'static str,
        dir: &Path,
        sims: &str,
        redis: Option<&str>,
        env: &[(&str, &str)],
    ) -> Self {
        let port = free_port();
        let metrics_port = free_port();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_bff"));
        // nothing of the test's own environment configures the instance
        for (k, _) in std::env::vars() {
            if k.starts_with("BFF_") || k.starts_with("OTEL_") || k == "RUST_LOG" {
                cmd.env_remove(k);
            }
        }
        let urls = UpstreamUrls::under(sims);
        for s in Service::ALL {
            if let Some(var) = s.env_var() {
                cmd.env(var, urls.get(s));
            }
        }
        cmd.env("BFF_MODE", "harness")
            .env("BFF_ADDR", format!("127.0.0.1:{port}"))
            .env("BFF_METRICS_ADDR", format!("127.0.0.1:{metrics_port}"))
            .env("BFF_WEB_DIST", crate::common::web_dist())
            .env("BFF_TRUSTED_PROXIES", "127.0.0.1/32")
            .env("RUST_LOG", "info");
        if let Some(url) = redis {
            cmd.env("BFF_REDIS_URL", url);
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let proc = Proc::spawn(name, &mut cmd, dir.join(format!("{name}.log")));
        let mut me = Self {
            name,
            port,
            metrics_port,
            proc,
        };
        me.wait_healthy().await;
        me
    }

    async fn wait_healthy(&mut self) {
        let http = super::browser::http_client(None);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.proc.exited() {
                panic!(
                    "{} ended at start-up ({status}):\n{}",
                    self.name,
                    self.proc.tail()
                );
            }
            let up = http
                .get(format!("{}/healthz", self.url()))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success());
            if up {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{} did not answer /healthz within 30 s:\n{}",
                self.name,
                self.proc.tail()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// `GET /readyz` on the public port: status and body.
    pub async fn readyz(&self) -> (u16, String) {
        let r = super::browser::http_client(None)
            .get(format!("{}/readyz", self.url()))
            .send()
            .await
            .expect("readyz answered");
        (r.status().as_u16(), r.text().await.unwrap_or_default())
    }

    /// Its `GET /metrics` (Prometheus text).
    pub async fn metrics(&self) -> Metrics {
        let r = super::browser::http_client(None)
            .get(format!("http://127.0.0.1:{}/metrics", self.metrics_port))
            .send()
            .await
            .unwrap_or_else(|e| panic!("{}: /metrics unreachable: {e}", self.name));
        assert!(
            r.status().is_success(),
            "{}: /metrics {}",
            self.name,
            r.status()
        );
        Metrics::parse(&r.text().await.unwrap())
    }

    /// Every request it logged as served, in order.
    pub fn served(&self) -> Vec<Served> {
        self.proc
            .lines()
            .iter()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|v| v["fields"]["message"] == "served")
            .map(|v| Served {
                request_id: v["span"]["request_id"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                method: v["span"]["method"].as_str().unwrap_or_default().to_owned(),
                path: v["span"]["path"].as_str().unwrap_or_default().to_owned(),
                status: v["fields"]["status"].as_u64().unwrap_or_default(),
            })
            .collect()
    }
}

/// The samples of one scrape: series (name with its labels, as exposed) to value.
#[derive(Debug, Clone, Default)]
pub struct Metrics(pub BTreeMap<String, f64>);

impl Metrics {
    pub fn parse(text: &str) -> Self {
        Self(
            text.lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .filter_map(|l| {
                    let (series, value) = l.rsplit_once(' ')?;
                    Some((series.trim().to_owned(), value.parse().ok()?))
                })
                .collect(),
        )
    }

    /// The sum of every `bff_http_requests_total` series.
    pub fn requests(&self) -> f64 {
        self.0
            .iter()
            .filter(|(k, _)| {
                k.starts_with("bff_http_requests_total{") || *k == "bff_http_requests_total"
            })
            .map(|(_, v)| v)
            .sum()
    }

    /// The sum of the series `name` whose labels include `label` (`key="value"`).
    pub fn sum(&self, name: &str, label: &str) -> f64 {
        let prefix = format!("{name}{{");
        self.0
            .iter()
            .filter(|(k, _)| k.starts_with(&prefix) && k.contains(label))
            .map(|(_, v)| v)
            .sum()
    }

    /// `bff_http_requests_in_flight` of `operation`.
    pub fn in_flight(&self, operation: &str) -> f64 {
        self.sum(
            "bff_http_requests_in_flight",
            &format!("operation=\"{operation}\""),
        )
    }

    /// `bff_http_requests_total` by operation (summed over method and status class).
    pub fn by_operation(&self) -> BTreeMap<String, f64> {
        let mut out = BTreeMap::new();
        for (k, v) in &self.0 {
            let Some(labels) = k.strip_prefix("bff_http_requests_total{") else {
                continue;
            };
            let op = labels
                .split(',')
                .find_map(|l| l.trim().strip_prefix("operation=\""))
                .map(|o| o.trim_end_matches(['"', '}']).to_owned())
                .unwrap_or_default();
            *out.entry(op).or_insert(0.0) += v;
        }
        out
    }

    /// Per operation: how many more in `self` than in `before`.
    pub fn since(&self, before: &Metrics) -> BTreeMap<String, f64> {
        let old = before.by_operation();
        self.by_operation()
            .into_iter()
            .map(|(k, v)| {
                let d = v - old.get(&k).copied().unwrap_or(0.0);
                (k, d)
            })
            .filter(|(_, d)| *d != 0.0)
            .collect()
    }
}

/// nginx from `deploy/nginx.conf` over two instances, in a prefix directory of its own.
pub struct Nginx {
    pub port: u16,
    pub proc: Proc,
    pub dir: PathBuf,
}

impl Nginx {
    /// The repository's `deploy/nginx.conf` with `listen`, `a` and `b` for its placeholders.
    pub fn config(listen: &str, a: &str, b: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy/nginx.conf");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let conf = text
            .replace("@LISTEN@", listen)
            .replace("@BFF_A@", a)
            .replace("@BFF_B@", b);
        let left = conf
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .find(|l| l.contains('@'));
        assert!(left.is_none(), "a placeholder is left: {left:?}");
        conf
    }

    pub async fn start(dir: &Path, a: &Bff, b: &Bff) -> Self {
        let nginx = program("nginx");
        let dir = dir.join("nginx");
        std::fs::create_dir_all(&dir).unwrap();
        let port = free_port();
        let conf = dir.join("nginx.conf");
        std::fs::write(
            &conf,
            Self::config(&format!("127.0.0.1:{port}"), &a.addr(), &b.addr()),
        )
        .unwrap();
        let mut cmd = Command::new(nginx);
        cmd.arg("-p")
            .arg(format!("{}/", dir.display()))
            .arg("-c")
            .arg(&conf)
            .arg("-e")
            .arg(dir.join("error.log"))
            .args(["-g", "daemon off;"]);
        let mut proc = Proc::spawn("nginx", &mut cmd, dir.join("nginx.out"));
        let deadline = Instant::now() + Duration::from_secs(10);
        while tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_err()
        {
            if let Some(status) = proc.exited() {
                let err = std::fs::read_to_string(dir.join("error.log")).unwrap_or_default();
                panic!(
                    "nginx ended at start-up ({status}):\n{}\n{err}",
                    proc.tail()
                );
            }
            assert!(
                Instant::now() < deadline,
                "nginx did not listen within 10 s"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Self { port, proc, dir }
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Its access log (one line per request: client, request, status, upstream, request id).
    pub fn access_log(&self) -> String {
        std::fs::read_to_string(self.dir.join("access.log")).unwrap_or_default()
    }

    /// Its error log.
    pub fn error_log(&self) -> String {
        std::fs::read_to_string(self.dir.join("error.log")).unwrap_or_default()
    }
}

impl Drop for Nginx {
    /// A fast shutdown of the master, which ends its workers (a SIGKILL of the master would
    /// leave them running, still listening).
    fn drop(&mut self) {
        if self.proc.exited().is_some() {
            return;
        }
        self.proc.signal("TERM");
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.proc.exited().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Two instances over one Redis behind nginx, and the simulators they share.
pub struct Cluster {
    pub nginx: Nginx,
    pub a: Bff,
    pub b: Bff,
    pub sims: simulators::Embedded,
    pub redis_url: String,
    _redis: Option<RedisServer>,
    // last: the files outlive the processes writing them
    pub dir: Scratch,
}

impl Cluster {
    /// Starts Redis (unless the test command's), the simulators, instances `A` and `B` with
    /// `env`, then nginx.
    pub async fn start(name: &str, env: &[(&str, &str)]) -> Self {
        program("nginx");
        let dir = Scratch::new(name);
        let (redis_url, redis) = redis();
        let sims = simulators::spawn_embedded().await.unwrap();
        let (a, b) = tokio::join!(
            Bff::start("A", &dir.0, &sims.base_url, Some(&redis_url), env),
            Bff::start("B", &dir.0, &sims.base_url, Some(&redis_url), env),
        );
        let nginx = Nginx::start(&dir.0, &a, &b).await;
        Self {
            nginx,
            a,
            b,
            sims,
            redis_url,
            _redis: redis,
            dir,
        }
    }

    pub fn url(&self) -> String {
        self.nginx.url()
    }

    pub fn instance(&self, name: &str) -> &Bff {
        if name == "A" { &self.a } else { &self.b }
    }

    pub fn instance_mut(&mut self, name: &str) -> &mut Bff {
        if name == "A" {
            &mut self.a
        } else {
            &mut self.b
        }
    }

    /// The instance that logged `request_id` as served (`?` none, `AB` both).
    pub fn landing(&self, request_id: &str) -> String {
        let mut who = String::new();
        for bff in [&self.a, &self.b] {
            if bff.served().iter().any(|s| s.request_id == request_id) {
                who.push_str(bff.name);
            }
        }
        if who.is_empty() { "?".into() } else { who }
    }

    /// The instance of each request id, in order (one log read per instance).
    pub fn landings(&self, ids: &[String]) -> Vec<String> {
        let (sa, sb) = (self.a.served(), self.b.served());
        ids.iter()
            .map(|id| {
                let on_a = sa.iter().any(|s| &s.request_id == id);
                let on_b = sb.iter().any(|s| &s.request_id == id);
                match (on_a, on_b) {
                    (true, false) => "A",
                    (false, true) => "B",
                    (true, true) => "AB",
                    (false, false) => "?",
                }
                .to_owned()
            })
            .collect()
    }
}
