import { StrictMode } from "react";
import { createRoot, hydrateRoot, type RootOptions } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { PEER_MODULE_LOADER_KEY } from "shared-types";
import { App } from "./app/app";
import { loadRemoteModule, loadRemoteRoutes, loadRemotesConfig } from "./features/remotes/api/remote-registry";
import { remoteForPath } from "./features/remotes/remote-for-path";
import "./styles/host.css";

// Remotes render each other's modules through the host's runtime, which knows where every remote lives.
(globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] = loadRemoteModule;

// Start fetching the remote configuration, and the current route's remote, before React renders.
const initialRemote = remoteForPath(window.location.pathname);
loadRemotesConfig().catch(() => {});
if (initialRemote) loadRemoteRoutes(initialRemote).catch(() => {});

const options: RootOptions = {
  // a remote's failure is caught by its boundary and shown; say so quietly instead of as an error
  onCaughtError: (error) => console.warn("A part of the site failed to load:", (error as Error)?.message ?? error),
};
const container = document.getElementById("root") as HTMLElement;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// index.html holds the home page rendered at build time: adopt it. Other paths get the bare shell: render.
if (container.dataset.prerendered === window.location.pathname) {
  hydrateRoot(container, app, options);
} else {
  createRoot(container, options).render(app);
}
