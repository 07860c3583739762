import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { CACHE_TAGS, msToDealershipMidnight, type RemotesConfig } from "shared-types";
import { followChanges, releaseChanges, repeatedly, sharedCachePurger } from "../cache-invalidation";
import { pageContentSecurityPolicy } from "../content-security-policy";
import { type EncodedBodies, encodedBody } from "../encoded-body";
import type { ComposedPage } from "../page-composer";
import { pageTiming, type TimingEntry } from "../server-timing";
import { TaggedCache } from "../tagged-cache";

type ComposedDocument = Extract<ComposedPage, { kind: "page" }>;

/** A composed answer as it is sent: the same bytes for every visitor, so anyone's copy serves the next one. */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  /** A page's own inline parts and sources: its CSP is written for each request (TLS or not). */
  page?: Pick<ComposedDocument, "inline" | "sources">;
  /** A page's HTML as UTF-8, encoded once as it is made (for its ETag and each compression); other answers' text. */
  body: string | Buffer;
  /** The body compressed, in each encoding asked for so far (shared by every copy of the answer). */
  encoded: EncodedBodies;
  /** What it shows that can change (shared-types CACHE_TAGS): purged by any of them. */
  tags: readonly string[];
  /** How long it is served as is, and then how long still served while a fresh one is made (ms). */
  freshMs: number;
  staleMs: number;
  /** Where its making went (Server-Timing), told only to the request that made it. */
  timings?: readonly TimingEntry[];
}

/**
 * How long a shared cache keeps each kind of page, and serves it stale while making a fresh one (browsers always ask
 * again, max-age=0, for a 304). Pages showing units are purged when one changes: their time is only a backstop.
 */
export function cachePolicy(page: ComposedDocument): { freshS: number; staleS: number } {
  if (page.fallback) return { freshS: 5, staleS: 0 };
  const showsStock = page.tags.some((tag) => tag === CACHE_TAGS.inventory || tag.startsWith("unit:"));
  if (page.status === 200) return showsStock ? { freshS: 300, staleS: 60 } : { freshS: 3600, staleS: 86_400 };
  if (page.status === 404 || page.status === 410) return { freshS: 300, staleS: 60 };
  return { freshS: 0, staleS: 0 };
}

export const cacheControl = ({ freshS, staleS }: { freshS: number; staleS: number }) =>
  freshS > 0
    ? `public, max-age=0, s-maxage=${freshS}${staleS > 0 ? `, stale-while-revalidate=${staleS}` : ""}`
    : "no-store";

/**
 * The pages and the sitemap as sent, from the host's own cache (PAGE_CACHE; Varnish may stand in front, purged the
 * same way): each held for its `s-maxage`, then served stale while one request makes it again; bounded in bytes.
 */
export class Answers extends TaggedCache<CachedAnswer> {
  constructor(
    private readonly options: {
      keep: boolean;
      remotesConfig: () => Promise<RemotesConfig>;
      imageSources: readonly string[];
      now?: () => number;
    },
  ) {
    super(
      {
        maxSize: 64 * 1024 * 1024,
        // the body, and its compressed copies (a fifth of it or less each)
        sizeCalculation: (entry) => Math.max(1, Math.ceil(entry.body.length * 1.4)),
        // each page's own time to live (fresh, then stale), on the clock given; ages read to the millisecond
        perf: { now: options.now ?? Date.now },
        ttlResolution: 0,
      },
      (answer) => answer.tags,
    );
  }

