import { remoteViteConfig } from "remote-kit/vite";
import { DEFAULT_REMOTE_DEV_PORTS } from "shared-types";
import { defineConfig } from "vite";

// Team inventory: owns /inventory, /inventory/vehicle/:id, /trailer-inventory, /trailer-inventory/:id (see src/routes.tsx).
export default defineConfig(
  remoteViteConfig({
    name: "inventory",
    exposes: {
      "./routes": "./src/routes.tsx",
      // kept for consumers of the previous release; peers now read the published data below
      "./trailers": "./src/trailers-module.ts",
    },
    publishedData: ["trailers"],
    devPort: DEFAULT_REMOTE_DEV_PORTS.inventory,
    extend: {
      test: {
        environment: "happy-dom",
        include: ["test/**/*.test.tsx", "test/**/*.test.ts"],
        setupFiles: ["test/setup.ts"],
      },
    },
  }),
);
