#!/usr/bin/env bash
# `npm run test:pg`: the server test files tagged postgres (those that check SQL the dialects could
# answer differently; tests/project/postgres-files.test.ts holds the rule) on PostgreSQL; with
# TEST_PG_ALL=1 every server test file. Uses TEST_DATABASE_URL when set (a maintenance
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
tags=(--tags-filter=postgres)
if [ "${TEST_PG_ALL:-}" = 1 ]; then tags=(); fi
npx vitest run --project server "${tags[@]}" "$@"
