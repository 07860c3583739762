import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { DEFAULT_REMOTE_DEV_PORTS, DEFAULT_REMOTE_PORTS, FEDERATION_SHARED } from "shared-types";
import { defineConfig } from "vitest/config";

// Team leads: owns /contact, /contact/more-info/:id, /contact/inquiry/:id, /contact/quote/:id (see src/routes.tsx).
export default defineConfig(({ command }) => ({
  // relative asset URLs, so the built artefact works from whatever base URL it is deployed to
  base: command === "build" ? "" : "/",
  plugins: [
    react(),
    federation({
      name: "leads",
      filename: "remoteEntry.js",
      manifest: true,
      dts: false,
      exposes: {
        "./routes": "./src/routes.tsx",
        // every enquiry form, for other remotes to render (props: shared-types LeadFormModules)
        "./contact-form": "./src/forms/contact-form.tsx",
        "./more-info-form": "./src/forms/more-info-form.tsx",
        "./inquiry-form": "./src/forms/inquiry-form.tsx",
        "./quote-form": "./src/forms/quote-form.tsx",
        "./vehicle-contact-form": "./src/forms/vehicle-contact-form.tsx",
        "./service-request-form": "./src/forms/service-request-form.tsx",
        "./parts-request-form": "./src/forms/parts-request-form.tsx",
        "./service-booking-form": "./src/forms/service-booking-form.tsx",
        "./trailer-enquiry-form": "./src/forms/trailer-enquiry-form.tsx",
        "./vehicle-finder-form": "./src/forms/vehicle-finder-form.tsx",
      },
      shared: FEDERATION_SHARED,
    }),
  ],
  server: {
    port: DEFAULT_REMOTE_DEV_PORTS.leads,
    strictPort: true,
    origin: `http://localhost:${DEFAULT_REMOTE_DEV_PORTS.leads}`,
    cors: true,
  },
  preview: { port: DEFAULT_REMOTE_PORTS.leads, strictPort: true, cors: true },
  build: { target: "es2022" },
  test: {
    environment: "happy-dom",
    include: ["test/**/*.test.tsx", "test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
  },
}));
