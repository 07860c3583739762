import { remoteViteConfig } from "remote-kit/vite";
import { DEFAULT_REMOTE_DEV_PORTS } from "shared-types";
import { defineConfig, loadEnv } from "vite";
import { PROVIDES } from "./src/contracts/provides.ts";

/** The media bucket for trailer photos: on another origin, the host's CSP must allow its images. */
const mediaOrigins = (mode: string) => {
  const base = loadEnv(mode, process.cwd(), "VITE_").VITE_MEDIA_BASE_URL;
  return base && /^https?:\/\//.test(base) ? [new URL(base).origin] : [];
};

// Team inventory: owns /inventory, /inventory/vehicle/:id, /trailer-inventory, /trailer-inventory/:id (see src/routes.tsx).
export default defineConfig((env) =>
  remoteViteConfig({
    name: "inventory",
    exposes: {
      "./routes": "./src/routes.tsx",
      // kept for consumers of the previous release; peers now read the published data below
      "./trailers": "./src/trailers-module.ts",
      // the interactive parts of its pages, each hydrated on its own by the host (remote-kit defineIsland)
      "./island/search": "./src/islands/inventory-search.tsx",
      "./island/gallery": "./src/components/image-gallery.tsx",
      "./island/call-us": "./src/components/call-us-button.tsx",
      "./island/payment-estimate": "./src/components/payment-estimate.tsx",
    },
    publishedData: ["trailers"],
    devPort: DEFAULT_REMOTE_DEV_PORTS.inventory,
    provides: PROVIDES,
    contentSources: { img: mediaOrigins(env.mode) },
  })(env),
);
