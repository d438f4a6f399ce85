# Shared by scripts/run.sh and scripts/test.sh: install what a fresh machine lacks.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n== %s (%ss)\n' "$*" "$SECONDS"; }

# Debian packages, each named as the command it installs: `chromium-headless-shell` (the
# browser tests' Chromium: Playwright's own default for headless runs, without the full
# browser's UI layers; the same run's CPU was 35 to 43 % lower than with `chromium --headless`),
# `chromium` (Lighthouse, scripts/bench-web.sh) and `redis-server` (the shared store's tests run
# against a real Redis). Playwright cannot download its own browser on these machines.
ensure_system_packages() {
  local missing=() package
  for package in "$@"; do
    command -v "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} = 0 ] && return 0
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# `promtool` (the metrics test checks the exposition with it) into target/tools/bin, taken out
# of Debian's `prometheus` package without installing it: the package would start a Prometheus
# server (on :9090, the simulators' default port) and pull 30 web-asset packages.
PROMTOOL_DIR=target/tools/bin
ensure_promtool() {
  command -v promtool >/dev/null 2>&1 && return 0
  [ -x "$PROMTOOL_DIR/promtool" ] && return 0
  local tmp; tmp=$(mktemp -d)
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  (cd "$tmp" && { apt-get download prometheus >/dev/null 2>&1 \
    || { $sudo apt-get update -qq && apt-get download prometheus >/dev/null; }; })
  dpkg-deb -x "$tmp"/prometheus_*.deb "$tmp/x"
  mkdir -p "$PROMTOOL_DIR"
  cp "$tmp/x/usr/bin/promtool" "$PROMTOOL_DIR/promtool"
  rm -rf "$tmp"
}

# A throwaway redis-server on a free loopback port: exports BFF_TEST_REDIS_URL and REDIS_DIR (its
# pid file and data; the caller stops it: scripts/test.sh's exit trap).
start_test_redis() {
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  REDIS_DIR=$(mktemp -d)
  redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$REDIS_DIR" \
    --daemonize yes --pidfile "$REDIS_DIR/redis.pid" >/dev/null
  for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
  export BFF_TEST_REDIS_URL="redis://127.0.0.1:$port"
}

# A background job and everything it started (a failed step must not leave a build running).
kill_tree() {
  local child
  for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

# npm packages exactly as locked; skipped when node_modules already matches the lockfile.
ensure_node_modules() {
  if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.lock-stamp; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.lock-stamp
  fi
}

# The one release build, shared by run.sh and test.sh. The test targets are built too: their
# dev-dependency features (poem's test client, tokio's test-util) are unified into the same
# crates, so building the portal alone would compile a second variant of them.
# `--lib --bins --tests`, not `--all-targets`: that one adds the bench targets, which every lib
# and bin is by default, so a lib without unit tests (the payload types) was compiled a second
# time with the test harness (16 CPU-s, at the build's end). Extra arguments go to cargo (the
# test command's `TEST_BUILD`).
build_release() {
  cargo build --release --locked --workspace --lib --bins --tests "$@"
}

# The test command's build: the release profile at opt-level 1, the workspace's own crates at 0
# (the BFF, the simulators, the payload types, xtask, the contract check). Tests check
# behaviour, not speed (the benchmarks and run.sh build the plain release profile). Measured on
# two quiet cores (2026-11-27, user CPU-s of one crate's lib): the payload types 65 at 1 against
# 20 at 0, the simulators 70 against 12; each is compiled again for its unit tests. At 0 a content answer through the harness BFF took 2.3 ms at the median instead of 1.9,
# and the `it` binary about 13 CPU-s more (an earlier trial with the simulators at 0 overran a
# 4 s upstream timeout under load; schemathesis's BFF has 15 s since). Every cargo command of
# the test command passes it (the production-build check too), or cargo would rebuild at other
# levels.
TEST_BUILD=(--config profile.release.opt-level=1)
for crate in bff simulators upstream xtask contract_check; do
  TEST_BUILD+=(--config "profile.release.package.$crate.opt-level=0")
done
# zstd's C library comes with poem's compression feature; the BFF compresses with brotli and gzip
# only (`bff::http::middleware::accepted_coding`), so it is never run: 11 CPU-s at -O0, 18 at -O1
TEST_BUILD+=(--config "profile.release.package.zstd-sys.opt-level=0")

# The harness BFF the browser tests and schemathesis run, copied out of target/release so the
# production-build check (which relinks target/release/bff) can run beside them.
HARNESS_BFF=target/release/bff-harness
keep_harness_bff() { cp target/release/bff "$HARNESS_BFF"; }

# A release BFF in harness mode on a free loopback port for scripts/schemathesis.sh (rate limit
# off: every generated request comes from 127.0.0.1; no scenario, so any upstream timeout is
# the busy machine's, hence 15 s); exports ST_BFF_URL and ST_LOG.
start_schemathesis_bff() {
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  ST_LOG=$(mktemp)
  BFF_ADDR="127.0.0.1:$port" BFF_MODE=harness BFF_RATE_LIMIT_PER_MIN=0 \
    BFF_RATE_LIMIT_SESSION_PER_MIN=0 BFF_SESSION_CREATE_PER_MIN=0 BFF_UPSTREAM_TIMEOUT_MS=15000 \
    BFF_KEYED_PER_SESSION_PER_HOUR=0 BFF_KEYED_PER_ADDRESS_PER_HOUR=0 \
    RUST_LOG=error "$HARNESS_BFF" >/dev/null 2>&1 &
  ST_BFF_PID=$!
  export ST_BFF_URL="http://127.0.0.1:$port" ST_LOG
  for _ in $(seq 100); do curl -fs "$ST_BFF_URL/healthz" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "the schemathesis BFF did not start" >&2; return 1
}

stop_schemathesis_bff() { kill "${ST_BFF_PID:-}" 2>/dev/null || true; }
