#!/bin/sh
# Writes the top VCL from the environment, then runs varnishd in the foreground.
#   VARNISH_BACKENDS    the host servers, "name:port name:port" (round robin, health-checked), or one balancer
#   VARNISH_PURGERS     names, addresses or address/bits allowed to PURGE (the hosts); unset: the backends
#   VARNISH_TLS_PROXY   the same, of the TLS terminator whose X-Forwarded-For/-Proto are believed
#   SHARED_CACHE_PURGE_SECRET or SHARED_CACHE_PURGE_SECRET_FILE   the hosts' purge secret (32+ characters)
#   VARNISH_MEMORY      the cache's size (256m unset)
set -eu
secret="${SHARED_CACHE_PURGE_SECRET:-}"
[ -n "${SHARED_CACHE_PURGE_SECRET_FILE:-}" ] && secret="$(cat "$SHARED_CACHE_PURGE_SECRET_FILE")"
case "$secret" in
  *[!A-Za-z0-9_.~-]* | "") echo "SHARED_CACHE_PURGE_SECRET: 32+ letters, digits or -._~" >&2; exit 1 ;;
esac
[ "${#secret}" -ge 32 ] || { echo "SHARED_CACHE_PURGE_SECRET: 32+ characters" >&2; exit 1; }

# an ACL's entries from "name, address or address/bits" separated by spaces or commas (a name is resolved now)
acl_of() {
  for entry in $(echo "$1" | tr ',' ' '); do
    case "$entry" in
      */*) echo "  \"${entry%/*}\"/${entry#*/};" ;;
      *) echo "  \"${entry%%:*}\";" ;;
    esac
  done
}
vcl=/etc/varnish/site.vcl
{
  echo 'vcl 4.1;'
  echo 'import directors; import std; import xkey;'
  i=0
  for backend in ${VARNISH_BACKENDS:?name the host servers}; do
    echo "backend host$i { .host = \"${backend%%:*}\"; .port = \"${backend##*:}\"; .first_byte_timeout = 15s;"
    echo '  .probe = { .url = "/robots.txt"; .interval = 2s; .timeout = 1s; .window = 3; .threshold = 2; } }'
    i=$((i + 1))
  done
  echo 'sub vcl_init { new site = directors.round_robin();'
  i=0
  for backend in $VARNISH_BACKENDS; do echo "  site.add_backend(host$i);"; i=$((i + 1)); done
  echo '}'
  echo 'acl purgers {'; acl_of "${VARNISH_PURGERS:-$VARNISH_BACKENDS}"; echo '}'
  echo 'acl tls_proxy {'; acl_of "${VARNISH_TLS_PROXY:-}"; echo '}'
  cat <<VCL
sub fleet_forwarded {
  # the TLS terminator says who the visitor is and that they came over HTTPS; anyone else is taken at their address
  if (client.ip ~ tls_proxy && req.http.x-forwarded-proto == "https") {
    set req.http.x-forwarded-for = regsub(req.http.x-forwarded-for, "^([^,]+).*$", "\1");
  } else {
    set req.http.x-forwarded-for = client.ip;
    set req.http.x-forwarded-proto = "http";
  }
}
sub fleet_purge_secret {
  if (req.http.x-purge-secret != "$secret") { return (synth(403, "A purge needs the shared secret")); }
}
include "/etc/varnish/fleet.vcl";
VCL
} > "$vcl"
exec varnishd -F -n /var/lib/varnish/site -a "0.0.0.0:${VARNISH_PORT:-8080}" -f "$vcl" -s "malloc,${VARNISH_MEMORY:-256m}"
