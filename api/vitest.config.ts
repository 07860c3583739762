import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // PGlite takes seconds and hundreds of MB per database: one per file, files one at a time
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
