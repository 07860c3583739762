/**
 * The contract between the host server and each remote's server: where a remote says its renderer is (a field of
 * its own mf-manifest.json), what a render request carries, and what the renderer answers. Plain data only, so
 * the host server, the remote servers and the browser can all import it.
 */
import type { BusinessDetails, RemoteName } from "shared-types";

/**
 * Bumped only for a change that the host of the previous release could not read: a host composes the remotes of its
 * own protocol only. 2: the page is islands (only the interactive parts hydrate, each on its own; the rest stays
 * server HTML), peers' modules come as server fragments, and forms post to the page without scripts.
 */
export const RENDER_PROTOCOL = 2;

/**
 * `metaData.server` in a remote's mf-manifest.json (written by the federation plugin's manifest.additionalData):
 * every path is relative to the manifest's own URL, so a remote moved to a new URL is found there by the host
 * with no change but the remote configuration.
 */
export interface RemoteServerInfo {
  protocol: number;
  /** POST a RenderRequest, get a RenderResult. */
  render: string;
  /** POST a FragmentRequest, get a FragmentResult: one exposed module as server HTML, for a peer's page. */
  fragment?: string;
  /** POST a FormPost, get a FormOutcome: a form of this remote sent without scripts. */
  form?: string;
  /** GET the remote's pages for /sitemap.xml (SitemapEntry[]). */
  sitemap: string;
  /**
   * The paths this remote's pages answer (react-router patterns, from its src/routes.tsx, written at build time):
   * the host sends a path to the remote that declares it, so a team adds a page with its own release alone.
   */
  routes?: string[];
  /**
   * The same routes with what the host needs to cache their pages: the query parameters each reads (any other is
   * dropped by a redirect to the address without it, so a random parameter never makes a page no cache holds) and
   * whether it shows a visitor's own details or a token (never kept by any cache). A build without it: every
   * parameter kept, every page cacheable.
   */
  pages?: PageDeclaration[];
  /** Data the remote publishes for its peers (name → JSON file), e.g. catalog's line-up models. */
  data: Record<string, string>;
  /**
   * Origins outside the site that this remote's pages embed (frame), show images from (img) or call (connect):
   * the host's Content-Security-Policy allows them, and nothing else outside the site.
   */
  contentSources?: ContentSources;
}

