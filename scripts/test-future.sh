#!/usr/bin/env bash
# `npm run test:future`: the server tests again under a clock five years ahead (libfaketime), so a
# test that wrote a date which has since passed fails today rather than on the day it expires.
# Installs Debian's faketime package when it is missing and we are root (as CI is).
# Extra arguments go to Vitest (a file, --sequence.shuffle ...).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v faketime >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing Debian's faketime for the five-years-ahead run" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq faketime >/dev/null
  else
    echo "faketime is not installed: sudo apt-get install faketime" >&2
    exit 1
  fi
fi
# A relative offset: the clock still moves, so timeouts and timers behave as usual.
exec faketime -f '+5y' npx vitest run --project server "$@"
