import type { RemoteName } from "shared-types";

/** What a visitor calls each remote's part of the site, for the "unavailable" fallback. */
export const REMOTE_TITLES: Record<RemoteName, string> = {
  catalog: "Our GM and Isuzu line-ups and financing",
  inventory: "Our vehicle and trailer inventory",
  service: "Service, parts, body shop and specials",
  leads: "Our contact forms",
};
