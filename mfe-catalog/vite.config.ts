import { remoteViteConfig } from "remote-kit/vite";
import { DEFAULT_REMOTE_DEV_PORTS } from "shared-types";
import { defineConfig } from "vite";

// Team catalog: owns /line-up/*, /get-financing and /get-financing/form (see src/routes.tsx).
export default defineConfig(
  remoteViteConfig({
    name: "catalog",
    exposes: {
      "./routes": "./src/routes.tsx",
      // kept for consumers of the previous release; peers now read the published data below
      "./lineup-models": "./src/lineup-models-module.ts",
    },
    publishedData: ["lineup-models"],
    devPort: DEFAULT_REMOTE_DEV_PORTS.catalog,
    extend: {
      test: {
        environment: "happy-dom",
        include: ["test/**/*.test.tsx", "test/**/*.test.ts"],
        setupFiles: ["test/setup.ts"],
      },
    },
  }),
);
