import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // the desk loads its routes by folder (@fastify/autoload): run through Vite, it imports their TypeScript too
    server: { deps: { inline: ["@fastify/autoload"] } },
  },
});
