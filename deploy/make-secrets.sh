#!/usr/bin/env bash
# Makes each secret deploy/compose.yaml reads that is not there yet, in deploy/secrets/ (a folder only its owner can
# open; nothing in it is committed or goes into an image). To use a value of your own, write it there first. To
# rotate one, docs/operations.md.
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)/secrets"
mkdir -p "$dir" && chmod 700 "$dir"
make() { # name, value
  [ -s "$dir/$1" ] && return
  printf '%s' "$2" > "$dir/$1"
  # the containers' own users (node, postgres) read it through the mount; the folder keeps everyone else out
  chmod 644 "$dir/$1"
  echo "made $dir/$1"
}
random() { head -c 48 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n'; }
make postgres_password "$(random)"
make database_url "postgres://fleet:$(cat "$dir/postgres_password")@postgres:5432/fleet"
for name in render_secret purge_secret staff_desk_key lead_signing_secret leads_export_token; do
  make "$name" "$(random)"
done
