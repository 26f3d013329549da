#!/usr/bin/env bash
# Every test: the repository's own checks (self-contained, lint and format, types, dead code), the unit
# and integration tests (PGlite; the server's on PostgreSQL too when TEST_DATABASE_URL is set), and the
# browser tests against the built product. The three groups are independent and run side by side
# (scripts/lanes.sh); each step's output is printed whole when it ends.
# NODE_ALSO=<folder holding another node binary> also runs the server and browser tests on that Node.js
# (.ci/run sets it to Node 24).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
source scripts/lanes.sh

repository_checks() {
  step "self-contained" bash scripts/check-self-contained.sh
  step "lint and format" npx biome ci .
  step "module boundaries" node scripts/check-boundaries.mjs
  step "table owners" node scripts/check-table-owners.mjs
  step "sizes" node scripts/check-sizes.mjs
  step "types" npx tsc -b
  step "dead code (knip)" npx knip
}

unit_and_integration_tests() {
  step "unit and integration tests (PGlite)" env -u TEST_DATABASE_URL npx vitest run
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    step "server tests on PostgreSQL" npx vitest run --project server
  fi
}

# The browser tests, then (mostly waiting on the browser, they leave a core free) the other Node.js's.
browser_tests_and_node_also() {
  step "build" npm run build || return
  step "login page size (gzipped JS and CSS)" npm run size -w @handoff/web
  step "end-to-end tests (Chromium)" npx playwright test -c e2e/playwright.config.ts
  if [ -n "${NODE_ALSO:-}" ]; then
    local version
    version="$(on_node_also node --version)"
    step "end-to-end tests (Chromium) on Node $version" on_node_also npx playwright test -c e2e/playwright.config.ts
    step "server tests (PGlite) on Node $version" on_node_also env -u TEST_DATABASE_URL npx vitest run --project server
  fi
}

# Runs a command with NODE_ALSO's node first on PATH (npx and npm are Node scripts: they run on it too).
on_node_also() {
  PATH="$NODE_ALSO:$PATH" "$@"
}

run_lanes repository_checks unit_and_integration_tests browser_tests_and_node_also
