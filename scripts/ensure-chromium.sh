#!/usr/bin/env bash
# Debian's browsers (Playwright cannot download browsers here). `ensure-chromium.sh` gives the browser tests
# and the screenshots their browser, Debian's chromium-headless-shell: the headless build Playwright itself
# runs headless tests on (Chromium's engine without the desktop browser's layers), which ran the browser
# tests in two thirds of the full browser's time. `ensure-chromium.sh chromium` gives the Lighthouse bench
# the full browser a visitor uses. CHROMIUM_PATH, when set, is the browser to use instead.
set -euo pipefail
package="${1:-chromium-headless-shell}"
browser="${CHROMIUM_PATH:-/usr/bin/$package}"
if [ -x "$browser" ]; then exit 0; fi
if [ -z "${CHROMIUM_PATH:-}" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's $package for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "$package" >/dev/null
  exit 0
fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH is $browser, which is not an executable browser." >&2
else
  echo "This needs Debian's $package at $browser. Install it (sudo apt-get install $package) or set CHROMIUM_PATH." >&2
fi
exit 1
