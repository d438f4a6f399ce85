# Shared by scripts/run.sh and scripts/test.sh: install what a fresh machine lacks.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n== %s (%ss)\n' "$*" "$SECONDS"; }

# Debian's chromium: Playwright cannot download its own browser on these machines.
ensure_chromium() {
  command -v chromium >/dev/null 2>&1 && return 0
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
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
build_release() {
  cargo build --release --locked --workspace --all-targets
}
