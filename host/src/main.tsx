import { StrictMode } from "react";
import { createRoot, hydrateRoot, type RootOptions } from "react-dom/client";
import { PEER_MODULE_LOADER_KEY, readSiteDocument, type SiteContext, SiteProvider } from "remote-kit";
import { BrowserRouter } from "remote-kit/router";
import { apiPaths, type BusinessDetails } from "shared-types";
import { App } from "./app/app";
import { loadRemoteModule, loadRemoteRoutes, RemoteUnavailableError } from "./features/remotes/api/remote-registry";
import { markHydrated } from "./features/remotes/components/remote-region";
import { remoteForPath } from "./features/remotes/remote-for-path";
import { ErrorBoundary } from "./features/shell/components/error-boundary";
import { SiteFailed } from "./features/shell/components/page-failed";
import "./styles/host.css";

// Remotes render each other's modules through the host's runtime, which knows where every remote lives.
(globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] = loadRemoteModule;

// Start loading the current route's remote (runtime, entry, routes) before React starts hydrating.
const initialRemote = remoteForPath(window.location.pathname);
if (initialRemote) loadRemoteRoutes(initialRemote).catch(() => {});

const quietly = (error: unknown) =>
  console.warn("A part of the site failed to load:", (error as Error)?.message ?? error);
const options: RootOptions = {
  // a remote's failure is caught by its boundary and shown; say so quietly instead of as an error
  onCaughtError: quietly,
  // so is a remote whose code failed while React was adopting the server's HTML of its region; any other
  // recoverable error (a hydration mismatch above all) stays loud
  onRecoverableError: (error) => {
    const cause = (error as Error)?.cause;
    if (error instanceof RemoteUnavailableError || cause instanceof RemoteUnavailableError) return quietly(cause);
    reportError(error);
  },
};
const container = document.getElementById("root") as HTMLElement;
const page = (site: SiteContext) => (
  <StrictMode>
    <SiteProvider value={site}>
      <ErrorBoundary resetKey="" fallback={() => <SiteFailed />}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </ErrorBoundary>
    </SiteProvider>
  </StrictMode>
);

const written = readSiteDocument();
if (written && container.firstElementChild) {
  // the server sent the page: adopt it, region included when the server composed it
  hydrateRoot(container, page(written), options);
} else {
  // a page without server HTML (the host's Vite dev server alone): render it here
  markHydrated();
  fetch(apiPaths.businessDetails())
    .then((response) => response.json() as Promise<BusinessDetails>)
    .then((business) => createRoot(container, options).render(page({ siteUrl: window.location.origin, business })));
}
