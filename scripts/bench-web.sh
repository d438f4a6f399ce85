#!/usr/bin/env bash
# First-load benchmark: builds the web app and the release BFF, starts the BFF in harness mode,
# runs Lighthouse 12.8 (mobile preset, simulated throttling, Debian chromium) on every entry
# route in both languages, and prints performance, accessibility, FCP, LCP, TBT, CLS and the
# bytes on the wire. Not part of the test command (timings vary run to run); the byte budget
# that is part of it lives in playwright/tests/budget.spec.ts. Lighthouse and puppeteer-core
# are installed into .bench/ on first use.
source "$(dirname "$0")/lib.sh"
port="${BENCH_PORT:-8182}"

step "system packages (chromium)"; ensure_system_packages chromium
step "npm packages"; ensure_node_modules
step "web build"; npm run --silent build:web
step "cargo build --release"; build_release
if [ ! -d .bench/node_modules/lighthouse ]; then
  step "lighthouse 12.8 and puppeteer-core into .bench/"
  mkdir -p .bench && (cd .bench && echo '{"private":true}' > package.json &&
    npm install --silent --no-audit --no-fund lighthouse@12.8 puppeteer-core@24)
fi
step "release BFF on :$port"
BFF_ADDR="127.0.0.1:$port" BFF_MODE=harness BFF_WEB_DIST=web/dist RUST_LOG=warn \
  BFF_RATE_LIMIT_PER_MIN=0 BFF_SESSION_CREATE_PER_MIN=0 BFF_KEYED_PER_ADDRESS_PER_HOUR=0 ./target/release/bff &
bff_pid=$!
trap 'kill $bff_pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
step "lighthouse"
node scripts/bench-web.mjs "http://127.0.0.1:$port"
