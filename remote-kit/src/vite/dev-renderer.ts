import type { ViteDevServer } from "vite";
import type { RemoteRenderModule } from "../render/index.js";

export const SERVER_ENTRY = "src/server-entry.tsx";

/** The plugin by which remoteViteConfig keeps the dev server, and gives startRemoteDevServer the declaration. */
export const DEV_SERVER_PLUGIN = "remote-kit:dev-server";

/** The dev server's renderer, from the source (Vite compiles it on first use and again after each change). */
export const devRenderer = async (server: ViteDevServer) =>
  ((await server.ssrLoadModule(`/${SERVER_ENTRY}`)) as { default: RemoteRenderModule }).default;
