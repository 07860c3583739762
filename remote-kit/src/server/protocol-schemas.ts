import { CACHE_TAG_PATTERN, REMOTE_NAMES as REMOTES } from "shared-types";
import { businessDetailsSchema } from "shared-types/schemas";
import { z } from "zod/mini";

/**
 * The render protocol's messages, each written once: a remote's server checks the host's requests by them (anything
 * else is a 400 that names the field, never an error thrown halfway through a render), the host checks a renderer's
 * answers by them before a byte of one goes into a page, and their types (remote-kit/protocol) are inferred from them.
 */
const sitePath = () =>
  z.string().check(
    z.maxLength(4096),
    z.refine((path) => path.startsWith("/") && !path.startsWith("//"), "expected a path of the site, starting with /"),
  );
const httpUrl = () => z.url({ protocol: /^https?$/, error: "expected an http(s) address" }).check(z.maxLength(2048));
const text = (max: number) => z.string().check(z.maxLength(max));
const cookies = z.optional(z.record(text(200), text(4096)));

/** What every page knows, from the host. siteUrl: its public origin, without a trailing slash. */
export const siteContextSchema = z.object({
  siteUrl: httpUrl(),
  business: businessDetailsSchema,
});

/**
 * A form sent without scripts that could not be accepted (its FORM_FIELD `id`): what the visitor typed, the reason
 * beside each field, and a message when the send itself failed. Only ever in the answer to that POST (never cached).
 */
export const submittedFormSchema = z.object({
  id: text(300),
  values: z.record(text(200), text(10_000)),
  errors: z.record(text(200), text(1000)),
  message: z.optional(text(1000)),
});

export const renderRequestSchema = z.object({
  /** The page's path and query, e.g. "/inventory?page=2". */
  path: sitePath(),
  site: siteContextSchema,
  /** Where browsers load this remote's files from (its manifest's directory). */
  remoteBase: text(2048),
  /** Each other remote's manifest URL as this renderer can reach it, for data a page needs from a peer. */
  peers: z.partialRecord(z.enum(REMOTES), httpUrl()),
  form: z.optional(submittedFormSchema),
  /**
   * The visitor's cookies that carry this remote's prefix (remoteCookiePrefix), and only on a private page (kept
   * by no cache): a remote keeps a visitor's own state by them (team leads' fleet quote list).
   */
  cookies,
});

export const fragmentRequestSchema = z.object({
  module: text(200),
  props: z.record(z.string(), z.unknown()),
  site: siteContextSchema,
  /**
   * The page the fragment goes into (its path and query), for the fragment's router. A fragment's HTML must not
   * depend on it: a form posts back to its own page by having no action, and the host puts the same fragment in
   * other pages (FragmentResult.reusable).
   */
  path: sitePath(),
  form: z.optional(submittedFormSchema),
});

/** A form posted to a page without scripts, handed by the host to the remote that owns it. */
export const formPostSchema = z.object({
  /** Every field as sent (application/x-www-form-urlencoded, last value of a repeated name). */
  fields: z.record(text(200), text(20_000)),
  /** The page it was sent from: its path and query, and its public address. */
  path: sitePath(),
  pageUrl: httpUrl(),
  /** Who sent it (the host's reading of the connection), for the API's limits per visitor. */
  clientIp: text(64),
  site: siteContextSchema,
  cookies,
});

/** Names of a fragment's props (FragmentInclude.pageGives, FragmentResult.takesFromPage). */
const propNames = z.optional(z.array(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,60}$/))).check(z.maxLength(20)));

/**
 * What a page or fragment shows that can change (shared-types CACHE_TAGS: a unit, the inventory as a whole): a
 * shared cache holding the page purges it when the API says one of these changed.
 */
const cacheTags = z.optional(z.array(z.string().check(z.regex(CACHE_TAG_PATTERN))).check(z.maxLength(500)));

