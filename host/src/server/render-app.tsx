import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { SiteProvider } from "remote-kit";
import type { SiteContext } from "remote-kit/protocol";
import { ServerRenderContext, serverRenderState } from "remote-kit/render";
import { App } from "../app/app";
import {
  fragmentSlot,
  type RegionMode,
  type ServerRegion,
  ServerRegionContext,
} from "../features/remotes/components/remote-region";

export type { RegionMode };

/**
 * The host's part of a page, rendered per request and never hydrated: the shell (its menu and the home page's map
 * are islands) around the home page, around a remote's server HTML (swapped in for the region's slot), or around
 * an empty region the browser renders (the fallback when a remote's renderer cannot help).
 */
export function renderApp(location: string, site: SiteContext, region: ServerRegion | null, fragment = ""): string {
  const html = renderToString(
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
  if (!region || region.mode === "browser" || region.mode === "unreachable") return html;
  const slot = fragmentSlot(region.remote);
  if (!html.includes(slot)) throw new Error(`the shell rendered no slot for ${region.remote}`);
  // the previous protocol's region is hydrated whole, inside the Suspense boundary its markers name
  const content = region.mode === "legacy" ? `<!--$-->${fragment}<!--/$-->` : fragment;
  // a function, so "$&"-style patterns in the fragment are never interpreted
  return html.replace(slot, () => content);
}
