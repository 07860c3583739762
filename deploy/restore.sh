#!/usr/bin/env bash
# Puts a backup back into the running site's PostgreSQL, replacing what it holds (docs/operations.md):
#   deploy/restore.sh                 # the newest backup
#   deploy/restore.sh fleet-20261128T030000Z.dump
# The APIs are stopped while it runs (visitors' enquiries wait in their forms, the pages still serve) and started
# again after, whether it worked or not.
set -euo pipefail
cd "$(dirname "$0")"
compose="${COMPOSE:-$(command -v docker >/dev/null && docker compose version >/dev/null 2>&1 && echo "docker compose" || echo podman-compose) -p fleet}"
file="${1:+/backups/$1}"
$compose -f compose.yaml stop api-1 api-2
trap '$compose -f compose.yaml start api-1 api-2' EXIT
$compose -f compose.yaml run --rm --no-deps backup restore $file
