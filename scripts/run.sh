#!/usr/bin/env bash
# Runs the portal: the BFF with the simulators embedded as its upstream, serving the built app.
# Prints the URL. Configuration: see README ("Configuration").
source "$(dirname "$0")/lib.sh"
step "npm packages"; ensure_node_modules
step "web build"; npm run --silent build:web
step "cargo build --release (shared with scripts/test.sh)"; build_release
step "start"
exec ./target/release/bff
