import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { SiteProvider } from "remote-kit";
import type { SiteContext } from "remote-kit/protocol";
import { ServerRenderContext, serverRenderState } from "remote-kit/render";
import { dealershipToday } from "shared-types";
import { App } from "../app/app";
import { fragmentSlot, type ServerRegion, ServerRegionContext } from "../features/remotes/components/remote-region";
import { currentNavHrefs } from "../features/shell/nav-entries";

/** How many shells are kept for each version of the dealership's details: a few per kind of page is all there is. */
const SHELLS_KEPT = 256;

/** The shells rendered, by the dealership's details they show (a refresh of the details renders them again). */
const shells = new WeakMap<object, Map<string, string>>();

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
  const kept = shells.get(site.business) ?? new Map<string, string>();
  shells.set(site.business, kept);
  let html = kept.get(key);
  if (html === undefined) {
    html = renderShell(location, site, region);
    if (kept.size >= SHELLS_KEPT) kept.clear();
    kept.set(key, html);
  }
  return html;
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
