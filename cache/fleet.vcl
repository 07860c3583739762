# The site's shared cache: Varnish in front of one or more host servers (scripts/shared-cache.mjs writes the
# backends, the purge secret's check and includes this file). Pages are the same bytes for every visitor, so one
# copy serves everyone for its s-maxage (and its stale-while-revalidate while a fresh one is made). Every page names
# what it shows in its `xkey` header (shared-types CACHE_TAGS); the hosts purge by those tags the moment the API
# says something changed.
#
# The top file that includes this one defines the backends (`site`), `acl purgers` (the hosts' addresses),
# `sub fleet_purge_secret` and `sub fleet_forwarded` (what this cache believes of a visitor's address and protocol:
# nothing when visitors reach it directly, a TLS terminator's word when one is in front: deploy/varnish/).

sub vcl_recv {
  set req.backend_hint = site.backend();

  # PURGE with `xkey-purge: unit:A1234 inventory`: every object carrying any of the tags goes at once. Only from
  # the site's own servers, and only with the shared secret (X-Purge-Secret) the hosts are given
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Purges come from the site's own servers only"));
    }
    call fleet_purge_secret;
    if (!req.http.xkey-purge) {
      return (synth(400, "Name the tags to purge in xkey-purge"));
    }
    set req.http.n-gone = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.n-gone));
  }

  # the hosts trust this cache's word on the visitor's address and protocol (TRUST_PROXY)
  call fleet_forwarded;

  if (req.method != "GET" && req.method != "HEAD") {
    # forms sent without scripts, and anything else: always the host's
    return (pass);
  }
  # the API answers each visitor (rate limits, cookies, leads): not for a shared cache
  if (req.url ~ "^/api/") {
    return (pass);
  }
  # team leads' fleet quote is the visitor's own list, kept by their cookie (leads_fleet_quote): passed with it
  if (req.url ~ "^/fleet-quote(\?|$)") {
    return (pass);
  }
  # one address per page: tracking parameters no page reads go, the rest in one order (the host redirects any
  # other parameter a page does not read to the address without it, and that redirect is kept here too)
  set req.url = regsuball(req.url, "([?&])(utm_[a-z_]+|gclid|fbclid|msclkid|mc_eid|mc_cid)=[^&]*", "\1");
  set req.url = regsuball(req.url, "&&+", "&");
  set req.url = regsub(req.url, "\?&", "?");
  set req.url = regsub(req.url, "[?&]$", "");
  set req.url = std.querysort(req.url);
  # nothing on a page depends on a cookie: one copy for everyone
  unset req.http.cookie;
  unset req.http.authorization;
  return (hash);
}

sub vcl_backend_response {
  # s-maxage and stale-while-revalidate come from the host's Cache-Control (Varnish reads both). What is one
  # visitor's (a cookie set, private or no-store: an unsubscribe page) is never kept; Varnish's own logic, which
  # this replaces, would keep it too
  if (beresp.http.set-cookie || beresp.http.cache-control ~ "(?i)(private|no-store|no-cache)") {
    set beresp.ttl = 0s;
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
    # the host's timing is of the request that made the page, not of this one: a hit here says so instead
    set resp.http.server-timing = "cdn-cache;desc=hit;dur=0";
  } else {
    set resp.http.x-cache = "MISS";
  }
  # a shared cache does not name its software
  unset resp.http.via;
  unset resp.http.x-varnish;
}
