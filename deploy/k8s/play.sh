#!/usr/bin/env bash
# One machine, the Kubernetes way: renders deploy/k8s/overlays/podman and plays it with `podman kube play`.
#   deploy/k8s/play.sh          the site at http://localhost:4173, the staff desk at http://localhost:4190
#   deploy/k8s/play.sh --down   stops and removes the pods and their secrets (the photos stay in the podman volume
#                               api-photos: podman volume rm api-photos)
# Needs the images localhost/fleet/* (the root Dockerfile's targets) and kubectl (its kustomize renders).
# Podman 4.3 plays Deployments (one pod each, <name>-pod-0, which the others reach by that name on the network
# made here) and the ConfigMaps in the same file; a Secret it reads only as a podman secret holding the JSON of
# its keys (base64 values), which this makes from the rendered Secrets; a PersistentVolumeClaim is a podman volume
# of its name, made here when missing (kube play refuses one that exists, and the photos outlive a play).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$root/deploy/podman/containers.conf}"
network="${FLEET_PODMAN_NETWORK:-fleet-k8s}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

kubectl kustomize --load-restrictor LoadRestrictionsNone "$here/overlays/podman" >"$work/rendered.yaml"
# play.yaml: what podman plays; secret-<name>.json: each Secret as podman reads it; images.txt: the images needed
(cd "$root" && node --input-type=module - "$work" <<'JS'
import { readFileSync, writeFileSync } from "node:fs";
import YAML from "yaml";
const dir = process.argv[2];
const objects = YAML.parseAllDocuments(readFileSync(`${dir}/rendered.yaml`, "utf8")).map((d) => d.toJS());
const plays = new Set(["Deployment", "Pod", "ConfigMap"]);
writeFileSync(`${dir}/play.yaml`, objects.filter((o) => plays.has(o.kind)).map((o) => YAML.stringify(o)).join("---\n"));
const secrets = objects.filter((o) => o.kind === "Secret");
for (const s of secrets) {
  const data = { ...s.data };
  for (const [key, value] of Object.entries(s.stringData ?? {})) data[key] = Buffer.from(value).toString("base64");
  writeFileSync(`${dir}/secret-${s.metadata.name}.json`, JSON.stringify(data));
}
writeFileSync(`${dir}/secrets.txt`, secrets.map((s) => `${s.metadata.name}\n`).join(""));
const claims = objects.filter((o) => o.kind === "PersistentVolumeClaim");
writeFileSync(`${dir}/volumes.txt`, claims.map((c) => `${c.metadata.name}\n`).join(""));
const images = objects.flatMap((o) => o.spec?.template?.spec?.containers ?? []).map((c) => c.image);
writeFileSync(`${dir}/images.txt`, [...new Set(images)].map((i) => `${i}\n`).join(""));
JS
)

if [ "${1:-}" = "--down" ]; then
  podman kube down "$work/play.yaml" || true
  while read -r secret; do podman secret rm "$secret" >/dev/null 2>&1 || true; done <"$work/secrets.txt"
  exit 0
fi

missing=0
while read -r image; do
  if ! podman image exists "$image"; then echo "missing image $image (build it from the root Dockerfile)" >&2; missing=1; fi
done <"$work/images.txt"
[ "$missing" = 0 ] || exit 1

podman network exists "$network" || podman network create "$network" >/dev/null
while read -r volume; do podman volume exists "$volume" || podman volume create "$volume" >/dev/null; done <"$work/volumes.txt"
while read -r secret; do
  podman secret rm "$secret" >/dev/null 2>&1 || true
  podman secret create "$secret" "$work/secret-$secret.json" >/dev/null
done <"$work/secrets.txt"
podman kube play --replace --network "$network" "$work/play.yaml"
echo "the site: http://localhost:4173  the staff desk: http://localhost:4190  (podman pod ps; podman logs <pod>-app)"
