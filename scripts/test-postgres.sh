#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on 127.0.0.1:${PGPORT:-54329} for the API tests and prints its URL.
# Installs Debian's postgresql when no server binaries are found. Usage: eval "$(scripts/test-postgres.sh)"
set -euo pipefail
port="${PGPORT:-54329}"
bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$bindir" ] || [ ! -x "$bindir/pg_ctl" ]; then
  echo "installing postgresql" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bindir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
fi
data="${PGDATA_DIR:-/tmp/fleet-test-pg}"
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
if ! run "$bindir/pg_isready -h 127.0.0.1 -p $port" >/dev/null 2>&1; then
  rm -rf "$data" && mkdir -p "$data"
  [ "$(id -u)" = 0 ] && chown postgres "$data"
  run "$bindir/initdb -D $data -U postgres --auth=trust" >/dev/null
  run "$bindir/pg_ctl -D $data -l $data/server.log -o '-p $port -k /tmp -c fsync=off -c listen_addresses=127.0.0.1' -w start" >/dev/null
fi
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
