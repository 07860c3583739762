import { CACHE_TAG_PATTERN, REMOTE_NAMES as REMOTES } from "shared-types";
import { businessDetailsSchema } from "shared-types/schemas";
import { z } from "zod/mini";
import {
  type FormOutcome,
  type FormPost,
  type FragmentRequest,
  type FragmentResult,
  ISLANDS_PROPS_IN_SCRIPT,
  type RenderRequest,
  type RenderResult,
  type SiteContext,
  type SubmittedForm,
} from "../protocol.js";
import { SignatureVerifier, type SignedEndpoint } from "./request-signing.js";

/**
 * The render protocol's requests as a remote's server accepts them: anything else is a 400 that names the field,
 * never an error thrown halfway through a render.
 */
const sitePath = () =>
  z.string().check(
    z.maxLength(4096),
    z.refine((path) => path.startsWith("/") && !path.startsWith("//"), "expected a path of the site, starting with /"),
  );
const httpUrl = () =>
  z.string().check(
    z.maxLength(2048),
    z.refine((url) => {
      try {
        return ["http:", "https:"].includes(new URL(url).protocol);
      } catch {
        return false;
      }
    }, "expected an http(s) address"),
  );
const text = (max: number) => z.string().check(z.maxLength(max));

const siteContextSchema = z.object({
  siteUrl: httpUrl(),
  business: businessDetailsSchema,
}) satisfies z.ZodMiniType<SiteContext>;

const submittedFormSchema = z.object({
  id: text(300),
  values: z.record(text(200), text(10_000)),
  errors: z.record(text(200), text(1000)),
  message: z.optional(text(1000)),
}) satisfies z.ZodMiniType<SubmittedForm>;

const islandProps = z.optional(z.literal(ISLANDS_PROPS_IN_SCRIPT));

export const renderRequestSchema = z.object({
  path: sitePath(),
  site: siteContextSchema,
  // a path of the site ("/remotes/catalog/") or where the remote is deployed elsewhere
  remoteBase: z.string().check(z.maxLength(2048)),
  peers: z.partialRecord(z.enum(REMOTES), httpUrl()),
  form: z.optional(submittedFormSchema),
  cookies: z.optional(z.record(text(200), text(4096))),
  islandProps,
}) satisfies z.ZodMiniType<RenderRequest>;

export const fragmentRequestSchema = z.object({
  module: text(200),
  props: z.record(z.string(), z.unknown()),
  site: siteContextSchema,
  path: sitePath(),
  form: z.optional(submittedFormSchema),
  islandProps,
}) satisfies z.ZodMiniType<FragmentRequest>;

export const formPostSchema = z.object({
  fields: z.record(text(200), text(20_000)),
  path: sitePath(),
  pageUrl: httpUrl(),
  clientIp: text(64),
  site: siteContextSchema,
  cookies: z.optional(z.record(text(200), text(4096))),
}) satisfies z.ZodMiniType<FormPost>;

// ---- What a renderer answers: the host checks it before a byte of it goes into a page ----

/** Names of a fragment's props (FragmentInclude.pageGives, FragmentResult.takesFromPage). */
const propNames = z.optional(z.array(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,60}$/))).check(z.maxLength(20)));

const cacheTags = z.optional(z.array(z.string().check(z.regex(CACHE_TAG_PATTERN))).check(z.maxLength(500)));

const pageHeadSchema = z.looseObject({
  title: z.string(),
  description: z.optional(z.string()),
  canonical: z.optional(z.string()),
  image: z.optional(z.string()),
  imageAlt: z.optional(z.string()),
  ogType: z.optional(z.enum(["website", "product", "article"])),
  jsonLd: z.optional(z.array(z.record(z.string(), z.unknown()))),
  robots: z.optional(z.string()),
});

export const renderResultSchema = z.object({
  status: z.number().check(z.int(), z.gte(200), z.lte(599)),
  location: z.optional(sitePath()),
  html: z.string(),
  head: pageHeadSchema,
  links: z.optional(z.array(z.record(z.string(), z.string()))),
  fragments: z.optional(
    z.array(
      z.object({
        slot: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/)),
        from: z.enum(REMOTES),
        module: text(200),
        props: z.record(z.string(), z.unknown()),
        pageGives: propNames,
      }),
    ),
  ),
  cacheTags,
  timings: z.optional(
    z
      .array(
        z.object({
          name: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/)),
          desc: z.optional(text(80)),
          dur: z.number().check(z.gte(0), z.lte(600_000)),
        }),
      )
      .check(z.maxLength(20)),
  ),
}) satisfies z.ZodMiniType<RenderResult>;

export const fragmentResultSchema = z.object({
  html: z.string(),
  cacheTags,
  reusable: z.optional(z.boolean()),
  takesFromPage: propNames,
}) satisfies z.ZodMiniType<FragmentResult>;

const remoteCookies = z.optional(
  z
    .array(
      z.object({
        name: z.string().check(z.regex(/^[a-z][a-z0-9-]{0,30}_[A-Za-z0-9_-]{1,60}$/)),
        value: z.string().check(z.regex(/^[A-Za-z0-9._~-]{0,1024}$/)),
        maxAgeS: z.number().check(z.int(), z.gte(0), z.lte(400 * 24 * 60 * 60)),
      }),
    )
    .check(z.maxLength(5)),
);

export const formOutcomeSchema = z.union([
  z.object({ kind: z.literal("redirect"), location: sitePath(), cookies: remoteCookies }),
  z.object({
    kind: z.literal("page"),
    status: z.number().check(z.int(), z.gte(400), z.lte(599)),
    form: submittedFormSchema,
    cookies: remoteCookies,
  }),
]) satisfies z.ZodMiniType<FormOutcome>;

/** "site.business.address.line1: expected string": the first problem, named by where it is. */
export function firstProblem(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid request";
  const where = issue.path.map(String).join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}

export type RendererRequestCheck<T> = { data: T } | { status: 400 | 401 | 503; error: string; message: string };

/**
 * What a renderer endpoint may act on: a request signed by the host (401 otherwise, before any work; 503 when the
 * server has no secret to check with), JSON, and of the protocol's shape (400 naming the field otherwise).
 */
export function checkRendererRequest<T>(
  verifier: SignatureVerifier | null,
  endpoint: SignedEndpoint,
  schema: z.ZodMiniType<T>,
  signature: string | string[] | undefined,
  raw: string,
): RendererRequestCheck<T> {
  if (!verifier) {
    return {
      status: 503,
      error: "Service Unavailable",
      message: "This server has no RENDER_SECRET: it renders for no one",
    };
  }
  const verdict = verifier.verify(signature, endpoint, raw);
  if (!verdict.ok) {
    return { status: 401, error: "Unauthorized", message: `Only the site's host may ask for this: ${verdict.reason}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { status: 400, error: "Bad Request", message: "the body is not JSON" };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return { status: 400, error: "Bad Request", message: `invalid ${endpoint} request: ${firstProblem(parsed.error)}` };
  }
  return { data: parsed.data };
}

/** The verifier for a RENDER_SECRET value; null when it names none. */
export function rendererVerifier(secrets: readonly string[]): SignatureVerifier | null {
  return secrets.length > 0 ? new SignatureVerifier(secrets) : null;
}
