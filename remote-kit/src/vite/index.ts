import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import type { ConfigEnv, Plugin, UserConfig, ViteDevServer } from "vite";
import { compression } from "vite-plugin-compression2";
import { rewriteBuilt } from "../build-output.js";
import { MANIFEST_CONTRACTS_FIELD } from "../contracts.js";
import { BUILT_AT_VARIABLE, exposesOf, providesOf, publishedDataOf, type RemoteDeclaration } from "../declaration.js";
import { type ContentSources, MANIFEST_SERVER_FIELD, RENDER_PROTOCOL, type RemoteServerInfo } from "../protocol.js";
import type { RemoteRenderModule } from "../render/index.js";
import { readRemoteEnvironment } from "../server/index.js";
import { SHARED_DEPENDENCIES } from "../shared-dependencies.js";
import { DEV_SERVER_PLUGIN, DEV_STYLES_PATH, devRenderer, SERVER_ENTRY } from "./dev-renderer.js";
import { standalonePagePlugin } from "./standalone-page.js";

const SERVER_OUT_DIR = "dist-server";

export interface RemoteConfigOptions {
  /** Origins outside the site its pages embed or load from (written to the manifest for the host's CSP). */
  contentSources?: ContentSources;
  /** Setup files of the remote's own unit tests, after the kit's (which installs the page data and cleans up). */
  testSetup?: readonly string[];
}

/** The build's manifest, changed by `edit` and written again; absent (a server bundle built alone): nothing. */
async function editManifest<M>(file: string, edit: (manifest: M) => void): Promise<void> {
  if (!existsSync(file)) return;
  const manifest = JSON.parse(await readFile(file, "utf8")) as M;
  edit(manifest);
  await rewriteBuilt(file, JSON.stringify(manifest));
}

/**
 * After the server bundle is written: its publishedData becomes static JSON beside the browser build, and its
 * routes' patterns go into the browser build's manifest (metaData.server.routes), with the manifest's compressed
 * copies made again, so the host learns from the manifest which paths this build answers.
 */
function serverBuildPlugin(names: readonly string[]): Plugin {
  return {
    name: "remote-kit:publish-data-and-routes",
    apply: (_config, env) => env.command === "build" && Boolean(env.isSsrBuild),
    async closeBundle() {
      const { root } = this.environment.config;
      const entry = pathToFileURL(join(root, SERVER_OUT_DIR, "server-entry.js")).href;
      const module = ((await import(`${entry}?built=${Date.now()}`)) as { default: RemoteRenderModule }).default;
      const target = join(root, "dist", "data");
      await mkdir(target, { recursive: true });
      for (const name of names) {
        const data = module.publishedData[name];
        if (data === undefined) throw new Error(`${SERVER_ENTRY} publishes no data named "${name}"`);
        await writeFile(join(target, `${name}.json`), JSON.stringify(data));
      }
      await editManifest(join(root, "dist", "mf-manifest.json"), (manifest: { metaData: Record<string, object> }) => {
        const server = manifest.metaData[MANIFEST_SERVER_FIELD] as RemoteServerInfo;
        Object.assign(server, { routes: module.routePatterns, pages: module.pageDeclarations });
      });
    },
  };
}

/**
 * After the browser build: each exposed module's manifest entry also names the chunk the runtime imports first (the
 * module's own small facade) and the chunks that wait for the shared dependencies, which the federation plugin
 * leaves out. The host preloads what the manifest names, so a part's code arrives at once, not one file after another.
 */
function exposedChunksPlugin(declaration: RemoteDeclaration): Plugin {
  return {
    name: "remote-kit:exposed-chunks",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    async writeBundle({ dir: outDir = "" }, bundle) {
      const remoteEntry = bundle["remoteEntry.js"];
      if (remoteEntry?.type !== "chunk") return;
      const { root } = this.environment.config;
      const bySource = new Map(
        Object.entries(exposesOf(declaration)).map(([expose, source]) => [resolve(root, source), expose]),
      );
      // the shared dependencies' chunks a module imports as it loads (not the router's, which only pages reach)
      const sharesOf = (file: string, seen = new Set<string>()): string[] => {
        const chunk = bundle[file];
        if (seen.has(file) || chunk?.type !== "chunk") return [];
        seen.add(file);
        for (const imported of chunk.imports) sharesOf(imported, seen);
        return [...seen].filter((seenFile) => seenFile.includes("__loadShare__"));
      };
      const first = new Map<string, string>();
      for (const file of remoteEntry.dynamicImports) {
        const chunk = bundle[file];
        const expose = chunk?.type === "chunk" && chunk.facadeModuleId ? bySource.get(chunk.facadeModuleId) : undefined;
        if (expose) first.set(expose, file);
      }
      type Expose = { path: string; assets: { js: { sync: string[] } } };
      await editManifest(join(outDir, "mf-manifest.json"), (manifest: { exposes: Expose[] }) => {
        for (const expose of manifest.exposes) {
          const facade = first.get(expose.path);
          const chunks = facade ? [facade, ...sharesOf(facade)] : [];
          expose.assets.js.sync = [...new Set([...chunks, ...expose.assets.js.sync])];
        }
      });
    },
  };
}

export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad";
/**
 * Chunks smaller than this go without the hint: compiled at first call in microseconds, they would gain nothing,
 * and its bytes compress to nothing less in a file of their own (a page loads dozens of such chunks).
 */
export const EAGER_COMPILE_MIN_BYTES = 2048;

/**
 * Every browser chunk of some size asks V8 to compile all of its functions as it streams in (an explicit compile hint): the
 * page fetches its parts' code while idle, so the compiling is done then, on a background thread, instead of on the
 * main thread function by function at the visitor's first touch. The hint counts only on a file's first line, so it
 * is written once the build is complete (after minification, which drops comments, and after Vite's preload map,
 * which it puts first), with the file's compressed copies made again. Browsers without the hint see a comment.
 */
