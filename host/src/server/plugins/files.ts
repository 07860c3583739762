import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** The host's browser build: compressed at build time and sent as it is; hashed names cached for a year. */
export const filesPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyStatic, {
    root: app.host.options.distDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    allowedPath: (pathName) => !pathName.startsWith("/.vite/") && !/^\/index\.html(\.br|\.gz)?$/.test(pathName),
    setHeaders(reply, path) {
      reply.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
});
