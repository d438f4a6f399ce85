#!/usr/bin/env bash
# A scaled-out portal on one machine (README "Several instances over one Redis"): a throwaway
# redis-server, the simulators as one standalone server (so both instances share one simulated
# provider: ledgers, saved cards, orders), two release BFF instances in harness mode over them
# and over the one Redis, and nginx in front from deploy/nginx.conf (round-robin, no
# stickiness, X-Forwarded-For set by nginx, BFF_TRUSTED_PROXIES=127.0.0.1/32 on the instances).
# Installs nginx and redis-server with apt when missing. Ctrl-C (or SIGTERM) stops everything;
# the instances get SIGTERM and drain (BFF_SHUTDOWN_GRACE_SECS).
#
# Ports (override with the variables): CLUSTER_PORT=8080 (nginx), BFF_A_PORT=8081,
# BFF_B_PORT=8082, METRICS_A_PORT=9101, METRICS_B_PORT=9102, SIMULATORS_PORT=9090,
# REDIS_PORT=6390. Any other BFF_* variable set here reaches both instances (e.g.
# BFF_RATE_LIMIT_PER_MIN=0). Logs: CLUSTER_DIR (default: a new temporary directory, printed).
# CLUSTER_SKIP_BUILD=1: no npm or cargo build, run the binaries already built.
source "$(dirname "$0")/lib.sh"
# Debian puts nginx in /usr/sbin, not on a user's PATH
export PATH="$PATH:/usr/sbin"

CLUSTER_PORT=${CLUSTER_PORT:-8080}
BFF_A_PORT=${BFF_A_PORT:-8081}
BFF_B_PORT=${BFF_B_PORT:-8082}
METRICS_A_PORT=${METRICS_A_PORT:-9101}
METRICS_B_PORT=${METRICS_B_PORT:-9102}
SIMULATORS_PORT=${SIMULATORS_PORT:-9090}
REDIS_PORT=${REDIS_PORT:-6390}
CLUSTER_DIR=${CLUSTER_DIR:-$(mktemp -d -t prepaid-cluster.XXXXXX)}
mkdir -p "$CLUSTER_DIR/nginx"

