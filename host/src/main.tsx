import { PEER_MODULE_LOADER_KEY } from "remote-kit";
import { hydrateIslands } from "./features/islands/hydrate-islands";
import { loadRemoteModule } from "./features/remotes/api/remote-registry";
import "./styles/host.css";

// Remotes render each other's modules through the host's runtime, which knows where every remote lives.
(globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] = loadRemoteModule;

/**
 * The page is the server's HTML, and works as it is. This makes its interactive parts interactive (islands),
 * renders a region the server could not compose, and says when it is done: tests and monitoring wait for
 * <html data-host-ready> before acting as a visitor would once the page responds.
 */
hydrateIslands()
  .catch((error: unknown) => console.warn("The page's scripts failed:", error))
  .finally(() => {
    document.documentElement.dataset.hostReady = "true";
  });
