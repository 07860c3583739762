import { join } from "node:path";
import { createServer as createViteServer, loadConfigFromFile, type Plugin, type ViteDevServer } from "vite";
import type { RemoteDeclaration } from "../declaration.js";
import { createRemoteServer, readRemoteEnvironment } from "../server/index.js";
import { DEV_SERVER_PLUGIN } from "./dev-renderer.js";

export interface RemoteDevServerOptions {
  /** The remote's package directory (its vite.config.ts); by default the working directory. */
  root?: string;
  /** By default the declaration's dev port. */
  port?: number;
  env?: NodeJS.ProcessEnv;
}

/** The remote's declaration, as its Vite configuration was given it (remoteViteConfig). */
async function declarationOf(root: string, configFile: string): Promise<RemoteDeclaration> {
  const loaded = await loadConfigFromFile({ command: "serve", mode: "development" }, configFile, root, "silent");
  const plugins = ((loaded?.config.plugins ?? []) as unknown[]).flat(3) as (Plugin | null | false)[];
  const plugin = plugins.find((candidate) => candidate && candidate.name === DEV_SERVER_PLUGIN) as Plugin | undefined;
  const declaration = (plugin?.api as { declaration?: RemoteDeclaration } | undefined)?.declaration;
  if (!declaration) throw new Error(`${configFile} is not a remote's configuration (remote-kit remoteViteConfig)`);
  return declaration;
}

/**
 * `npm run dev` for one remote (`fleet-dev`): the remote's own server (remote-kit/server: the same routes, checks
 * and signing as in production), with Vite in middleware mode behind it. Its renderer is the source's (Vite
 * compiles it again after a change), and every other request (modules, the manifest, which declares the source's
 * routes, HMR, the standalone page at /) is Vite's. The environment is the remote server's (RENDER_SECRET, PEER_ORIGINS, API_ORIGIN).
 */
export async function startRemoteDevServer(options: RemoteDevServerOptions = {}) {
  const root = options.root ?? process.cwd();
  const configFile = join(root, "vite.config.ts");
  const declaration = await declarationOf(root, configFile);
  const env = readRemoteEnvironment(declaration.name, declaration.devPort, options.env ?? process.env);
  let vite: ViteDevServer | undefined;
  const started = () => {
    if (!vite) throw new Error("the dev server is starting");
    return vite;
  };
  const app = await createRemoteServer(env, { remote: declaration.name, root, dev: started });
  // Vite's HMR on this server's own port: the browser's module client reconnects where it loaded from
  vite = await createViteServer({
    root,
    configFile,
    appType: "spa",
    server: { middlewareMode: { server: app.server }, ws: { server: app.server } },
  });
  app.addHook("onClose", async () => vite?.close());
  const port = options.port ?? declaration.devPort;
  await app.listen({ port, host: env.HOST });
  console.log(`${declaration.name} remote (npm run dev) serving http://localhost:${port} from its source`);
  return app;
}
