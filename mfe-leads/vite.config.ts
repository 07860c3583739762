import { remoteViteConfig } from "remote-kit/vite";
import { DEFAULT_REMOTE_DEV_PORTS } from "shared-types";
import { defineConfig } from "vite";
import { PROVIDES } from "./src/contracts/provides.ts";

// Team leads: owns /contact, /contact/more-info/:id, /contact/inquiry/:id, /contact/quote/:id (see src/routes.tsx).
export default defineConfig(
  remoteViteConfig({
    name: "leads",
    exposes: {
      "./routes": "./src/routes.tsx",
      // every enquiry form, for other remotes to render (props: src/contracts/provides.ts)
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
      // islands of its own pages (loaded by the host to hydrate them)
      "./island/unsubscribe": "./src/islands/unsubscribe-confirm.tsx",
    },
    devPort: DEFAULT_REMOTE_DEV_PORTS.leads,
    provides: PROVIDES,
    // its drafts store is cleared between tests, after the kit's own setup
    testSetup: ["test/setup.ts"],
  }),
);