export function eagerCompilePlugin(): Plugin {
  return {
    name: "fleet:eager-compile-hint",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    async writeBundle({ dir: outDir = "" }, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      await Promise.all(
        chunks.map(async (chunk) => {
          const file = join(outDir, chunk.fileName);
          const code = await readFile(file, "utf8");
          if (Buffer.byteLength(code) < EAGER_COMPILE_MIN_BYTES) return;
          await rewriteBuilt(file, `${EAGER_COMPILE_HINT}\n${code}`);
        }),
      );
    },
  };
}

/**
 * A built remote takes the router from the host alone (it bundles no fallback): the federation runtime then leaves it
 * out of the remote's start and loads it with the first chunk that imports it (a page, RemoteRoutes' route table),
 * so a page whose parts are islands never downloads it. `npm run dev` keeps the fallback, for the standalone page.
 */
const SHARED_FROM_HOST = {
  ...SHARED_DEPENDENCIES,
  "react-router-dom": { ...SHARED_DEPENDENCIES["react-router-dom"], import: false },
};

/**
 * The Vite configuration every remote shares: the browser build as a federation remote (relative URLs, a manifest
 * that names its renderer, the host's shared dependencies and federation runtime), and with `--ssr` a plain server
 * bundle of the same routes for the remote's own renderer.
 */
export function remoteViteConfig(declaration: RemoteDeclaration, options: RemoteConfigOptions = {}) {
  const published = publishedDataOf(declaration);
  /** Under `npm run dev`: the dev server, whose source the manifest's routes are read from on every request. */
  const dev: { server?: ViteDevServer } = {};
  return ({ command, isSsrBuild }: ConfigEnv): UserConfig => {
    // when this build was made: the sitemap's lastmod for pages whose content ships with the build
    const define = { [`import.meta.env.${BUILT_AT_VARIABLE}`]: JSON.stringify(new Date().toISOString()) };
    if (isSsrBuild) {
      return {
        define,
        plugins: [react(), serverBuildPlugin(published)],
        build: { ssr: SERVER_ENTRY, outDir: SERVER_OUT_DIR, emptyOutDir: true, copyPublicDir: false, target: "node20" },
      };
    }
    const built = command === "build";
    return {
      define,
      // relative asset URLs, so the built artefact works from whatever base URL it is deployed to
      base: built ? "" : "/",
      plugins: [
        react(),
        {
          name: DEV_SERVER_PLUGIN,
          apply: "serve",
          // startRemoteDevServer reads the remote's declaration from the configuration
          api: { declaration },
          configureServer: (server) => {
            dev.server = server;
          },
        },
        standalonePagePlugin(declaration),
        // every script, style and manifest also as .br and .gz, made once here and served as files
        compression({ algorithms: ["brotliCompress", "gzip"], threshold: 512 }),
        federation({
          name: declaration.name,
          filename: "remoteEntry.js",
          manifest: {
            additionalData: async ({ stats }) => {
              // `npm run dev` makes the manifest on each request: its routes come from the source, as a build's
              // come from its server bundle (serverBuildPlugin), so a page a team adds is the host's at once
              const renderer = dev.server && (await devRenderer(dev.server));
              const server: RemoteServerInfo = {
                protocol: RENDER_PROTOCOL,
                render: "render",
                fragment: "fragment",
                form: "form",
                sitemap: "sitemap.json",
                data: Object.fromEntries(published.map((name) => [name, `data/${name}.json`])),
                contentSources: options.contentSources,
                ...(renderer ? { routes: renderer.routePatterns, pages: renderer.pageDeclarations } : {}),
              };
              // a dev manifest lists no CSS: every module's styles are the source's, in one sheet (devStyles)
              const exposes = renderer
                ? ((stats.exposes ?? []) as { assets?: object }[]).map((expose) => ({
                    ...expose,
                    assets: { ...expose.assets, css: { sync: [DEV_STYLES_PATH], async: [] } },
                  }))
                : stats.exposes;
              const contracts = providesOf(declaration);
              const metaData = { ...(stats.metaData as object), [MANIFEST_SERVER_FIELD]: server };
              return { ...stats, exposes, metaData: { ...metaData, [MANIFEST_CONTRACTS_FIELD]: contracts } };
            },
          },
          dts: false,
          exposes: exposesOf(declaration),
          shared: built ? SHARED_FROM_HOST : SHARED_DEPENDENCIES,
          // the host's federation runtime serves every remote: no remote downloads a copy of its own
          experiments: { externalRuntime: built },
        }),
        exposedChunksPlugin(declaration),
        eagerCompilePlugin(),
      ],
      server: {
        port: declaration.devPort,
        strictPort: true,
        origin: `http://localhost:${declaration.devPort}`,
        cors: true,
        // the standalone page reads the dealership's details from the API, where the remote's server sends its loaders
        proxy: { "/api": readRemoteEnvironment(declaration.name, declaration.devPort).API_ORIGIN },
      },
      // a build is the remote's entry and what it exposes; the standalone page is `npm run dev`'s (standalonePagePlugin)
      build: { target: "es2022", ...(built ? { rolldownOptions: { input: {} } } : {}) },
      // every remote's unit tests: the same environment, files and harness (remote-kit/test-harness)
      test: {
        environment: "happy-dom",
        include: ["test/**/*.test.tsx", "test/**/*.test.ts"],
        setupFiles: [fileURLToPath(new URL("../test-setup.js", import.meta.url)), ...(options.testSetup ?? [])],
      },
    } as UserConfig;
  };
}

export { startRemoteDevServer } from "./dev-server.js";
