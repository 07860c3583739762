import { type ReactNode, useContext, useEffect, useState } from "react";
import type { RemoteName } from "shared-types";
import { isLazyPage, type LazyPage, lazyPage } from "./lazy-page.js";
import type { SitemapEntry } from "./protocol.js";
import { type Resource, RouteDataContext } from "./route-data.js";
import { ServerRenderContext } from "./server-state.js";

export { isLazyPage };

/** What a route's loader may do before the server renders the page. */
export interface LoaderContext {
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
  /** Loads a resource and hands it to the page (and, through the page, to the browser). */
  preload<A extends unknown[], T>(resource: Resource<A, T>, ...args: A): Promise<T>;
  /**
   * Loads an extra the page can do without (similar units): the server waits for it only a moment once the page's
   * own data is in (OPTIONAL_DATA_WAIT_MS), never longer; a late or failed one is simply not in the page.
   */
  preloadOptional<A extends unknown[], T>(resource: Resource<A, T>, ...args: A): void;
  /** A value both sides must agree on (useStableValue): created here, handed to the browser. */
  value<T>(key: string, create: () => T): T;
  /** The visitor's cookies with this remote's prefix, on a private page (RenderRequest.cookies); none elsewhere. */
  cookies: Readonly<Record<string, string>>;
}

/**
 * One route a remote owns. `load` names the data its page needs, so the server can render it complete: await what
 * the page cannot do without (a failure falls back to browser rendering), leave optional extras un-awaited with a
 * `.catch` (the browser loads them if the server could not). `query` and `private`: its PageDeclaration.
 */
export interface RemoteRoute {
  path: string;
  query?: readonly string[];
  private?: boolean;
  /** The page: an element, or a lazyPage whose code loads with the route. */
  element: ReactNode | LazyPage;
  load?: (context: LoaderContext) => Promise<void> | void;
  /**
   * What the sitemap lists of it: its own path (`true`, a path without parameters; lastmod: the build's time), or
   * the pages a function lists (a path with parameters: one entry per unit, model, article). Absent: none.
   */
  sitemap?: true | ((context: { builtAt: string }) => Promise<SitemapEntry[]> | SitemapEntry[]);
}

/** The router's half (route-table.tsx): the server renderer preloads it with the pages. */
export const RouteTable = lazyPage(() => import("./route-table.js").then((m) => m.default));

/**
 * Names the remotes whose region is interactive (hydrated or rendered) on <html data-ready-remotes>, for tests and
 * monitoring that must not act on server HTML before it responds.
 */
function markReady(remote: RemoteName) {
  const { dataset } = document.documentElement;
  dataset.readyRemotes = [...new Set([...(dataset.readyRemotes ?? "").split(" ").filter(Boolean), remote])].join(" ");
}

/**
 * A remote's route table, rendered the same way by its server (inside the renderer's StaticRouter and site, from the
 * data its loaders loaded) and in the browser when the server could not (inside the host's router, loading its own).
 */
export function RemoteRoutes({ remote, routes }: { remote: RemoteName; routes: readonly RemoteRoute[] }) {
  const server = useContext(ServerRenderContext);
  const [store] = useState(() => ({ entries: server ? server.entries : new Map() }));
  useEffect(() => {
    if (!server) markReady(remote);
  }, [server, remote]);
  return (
    <RouteDataContext.Provider value={store}>
      <RouteTable routes={routes} />
    </RouteDataContext.Provider>
  );
}
