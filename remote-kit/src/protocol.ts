/**
 * The contract between the host server and each remote's server: where a remote says its renderer is (a field of
 * its own mf-manifest.json), what a render request carries, and what the renderer answers. Plain data only, so
 * the host server, the remote servers and the browser can all import it.
 */
import type { z } from "zod/mini";
import type * as schemas from "./server/protocol-schemas.js";

// the messages, each inferred from the schema its receiver checks it with
export type SiteContext = z.infer<typeof schemas.siteContextSchema>;
export type SubmittedForm = z.infer<typeof schemas.submittedFormSchema>;
export type RenderRequest = z.infer<typeof schemas.renderRequestSchema>;
export type FragmentRequest = z.infer<typeof schemas.fragmentRequestSchema>;
export type FormPost = z.infer<typeof schemas.formPostSchema>;
export type PageHead = z.infer<typeof schemas.pageHeadSchema>;
export type FragmentInclude = z.infer<typeof schemas.fragmentIncludeSchema>;
export type RenderResult = z.infer<typeof schemas.renderResultSchema>;
export type FragmentResult = z.infer<typeof schemas.fragmentResultSchema>;
export type RemoteCookie = z.infer<typeof schemas.remoteCookieSchema>;
export type FormOutcome = z.infer<typeof schemas.formOutcomeSchema>;

/**
 * Bumped only for a change that the host of the previous release could not read: a host composes the remotes of its
 * own protocol only. 2: the page is islands (only the interactive parts hydrate, each on its own; the rest stays
 * server HTML), peers' modules come as server fragments, and forms post to the page without scripts.
 */
export const RENDER_PROTOCOL = 2;

/**
 * `metaData.server` in a remote's mf-manifest.json (MANIFEST_SERVER_FIELD): every path is relative to the manifest's
 * own URL, so a remote moved to a new URL is found there by the host with no change but the remote configuration.
 * `render`, `fragment` and `form` take a RenderRequest, FragmentRequest and FormPost; `sitemap` lists SitemapEntry[].
 */
export interface RemoteServerInfo {
  protocol: number;
  render: string;
  fragment?: string;
  form?: string;
  sitemap: string;
  /**
   * The paths its pages answer (react-router patterns of its src/routes.tsx): the host sends a path to the remote
   * that declares it, so a team adds a page with its own release alone. `pages`: what the host needs to cache them.
   */
  routes?: string[];
  pages?: PageDeclaration[];
  /** Data the remote publishes for its peers (name → JSON file), e.g. catalog's line-up models. */
  data: Record<string, string>;
  /**
   * Origins outside the site that this remote's pages embed (frame), show images from (img) or call (connect):
   * the host's Content-Security-Policy allows them, and nothing else outside the site.
   */
  contentSources?: ContentSources;
}

/**
 * A pattern of `routes`, the query parameters its page reads (any other is dropped by a redirect, so a random
 * parameter never makes a page no cache holds), and whether it is private (never kept by any cache).
 */
export interface PageDeclaration {
  path: string;
  query?: string[];
  private?: boolean;
}

export interface ContentSources {
  frame?: readonly string[];
  img?: readonly string[];
  connect?: readonly string[];
}

export const MANIFEST_SERVER_FIELD = "server";

/** Where a remote keeps its releases (fleet-release), and the path its server serves them under. */
export const RELEASES_DIR = "releases";

/** A remote's cookies are named "<remote>_...": the host passes each remote its own, and sets only those it names. */
export const remoteCookiePrefix = (remote: string) => `${remote}_`;

/** Set by the host's page script on a form the browser is sending itself: its code, arriving meanwhile, must not. */
export const NATIVE_SUBMIT_ATTRIBUTE = "data-submitting";

/**
 * A form sent in place by the page's own script (the host's, no team's code): on the form, the site's API address
 * that takes it as JSON (`action`); inside it, the element that says what the API answered (`status`); anywhere in
 * the page, the elements the answer's `updates` name (`update`, its key). The API answers `said` (and `updates`), or
 * a 4xx with its reason; anything else, and the form is sent the browser's way (its own `action`), as without scripts.
 */
export const IN_PLACE_FORM = {
  action: "data-send-in-place",
  status: "data-in-place-status",
  update: "data-in-place-update",
} as const;

/** The hidden field every form posted to the page carries: whose form it is ("leads:contact"). */
export const FORM_FIELD = "fleet-form";

/** The remote that owns a posted form, from its FORM_FIELD value; null for a value no remote could have written. */
export function formOwner(id: string): { remote: string; key: string } | null {
  const owner = /^(?<remote>[a-z][a-z0-9-]{0,30}):(?<key>[A-Za-z0-9:._-]{1,200})$/.exec(id)?.groups;
  return owner ? { remote: owner.remote as string, key: owner.key as string } : null;
}

/** How long a host reuses a reusable fragment's HTML at most (a purge or a new build ends it sooner). */
export const FRAGMENT_REUSE_MS = 60_000;

