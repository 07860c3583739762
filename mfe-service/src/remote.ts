import { defineRemote } from "remote-kit/declaration";
import { DEFAULT_REMOTE_DEV_PORTS } from "shared-types";

/**
 * Team service: the service, parts and body-shop pages and the specials (their routes, loaders and sitemap entries:
 * src/routes.tsx). It renders team leads' request and booking forms and reads team catalog's line-up; it provides
 * no module or data to other teams. Its one island is the booking's visit (/book-service).
 */
export const SERVICE_REMOTE = defineRemote({
  name: "service",
  devPort: DEFAULT_REMOTE_DEV_PORTS.service,
  routes: "./src/routes.tsx",
  // the booking's visit: its free times and vehicles follow the work chosen, in place
  islands: { "./island/booking": "./src/components/booking-visit.tsx" },
});
