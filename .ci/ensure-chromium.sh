#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a browser downloaded by Playwright). Install it
# from apt when it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "› /usr/bin/chromium not found: installing Debian's chromium package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo"; else
    echo "error: installing chromium needs root; run: apt-get install -y chromium" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version 2>/dev/null | grep -v unexpected || true
