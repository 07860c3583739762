#!/usr/bin/env bash
# Points the running site at another version of one deployable, and nothing else: its containers are replaced, the
# hosts and the other remotes keep running (the hosts read a remote's manifest again within seconds and purge what
# it rendered). Rolling back is the same command with the version before.
#   deploy/rollout.sh leads 2026.11.28-3       # catalog | inventory | service | leads | host | api | desk
# The version each deployable runs is kept in deploy/.env (Compose reads it), so a later `up` keeps it.
set -euo pipefail
cd "$(dirname "$0")"
name="${1:?which deployable: catalog, inventory, service, leads, host, api, desk}"
version="${2:?which version (its image tag)}"
case "$name" in
  catalog | inventory | service | leads) services=("$name") ;;
  host) services=(host-1 host-2) ;;
  api) services=(api-1 api-2) ;;
  desk) services=(desk) ;;
  *) echo "no deployable called $name" >&2; exit 2 ;;
esac
variable="$(echo "$name" | tr a-z A-Z)_VERSION"
compose="${COMPOSE:-$(command -v docker >/dev/null && docker compose version >/dev/null 2>&1 && echo "docker compose" || echo podman-compose) -p fleet}"

touch .env
previous="$(sed -n "s/^$variable=//p" .env)"
grep -v "^$variable=" .env > .env.next || true
echo "$variable=$version" >> .env.next
mv .env.next .env
cli="${compose%% *}"; [ "$cli" = podman-compose ] && cli=podman
# Waits until the service's new container passes its image's health check (podman runs it on request, docker itself)
healthy() {
  local id
  for _ in $(seq 1 90); do
    id="$($cli ps -q --filter "label=com.docker.compose.service=$1" | head -n 1)"
    if [ -n "$id" ]; then
      if [ "$cli" = podman ]; then podman healthcheck run "$id" >/dev/null 2>&1 && return 0
      else [ "$(docker inspect -f '{{.State.Health.Status}}' "$id")" = healthy ] && return 0; fi
    fi
    sleep 1
  done
  echo "$1 did not become healthy: roll back with deploy/rollout.sh $name ${previous:-latest}" >&2
  return 1
}
# one at a time where there are two, so one always serves
for service in "${services[@]}"; do
  $compose -f compose.yaml up -d --no-deps --force-recreate "$service"
  healthy "$service"
done
echo "$name now runs $version; to roll back: deploy/rollout.sh $name ${previous:-latest}"