pids=()
bff_pids=()
stop_all() {
  trap - INT TERM EXIT
  # nginx first (finishes what it has, takes nothing new), then the instances drain
  # (SIGTERM), then what they use
  if [ -f "$CLUSTER_DIR/nginx/nginx.pid" ]; then
    kill -QUIT "$(cat "$CLUSTER_DIR/nginx/nginx.pid")" 2>/dev/null || true
  fi
  local pid
  for pid in "${bff_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${bff_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [ -f "$CLUSTER_DIR/redis.pid" ]; then
    kill "$(cat "$CLUSTER_DIR/redis.pid")" 2>/dev/null || true
  fi
  echo "stopped; logs in $CLUSTER_DIR"
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# waits until `url` answers 2xx (20 s at most); names `what` and its log otherwise
wait_for() {
  local url=$1 what=$2 log=$3
  for _ in $(seq 200); do curl -fs "$url" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "$what did not come up ($url); its log, $log:" >&2
  tail -n 20 "$log" >&2
  exit 1
}

step "system packages (nginx, redis-server)"; ensure_system_packages nginx redis-server
command -v curl >/dev/null 2>&1 || ensure_system_packages curl
# the same web build and release build as scripts/run.sh (shared with scripts/test.sh);
# CLUSTER_SKIP_BUILD=1 runs what target/release and web/dist (or BFF_WEB_DIST) already hold
if [ "${CLUSTER_SKIP_BUILD:-0}" != 1 ]; then
  step "npm packages"; ensure_node_modules
  step "web build"; npm run --silent build:web
  step "cargo build --release (the bff and simulators binaries)"; build_release
fi

step "redis-server on 127.0.0.1:$REDIS_PORT"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$CLUSTER_DIR" \
  --daemonize yes --pidfile "$CLUSTER_DIR/redis.pid" --logfile "$CLUSTER_DIR/redis.log"
for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done

step "simulators on 127.0.0.1:$SIMULATORS_PORT"
./target/release/simulators --addr "127.0.0.1:$SIMULATORS_PORT" > "$CLUSTER_DIR/simulators.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$SIMULATORS_PORT/admin/scenarios" simulators "$CLUSTER_DIR/simulators.log"

# every upstream service under the one simulators server (the table upstream/src/service.rs)
SIMS="http://127.0.0.1:$SIMULATORS_PORT"
upstreams=(
  BFF_UPSTREAM_ADDRESS_SEARCH="$SIMS/address-search" BFF_UPSTREAM_SERVICEABILITY="$SIMS/serviceability"
  BFF_UPSTREAM_VAN="$SIMS/van" BFF_UPSTREAM_CONTENT="$SIMS/content" BFF_UPSTREAM_CATALOGUE="$SIMS/catalogue"
  BFF_UPSTREAM_PROMOTIONS="$SIMS/offers" BFF_UPSTREAM_TAX="$SIMS/tax" BFF_UPSTREAM_PAYMENTS="$SIMS/payments"
  BFF_UPSTREAM_ACTIVATION="$SIMS/activation" BFF_UPSTREAM_SESSION="$SIMS/session"
  BFF_UPSTREAM_IDENTITY="$SIMS/identity" BFF_UPSTREAM_ACCOUNT="$SIMS/account" BFF_UPSTREAM_REFILL="$SIMS/refill"
)

start_bff() {
  local name=$1 port=$2 metrics=$3
  env "${upstreams[@]}" BFF_MODE=harness BFF_REDIS_URL="redis://127.0.0.1:$REDIS_PORT" \
    BFF_ADDR="127.0.0.1:$port" BFF_METRICS_ADDR="127.0.0.1:$metrics" \
    BFF_TRUSTED_PROXIES="${BFF_TRUSTED_PROXIES:-127.0.0.1/32}" \
    ./target/release/bff > "$CLUSTER_DIR/bff-$name.log" 2>&1 &
  bff_pids+=($!)
}
step "BFF instances A on 127.0.0.1:$BFF_A_PORT, B on 127.0.0.1:$BFF_B_PORT"
start_bff a "$BFF_A_PORT" "$METRICS_A_PORT"
start_bff b "$BFF_B_PORT" "$METRICS_B_PORT"
wait_for "http://127.0.0.1:$BFF_A_PORT/readyz" "BFF A" "$CLUSTER_DIR/bff-a.log"
wait_for "http://127.0.0.1:$BFF_B_PORT/readyz" "BFF B" "$CLUSTER_DIR/bff-b.log"

step "nginx on 127.0.0.1:$CLUSTER_PORT (deploy/nginx.conf)"
sed -e "s/@LISTEN@/127.0.0.1:$CLUSTER_PORT/" -e "s/@BFF_A@/127.0.0.1:$BFF_A_PORT/" \
  -e "s/@BFF_B@/127.0.0.1:$BFF_B_PORT/" deploy/nginx.conf > "$CLUSTER_DIR/nginx/nginx.conf"
nginx -p "$CLUSTER_DIR/nginx/" -c "$CLUSTER_DIR/nginx/nginx.conf" -e "$CLUSTER_DIR/nginx/error.log" \
  -g 'daemon off;' > "$CLUSTER_DIR/nginx/nginx.out" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$CLUSTER_PORT/readyz" nginx "$CLUSTER_DIR/nginx/error.log"

cat <<EOF

Portal through the balancer: http://127.0.0.1:$CLUSTER_PORT/en/dollargeneral  (console: /harness)
Instances:  A http://127.0.0.1:$BFF_A_PORT  (metrics http://127.0.0.1:$METRICS_A_PORT/metrics)
            B http://127.0.0.1:$BFF_B_PORT  (metrics http://127.0.0.1:$METRICS_B_PORT/metrics)
Simulators: $SIMS  (ledgers: $SIMS/admin/ledgers)
Redis:      redis://127.0.0.1:$REDIS_PORT
Logs:       $CLUSTER_DIR  (bff-a.log, bff-b.log, simulators.log, nginx/access.log: upstream= names the instance)
Stop one instance to watch the other carry on: kill -TERM ${bff_pids[0]}  (A)
Ctrl-C stops everything.
EOF

# until Ctrl-C, or until one of the processes ends by itself
while :; do
  for pid in "${pids[@]}"; do
    kill -0 "$pid" 2>/dev/null || { echo "a process ended (pid $pid); stopping" >&2; exit 1; }
  done
  sleep 1
done
