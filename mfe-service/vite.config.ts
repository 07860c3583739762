import { remoteViteConfig } from "remote-kit/vite";
import { DEFAULT_REMOTE_DEV_PORTS } from "shared-types";
import { defineConfig } from "vite";
import { PROVIDES } from "./src/contracts/provides.ts";

// Team service: owns /service, /parts, /services/:link, /body-shop, /body-shop-services/:link and the specials pages (see src/routes.tsx).
export default defineConfig(
  remoteViteConfig({
    name: "service",
    exposes: { "./routes": "./src/routes.tsx" },
    devPort: DEFAULT_REMOTE_DEV_PORTS.service,
    provides: PROVIDES,
  }),
);
