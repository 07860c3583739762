import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** The host's browser build: compressed at build time and sent as it is; hashed names cached for a year. */
export const filesPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyStatic, {
    root: app.config.HOST_DIST_DIR,
    index: false,
    // a route for each file the build has (it never changes while the server runs): a page's address is never
    // looked for on the disk first (with a wildcard, every page cost a few stat and readdir calls before it was a page)
    wildcard: false,
    preCompressed: true,
    allowedPath: (pathName) => !pathName.startsWith("/.vite/") && !/^\/index\.html(\.br|\.gz)?$/.test(pathName),
    setHeaders(reply, path) {
      reply.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
});
