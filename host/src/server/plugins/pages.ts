import { hash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SubmittedForm } from "remote-kit/protocol";
import { inIncomingTrace } from "server-kit";
import { CACHE_TAGS, REMOTE_NAMES } from "shared-types";
import { BusinessDetailsUnavailable } from "../business-details-source";
import type { PageRequest } from "../page-composer";
import { documentBytes } from "../page-document";
import { canonicalAddress, noRoute, pathOf } from "../public-edge";
import { visitorCookies } from "../visitor-cookies";
import { type CachedAnswer, cacheControl, cachePolicy } from "./page-cache";

/** A permanent redirect's caching: an hour in browsers, a day in shared caches. */
const PERMANENT = "public, max-age=3600, s-maxage=86400";

declare module "fastify" {
  interface FastifyInstance {
    /** A request's page: cached, or composed; with a refused form (shown again, this status), for its visitor alone. */
    page(
      request: FastifyRequest,
      reply: FastifyReply,
      refused?: { form: SubmittedForm; status: number },
    ): Promise<FastifyReply>;
  }
}

export const pagesPlugin = fp(async (app: FastifyInstance) => {
  const { composer } = app.host;
  const { answers } = app;

  /** A page made for whoever asks (the same bytes for every visitor: nothing in it is theirs), or for one visitor. */
  async function composedAnswer(url: string, visitor: PageRequest = {}): Promise<CachedAnswer> {
    const composed = await composer.page(url, visitor);
    if (composed.kind === "redirect") {
      const permanent = composed.status === 301 || composed.status === 308;
      return {
        status: composed.status,
        headers: { location: composed.location, "cache-control": permanent ? PERMANENT : "no-store" },
        body: "",
        encoded: {},
        // a path no remote answers today may be one a remote's next build adds: any remote's redeploy purges it
        tags: [CACHE_TAGS.site, ...REMOTE_NAMES.map(CACHE_TAGS.remote)],
        freshMs: permanent ? 86_400_000 : 0,
        staleMs: 0,
      };
    }
    const policy = cachePolicy(composed);
    const bytes = documentBytes(composed.html);
    return {
      status: composed.status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": cacheControl(policy),
        // worked out once, as the page is made (weak, SHA-1 in base64, as @fastify/etag writes one): not again for
        // each visitor the cache serves it to; a browser that has the page gets a 304
        etag: `W/"${hash("sha1", bytes, "base64")}"`,
      },
      page: { inline: composed.inline, sources: composed.sources },
      body: bytes,
      encoded: {},
      tags: composed.tags,
      freshMs: policy.freshS * 1000,
      staleMs: policy.staleS * 1000,
      timings: composed.timings,
    };
  }

  /** A page that shows a visitor's own (a token, their quote, a refused form): made for them, kept by no one. */
  const privatePage: FastifyInstance["page"] = async (request, reply, refused) => {
    const visitor = { cookies: visitorCookies(request), ...(refused ? { form: refused.form } : {}) };
    const answer = await composedAnswer(request.url, visitor);
    const status = refused && answer.page ? refused.status : answer.status;
    return answers.send(reply, { ...answer, status, private: true });
  };

  const page: FastifyInstance["page"] = async (request, reply, refused) => {
    // a page that shows what a visitor typed is theirs alone
    if (refused) return privatePage(request, reply, refused);
    const key = await answers.key(request);
    // a page made is a trace: continued from the visitor's traceparent, if it sent one
    const make = () => inIncomingTrace(request.headers, `page ${pathOf(request)}`, () => composedAnswer(request.url));
    // what a cache holds is served as it is: only an address it does not hold is looked at further
    if (answers.lookup(key)) return answers.serve(request, reply, make, key);
    const pathname = pathOf(request);
    // the home page is the host's own; whose another is may not be told yet: then it is made for this request alone
    const owner = pathname === "/" ? null : await composer.owner(pathname);
    if (owner === "unknown") return privatePage(request, reply);
    // a parameter the page does not read goes (the home page, and a path no remote answers, which goes home, read
    // none; a page that declares none keeps all): the next request is for the address a cache already holds
    const query = owner ? (owner.page?.query ?? null) : [];
    const canonical = query ? canonicalAddress(request.url, query) : null;
    if (canonical !== null) return reply.header("cache-control", PERMANENT).redirect(canonical, 301);
    if (owner?.page?.private) return privatePage(request, reply);
    return answers.serve(request, reply, make, key);
  };
  app.decorate("page", page);

  answerAddresses(app, page);
});

/** The answers that are not a page: no details to compose with yet, another's address, a file, another method. */
function answerAddresses(app: FastifyInstance, page: FastifyInstance["page"]): void {
  // the API has never answered since this server started (it is starting, or down: said once, by the details'
  // source) and no copy was kept: nothing to show the dealership's phones and hours with, so say so briefly (a
  // monitor and a visitor both understand a 503)
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BusinessDetailsUnavailable) {
      request.log.info("no business details to compose pages with yet");
      return reply
        .code(503)
        .header("retry-after", "10")
        .type("text/html; charset=utf-8")
        .send(
          "<!doctype html><title>Back shortly</title><p>Our website is starting. Please try again in a moment.</p>",
        );
    }
    return reply.send(error);
  });

  /**
   * An address no file, proxy or form route answers: not found under the API's and the remotes' prefixes; else a
   * page unless it names a file (HEAD as GET: link checkers see the page's status).
   */
  const otherAddress = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pathOf(request);
    if (/^\/(api|remotes)(\/|$)/.test(pathname)) return noRoute(request, reply);
    const isPage = !/\.[a-z0-9]+$/i.test(pathname);
    const read = request.method === "GET" || request.method === "HEAD";
    if (read) return isPage ? page(request, reply) : reply.code(404).type("text/plain").send("Not found");
    // pages take forms sent without scripts; files are only read
    const allow = isPage ? "GET, HEAD, POST" : "GET, HEAD";
    return reply
      .code(request.method === "OPTIONS" ? 204 : 405)
      .header("allow", allow)
      .type("text/plain")
      .send(request.method === "OPTIONS" ? "" : `${request.method} is not allowed here; allowed: ${allow}`);
  };
  app.get("/", (request, reply) => page(request, reply));
  // a route, not only the not-found handler: a route's answers are compressed (@fastify/compress works per route)
  app.route({ method: ["GET", "HEAD"], url: "/*", handler: otherAddress });
  app.setNotFoundHandler(otherAddress);
}
