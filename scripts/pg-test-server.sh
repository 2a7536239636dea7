#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests and prints its URL on standard output (the only
# line printed there; progress goes to standard error). The cluster lives in a temporary folder owned
# by the OS user `postgres` (initdb refuses to run as root), listens on 127.0.0.1 only, trusts local
# connections, and runs without fsync: its data is thrown away, so durability would only cost time.
#
#   url=$(scripts/pg-test-server.sh start [port])   # first free port from 5440 unless given
#   scripts/pg-test-server.sh stop "$url"           # stops it and removes its folder (found by port)
#   scripts/pg-test-server.sh restart|halt|resume "$url"   # fault tests: restart, stop keeping data, start again
#
# Debian's postgresql package is installed with apt-get when no `postgres` binary is found.
set -euo pipefail

find_bin() {
  local name=$1
  if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return; fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin/"$name" 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$found" ] && echo "$found"
}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
  if [ -z "$(find_bin postgres)" ]; then
    echo "== installing Debian's postgresql for the PostgreSQL tests" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >/dev/null
  fi
  local initdb pg_ctl
  initdb=$(find_bin initdb)
  pg_ctl=$(find_bin pg_ctl)
  local port=${1:-}
  if [ -z "$port" ]; then
    for candidate in $(seq 5440 5499); do
      if port_free "$candidate"; then port=$candidate; break; fi
    done
  fi
  [ -n "$port" ] || { echo "no free port for PostgreSQL" >&2; exit 1; }
  # Folders left by a run that was killed name a port nobody listens on any more: stop/restart
  # find their server by port, so a stale one with this port must not be found instead.
  for stale in /tmp/site-pg-*; do
    if [ -f "$stale/port" ] && [ "$(cat "$stale/port")" = "$port" ]; then rm -rf "$stale"; fi
  done
  local dir
  dir=$(mktemp -d /tmp/site-pg-XXXXXX)
  if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
  chmod 700 "$dir"
  as_postgres "$initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  # Kept for `resume`: a stopped server started again needs them (restart reuses them by itself).
  echo "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" > "$dir/options"
  chmod 644 "$dir/options"
  as_postgres "$pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(cat "$dir/options")" \
    start >&2 || { cat "$dir/server.log" >&2; exit 1; }
  echo "$port" > "$dir/port"
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}

# The folder of the server this script started for URL (found by its port).
folder_of() {
  local url=$1 port dir=""
  port=$(echo "$url" | sed -E 's#^postgres(ql)?://[^:/]*(:[^@]*)?@?[^:/]*:([0-9]+)/.*$#\3#')
  for candidate in /tmp/site-pg-*; do
    if [ -f "$candidate/port" ] && [ "$(cat "$candidate/port")" = "$port" ]; then dir=$candidate; fi
  done
  [ -n "$dir" ] || { echo "no server started by this script on port $port" >&2; exit 1; }
  echo "$dir"
}

stop() {
  local dir
  dir=$(folder_of "$1")
  as_postgres "$(find_bin pg_ctl)" -D "$dir/data" -m fast -w stop >&2 || true
  rm -rf "$dir"
}

# Fault tests: `restart` as an operator would (pg_ctl restart -m fast: every connection is ended);
# `halt` stops the server and keeps its data, `resume` starts it again on the same port.
restart() {
  local dir
  dir=$(folder_of "$1")
  as_postgres "$(find_bin pg_ctl)" -D "$dir/data" -l "$dir/server.log" -m fast -w -t 60 restart >&2
}

halt() {
  local dir
  dir=$(folder_of "$1")
  as_postgres "$(find_bin pg_ctl)" -D "$dir/data" -m fast -w stop >&2
}

resume() {
  local dir
  dir=$(folder_of "$1")
  as_postgres "$(find_bin pg_ctl)" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(cat "$dir/options")" start >&2
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) shift; stop "$@" ;;
  restart) shift; restart "$@" ;;
  halt) shift; halt "$@" ;;
  resume) shift; resume "$@" ;;
  *) echo "usage: $0 start [port] | stop URL | restart URL | halt URL | resume URL" >&2; exit 2 ;;
esac
