#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
# `npm install`, not `npm ci`: the lock file lacks Biome's binaries for other platforms (the registry
# here does not serve them), which `npm ci` refuses; `npm install` still installs exactly what the lock pins.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund --loglevel=error
fi
