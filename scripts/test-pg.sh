#!/usr/bin/env bash
# `npm run test:pg`: the server tests on PostgreSQL. Uses TEST_DATABASE_URL when set (a maintenance
# database such as postgres://user@host/postgres on a server where the user may create databases);
# otherwise starts a throwaway server with scripts/pg-test-server.sh and stops it afterwards.
# Extra arguments go to Vitest (a file, --sequence.shuffle ...).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  TEST_DATABASE_URL=$(bash scripts/pg-test-server.sh start)
  trap 'bash scripts/pg-test-server.sh stop "$TEST_DATABASE_URL"' EXIT
fi
export TEST_DATABASE_URL
npx vitest run --project server "$@"