  lookup(key: string): { answer: CachedAnswer; ageSeconds: number; state: "fresh" | "stale" } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const age = entry.freshMs + entry.staleMs - this.entries.getRemainingTTL(key);
    return { answer: entry, ageSeconds: Math.floor(age / 1000), state: age <= entry.freshMs ? "fresh" : "stale" };
  }

  override store(key: string, answer: CachedAnswer): void {
    if (this.options.keep && answer.freshMs > 0)
      this.entries.set(key, answer, { ttl: answer.freshMs + answer.staleMs });
  }

  /** A page is made from the remote configuration in force and its address. */
  async key(request: FastifyRequest): Promise<string> {
    return `${JSON.stringify(await this.options.remotesConfig())} ${request.url}`;
  }

  /** Sends the cached answer (fresh, or stale while a new one is made), or one made now once for all asking. */
  async serve(request: FastifyRequest, reply: FastifyReply, make: () => Promise<CachedAnswer>, known?: string) {
    // PAGE_CACHE off: each visitor's page made for them (their own timings and trace), joined with nobody's
    if (!this.options.keep) return this.send(reply, await make());
    const key = known ?? (await this.key(request));
    const hit = this.lookup(key);
    if (!hit) return this.send(reply, await this.make(key, make));
    if (hit.state === "stale") {
      void this.make(key, make).catch((error) =>
        request.log.warn({ err: error }, "a stale page could not be made again"),
      );
    }
    return this.send(reply, { ...hit.answer, age: hit.ageSeconds });
  }

  /** Sends an answer: `age` when a cache held it; `private` when made for one visitor (kept by no cache). */
  send(reply: FastifyReply, answer: CachedAnswer & { age?: number; private?: boolean }): FastifyReply {
    // (lower case, as @fastify/compress writes it when it compresses: one Vary, not two)
    reply.code(answer.status).headers(answer.headers).header("vary", "accept-encoding");
    if (answer.private) reply.header("cache-control", "no-store");
    if (answer.page) {
      const { inline, sources } = answer.page;
      const tls = reply.request.protocol === "https";
      const policy = pageContentSecurityPolicy({ inline, ...sources, imageSources: this.options.imageSources, tls });
      reply.header("content-security-policy", policy);
    }
    // the tags a shared cache in front purges this answer by (Varnish xkey; it keeps them from visitors)
    if (answer.tags.length > 0 && !answer.private) reply.header("xkey", answer.tags.join(" "));
    if (answer.age !== undefined) reply.header("age", String(answer.age));
    const made = answer.private ? "private" : answer.age !== undefined ? "hit" : "miss";
    reply.header("server-timing", pageTiming(reply, answer.timings, made));
    // compressed once for everyone (the edge's compression leaves an encoded answer alone); smaller once it is
    // served again
    const accepted = reply.request.headers["accept-encoding"];
    const encoded = encodedBody(answer.encoded, answer.body, accepted, answer.age !== undefined);
    return encoded ? reply.header("content-encoding", encoded.encoding).send(encoded.bytes) : reply.send(answer.body);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    answers: Answers;
  }
}

/** The host's own page cache, and purges, here and in shared caches, of what the API or a release changes. */
export const pageCachePlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const { remotesConfig, directory, businessDetails, composer } = app.host;
  const keep = config.PAGE_CACHE === "on";
  const answers = new Answers({ keep, remotesConfig, imageSources: config.CSP_IMAGE_SOURCES });
  app.decorate("answers", answers);

  const purgeShared = sharedCachePurger(config.SHARED_CACHE_PURGE_URLS, app.log, config.SHARED_CACHE_PURGE_SECRET);
  /** Everything that shows any of these tags is purged: here, and in the shared caches in front. */
  const purge = (tags: readonly string[]) => {
    const gone = answers.purge(tags);
    composer.fragments.purge(tags);
    if (tags.includes(CACHE_TAGS.site)) businessDetails.changed();
    app.log.info({ tags, gone }, "purged");
    void purgeShared(tags);
  };
  const watch = (watcher: { close(): void }) => app.addHook("onClose", async () => watcher.close());
  if (config.FOLLOW_CHANGES === "on") watch(followChanges(`${config.API_INTERNAL_ORIGIN}/api/changes`, purge, app.log));
  if (keep || config.SHARED_CACHE_PURGE_URLS.length > 0) {
    // a remote's new build or release changes its pages' HTML and the files they name: its pages go with the old
    // (each remote's manifest is looked at every 3 s, read at most every 2 s: remote-kit's ManifestCache)
    const builds = async () => directory.builds(await remotesConfig(), AbortSignal.timeout(2_000));
    watch(repeatedly(releaseChanges(builds, purge), () => 3_000, 0));
    // a closure's notice (a page's top on the days closed, the footer's holiday hours), marketing's notice and which
    // specials are shown (each from its first day to its last) are worked out as a page is made: when a day begins
    // in Calgary (a second past its midnight, whatever the timer's drift), the specials pages are made anew, and
    // every page when a closure or a dated notice is set
    const newDay = async () => {
      const { closures = [], notice } = await businessDetails.current().catch(() => ({ closures: [], notice: null }));
      const dated = Boolean(notice && (notice.from || notice.to));
      purge(closures.length > 0 || dated ? [CACHE_TAGS.site] : [CACHE_TAGS.promotions]);
    };
    watch(repeatedly(newDay, () => msToDealershipMidnight() + 1_000));
  }
});
