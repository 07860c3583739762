# The site's shared cache: Varnish in front of one or more host servers (scripts/shared-cache.mjs writes the
# backends and includes this file). Pages are the same bytes for every visitor, so one copy serves everyone for its
# s-maxage (and its stale-while-revalidate while a fresh one is made). Every page names what it shows in its
# `xkey` header (shared-types CACHE_TAGS); the hosts purge by those tags the moment the API says something changed.

acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  set req.backend_hint = site.backend();

  # PURGE with `xkey-purge: unit:A1234 inventory`: every object carrying any of the tags goes at once
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Purges come from the site's own servers only"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "Name the tags to purge in xkey-purge"));
    }
    set req.http.n-gone = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.n-gone));
  }

  if (req.method != "GET" && req.method != "HEAD") {
    # forms sent without scripts, and anything else: always the host's
    return (pass);
  }
  # the API answers each visitor (rate limits, cookies, leads): not for a shared cache
  if (req.url ~ "^/api/") {
    return (pass);
  }
  # nothing on a page depends on a cookie: one copy for everyone
  unset req.http.cookie;
  unset req.http.authorization;
  return (hash);
}

sub vcl_hash {
  # a page's CSP upgrades http only for visitors who came over TLS (as the proxy in front says)
  hash_data(req.http.x-forwarded-proto);
}

sub vcl_backend_response {
  # s-maxage and stale-while-revalidate come from the host's Cache-Control (Varnish reads both)
  if (beresp.http.set-cookie) {
    set beresp.uncacheable = true;
    return (deliver);
  }
  # a page that failed to be composed (5xx) is not kept
  if (beresp.status >= 500) {
    set beresp.ttl = 0s;
    set beresp.uncacheable = true;
  }
  return (deliver);
}

sub vcl_deliver {
  # the tags are for purging here, not for visitors
  unset resp.http.xkey;
  if (obj.hits > 0) {
    set resp.http.x-cache = "HIT";
  } else {
    set resp.http.x-cache = "MISS";
  }
  # a shared cache does not name its software
  unset resp.http.via;
  unset resp.http.x-varnish;
}
