import { hash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { ContentSources } from "remote-kit/protocol";

/** The map on the home page (Google Maps' embed, which may answer from either host). */
const MAP_FRAME_SOURCES = ["https://www.google.com", "https://maps.google.com"];

export interface PagePolicyInput {
  /** The page's own inline scripts and styles, allowed by hash (no nonce: a shared cache can serve the page). */
  inline: { scripts: readonly string[]; styles: readonly string[] };
  /** Origins of remotes configured outside this site: their code, styles, manifests and images. */
  remoteOrigins: readonly string[];
  /** What each remote's manifest says its pages embed or call outside the site. */
  declared: readonly ContentSources[];
  /** Further image origins (a media host), from the host's configuration. */
  imageSources?: readonly string[];
  /** The visitor came over TLS: anything still asked for over http is upgraded. */
  tls: boolean;
}

/** Only a bare origin may come from configuration or a manifest: never a keyword, a wildcard or a second directive. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

const unique = (own: readonly string[], ...lists: (readonly string[] | undefined)[]) => [
  ...new Set([...own, ...lists.flatMap((list) => (list ?? []).filter((source) => ORIGIN.test(source)))]),
];

/** An inline part's CSP hash: pages share their few inline parts, hashed once, not for every answer. */
const hashes = new LRUCache<string, string>({
  max: 500,
  memoMethod: (text) => `'sha256-${hash("sha256", text, "base64")}'`,
});

/**
 * The pages' Content-Security-Policy: only the site's, the configured remotes' and the page's own hashed inline
 * code and styles; frames only for the map and what a remote declares; never framed, no other base or form target.
 */
export function pageContentSecurityPolicy(input: PagePolicyInput): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'none'"],
    "script-src": unique(["'self'", ...input.inline.scripts.map((text) => hashes.memo(text))], input.remoteOrigins),
    "style-src": unique(["'self'", ...input.inline.styles.map((text) => hashes.memo(text))], input.remoteOrigins),
    "connect-src": unique(["'self'"], input.remoteOrigins, ...input.declared.map((d) => d.connect)),
    "img-src": unique(
      ["'self'", "data:"],
      input.remoteOrigins,
      input.imageSources,
      ...input.declared.map((d) => d.img),
    ),
    "font-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": unique([], MAP_FRAME_SOURCES, ...input.declared.map((d) => d.frame)),
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(" ")}`);
  if (input.tls) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}
