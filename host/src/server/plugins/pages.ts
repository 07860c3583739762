import { hash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SubmittedForm } from "remote-kit/protocol";
import { inIncomingTrace } from "server-kit";
import { CACHE_TAGS, REMOTE_NAMES } from "shared-types";
import { BusinessDetailsUnavailable } from "../business-details-source";
import type { CachedAnswer } from "../page-cache";
import type { PageRequest } from "../page-composer";
import { documentBytes } from "../page-document";
import { canonicalAddress, noRoute, pathOf } from "../public-edge";
import { visitorCookies } from "../visitor-cookies";
import { cacheControl, cachePolicy } from "./page-cache";

/** The page's ETag, as @fastify/etag writes one (weak, SHA-1 in base64): a browser that has the page gets a 304. */
const weakEtag = (body: Buffer) => `W/"${hash("sha1", body, "base64")}"`;

/** A permanent redirect's caching: an hour in browsers, a day in shared caches. */
const PERMANENT = "public, max-age=3600, s-maxage=86400";

/** A form sent without scripts that its owner refused: the page shows it again, with this status. */
type RefusedForm = { form: SubmittedForm; status: number };

/** Answers a request with its page: from the cache, or composed; with a refused form, made for that visitor alone. */
export type PageResponder = (
  request: FastifyRequest,
  reply: FastifyReply,
  refused?: RefusedForm,
) => Promise<FastifyReply>;

declare module "fastify" {
  interface FastifyInstance {
    page: PageResponder;
  }
}

/** A page made for whoever asks (the same bytes for every visitor: nothing in it is theirs), or for one visitor. */
async function composedAnswer(
  composer: FastifyInstance["host"]["composer"],
  url: string,
  visitor: PageRequest = {},
): Promise<CachedAnswer> {
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
 * Every page, composed once for everyone (the page cache); redirected to its canonical address when it carries a
 * parameter the page does not read; made for its visitor alone when it is private.
 */
export const pagesPlugin = fp(async (app: FastifyInstance) => {
  const { composer } = app.host;
  const { answers } = app;

  /** A page that shows a visitor's own (a token, their quote, a refused form): made for them, kept by no one. */
  async function privatePage(request: FastifyRequest, reply: FastifyReply, refused?: RefusedForm) {
    const visitor = { cookies: visitorCookies(request), ...(refused ? { form: refused.form } : {}) };
    const answer = await composedAnswer(composer, request.url, visitor);
    const status = refused && answer.page ? refused.status : answer.status;
    return answers.send(reply, { ...answer, status, private: true });
  }

  const page: PageResponder = async (request, reply, refused) => {
    // a page that shows what a visitor typed is theirs alone
    if (refused) return privatePage(request, reply, refused);
    const key = await answers.key(request);
    // a page made is a trace: continued from the visitor's traceparent, if it sent one
    const make = () =>
      inIncomingTrace(request.headers, `page ${pathOf(request)}`, () => composedAnswer(composer, request.url));
    // what a cache holds is served as it is: only an address it does not hold is looked at further
    if (answers.holds(key)) return answers.serve(request, reply, make, key);
    const declared = await composer.declaredPage(pathOf(request));
    // a parameter the page does not read goes: the next request is for the address a cache already holds
    const canonical = declared.query ? canonicalAddress(request.url, declared.query) : null;
    if (canonical !== null) return reply.header("cache-control", PERMANENT).redirect(canonical, 301);
    if (declared.private) return privatePage(request, reply);
    return answers.serve(request, reply, make, key);
  };
  app.decorate("page", page);

  answerAddresses(app, page);
});

/** The answers that are not a page: no details to compose with yet, another's address, a file, another method. */
function answerAddresses(app: FastifyInstance, page: PageResponder): void {
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
