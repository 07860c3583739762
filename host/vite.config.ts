import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { eagerCompilePlugin } from "remote-kit/vite";
import { REMOTES_CONFIG_PATH } from "shared-types";
import type { Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { defineConfig } from "vitest/config";

const versionOf = (name: string) =>
  (
    JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), "utf8")) as {
      version: string;
    }
  ).version;

/**
 * `npm run dev`: the dev server composes each page as the production server does (src/server/dev-composer.ts),
 * with the remotes' dev servers rendering from their source, and serves the remote configuration.
 */
function devComposition(): Plugin {
  return {
    name: "host-dev-composition",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const url = request.url ?? "/";
        const path = url.split("?")[0] ?? "/";
        try {
          const { composeDevPage, documentBytes, DEV_REMOTES_CONFIG } =
            await server.ssrLoadModule("/src/server/dev-composer.ts");
          if (path === REMOTES_CONFIG_PATH) {
            response.setHeader("content-type", "application/json");
            response.setHeader("cache-control", "no-store");
            return response.end(JSON.stringify(DEV_REMOTES_CONFIG));
          }
          const wantsPage =
            request.method === "GET" &&
            (request.headers.accept ?? "").includes("text/html") &&
            !/^\/(@|src\/|node_modules\/|api\/)/.test(path) &&
            !/\.[a-z0-9]+$/i.test(path);
          if (!wantsPage) return next();
          const template = await server.transformIndexHtml(
            url,
            readFileSync(new URL("index.html", import.meta.url), "utf8"),
          );
          const page = await composeDevPage(url, template);
          if (page.kind === "redirect") {
            response.statusCode = page.status;
            response.setHeader("location", page.location);
            return response.end();
          }
          response.statusCode = page.status;
          response.setHeader("content-type", "text/html; charset=utf-8");
          return response.end(documentBytes(page.html));
        } catch (error) {
          server.ssrFixStacktrace(error as Error);
          return next(error);
        }
      });
    },
  };
}

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
  plugins: [
    react(),
    devComposition(),
    eagerCompilePlugin(),
    // the browser build's scripts, styles and icons also as .br and .gz, made once here and served as files
    ...(isSsrBuild ? [] : [compression({ algorithms: ["brotliCompress", "gzip"], threshold: 512 })]),
  ],
  server: { port: 5173, strictPort: true, proxy: { "/api": "http://127.0.0.1:4180" } },
  build: isSsrBuild
    ? { ssr: "src/server/index.ts", outDir: "dist-server", emptyOutDir: true, copyPublicDir: false, target: "node20" }
    : {
        target: "es2022",
        manifest: true,
        // real visitors' Web Vitals: a script of its own, loaded by a sampled page once it is idle (src/vitals)
        rollupOptions: { input: { index: "index.html", vitals: "src/vitals/report-vitals.ts" } },
      },
  test: {
    environment: "happy-dom",
    include: ["test/**/*.test.tsx", "test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    // CI runs these beside the e2e suite on two cores: a server start or a render takes far longer than when alone
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
