import type { ContentSources } from "remote-kit/protocol";

/** The map on the home page (Google Maps' embed, which may answer from either host). */
export const MAP_FRAME_SOURCES = ["https://www.google.com", "https://maps.google.com"];

export interface PagePolicyInput {
  /** A fresh random value per response: only the page's own inline styles and boot script carry it. */
  nonce: string;
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
 * The pages' Content-Security-Policy: nothing runs or is styled but the site's own files, the configured remotes'
 * and what carries this response's nonce; no eval, no inline handlers or style attributes; frames only for the map
 * and what a remote declares (the credit application); the page cannot be framed, change its base or post forms
 * elsewhere.
 */
export function pageContentSecurityPolicy(input: PagePolicyInput): string {
  const nonce = `'nonce-${input.nonce}'`;
  const directives: Record<string, string[]> = {
    "default-src": ["'none'"],
    "script-src": unique(["'self'", nonce], input.remoteOrigins),
    "style-src": unique(["'self'", nonce], input.remoteOrigins),
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
