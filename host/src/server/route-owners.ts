import { matchPath } from "remote-kit/router";
import type { RemoteName } from "shared-types";

/**
 * The paths of remotes whose manifest declares none: builds from before remotes declared their routes, still
 * promoted as a previous release (releases.json's N-1). A build made now, and every remote's dev server, declares
 * its own (metaData.server.routes), and that is what the host follows; this table goes once no release in
 * production predates the declaration.
 */
export const UNDECLARED_ROUTES: Record<RemoteName, readonly string[]> = {
  catalog: ["/line-up/:brand", "/line-up/:brand/:model", "/get-financing", "/get-financing/form"],
  inventory: ["/inventory", "/inventory/vehicle/:id", "/trailer-inventory", "/trailer-inventory/:id"],
  service: [
    "/service",
    "/service/:id",
    "/parts",
    "/parts/:id",
    "/services/:link",
    "/body-shop",
    "/body-shop-services/:link",
    "/sales-specials",
    "/parts-specials",
    "/service-specials",
    "/specials",
  ],
  leads: [
    "/contact",
    "/contact/more-info/:id",
    "/contact/inquiry/:id",
    "/contact/quote/:id",
    "/contact/thank-you",
    "/privacy",
    "/unsubscribe",
  ],
};

/** Whether a path is one of the patterns (react-router's matching, the same the remote's own router uses). */
export function answers(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}
