import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { DEFAULT_REMOTE_DEV_PORTS, DEFAULT_REMOTE_PORTS, FEDERATION_SHARED } from "shared-types";
import { defineConfig } from "vitest/config";

// Team inventory: owns /inventory, /inventory/vehicle/:id, /trailer-inventory, /trailer-inventory/:id (see src/routes.tsx).
export default defineConfig(({ command }) => ({
  // relative asset URLs, so the built artefact works from whatever base URL it is deployed to
  base: command === "build" ? "" : "/",
  plugins: [
    react(),
    federation({
      name: "inventory",
      filename: "remoteEntry.js",
      manifest: true,
      dts: false,
      exposes: {
        "./routes": "./src/routes.tsx",
        "./trailers": "./src/trailers-module.ts",
      },
      shared: FEDERATION_SHARED,
    }),
  ],
  server: {
    port: DEFAULT_REMOTE_DEV_PORTS.inventory,
    strictPort: true,
    origin: `http://localhost:${DEFAULT_REMOTE_DEV_PORTS.inventory}`,
    cors: true,
  },
  preview: { port: DEFAULT_REMOTE_PORTS.inventory, strictPort: true, cors: true },
  build: { target: "es2022" },
  test: { environment: "happy-dom", include: ["test/**/*.test.tsx", "test/**/*.test.ts"] },
}));
