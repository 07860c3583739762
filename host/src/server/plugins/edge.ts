import compress from "@fastify/compress";
import etag from "@fastify/etag";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DYNAMIC_COMPRESSION, registerSecurityHeaders } from "server-kit";
import { refuseUnsafePaths, warnOfUntrustedProxy } from "../public-edge";

/**
 * What every answer gets first: ambiguous paths refused, an untrusted proxy reported, an ETag, compression, and the
 * strictest security headers (a page replaces the CSP with its own).
 */
export const edgePlugin = fp(async (app: FastifyInstance) => {
  refuseUnsafePaths(app);
  warnOfUntrustedProxy(app, app.config.TRUST_PROXY);
  // every answer that is not a file gets an ETag (of its content, before compression: weak, so it names every
  // encoding of it), and a 304 when the browser has it already
  await app.register(etag, { weak: true });
  // one cheap pass for what is made per request; scripts and styles were compressed at build time (preCompressed)
  await app.register(compress, DYNAMIC_COMPRESSION);
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
    },
    crossOriginResourcePolicy: "same-origin",
    crossOriginOpenerPolicy: false,
  });
});
