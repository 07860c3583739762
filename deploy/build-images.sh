#!/usr/bin/env bash
# Builds the site's images, or some of them, from the root Dockerfile (with docker, or podman where docker is not):
#   deploy/build-images.sh [--tag <version>] [--base <image>] [api host desk catalog inventory service leads varnish]
# Each deployable is fleet/<name>:<version> (the remotes fleet/mfe-<team>); a team builds only its own.
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${VERSION:-latest}"
base=""
while [ $# -gt 0 ]; do
  case "$1" in
    --tag) tag="$2"; shift 2 ;;
    --base) base="$2"; shift 2 ;;
    *) break ;;
  esac
done
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(api host desk catalog inventory service leads varnish)

cli="$(command -v docker >/dev/null && docker info >/dev/null 2>&1 && echo docker || echo podman)"
build=("$cli" build)
# podman writes OCI images by default, which drop HEALTHCHECK
[ "$cli" = podman ] && build+=(--format docker)
[ -n "$base" ] && build+=(--build-arg "BASE=$base")

for name in "${names[@]}"; do
  case "$name" in
    api | host) "${build[@]}" --target "$name" -t "fleet/$name:$tag" . ;;
    desk) "${build[@]}" --target desk -t "fleet/staff-desk:$tag" . ;;
    catalog | inventory | service | leads)
      "${build[@]}" --target remote --build-arg "REMOTE=$name" -t "fleet/mfe-$name:$tag" . ;;
    varnish) "${build[@]}" -f deploy/varnish/Dockerfile -t "fleet/varnish:$tag" . ;;
    *) echo "no image called $name" >&2; exit 2 ;;
  esac
done
