import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // the desk loads its routes by folder (@fastify/autoload): run through Vite, it imports their TypeScript too
    server: { deps: { inline: ["@fastify/autoload"] } },
    // each file starts the real API on its own embedded database (3 s here, far more on a loaded machine)
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
