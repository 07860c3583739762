#!/bin/sh
# The official image's start, as far as the site uses it: an empty PGDATA is made a cluster with POSTGRES_USER
# (password from POSTGRES_PASSWORD or its _FILE) owning POSTGRES_DB, reachable by password from the network.
set -eu
if [ "$(id -u)" = 0 ]; then
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
password="${POSTGRES_PASSWORD:-}"
[ -n "${POSTGRES_PASSWORD_FILE:-}" ] && password="$(cat "$POSTGRES_PASSWORD_FILE")"
user="${POSTGRES_USER:-postgres}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "$password" > /tmp/pw
  initdb --username="$user" --pwfile=/tmp/pw --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f /tmp/pw
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.auto.conf"
  database="${POSTGRES_DB:-$user}"
  if [ "$database" != postgres ]; then
    echo "CREATE DATABASE \"$database\" OWNER \"$user\";" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
[ "${1:-}" = postgres ] && shift && exec postgres -D "$PGDATA" "$@"
exec "$@"
