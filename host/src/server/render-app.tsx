import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { type SiteContext, SiteProvider } from "remote-kit";
import type { RemoteName } from "shared-types";
import { App } from "../app/app";
import { fragmentSlot, type ServerRegion, ServerRegionContext } from "../features/remotes/components/remote-region";

/**
 * The host's part of a page, rendered per request: the shell around the home page, around a remote's server HTML
 * (swapped in for the region's slot, inside the Suspense boundary the browser hydrates), or around an empty region
 * the browser renders (the fallback when a remote's renderer cannot help).
 */
export function renderApp(location: string, site: SiteContext, region: ServerRegion | null, fragment = ""): string {
  const html = renderToString(
    <SiteProvider value={site}>
      <ServerRegionContext.Provider value={region ?? { kind: "shell" }}>
        <StaticRouter location={location}>
          <App />
        </StaticRouter>
      </ServerRegionContext.Provider>
    </SiteProvider>,
  );
  if (region?.kind !== "composed") return html;
  const slot = fragmentSlot(region.remote as RemoteName);
  if (!html.includes(slot)) throw new Error(`the shell rendered no slot for ${region.remote}`);
  // a function, so "$&"-style patterns in the fragment are never interpreted
  return html.replace(slot, () => fragment);
}
