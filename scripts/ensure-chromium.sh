#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (browsers cannot be downloaded by Playwright here).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
