import type { FastifyInstance } from "fastify";
import { registerSecurityHeaders } from "server-kit";

/**
 * The desk's own hardening: the strictest policy its pages allow (its own styles and one script, nothing from
 * elsewhere, framing only its own email previews, never framed), nothing kept by a cache or an index, and forms
 * taken from its own pages only.
 */
export async function registerSecurity(app: FastifyInstance) {
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'self'"],
      scriptSrc: ["'self'"],
      imgSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
    crossOriginResourcePolicy: "same-origin",
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store").header("x-robots-tag", "noindex");
  });
  // a form is posted from the desk's own pages only (the session cookie is SameSite=Strict as well)
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "POST") return;
    const site = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.host}`;
    const fromHere = typeof site === "string" ? site === "same-origin" : !origin || origin === own;
    if (!fromHere) return reply.code(403).type("text/plain").send("Forms are sent from the staff desk's own pages");
  });
}
