import { DEFAULT_REMOTE_DEV_PORTS, REMOTE_NAMES, type RemoteName, type RemotesConfig } from "shared-types";
import { BusinessDetailsSource } from "./business-details-source";
import { currentRenderSecret, readHostEnvironment } from "./environment";
import { type ComposedPage, PageComposer } from "./page-composer";
import { templatePieces } from "./page-document";
import { RemoteDirectory } from "./remote-directory";

// the dev server writes the page as the production server does
export { documentBytes } from "./page-document";

/** `npm run dev`: every remote on its own Vite dev server, which answers render requests from the source. */
export const DEV_REMOTES_CONFIG = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, `http://localhost:${DEFAULT_REMOTE_DEV_PORTS[name]}/mf-manifest.json`]),
) as RemotesConfig;

const env = readHostEnvironment();
const devBusinessDetails = new BusinessDetailsSource({
  apiOrigin: env.API_ORIGIN,
  maxAgeMs: 2_000,
  onProblem: (message, error) => console.warn(`[host] ${message}: ${(error as Error)?.message ?? ""}`),
});

/** The dev server's page keeps the scripts Vite wrote: the host names no code of its own in it. */
const NO_HOST_CODE = { entry: "", entryImports: [], federationChunks: [], islandChunks: {}, templateStyles: [] };

/** A page around the dev server's own (its scripts as Vite wrote them); renders compile on first use: time is given. */
export function composeDevPage(requestUrl: string, template: string): Promise<ComposedPage> {
  const origin = "http://localhost:5173";
  const directory = new RemoteDirectory({
    remoteOrigins: Object.fromEntries(REMOTE_NAMES.map((name) => [name, origin])) as Record<RemoteName, string>,
    selfOrigin: origin,
    breakerResetMs: env.RENDER_BREAKER_RESET_MS,
    renderSecret: currentRenderSecret(env),
  });
  const composer = new PageComposer({
    assets: { ...NO_HOST_CODE, pieces: templatePieces(template) },
    renderTimeoutMs: 5000,
    directory,
    remotesConfig: async () => DEV_REMOTES_CONFIG,
    site: async () => ({ siteUrl: origin, business: await devBusinessDetails.current() }),
    builtAt: new Date().toISOString(),
    onFallback: ({ remote, path, error }) =>
      console.warn(
        `[host] ${path}: ${remote}'s renderer did not answer (${(error as Error).message}); the browser renders it`,
      ),
  });
  return composer.page(requestUrl);
}