export interface PageDeclaration {
  /** A react-router pattern, one of `routes`. */
  path: string;
  /** The query parameters the page reads; none: it reads none. */
  query?: string[];
  /** The page carries a visitor's details or a token from its address: answered no-store, never cached. */
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

/** What every page of the site knows: filled in by the host server, read by every remote. */
export interface SiteContext {
  /** The public origin of the site (canonical URLs, Open Graph, structured data), without a trailing slash. */
  siteUrl: string;
  business: BusinessDetails;
}

export interface RenderRequest {
  /** The page's path and query, e.g. "/inventory?page=2". */
  path: string;
  site: SiteContext;
  /** Where browsers load this remote's files from (its manifest's directory), absolute. */
  remoteBase: string;
  /** Each other remote's manifest URL as this renderer can reach it, for data a page needs from a peer. */
  peers: Partial<Record<RemoteName, string>>;
  /** A form on this page that was sent without scripts and refused: shown again with what was typed. */
  form?: SubmittedForm;
  /**
   * The visitor's cookies that carry this remote's prefix (remoteCookiePrefix), and only on a private page (kept
   * by no cache): a remote keeps a visitor's own state by them (team leads' fleet quote list).
   */
  cookies?: Record<string, string>;
  /** Asks a renderer of the previous release for its islands' props in a script element (ISLANDS_PROPS_IN_SCRIPT). */
  islandProps?: typeof ISLANDS_PROPS_IN_SCRIPT;
}

/**
 * Every renderer writes an island's props in a JSON script element, its last child. A renderer of the previous
 * release does so only when the request says "script" (without it, in an attribute no host reads now): the host
 * says it in each request for as long as that release may be composed.
 */
export const ISLANDS_PROPS_IN_SCRIPT = "script" as const;

/** A remote's cookies are named with its name and an underscore ("leads_fleet_quote"): the host passes each
 * remote its own and no other, and sets only those a remote's outcome names. */
export const remoteCookiePrefix = (remote: string) => `${remote}_`;

/** A cookie a remote's form outcome asks the host to set: HttpOnly, SameSite=Lax, the whole site, this long. */
export interface RemoteCookie {
  name: string;
  value: string;
  maxAgeS: number;
}

/**
 * A form sent without scripts that could not be accepted: what the visitor typed, the reason beside each field,
 * and a message for the whole form when the send itself failed. Only ever in the answer to that POST (never
 * cached, never in a URL).
 */
export interface SubmittedForm {
  /** The form's FORM_FIELD value: "<remote>:<the form's own key>". */
  id: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

/**
 * Set by the host's page script on a form the browser is sending itself (before its code took it over): the form's
 * code, arriving meanwhile, must not send it again.
 */
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
  const match = /^([a-z][a-z0-9-]{0,30}):([A-Za-z0-9:._-]{1,200})$/.exec(id);
  return match?.[1] && match[2] ? { remote: match[1], key: match[2] } : null;
}

/** Another remote's module a page shows: the host asks that remote's server for it and puts it in the slot. */
export interface FragmentInclude {
  /** Its place in the page's HTML (fragmentSlotMarkers). */
  slot: string;
  from: RemoteName;
  /** As exposed: "./vehicle-contact-form". */
  module: string;
  props: Record<string, unknown>;
  /**
   * Of `props`, those the page also gives the fragment's form itself, as hidden fields (`form="<its id>"`): the host
   * leaves them out when the provider's release takes them from the page (FragmentResult.takesFromPage), and sends
   * them to a release that does not.
   */
  pageGives?: string[];
}

export interface FragmentRequest {
  module: string;
  props: Record<string, unknown>;
  site: SiteContext;
  /**
   * The page the fragment goes into (its path and query), for the fragment's router. A fragment's HTML must not
   * depend on it: a form posts back to its own page by having no action, and the host puts the same fragment in
   * other pages (FragmentResult.reusable).
   */
  path: string;
  form?: SubmittedForm;
  /** As RenderRequest.islandProps. */
  islandProps?: typeof ISLANDS_PROPS_IN_SCRIPT;
}

export interface FragmentResult {
  html: string;
  /** What the fragment shows that can change (shared-types CACHE_TAGS): the page is purged with these too. */
  cacheTags?: string[];
  /**
   * The HTML is what these props and this site give on any page, for any visitor (no form was sent back to it):
   * the host may put it in other pages until its tags are purged or the remote's build changes, for at most
   * FRAGMENT_REUSE_MS, without asking again.
   */
  reusable?: boolean;
  /**
   * The props its form can take from the page instead (its declaration's takesFromPage): the host leaves those a
   * page gives (FragmentInclude.pageGives) out of its next requests for this release's fragment.
   */
  takesFromPage?: string[];
}

/** How long a host reuses a reusable fragment's HTML at most (a purge or a new build ends it sooner). */
export const FRAGMENT_REUSE_MS = 60_000;

/**
 * The inert elements around a fragment's slot in the consumer's HTML: its fallback sits between them, and the host
 * replaces all of it with the fragment, or leaves the fallback when the fragment cannot be had.
 */
export const FRAGMENT_ELEMENT = "fleet-fragment";
export const fragmentSlotMarkers = (slot: string) => ({
  open: `<template data-fleet-slot="${slot}"></template>`,
  close: `<template data-fleet-slot-end="${slot}"></template>`,
});

/** A form posted to a page without scripts, handed by the host to the remote that owns it. */
export interface FormPost {
  /** Every field as sent (application/x-www-form-urlencoded, last value of a repeated name). */
  fields: Record<string, string>;
  /** The page it was sent from: its path and query, and its public address. */
  path: string;
  pageUrl: string;
  /** Who sent it (the host's reading of the connection), for the API's limits per visitor. */
  clientIp: string;
  site: SiteContext;
  /** The visitor's cookies with the owning remote's prefix (RenderRequest.cookies). */
  cookies?: Record<string, string>;
}

/**
 * Stored: go there (303). Refused or failed: the page again with the form as it was sent, with this status. Either
 * may set the remote's own cookies (remoteCookiePrefix).
 */
export type FormOutcome =
  | { kind: "redirect"; location: string; cookies?: RemoteCookie[] }
  | { kind: "page"; status: number; form: SubmittedForm; cookies?: RemoteCookie[] };

/** A page's head: the host writes it into the document on the server, a page applies it after client navigation. */
export interface PageHead {
  title: string;
  description?: string;
  /** The page's canonical path and query on the site ("/inventory/vehicle/A1234"); absolute on output. */
  canonical?: string;
  /** A site path or an absolute URL; Open Graph and Twitter card image. */
  image?: string;
  imageAlt?: string;
  ogType?: "website" | "product" | "article";
  /** schema.org objects, each written as its own application/ld+json script. */
  jsonLd?: readonly object[];
  /** e.g. "noindex" for a page that says a unit is gone. */
  robots?: string;
}

export interface RenderResult {
  status: number;
  /** With a 301/302/307/308 status: where the page moved. */
  location?: string;
  html: string;
  head: PageHead;
  /** The page's path and no entries: the host of the previous release requires the field (and reads none of it). */
  data?: { path: string; entries: Record<string, never> };
  /**
   * Resource hints for the head, each link's attributes: a renderer of the previous release took them out of its
   * HTML here (today's leaves them where React wrote them, before the content: the host takes them from there).
   */
  links?: Record<string, string>[];
  /** Peers' modules the page shows as server fragments, one per slot in `html`. */
  fragments?: FragmentInclude[];
  /**
   * What the page shows that can change (shared-types CACHE_TAGS: a unit, the inventory as a whole): a shared
   * cache holding the page purges it when the API says one of these changed.
   */
  cacheTags?: string[];
  /** Where the renderer's time went (its data, its React render), for the page's Server-Timing: names and ms. */
  timings?: { name: string; desc?: string; dur: number }[];
}

export interface SitemapEntry {
  path: string;
  /** ISO date or date-time. */
  lastmod?: string;
}

/** The id of the JSON data block the host writes into the page. */
export const SITE_CONTEXT_ELEMENT_ID = "fleet-site";

/**
 * JSON safe inside a <script> element: `<`, `>` and `&` are escaped so no value can close the element or open
 * a comment, and U+2028/U+2029 so the text stays valid if a page ever evaluates it.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Text and attribute values for hand-written HTML (the host's head). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A site path or absolute URL made absolute against the site's origin. Data URIs are not addresses: dropped. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string | undefined {
  if (!pathOrUrl || pathOrUrl.startsWith("data:")) return undefined;
  try {
    return new URL(pathOrUrl, `${siteUrl}/`).href;
  } catch {
    return undefined;
  }
}

export interface HeadElement {
  tag: "meta" | "link" | "script";
  attributes: Record<string, string>;
  text?: string;
}

/**
 * The elements a page head turns into, besides <title>. One description for both sides: the host server writes
 * them as HTML, the browser creates them after a client-side navigation.
 */
export function pageHeadElements(
  head: PageHead,
  site: Pick<SiteContext, "siteUrl"> & { siteName: string },
): HeadElement[] {
  const elements: HeadElement[] = [];
  const meta = (key: "name" | "property", name: string, content: string | undefined) => {
    if (content) elements.push({ tag: "meta", attributes: { [key]: name, content } });
  };
  const canonical = head.canonical ? absoluteUrl(site.siteUrl, head.canonical) : undefined;
  const image = head.image ? absoluteUrl(site.siteUrl, head.image) : undefined;
  meta("name", "description", head.description);
  if (head.robots) meta("name", "robots", head.robots);
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
 * The media type of a renderer's answer with HTML: its other fields as one line of JSON (which never holds a raw
 * newline), a newline, then the HTML as it is, not escaped into JSON by the renderer and unescaped by the host. An
 * answer without HTML (a form's outcome) is JSON.
 */
export const SPLIT_ANSWER_TYPE = "application/x-fleet-answer";

/** A renderer's answer as SPLIT_ANSWER_TYPE's body; null for an answer without HTML (sent as JSON). */
export function splitAnswer(answer: object): string | null {
  const { html, ...rest } = answer as { html?: unknown };
  return typeof html === "string" ? `${JSON.stringify(rest)}\n${html}` : null;
}

/** SPLIT_ANSWER_TYPE's body read back into the answer (its fields then checked like any answer's). */
export function joinAnswer(body: string): unknown {
  const end = body.indexOf("\n");
  if (end < 0) throw new SyntaxError("a split answer without its HTML");
  return { ...JSON.parse(body.slice(0, end)), html: body.slice(end + 1) };
}

/** The head as HTML, for the host server. */
export function renderPageHead(head: PageHead, site: Pick<SiteContext, "siteUrl"> & { siteName: string }): string {
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
 * What a renderer refuses (answered 404, not 500): each refusal carries its code, which the remote's server reads.
 * A code, not the class: the renderer is a bundle of its own, with its own copy of the error classes (instanceof
 * fails across the two), and may be a release's, built before the server.
 */
export const RENDERER_REFUSALS = {
  route: "FLEET_ROUTE_NOT_OWNED",
  fragment: "FLEET_FRAGMENT_NOT_EXPOSED",
  form: "FLEET_FORM_NOT_OWNED",
} as const;

// the dependencies the host provides every remote at run time (Module Federation shared singletons)
export { SHARED_DEPENDENCIES } from "./shared-dependencies.js";
