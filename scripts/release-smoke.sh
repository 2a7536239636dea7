#!/usr/bin/env bash
# CI: makes the release archive, unpacks it in an empty folder with no devDependencies and nothing
# of the checkout beside it, starts it with node alone, checks that it serves the site and names its
# version on /healthz, and stops it with SIGTERM.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
npm run -s release -- --out "$work/out" | tail -n 2
archive=$(ls "$work"/out/*.tar.gz)
mkdir "$work/site"
tar -xzf "$archive" -C "$work/site" --strip-components=1
cd "$work/site"
if [ -e node_modules/vite ] || [ -e node_modules/tsx ] || [ -e node_modules/esbuild ]; then
  echo "the release holds build tools (vite, tsx or esbuild)"; exit 1
fi
version=$(node -p "require('./package.json').version")
PORT=3997 DATA_DIR="$work/data" node start.mjs > "$work/start.log" 2>&1 &
pid=$!
for _ in $(seq 1 60); do grep -q "Site running" "$work/start.log" && break; sleep 1; done
ok=0
if curl -fsS http://127.0.0.1:3997/healthz | grep -q "\"version\":\"$version\"" \
  && curl -fsS http://127.0.0.1:3997/ | grep -q '<div id="root">'; then
  ok=1
fi
kill -TERM "$pid" 2>/dev/null || true
code=0
wait "$pid" || code=$?
if [ "$ok" != 1 ] || [ "$code" != 0 ]; then
  echo "the release did not serve the site or stop cleanly (exit code $code):"; cat "$work/start.log"; exit 1
fi
echo "the release $version starts with node alone, serves the site and stops cleanly"
