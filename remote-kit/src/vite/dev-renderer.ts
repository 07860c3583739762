import { readFile } from "node:fs/promises";
import type { ViteDevServer } from "vite";
import type { RemoteRenderModule } from "../render/index.js";

export const SERVER_ENTRY = "src/server-entry.tsx";

/** The plugin by which remoteViteConfig keeps the dev server, and gives startRemoteDevServer the declaration. */
export const DEV_SERVER_PLUGIN = "remote-kit:dev-server";

/** The dev server's renderer, from the source (Vite compiles it on first use and again after each change). */
export const devRenderer = async (server: ViteDevServer) =>
  ((await server.ssrLoadModule(`/${SERVER_ENTRY}`)) as { default: RemoteRenderModule }).default;

/** Under `npm run dev`, every exposed module's stylesheet: what the host inlines in a page, as it does a build's CSS. */
export const DEV_STYLES_PATH = "__dev/styles.css";

/**
 * The remote's stylesheets as its source imports them (the CSS files its renderer's modules import), in one sheet:
 * a dev manifest lists no CSS (Vite injects it from the modules, which only run once an island is hydrated), so the
 * host would compose a dev page without the remote's styles.
 */
export async function devStyles(server: ViteDevServer): Promise<string> {
  await devRenderer(server);
  const files = [...server.environments.ssr.moduleGraph.idToModuleMap.keys()].filter(
    (id) => id.endsWith(".css") && !id.includes("/node_modules/"),
  );
  const sheets = await Promise.all(files.map((file) => readFile(file, "utf8").catch(() => "")));
  return sheets.join("\n");
}
