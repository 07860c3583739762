import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "happy-dom",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    // CI runs these beside the e2e suite on two cores: a build or a render takes far longer than when alone
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
