import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { CACHE_TAGS, REMOTE_NAMES } from "shared-types";
import { robotsTxt } from "../page-composer";
import { cacheControl } from "./page-cache";

/** `/sitemap.xml` (the home page and what each remote's routes list) and `/robots.txt`, which names it. */
export const sitemapPlugin = fp(async (app: FastifyInstance) => {
  const { composer, site } = app.host;
  const { answers } = app;

  app.get("/robots.txt", async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", cacheControl({ freshS: 3600, staleS: 86_400 }))
      .send(robotsTxt((await site()).siteUrl)),
  );

  app.get("/sitemap.xml", async (request, reply) => {
    return answers.serve(request, reply, async () => {
      const xml = await composer.sitemap((remote, error) =>
        request.log.warn({ err: error, remote }, "a remote's sitemap could not be read"),
      );
      const policy = { freshS: 600, staleS: 3600 };
      return {
        status: 200,
        headers: { "content-type": "application/xml; charset=utf-8", "cache-control": cacheControl(policy) },
        body: xml,
        encoded: {},
        tags: [CACHE_TAGS.site, CACHE_TAGS.inventory, ...REMOTE_NAMES.map(CACHE_TAGS.remote)],
        freshMs: policy.freshS * 1000,
        staleMs: policy.staleS * 1000,
      };
    });
  });
});
