#!/usr/bin/env bash
# The production stack, tested as it runs (CI runs it after `npm test` when there is time; docs/operations.md): builds every image
# with podman on a base made from Debian's packages, brings deploy/compose.yaml up with `tls internal` for
# site.fleet.test and desk.fleet.test, then runs e2e/containers/ in Chromium over HTTPS through Caddy and Varnish:
# the cross-remote smoke, the desk's passkeys, a team's rollout and rollback, an API and then PostgreSQL killed
# under lead traffic, and the restore drill. Leaves nothing running.
#   deploy/test-stack.sh            # all of it
#   deploy/test-stack.sh build      # the images only (needs no npm install)
#   deploy/test-stack.sh test       # up, the suite, down (the images built)
#   deploy/test-stack.sh up | down  # the stack as the suite runs it, left up / taken down
#   deploy/test-stack.sh ci <epoch> # CI: build, then test if it can end by then
set -euo pipefail
cd "$(dirname "$0")/.."
export CONTAINERS_CONF="$PWD/deploy/podman/containers.conf"
compose=(podman-compose -p fleet -f deploy/compose.yaml)
work="${TMPDIR:-/tmp}/fleet-stack"
mkdir -p "$work"

export SITE_HOST=site.fleet.test DESK_HOST=desk.fleet.test TLS_MODE=internal
export POSTGRES_IMAGE=localhost/fleet/postgres:15 CADDY_IMAGE=localhost/fleet/caddy:2
export SEED_VEHICLES="${SEED_VEHICLES:-60}" LEAD_RATE_LIMIT_MAX=100000 READ_RATE_LIMIT_MAX="${READ_RATE_LIMIT_MAX:-600}" LOG_LEVEL=warn
# the mail relay: a catcher on this machine, which the containers reach by its name for them
export SMTP_URL="smtp://host.containers.internal:2525"
base=localhost/fleet/node:20-bookworm-slim

build() {
  deploy/podman/debian-base.sh "$base"
  for stand_in in postgres:15 caddy:2; do
    podman image exists "localhost/fleet/$stand_in" || podman build -q --format docker --build-arg BASE="$base" \
      --target "${stand_in%%:*}" -f deploy/podman/stand-ins.Dockerfile -t "localhost/fleet/$stand_in" . >/dev/null
  done
  deploy/build-images.sh --base "$base" --tag latest >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
  podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep '^localhost/fleet/'
}

down() {
  "${compose[@]}" down -v >/dev/null 2>&1 || true
  podman rm -f $(podman ps -aq --filter label=io.podman.compose.project=fleet) >/dev/null 2>&1 || true
  [ -f "$work/mail.pid" ] && kill "$(cat "$work/mail.pid")" 2>/dev/null || true
  rm -f "$work/mail.pid" deploy/.env
}

up() {
  down
  deploy/make-secrets.sh >/dev/null
  npx maildev --smtp 2525 --web 2580 --ip 0.0.0.0 --web-ip 127.0.0.1 --silent >"$work/mail.log" 2>&1 &
  echo $! >"$work/mail.pid"
  "${compose[@]}" up -d >"$work/up.log" 2>&1 || { cat "$work/up.log"; exit 1; }
  local site=(curl -skf --resolve "$SITE_HOST:443:127.0.0.1" -o /dev/null)
  for _ in $(seq 1 90); do "${site[@]}" "https://$SITE_HOST/inventory" && break; sleep 2; done
  "${site[@]}" "https://$SITE_HOST/inventory" ||
    { "${compose[@]}" logs >"$work/logs.txt" 2>&1; tail -80 "$work/logs.txt"; exit 1; }
  # Chromium trusts Caddy's own authority as a visitor's browser trusts a public one (passkeys need a valid
  # certificate), in a profile of the suite's own
  podman cp fleet_caddy_1:/data/caddy/pki/authorities/local/root.crt "$work/caddy-root.crt"
  rm -rf "$work/home" && mkdir -p "$work/home/.pki/nssdb"
  certutil -d "sql:$work/home/.pki/nssdb" -N --empty-password
  certutil -d "sql:$work/home/.pki/nssdb" -A -t "C,," -n fleet-caddy -i "$work/caddy-root.crt"
}

suite() {
  trap down EXIT
  up
  FLEET_STACK_HOME="$work/home" FLEET_STACK_CA="$work/caddy-root.crt" \
    npx playwright test -c e2e/containers/playwright.config.ts ||
    { "${compose[@]}" logs >"$work/logs.txt" 2>&1; echo "the stack's logs: $work/logs.txt"; exit 1; }
}

# CI: the images, then the suite if it can still end before `$2` (epoch seconds); otherwise it says it was not run
ci() {
  build
  if (( $(date +%s) + 5 * 60 < $1 )); then suite; else echo "NOT RUN: the images were built too late to test them in time"; fi
}

case "${1:-all}" in
  build) build ;;
  ci) ci "${2:?the time the suite must end by, in epoch seconds}" ;;
  test) suite ;;
  up) up ;;
  down) down ;;
  all) build && suite ;;
  *) echo "deploy/test-stack.sh [build | test | up | down]" >&2; exit 2 ;;
esac
