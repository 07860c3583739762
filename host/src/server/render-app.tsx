import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { SiteProvider } from "remote-kit";
import type { SiteContext } from "remote-kit/protocol";
import { ServerRenderContext, serverRenderState } from "remote-kit/render";
import { dealershipToday } from "shared-types";
import { App } from "../app/app";
import { fragmentSlot, type ServerRegion, ServerRegionContext } from "../features/remotes/components/remote-region";
import { currentNavHrefs } from "../features/shell/nav-entries";

/** The shells rendered, by what they show (shellFor): a few per kind of page is all there is. */
const shells = new LRUCache<string, string, Parameters<typeof renderShell>>({
  max: 256,
  memoMethod: (_key, _stale, { context }) => renderShell(...context),
});
/** The dealership's details the kept shells show: a refresh of the details renders them again. */
let shellsBusiness: object | undefined;

/**
 * The host's part of a page, never hydrated (its menu and the map are islands): the shell around the home page, a
 * remote's server HTML (in the region's slot), or an empty region the browser renders.
 */
export function renderApp(location: string, site: SiteContext, region: ServerRegion | null, fragment = ""): string {
  const html = shellFor(location, site, region);
  if (!region || region.mode === "browser" || region.mode === "unreachable") return html;
  const slot = fragmentSlot(region.remote);
  if (!html.includes(slot)) throw new Error(`the shell rendered no slot for ${region.remote}`);
  // a function, so "$&"-style patterns in the fragment are never interpreted
  return html.replace(slot, () => fragment);
}

/**
 * The shell for a page, rendered once for every page that shows the same: of its address the shell shows only
 * which menu links are current (and the home page is its own), so every unit's page, every search, has the same
 * one; the day counts too (a closure or a notice shows on its days).
 */
function shellFor(location: string, site: SiteContext, region: ServerRegion | null): string {
  const isHome = new URL(location, "http://host.invalid").pathname === "/";
  const key = [
    dealershipToday(),
    site.siteUrl,
    isHome ? "home" : "",
    region?.mode ?? "",
    region && "remote" in region ? region.remote : "",
    ...currentNavHrefs(location),
  ].join("\n");
  if (site.business !== shellsBusiness) shells.clear();
  shellsBusiness = site.business;
  return shells.memo(key, { context: [location, site, region] });
}

function renderShell(location: string, site: SiteContext, region: ServerRegion | null): string {
  return renderToString(
    <ServerRenderContext.Provider value={serverRenderState("host", site)}>
      <SiteProvider value={site}>
        <ServerRegionContext.Provider value={region}>
          <StaticRouter location={location}>
            <App />
          </StaticRouter>
        </ServerRegionContext.Provider>
      </SiteProvider>
    </ServerRenderContext.Provider>,
  );
}
