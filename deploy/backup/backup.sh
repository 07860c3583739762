#!/bin/sh
# PostgreSQL dumps, kept in /backups (the compose file's `backups` volume): every BACKUP_EVERY_SECONDS, the newest
# BACKUP_KEEP kept. `backup.sh now` makes one at once; `backup.sh restore [file]` puts one back (the newest unset),
# replacing what the database holds: docs/operations.md says when and how.
set -eu
export PGPASSWORD="$(cat "$PGPASSWORD_FILE")"

dump() {
  name="/backups/fleet-$(date -u +%Y%m%dT%H%M%SZ).dump"
  pg_dump --format=custom --file="$name.partial" && mv "$name.partial" "$name"
  echo "backup: $name ($(du -h "$name" | cut -f1))"
  ls -1t /backups/fleet-*.dump | tail -n "+$((${BACKUP_KEEP:-14} + 1))" | xargs -r rm -f
}

restore() {
  file="${1:-$(ls -1t /backups/fleet-*.dump | head -n 1)}"
  [ -f "$file" ] || { echo "restore: no backup $file" >&2; exit 1; }
  echo "restore: $file into $PGDATABASE"
  pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error --dbname="$PGDATABASE" "$file"
  echo "restore: done"
}

until pg_isready --quiet; do sleep 1; done
case "${1:-schedule}" in
  now) dump ;;
  restore) restore "${2:-}" ;;
  list) ls -1t /backups ;;
  schedule)
    while true; do
      dump || echo "backup: failed, trying again at the next turn" >&2
      sleep "${BACKUP_EVERY_SECONDS:-86400}"
    done ;;
  *) echo "backup.sh now | restore [file] | list | schedule" >&2; exit 2 ;;
esac