/** Around a fragment's slot in the page's HTML, its fallback between: the host replaces it all, or leaves the fallback. */
export const FRAGMENT_ELEMENT = "fleet-fragment";
export const fragmentSlotMarkers = (slot: string) => ({
  open: `<template data-fleet-slot="${slot}"></template>`,
  close: `<template data-fleet-slot-end="${slot}"></template>`,
});

/** A page for /sitemap.xml; lastmod: an ISO date or date-time. */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** The id of the JSON data block the host writes into the page. */
export const SITE_CONTEXT_ELEMENT_ID = "fleet-site";

/** JSON safe in a <script> element: no value can close it or open a comment; U+2028/U+2029 escaped too. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, unicodeEscape);
}
const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** Text and attribute values for hand-written HTML (the host's head). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** A site path or absolute URL made absolute against the site's origin. Data URIs are not addresses: dropped. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string | undefined {
  if (!pathOrUrl || pathOrUrl.startsWith("data:")) return undefined;
  try {
    return new URL(pathOrUrl, `${siteUrl}/`).href;
  } catch {
    return undefined;
  }
}

export type HeadSite = Pick<SiteContext, "siteUrl"> & { siteName: string };

/** A page head's elements but <title>: the host server writes them as HTML, a page rendered in the browser adds them. */
export function pageHeadElements(head: PageHead, site: HeadSite) {
  const elements: { tag: "meta" | "link" | "script"; attributes: Record<string, string>; text?: string }[] = [];
  const meta = (key: "name" | "property", name: string, content: string | undefined) => {
    if (content) elements.push({ tag: "meta", attributes: { [key]: name, content } });
  };
  const canonical = head.canonical ? absoluteUrl(site.siteUrl, head.canonical) : undefined;
  const image = head.image ? absoluteUrl(site.siteUrl, head.image) : undefined;
  meta("name", "description", head.description);
  meta("name", "robots", head.robots);
  if (canonical) elements.push({ tag: "link", attributes: { rel: "canonical", href: canonical } });
  meta("property", "og:site_name", site.siteName);
  meta("property", "og:type", head.ogType ?? "website");
  meta("property", "og:title", head.title);
  meta("property", "og:description", head.description);
  meta("property", "og:url", canonical);
  meta("property", "og:image", image);
  meta("property", "og:image:alt", image ? (head.imageAlt ?? head.title) : undefined);
  meta("property", "og:locale", "en_CA");
  meta("name", "twitter:card", image ? "summary_large_image" : "summary");
  meta("name", "twitter:title", head.title);
  meta("name", "twitter:description", head.description);
  meta("name", "twitter:image", image);
  for (const item of head.jsonLd ?? []) {
    elements.push({ tag: "script", attributes: { type: "application/ld+json" }, text: jsonForScript(item) });
  }
  return elements;
}

/** Marks every element of a page's own head, so a client-side navigation can remove them all. */
export const PAGE_HEAD_ATTRIBUTE = "data-page-head";

/**
 * A renderer's answer with HTML: its other fields as one line of JSON, a newline, then the HTML as it is (not
 * escaped into JSON and back). An answer without HTML (a form's outcome) is JSON.
 */
export const SPLIT_ANSWER_TYPE = "application/x-fleet-answer";

/** A renderer's answer as SPLIT_ANSWER_TYPE's body; null for an answer without HTML (sent as JSON). */
export function splitAnswer(answer: object): string | null {
  const { html, ...rest } = answer as { html?: unknown };
  return typeof html === "string" ? `${JSON.stringify(rest)}\n${html}` : null;
}

/** SPLIT_ANSWER_TYPE's body read back (its fields then checked like any answer's). */
export function joinAnswer(body: string): unknown {
  const end = body.indexOf("\n");
  if (end < 0) throw new SyntaxError("a split answer without its HTML");
  return { ...JSON.parse(body.slice(0, end)), html: body.slice(end + 1) };
}

/** The head as HTML, for the host server. */
export function renderPageHead(head: PageHead, site: HeadSite): string {
  const attributes = (attrs: Record<string, string>) =>
    Object.entries(attrs)
      .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
      .join("");
  const elements = pageHeadElements(head, site).map(({ tag, attributes: attrs, text }) => {
    const open = `<${tag}${attributes(attrs)} ${PAGE_HEAD_ATTRIBUTE}>`;
    return tag === "script" ? `${open}${text ?? ""}</script>` : open;
  });
  return [`<title>${escapeHtml(head.title)}</title>`, ...elements].join("\n    ");
}

/**
 * What a renderer refuses (answered 404, not 500), by a code the remote's server reads: the renderer is a bundle of
 * its own (instanceof fails across the two), and may be a release's, built before the server.
 */
export const RENDERER_REFUSALS = {
  route: "FLEET_ROUTE_NOT_OWNED",
  fragment: "FLEET_FRAGMENT_NOT_EXPOSED",
  form: "FLEET_FORM_NOT_OWNED",
} as const;

// the dependencies the host provides every remote at run time (Module Federation shared singletons)
export { SHARED_DEPENDENCIES } from "./shared-dependencies.js";
