#!/usr/bin/env bash
# The BFF hop (docs/benchmarks.md "The BFF hop"): wrk -t2 -c50, 10 s per run, on a
# content call and a retail call, each straight on the embedded simulators ("direct") and
# through the BFF, interleaved, 3 rounds; prints every run (with the BFF process's CPU per
# request, simulators included, and the load average) and the median ratio per call.
# Exits non-zero when any request failed (non-2xx or socket error). A benchmark: not part of
# scripts/test.sh. Knobs: BENCH_SECS (10), BENCH_ROUNDS (3), BENCH_CONNS (50), BENCH_THREADS (2),
# BENCH_BFF (the binary, default target/release/bff: compare two builds).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SECS=${BENCH_SECS:-10}
ROUNDS=${BENCH_ROUNDS:-3}
CONNS=${BENCH_CONNS:-50}
THREADS=${BENCH_THREADS:-2}

if ! command -v wrk >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >/dev/null 2>&1 ||
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >/dev/null; }
fi
BIN=${BENCH_BFF:-target/release/bff}
# always built here: a binary left by the test command has the BFF's code at opt-level 1
# (TEST_BUILD in scripts/lib.sh); cargo rebuilds it at the release profile's 3, or does nothing
[ -n "${BENCH_BFF:-}" ] || cargo build --release --locked -p bff

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
work=$(mktemp -d)
# Default mode (harness, embedded simulators) and default log level (RUST_LOG overrides it; the
# start-up line naming the simulators' address stays on): the hop as it runs, logs written to a
# file like any collected stdout. Only the limits are off (every request comes from one address).
BFF_ADDR="127.0.0.1:$port" BFF_RATE_LIMIT_PER_MIN=0 BFF_RATE_LIMIT_SESSION_PER_MIN=0 BFF_KEYED_PER_SESSION_PER_HOUR=0 BFF_KEYED_PER_ADDRESS_PER_HOUR=0 \
  BFF_SESSION_CREATE_PER_MIN=0 RUST_LOG="${RUST_LOG:-info},bff::startup=info" "$BIN" >"$work/bff.log" 2>&1 &
bff_pid=$!
trap 'kill "$bff_pid" 2>/dev/null || true; wait "$bff_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
bff="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -fs "$bff/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "$bff/healthz" >/dev/null || { echo "the BFF did not start:"; cat "$work/bff.log"; exit 1; }
# The embedded simulators' address, from the BFF's start-up line "embedded simulators started".
sims=$(grep -o '"base_url":"[^"]*"' "$work/bff.log" | head -1 | cut -d'"' -f4 || true)
[ -n "$sims" ] || { echo "no 'embedded simulators started' line in the BFF's log"; exit 1; }

tracking=$(python3 -c 'import uuid; print(uuid.uuid4())')
hdrs=(-H "trackingid: $tracking" -H "source: DIGITAL2.0" -H "accept: application/json")
q="1200%20Peach"
declare -A URL=(
  [content/direct]="$sims/content/-/api/my.prepaid/dictionary"
  [content/bff]="$bff/-/api/my.prepaid/dictionary"
  [retail/direct]="$sims/address-search/suggest?q=$q"
  [retail/bff]="$bff/secure/api/v1/address/suggestions?q=$q&trackingId=$tracking"
)
for k in "${!URL[@]}"; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "${hdrs[@]}" "${URL[$k]}")
  [ "$code" = 200 ] || { echo "$k: ${URL[$k]} answers $code"; exit 1; }
done

# CPU time of the BFF process so far (user + system, clock ticks): the simulators live in it.
ticks() { awk '{ print $14 + $15 }' "/proc/$bff_pid/stat"; }
hz=$(getconf CLK_TCK)

# One wrk run: prints "req/s errors p50_ms p99_ms cpu_us_per_request" (the last: the BFF
# process's CPU, simulators included, per request of the run).
run() {
  local t0 t1
  t0=$(ticks)
  wrk -t"$THREADS" -c"$CONNS" -d"${1}s" --latency "${hdrs[@]}" "$2" >"$work/wrk.out"
  t1=$(ticks)
  awk -v ticks=$((t1 - t0)) -v hz="$hz" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0;
                     if (v ~ /s$/) return v * 1000; return v }
    /Requests\/sec/ { rps = $2 }
    / requests in / { n = $1 }
    /Non-2xx/ { err += $NF }
    /Socket errors/ { gsub(",", ""); err += $4 + $6 + $8 + $10 }
    $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) }
    END { printf "%.0f %d %.2f %.2f %.0f\n", rps, err, p50, p99, (n > 0 ? ticks * 1e6 / hz / n : 0) }' "$work/wrk.out"
}

echo "warm-up (2 s each)"
for k in content/direct content/bff retail/direct retail/bff; do run 2 "${URL[$k]}" >/dev/null; done

printf '\nwrk -t%s -c%s -d%ss, %s rounds, direct and via BFF interleaved; load average %s\n' \
  "$THREADS" "$CONNS" "$SECS" "$ROUNDS" "$(cut -d' ' -f1-3 /proc/loadavg)"
# the BFF's answer caches (ARCHITECTURE.md "The BFF hop"): on by default, so both calls through
# the BFF are cache hits; BFF_CONTENT_CACHE_TTL_S=0 and BFF_SUGGESTION_CACHE_TTL_S=0 measure
# the hop to the simulators instead
printf 'content cache %s s, suggestion cache %s s (0: off, every call goes upstream)\n' \
  "${BFF_CONTENT_CACHE_TTL_S:-60}" "${BFF_SUGGESTION_CACHE_TTL_S:-60}"
# cpu: the BFF process's CPU per request (µs), direct / via BFF. On a busy machine the process
# gets a share of the CPU whatever it runs, so the throughput ratio tends to the CPU ratio.
printf '%-8s %5s %11s %11s %6s %7s %17s %17s %9s\n' call round "direct r/s" "BFF r/s" ratio errors \
  "direct p50/p99" "BFF p50/p99" "cpu µs"
total_err=0
declare -A RATIOS=() CPU_RATIOS=()
med() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
for r in $(seq "$ROUNDS"); do
  for call in content retail; do
    read -r d_rps d_err d_p50 d_p99 d_cpu < <(run "$SECS" "${URL[$call/direct]}")
    read -r b_rps b_err b_p50 b_p99 b_cpu < <(run "$SECS" "${URL[$call/bff]}")
    ratio=$(awk -v b="$b_rps" -v d="$d_rps" 'BEGIN { printf "%.2f", (d > 0 ? b / d : 0) }')
    RATIOS[$call]="${RATIOS[$call]:-} $ratio"
    CPU_RATIOS[$call]="${CPU_RATIOS[$call]:-} $(awk -v b="$b_cpu" -v d="$d_cpu" 'BEGIN { printf "%.2f", (b > 0 ? d / b : 0) }')"
    total_err=$((total_err + d_err + b_err))
    printf '%-8s %5s %11s %11s %6s %7s %17s %17s %9s\n' "$call" "$r" "$d_rps" "$b_rps" "$ratio" \
      "$((d_err + b_err))" "$d_p50/$d_p99 ms" "$b_p50/$b_p99 ms" "$d_cpu/$b_cpu"
  done
done

echo
for call in content retail; do
  printf 'median ratio %-8s %s  (goal >= 0.45); CPU per request direct / via BFF %s\n' "$call" \
    "$(med "${RATIOS[$call]}")" "$(med "${CPU_RATIOS[$call]}")"
done
echo "errors: $total_err; load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$total_err" = 0 ]
