#!/usr/bin/env bash
# Runs the portal: the BFF with the simulators embedded as its upstream, serving the built app.
# Prints the URL. Configuration: see README ("Configuration"). Builds only what the portal runs
# (the `bff` binary, plain release profile), beside the npm install and the web build (they
# mostly wait on the network and the disk, the Rust build on the CPU).
source "$(dirname "$0")/lib.sh"
step "cargo build --release -p bff --bin bff, in the background"
BUILD_LOG=$(mktemp)
cargo build --release --locked -p bff --bin bff > "$BUILD_LOG" 2>&1 &
build_pid=$!
step "npm packages"; ensure_node_modules
step "web build"; npm run --silent build:web
step "waiting for the build"
if ! wait "$build_pid"; then cat "$BUILD_LOG"; exit 1; fi
step "start"
exec ./target/release/bff
