#!/usr/bin/env bash
# Runs every benchmark under bench/; each prints its figures next to a reference measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
# The load and Lighthouse benchmarks start the built product.
npm run build
bash scripts/ensure-chromium.sh chromium
for bench in bench/*.bench.ts; do
  echo "== $bench"
  npx tsx "$bench"
done
