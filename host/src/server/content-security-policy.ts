import { hash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { ContentSources } from "remote-kit/protocol";

/** The map on the home page (Google Maps' embed, which may answer from either host). */
export const MAP_FRAME_SOURCES = ["https://www.google.com", "https://maps.google.com"];

export interface PagePolicyInput {
  /**
   * The page's own inline scripts and styles (page-document inlineSources): allowed by their hashes, so the same
   * page is the same bytes for every visitor (no per-response nonce) and a shared cache can serve it.
   */
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

/**
 * An inline part's CSP hash. Pages share their few inline parts (the boot script, each remote's styles), so each is
 * hashed once, not again for every answer (a cached page's policy is written per request: TLS or not).
 */
const hashes = new LRUCache<string, string>({
  max: 500,
  memoMethod: (text) => `'sha256-${hash("sha256", text, "base64")}'`,
});

/**
 * The pages' Content-Security-Policy: nothing runs or is styled but the site's own files, the configured remotes'
 * and the page's own inline code and styles, each by its hash; no eval, no inline handlers or style attributes;
 * frames only for the map and what a remote declares (the credit application); the page cannot be framed, change
 * its base or post forms elsewhere.
 */
export function pageContentSecurityPolicy(input: PagePolicyInput): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'none'"],
    "script-src": unique(
      ["'self'", ...new Set(input.inline.scripts.map((text) => hashes.memo(text)))],
      input.remoteOrigins,
    ),
    "style-src": unique(
      ["'self'", ...new Set(input.inline.styles.map((text) => hashes.memo(text)))],
      input.remoteOrigins,
    ),
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
