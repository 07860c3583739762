import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const versionOf = (name: string) =>
  (
    JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), "utf8")) as {
      version: string;
    }
  ).version;

/**
 * The host: a plain Vite app (no federation plugin) that provides the shared dependencies to the remotes through
 * the federation runtime it loads when a page needs one (src/features/remotes/api/federation.ts). With --ssr, the
 * host's server (src/server) with the same shell, for composing pages.
 */
export default defineConfig(({ isSsrBuild }) => ({
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
    __SHARED_VERSIONS__: JSON.stringify({
      react: versionOf("react"),
      "react-router-dom": versionOf("react-router-dom"),
      zustand: versionOf("zustand"),
    }),
  },
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy: { "/api": "http://127.0.0.1:4180" } },
  build: isSsrBuild
    ? { ssr: "src/server/index.ts", outDir: "dist-server", emptyOutDir: true, copyPublicDir: false, target: "node20" }
    : { target: "es2022", manifest: true },
  test: {
    environment: "happy-dom",
    include: ["test/**/*.test.tsx", "test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
  },
}));
