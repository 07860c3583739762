import { matchPath } from "remote-kit/router";
import type { RemoteName } from "shared-types";

/**
 * The paths of remotes whose manifest declares none: builds from before remotes declared their routes (a previous
 * release still promoted) and the remotes' dev servers (their manifest is made without the server bundle). A build
 * made now declares its own (metaData.server.routes), and that is what the host follows.
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
