#!/usr/bin/env bash
# Property-based contract test of a running BFF: schemathesis generates requests from the
# BFF's own `/openapi.json` (examples, coverage, fuzzing and stateful phases, every check) and
# fails on any server error, response that breaks the contract, schema-valid request
# rejected, schema-invalid request accepted, or wrong answer to an undeclared method.
#
#   scripts/schemathesis.sh http://127.0.0.1:8181
#   scripts/schemathesis.sh --install    (only the install below)
#
# Starts nothing: give it the base URL of a BFF in harness mode with the rate limit off
# (`BFF_RATE_LIMIT_PER_MIN=0`; scripts/test.sh starts one). Installs the pinned schemathesis
# from PyPI into `.venv-st` (gitignored) on first use. The hook `schemathesis/hooks.py`
# adds the session cookie and CSRF token of `GET /token` to every request; per-operation
# settings are in `schemathesis/schemathesis.toml`. Bounded: `ST_MAX_TIME` seconds (default
# 90) of generation, at most `ST_MAX_EXAMPLES` (30) cases per operation and phase, seed
# `ST_SEED` (1; `random` for a new one each run).
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=4.32.5
VENV=.venv-st

# `--install` installs and stops: the test command installs while the workspace builds, which
# keeps the download and the install's CPU out of the browser phase
if ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "version $VERSION\$"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION"
fi
[ "${1:-}" = --install ] && exit 0
BFF_URL=${1:?usage: scripts/schemathesis.sh BFF_BASE_URL}

seed=()
[ "${ST_SEED:-1}" = random ] || seed=(--seed "${ST_SEED:-1}")
max_time=${ST_MAX_TIME:-90}

export BFF_URL PYTHONPATH=scripts/schemathesis SCHEMATHESIS_HOOKS=hooks
# The hard timeout covers start-up, shrinking and the report after the time budget.
timeout "$((max_time + 90))" "$VENV/bin/schemathesis" --no-color \
  --config-file scripts/schemathesis/schemathesis.toml \
  run "${BFF_URL%/}/openapi.json" \
  --checks all \
  --phases examples,coverage,fuzzing,stateful \
  --max-examples "${ST_MAX_EXAMPLES:-30}" \
  --max-time "$max_time" \
  --request-timeout 10 \
  --workers "${ST_WORKERS:-1}" \
  --report junit --report-dir "${ST_REPORT_DIR:-schemathesis-report}" \
  "${seed[@]}"
