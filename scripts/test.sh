#!/usr/bin/env bash
# Every test: lint and format, types, unit and integration (PGlite; PostgreSQL too when
# TEST_DATABASE_URL is set), then the browser tests against the built product.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

echo "== self-contained"
bash scripts/check-self-contained.sh
echo "== lint and format"
npx biome ci .
echo "== types"
npx tsc -b
echo "== unit and integration tests (PGlite)"
env -u TEST_DATABASE_URL npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== server tests on PostgreSQL"
  npx vitest run --project server
fi
echo "== end-to-end tests (Chromium)"
npm run test:e2e
echo "== login page size (gzipped JS and CSS, built by the step above)"
npm run size -w @handoff/web
