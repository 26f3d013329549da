#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than the lock file: `npm ci`, exactly
# what package-lock.json pins, without rewriting it (the lock lists every platform's optional binaries).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --prefer-offline --no-audit --no-fund --loglevel=error
fi
