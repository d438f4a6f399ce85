#!/usr/bin/env bash
# Proves that a production build (`--no-default-features`) carries no simulator code and no
# harness routes: the dependency tree has no `simulators`, the binary holds none of the
# simulators' marker strings, and the running binary answers 404 on /harness and /sim.
source "$(dirname "$0")/lib.sh"
if cargo tree --locked -p bff --no-default-features -e normal --prefix none | grep -q '^simulators '; then
  echo "FAIL: simulators is a dependency of the production build" >&2; exit 1
fi
# The test command's build (`TEST_BUILD`, scripts/lib.sh) with the features the test targets'
# dev-dependencies give the shared crates (bff's `test-build-features`), so only the bff crate
# recompiles: about 55 CPU-s instead of 190 with most of the tree (what is checked is which code
# and routes the build holds, not its speed; it runs beside the Rust tests). The shipped build is
# this code without that feature, at the release profile's opt-level.
cargo build --release --locked -p bff --bin bff --no-default-features --features test-build-features -q \
  "${TEST_BUILD[@]}"
bin=target/release/bff
for marker in UNKNOWN_SCENARIO existing-mobile-unverified closed-aux-preactivated 'Ponce De Leon Ave'; do
  if grep -aq "$marker" "$bin"; then echo "FAIL: $marker found in $bin" >&2; exit 1; fi
done
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
env_up=()
for s in ADDRESS_SEARCH SERVICEABILITY VAN CONTENT CATALOGUE PROMOTIONS TAX PAYMENTS ACTIVATION SESSION IDENTITY ACCOUNT REFILL; do
  env_up+=("BFF_UPSTREAM_$s=http://127.0.0.1:9")
done
env_prod=(BFF_STORE=memory BFF_PUBLIC_ORIGIN=https://prepaid.example.com BFF_CARD_ENTRY_URL=https://pay.example.com/card-entry
  BFF_IDENTITY_ROUTER_URL=https://id.example.com/router BFF_IDENTITY_PROVIDER_URL=https://login.example.com/oauth)
# Production names the settings it cannot do without instead of deriving them.
out=$(env "${env_up[@]}" BFF_MODE=production BFF_ADDR=127.0.0.1:0 timeout 5 "$bin" 2>&1 || true)
grep -q "BFF_PUBLIC_ORIGIN, BFF_CARD_ENTRY_URL, BFF_IDENTITY_ROUTER_URL, BFF_IDENTITY_PROVIDER_URL" <<<"$out" || {
  echo "FAIL: production without its browser-facing settings did not refuse to start: $out" >&2; exit 1
}
env "${env_up[@]}" "${env_prod[@]}" BFF_MODE=production BFF_ADDR="127.0.0.1:$port" RUST_LOG=warn "$bin" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
for path in /harness /harness/scenarios.json /sim/card-entry /sim/session/router /sim/identity/authorize /docs /openapi.json; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path")
  [ "$code" = 404 ] || { echo "FAIL: $path answered $code in production" >&2; exit 1; }
done
# Without upstream URLs a production build refuses to start instead of embedding simulators.
out=$(BFF_ADDR=127.0.0.1:0 timeout 5 "$bin" 2>&1 || true)
grep -q "built without the embedded simulators" <<<"$out" || {
  echo "FAIL: a production build without upstreams did not refuse to start: $out" >&2; exit 1
}
hsts=$(curl -s -D - -o /dev/null "http://127.0.0.1:$port/healthz" | tr -d '\r' | grep -i '^strict-transport-security:' || true)
[ -n "$hsts" ] || { echo "FAIL: no Strict-Transport-Security in production" >&2; exit 1; }
echo "production build: no simulators, no harness routes, no API docs"
