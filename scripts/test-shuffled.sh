#!/usr/bin/env bash
# `npm run test:shuffled`: the whole Vitest suite once, in a random order and under a clock moved a
# random 0 to 5 years ahead (libfaketime), as CI runs it. A test that leans on another's state fails
# in some order, and one that wrote a date which will have passed by then fails today rather than on
# the day it expires. Both come from one printed seed: replay a run with TEST_SEED=<seed> (the
# offset follows from the seed; TEST_CLOCK_DAYS=<days> sets it alone). Extra arguments go to Vitest.
# Installs Debian's faketime package when it is missing and we are root (as CI is).
set -euo pipefail
cd "$(dirname "$0")/.."
seed=${TEST_SEED:-$(( (RANDOM * 32768 + RANDOM) % 1000000 ))}
# 0 to 1826 days (five years), spread over the range by a multiplier prime to it.
days=${TEST_CLOCK_DAYS:-$(( seed * 7919 % 1827 ))}
echo "test order seed: $seed, clock offset: +$days days (replay: TEST_SEED=$seed npm run test:shuffled)"
if ! command -v faketime >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing Debian's faketime for the clock offset" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq faketime >/dev/null
  else
    echo "faketime is not installed: sudo apt-get install faketime (or run plain npm test)" >&2
    exit 1
  fi
fi
# A relative offset: the clock still moves, so timeouts and timers behave as usual.
exec faketime -f "+${days}d" npx vitest run --sequence.shuffle --sequence.seed="$seed" "$@"
