import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { CACHE_TAGS, msToDealershipMidnight } from "shared-types";
import { followChanges, sharedCachePurger, watchRemoteReleases } from "../cache-invalidation";
import { pageContentSecurityPolicy } from "../content-security-policy";
import { encodedBody, preferredEncoding } from "../encoded-body";
import { type CachedAnswer, PageCache } from "../page-cache";
import type { ComposedPage } from "../page-composer";
import { pageTiming } from "../server-timing";

/**
 * How long a shared cache keeps each kind of page, and serves it stale while making a fresh one (browsers always ask
 * again, max-age=0, for a 304). Pages showing units are purged when one changes: their time is only a backstop.
 */
export function cachePolicy(page: Extract<ComposedPage, { kind: "page" }>): { freshS: number; staleS: number } {
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

/** An answer as sent: its age when a cache held it; private when made for one visitor (kept by no cache). */
export type ServedAnswer = CachedAnswer & { age?: number; private?: boolean };

/** What the pages and the sitemap ask of the host's page cache. */
export class Answers {
  constructor(
    private readonly pageCache: PageCache | null,
    private readonly remotesConfig: FastifyInstance["host"]["remotesConfig"],
    private readonly imageSources: readonly string[],
  ) {}

  /** The cache's key for a request: a page is made from the remote configuration in force and its address. */
  async key(request: FastifyRequest): Promise<string> {
    return `${JSON.stringify(await this.remotesConfig())} ${request.url}`;
  }

  /** Whether the cache holds an answer for the key (fresh or stale). */
  holds(key: string): boolean {
    return Boolean(this.pageCache?.lookup(key));
  }

  /** Sends the cached answer (fresh, or stale while a new one is made), or one made now once for all asking. */
  async serve(request: FastifyRequest, reply: FastifyReply, make: () => Promise<CachedAnswer>, known?: string) {
    const { pageCache } = this;
    if (!pageCache) return this.send(reply, await make());
    const key = known ?? (await this.key(request));
    const hit = pageCache.lookup(key);
    if (!hit) return this.send(reply, await pageCache.make(key, make));
    if (hit.state === "stale") {
      void pageCache
        .make(key, make)
        .catch((error) => request.log.warn({ err: error }, "a stale page could not be made again"));
    }
    return this.send(reply, { ...hit.answer, age: hit.ageSeconds });
  }

  /** Sends an answer with its headers, its page's CSP, its tags for a shared cache and its age. */
  send(reply: FastifyReply, answer: ServedAnswer): FastifyReply {
    // (lower case, as @fastify/compress writes it when it compresses: one Vary, not two)
    reply.code(answer.status).headers(answer.headers).header("vary", "accept-encoding");
    if (answer.private) reply.header("cache-control", "no-store");
    if (answer.page) {
      const { inline, sources } = answer.page;
      const tls = reply.request.protocol === "https";
      const policy = pageContentSecurityPolicy({ inline, ...sources, imageSources: this.imageSources, tls });
      reply.header("content-security-policy", policy);
    }
    // the tags a shared cache in front purges this answer by (Varnish xkey; it keeps them from visitors)
    if (answer.tags.length > 0 && !answer.private) reply.header("xkey", answer.tags.join(" "));
    if (answer.age !== undefined) reply.header("age", String(answer.age));
    const made = answer.private ? "private" : answer.age !== undefined ? "hit" : "miss";
    reply.header("server-timing", pageTiming(reply, answer.timings, made));
    const encoding = preferredEncoding(reply.request.headers["accept-encoding"], answer.body);
    if (!encoding) return reply.send(answer.body);
    // compressed once for everyone (the edge's compression leaves an encoded answer alone); smaller once it is
    // served again
    const kept = answer.age !== undefined;
    return reply.header("content-encoding", encoding).send(encodedBody(answer.encoded, answer.body, encoding, kept));
  }
}

declare module "fastify" {
  interface FastifyInstance {
    answers: Answers;
  }
}

/** The host's own page cache (PAGE_CACHE), and purges, here and in shared caches, of what the API or a release changes. */
export const pageCachePlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const { remotesConfig, directory, businessDetails, composer } = app.host;
  const pageCache = config.PAGE_CACHE === "on" ? new PageCache() : null;
  app.decorate("answers", new Answers(pageCache, remotesConfig, config.CSP_IMAGE_SOURCES));

  const purgeShared = sharedCachePurger(config.SHARED_CACHE_PURGE_URLS, app.log, config.SHARED_CACHE_PURGE_SECRET);
  /** Everything that shows any of these tags is purged: here, and in the shared caches in front. */
  const purge = (tags: readonly string[]) => {
    const gone = pageCache?.purge(tags) ?? 0;
    composer.fragments.purge(tags);
    if (tags.includes(CACHE_TAGS.site)) businessDetails.changed();
    app.log.info({ tags, gone }, "purged");
    void purgeShared(tags);
  };
  const watchers: { close(): void }[] = [];
  app.addHook("onClose", async () => {
    for (const watcher of watchers) watcher.close();
  });
  if (config.FOLLOW_CHANGES === "on") {
    watchers.push(followChanges(`${config.API_INTERNAL_ORIGIN}/api/changes`, purge, app.log));
  }
  if (pageCache || config.SHARED_CACHE_PURGE_URLS.length > 0) {
    // a remote's new build or release changes its pages' HTML and the files they name: its pages go with the old
    // (each remote's manifest is looked at every 3 s, read at most every 2 s: remote-kit's ManifestCache)
    const builds = async () => directory.builds(await remotesConfig(), AbortSignal.timeout(2_000));
    watchers.push(watchRemoteReleases(builds, purge, 3_000));
    // a closure's notice (a page's top on the days closed, the footer's holiday hours), marketing's notice and which
    // specials are shown (each from its first day to its last) are worked out as a page is made: when a day begins
    // in Calgary, the specials pages are made anew, and every page when a closure or a dated notice is set
    const newDay = async () => {
      const { closures = [], notice } = await businessDetails.current().catch(() => ({ closures: [], notice: null }));
      const dated = Boolean(notice && (notice.from || notice.to));
      purge(closures.length > 0 || dated ? [CACHE_TAGS.site] : [CACHE_TAGS.promotions]);
    };
    watchers.push(atDealershipMidnight(newDay));
  }
});

/** Runs `task` as each day begins in Calgary, until closed. */
export function atDealershipMidnight(task: () => Promise<void>, wait = msToDealershipMidnight): { close(): void } {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    // a second past midnight: the new day is the day's, whatever the timer's drift
    timer = setTimeout(() => void task().finally(arm), wait() + 1_000);
    timer.unref();
  };
  arm();
  return { close: () => clearTimeout(timer) };
}
