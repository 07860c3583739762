import { hash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SubmittedForm } from "remote-kit/protocol";
import { inIncomingTrace } from "server-kit";
import { CACHE_TAGS, REMOTE_NAMES } from "shared-types";
import { BusinessDetailsUnavailable } from "../business-details-source";
import type { CachedAnswer } from "../page-cache";
import { documentBytes } from "../page-document";
import { canonicalAddress } from "../public-edge";
import { pageTiming } from "../server-timing";
import { visitorCookies } from "../visitor-cookies";
import { cacheControl, cachePolicy } from "./page-cache";

/** The page's ETag, as @fastify/etag writes one (weak, SHA-1 in base64): a browser that has the page gets a 304. */
const weakEtag = (body: Buffer) => `W/"${hash("sha1", body, "base64")}"`;

/** Methods a page answers: reads, and forms sent without scripts. */
const PAGE_METHODS = "GET, HEAD, POST";
const FILE_METHODS = "GET, HEAD";

/** Answers a request with its page: from the cache, or composed; with a refused form, made for that visitor alone. */
export type PageResponder = (
  request: FastifyRequest,
  reply: FastifyReply,
  answer?: { form: SubmittedForm; status: number },
) => Promise<FastifyReply>;

declare module "fastify" {
  interface FastifyInstance {
    page: PageResponder;
  }
}

/** A page made for whoever asks: the same bytes for every visitor (nothing in it is theirs). */
async function composedAnswer(
  composer: FastifyInstance["host"]["composer"],
  url: string,
  cookies?: Record<string, string>,
): Promise<CachedAnswer> {
  const composed = await composer.page(url, cookies ? { cookies } : {});
  if (composed.kind === "redirect") {
    const permanent = composed.status === 301 || composed.status === 308;
    return {
      status: composed.status,
      headers: {
        location: composed.location,
        "cache-control": permanent ? "public, max-age=3600, s-maxage=86400" : "no-store",
      },
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
      // worked out once, as the page is made: not again for each visitor the cache serves it to
      etag: weakEtag(bytes),
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

/**
 * Every page: `/` and any path a remote owns (the not-found handler: a path is a page unless it names a file),
 * composed once for everyone (the page cache), redirected to its canonical address when it carries a parameter
 * the page does not read, made for its visitor alone when it is private.
 */
export const pagesPlugin = fp(async (app: FastifyInstance) => {
  const { composer } = app.host;
  const { answers } = app;

  /**
   * A page that shows what is a visitor's own (an unsubscribe link's address, the fleet quote kept by their cookie):
   * made for them, with their cookies for its owner, kept by no one.
   */
  async function privatePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const answer = await composedAnswer(composer, request.url, visitorCookies(request));
    reply.code(answer.status).headers(answer.headers).header("cache-control", "no-store");
    reply.header("server-timing", pageTiming(reply, answer.timings, "private"));
    if (answer.page) reply.header("content-security-policy", app.pagePolicy(answer.page, request));
    return reply.send(answer.body);
  }

  const page: PageResponder = async (request, reply, answer) => {
    if (!answer) {
      const key = await answers.key(request);
      // a page made is a trace: continued from the visitor's traceparent, if it sent one
      const make = () =>
        inIncomingTrace(request.headers, `page ${request.url.split("?", 1)[0]}`, () =>
          composedAnswer(composer, request.url),
        );
      // what a cache holds is served as it is: only an address it does not hold is looked at further
      if (answers.holds(key)) return answers.send(reply, await answers.cached(request, make, key));
      const declared = await composer.declaredPage(request.url.split("?", 1)[0] ?? "/");
      // a parameter the page does not read goes: the next request is for the address a cache already holds
      const canonical = declared.query ? canonicalAddress(request.url, declared.query) : null;
      if (canonical !== null) {
        return reply.header("cache-control", "public, max-age=3600, s-maxage=86400").redirect(canonical, 301);
      }
      if (declared.private) return privatePage(request, reply);
      return answers.send(reply, await answers.cached(request, make, key));
    }
    // a page that shows what a visitor typed is theirs alone: made for them, never kept by any cache
    const composed = await composer.page(request.url, { form: answer.form, cookies: visitorCookies(request) });
    if (composed.kind === "redirect")
      return reply.header("cache-control", "no-store").redirect(composed.location, composed.status);
    return reply
      .code(answer.status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("server-timing", pageTiming(reply, composed.timings, "private"))
      .header("content-security-policy", app.pagePolicy(composed, request))
      .send(documentBytes(composed.html));
  };
  app.decorate("page", page);

  answerAddresses(app, page);
});

/** The answers that are not a page: no details to compose with yet, another's address, a file, another method. */
function answerAddresses(app: FastifyInstance, page: PageResponder): void {
  // the API has never answered since this server started and no copy was kept: nothing to show the dealership's
  // phones and hours with, so say so briefly (a monitor and a visitor both understand a 503)
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BusinessDetailsUnavailable) {
      // the API has not answered since this server started: it is starting, or down (said once, above)
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

  /** A GET or HEAD of an address no file and no proxy answers: a page, unless it names a file or another's path. */
  const readAddress = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    // the API's and the remotes' addresses are theirs: what the proxies do not pass on does not exist here
    if (/^\/(api|remotes)(\/|$)/.test(pathname)) {
      return reply.code(404).send({ error: "Not Found", message: `No route ${request.method} ${pathname}` });
    }
    // HEAD answers as GET does (Node sends no body): monitors and link checkers that use it see the page's status
    if (!/\.[a-z0-9]+$/i.test(pathname)) return page(request, reply);
    return reply.code(404).type("text/plain").send("Not found");
  };
  app.get("/", (request, reply) => page(request, reply));
  // a route, not only the not-found handler: a route's answers are compressed (@fastify/compress works per route)
  app.route({ method: ["GET", "HEAD"], url: "/*", handler: readAddress });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") return readAddress(request, reply);
    const pathname = request.url.split("?")[0] ?? "/";
    if (/^\/(api|remotes)(\/|$)/.test(pathname)) {
      return reply.code(404).send({ error: "Not Found", message: `No route ${request.method} ${pathname}` });
    }
    const isPage = !/\.[a-z0-9]+$/i.test(pathname);
    const allow = isPage ? PAGE_METHODS : FILE_METHODS;
    return reply
      .code(request.method === "OPTIONS" ? 204 : 405)
      .header("allow", allow)
      .type("text/plain")
      .send(request.method === "OPTIONS" ? "" : `${request.method} is not allowed here; allowed: ${allow}`);
  });
}