/**
 * A page's head (pageHeadElements): `canonical` its path and query on the site, `image` a site path or an absolute
 * URL (both absolute on output), `jsonLd` schema.org objects, `robots` e.g. "noindex" for a unit that is gone.
 */
export const pageHeadSchema = z.object({
  title: z.string(),
  description: z.optional(z.string()),
  canonical: z.optional(z.string()),
  image: z.optional(z.string()),
  imageAlt: z.optional(z.string()),
  ogType: z.optional(z.enum(["website", "product", "article"])),
  jsonLd: z.optional(
    z.readonly(z.array(z.custom<object>((item) => typeof item === "object" && item !== null && !Array.isArray(item)))),
  ),
  robots: z.optional(z.string()),
});

/** Another remote's module a page shows: the host asks that remote's server for it and puts it in the slot. */
export const fragmentIncludeSchema = z.object({
  /** Its place in the page's HTML (fragmentSlotMarkers). */
  slot: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/)),
  from: z.enum(REMOTES),
  module: text(200),
  props: z.record(z.string(), z.unknown()),
  /**
   * Of `props`, those the page also gives the fragment's form itself, as hidden fields (`form="<its id>"`): the host
   * leaves them out when the provider's release takes them from the page (FragmentResult.takesFromPage), and sends
   * them to a release that does not.
   */
  pageGives: propNames,
});

const timingSchema = z.object({
  name: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/)),
  desc: z.optional(text(80)),
  dur: z.number().check(z.gte(0), z.lte(600_000)),
});

export const renderResultSchema = z.object({
  status: z.number().check(z.int(), z.gte(200), z.lte(599)),
  /** With a 301/302/307/308 status: where the page moved. */
  location: z.optional(sitePath()),
  /** React's resource hints (an image's preload) lead it: the host takes them into the head. */
  html: z.string(),
  head: pageHeadSchema,
  fragments: z.optional(z.array(fragmentIncludeSchema)),
  cacheTags,
  /** Where the renderer's time went (its data, its React render), for the page's Server-Timing: names and ms. */
  timings: z.optional(z.array(timingSchema).check(z.maxLength(20))),
});

export const fragmentResultSchema = z.object({
  html: z.string(),
  cacheTags,
  /**
   * The HTML is what these props and this site give on any page, for any visitor (no form was sent back to it):
   * the host may put it in other pages until its tags are purged or the remote's build changes, for at most
   * FRAGMENT_REUSE_MS, without asking again.
   */
  reusable: z.optional(z.boolean()),
  /**
   * The props its form can take from the page instead (its declaration's takesFromPage): the host leaves those a
   * page gives (FragmentInclude.pageGives) out of its next requests for this release's fragment.
   */
  takesFromPage: propNames,
});

/** A cookie a remote's form outcome asks the host to set: HttpOnly, SameSite=Lax, the whole site, this long. */
export const remoteCookieSchema = z.object({
  name: z.string().check(z.regex(/^[a-z][a-z0-9-]{0,30}_[A-Za-z0-9_-]{1,60}$/)),
  value: z.string().check(z.regex(/^[A-Za-z0-9._~-]{0,1024}$/)),
  maxAgeS: z.number().check(z.int(), z.gte(0), z.lte(400 * 24 * 60 * 60)),
});
const remoteCookies = z.optional(z.array(remoteCookieSchema).check(z.maxLength(5)));

/**
 * Stored: go there (303). Refused or failed: the page again with the form as it was sent, with this status. Either
 * may set the remote's own cookies (remoteCookiePrefix).
 */
export const formOutcomeSchema = z.union([
  z.object({ kind: z.literal("redirect"), location: sitePath(), cookies: remoteCookies }),
  z.object({
    kind: z.literal("page"),
    status: z.number().check(z.int(), z.gte(400), z.lte(599)),
    form: submittedFormSchema,
    cookies: remoteCookies,
  }),
]);

/** "site.business.address.line1: expected string": the first problem, named by where it is. */
export function firstProblem(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid request";
  const where = issue.path.map(String).join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}
