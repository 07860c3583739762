import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import {
  DEFAULT_REMOTE_DEV_PORTS,
  FEDERATION_SHARED,
  REMOTE_NAMES,
  REMOTES_CONFIG_PATH,
  type RemotesConfig,
} from "shared-types";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/** In dev the remotes run on their own Vite dev servers; the configuration file points at them. */
function devRemotesConfig(): Plugin {
  const config = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `http://localhost:${DEFAULT_REMOTE_DEV_PORTS[name]}/mf-manifest.json`]),
  ) as RemotesConfig;
  return {
    name: "host-dev-remotes-config",
    configureServer(server) {
      server.middlewares.use(REMOTES_CONFIG_PATH, (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.setHeader("cache-control", "no-store");
        res.end(JSON.stringify(config));
      });
    },
  };
}

export default defineConfig({
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  plugins: [
    react(),
    devRemotesConfig(),
    // remotes are registered at run time from remotes.config.json, never at build time
    federation({ name: "host", remotes: {}, shared: FEDERATION_SHARED, dts: false }),
  ],
  server: { port: 5173, strictPort: true, proxy: { "/api": "http://127.0.0.1:4180" } },
  build: { target: "es2022" },
  test: {
    environment: "happy-dom",
    include: ["test/**/*.test.tsx", "test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
  },
});
