#!/usr/bin/env bash
# Runs every test: contract drift, Rust (unit, integration, property), web typecheck and unit
# tests, the web and Storybook builds with a smoke run over every story, the Playwright suite
# against one release BFF in harness mode, and schemathesis (scripts/schemathesis.sh) against
# another one. Installs what it needs (Debian chromium and redis-server, npm packages).
#
# The work is CPU-bound on two cores, so the order only fills idle time (ARCHITECTURE.md
# "Tests by layer"): the release build starts first and runs while the packages install (they
# wait on the network); once it is done, the Rust tests (about half idle: sleeps, timeouts) run
# beside the web jobs, which need no Rust: typecheck and Vitest, and the web and Storybook
# builds followed at once by Playwright.
source "$(dirname "$0")/lib.sh"

step "cargo build --release (once, shared by tests and the portal), in the background"
build_release &
build_pid=$!
step "system packages (chromium, redis-server)"; ensure_system_packages
step "npm packages"; ensure_node_modules
step "waiting for the release build"; wait "$build_pid"; keep_harness_bff
step "contract drift: web/src/api from openapi/bff.json"; npm run --silent check:api

# Background jobs: each writes its log; a failure below ends the command and them with it.
VT_LOG=$(mktemp); PW_LOG=$(mktemp); PROD_LOG=$(mktemp)
vt_pid=""; pw_pid=""; prod_pid=""; st_pid=""
stop_all() {
  kill "$(cat "${REDIS_DIR:-/nonexistent}/redis.pid" 2>/dev/null)" 2>/dev/null || true
  rm -rf "${REDIS_DIR:-/nonexistent}"
  for pid in $vt_pid $pw_pid $prod_pid $st_pid; do
    pkill -P "$pid" 2>/dev/null || true
    kill "$pid" 2>/dev/null || true
  done
  stop_schemathesis_bff
}
trap stop_all EXIT

step "web typecheck and unit tests (in the background)"
(npm run --silent typecheck && npm run --silent test:web) > "$VT_LOG" 2>&1 &
vt_pid=$!
step "web and Storybook builds, then playwright: portal + storybook smoke (in the background)"
(
  npm run --silent build:web && npm run --silent build:storybook &&
    BFF_BIN="../$HARNESS_BFF" npx playwright test -c playwright/playwright.config.ts
) > "$PW_LOG" 2>&1 &
pw_pid=$!

step "rust tests (drift of openapi/*.json and recordings, unit, integration, property)"
cargo test --release --locked --workspace -q
step "bff integration tests again, every session and context in a real Redis"
start_test_redis; trap stop_all EXIT  # start_test_redis sets a trap of its own
cargo test --release --locked --workspace --test it -q  # --workspace: same features as above, no rebuild
step "production build: no embedded simulators, no harness (in the background; no cargo command after it)"
./scripts/check-production-build.sh > "$PROD_LOG" 2>&1 &
prod_pid=$!
step "schemathesis against a release BFF in harness mode (60 s of generation, in the background)"
start_schemathesis_bff
ST_MAX_TIME=60 scripts/schemathesis.sh "$ST_BFF_URL" > "$ST_LOG" 2>&1 &
st_pid=$!

# Each job's log is printed once it has ended; the first failure ends the command.
finish() { # name pid log [lines of the log to print when green; all when unset]
  local status=0
  wait "$2" || status=$?
  step "$1 ended ($status)"
  if [ "$status" = 0 ] && [ -n "${4:-}" ]; then tail -n "$4" "$3"; else cat "$3"; fi
  [ "$status" = 0 ] || exit "$status"
}
finish "web typecheck and unit tests" "$vt_pid" "$VT_LOG"
finish "schemathesis" "$st_pid" "$ST_LOG" 3; stop_schemathesis_bff
finish "production-build check" "$prod_pid" "$PROD_LOG"
finish "web builds and playwright" "$pw_pid" "$PW_LOG"
step "all green"
