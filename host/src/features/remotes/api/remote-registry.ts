import type { ComponentType } from "react";
import { readSiteDocument } from "remote-kit";
import { REMOTE_ROUTES_MODULE } from "remote-kit/contracts";
import { REMOTE_NAMES, REMOTES_CONFIG_PATH, type RemoteName, type RemotesConfig } from "shared-types";

/** A remote could not be loaded: down, slow or broken. Its region shows a fallback; it is not a page error. */
export class RemoteUnavailableError extends Error {}

/** A remote that has not answered by then is shown as unavailable; Retry tries again. */
const REMOTE_TIMEOUT_MS = 6000;

// the runtime is its own chunk: pages without a remote (the home page) never download it
const loadFederation = () => import("./federation").then((m) => m.federation);

let configPromise: Promise<RemotesConfig> | null = null;

// a remote whose entry the page names is loaded from it at once; any other from its manifest (the runtime reads it
// first). Both are modules.
async function register(config: RemotesConfig, names: readonly RemoteName[] = REMOTE_NAMES, force = false) {
  const federation = await loadFederation();
  const entries = readSiteDocument()?.entries ?? {};
  const remotes = names.map((name) => ({
    name,
    type: "module",
    entry: new URL(entries[name] ?? config[name], window.location.href).href,
  }));
  federation.registerRemotes(remotes, { force });
}

async function fetchConfig(): Promise<RemotesConfig> {
  const response = await fetch(REMOTES_CONFIG_PATH, { cache: "no-store" });
  if (!response.ok) throw new Error(`remote configuration answered ${response.status}`);
  // the configuration's schema (zod) is a chunk of its own too: needed only when the page holds no configuration
  const { parseRemotesConfig } = await import("shared-types/schemas");
  return parseRemotesConfig(await response.json(), REMOTES_CONFIG_PATH);
}

/**
 * Where the remotes live: written into the page by the server (the same configuration it composed the page with),
 * or fetched anew (never from cache) when that is missing or a Retry asks again. Registers them with the runtime.
 * A failure is forgotten so Retry fetches again.
 */
export function loadRemotesConfig(fresh = false): Promise<RemotesConfig> {
  if (fresh) configPromise = null;
  // the configuration the server composed the page with was checked there; one fetched anew is checked here
  const written = fresh ? null : readSiteDocument()?.remotes;
  configPromise ??= (written ? Promise.resolve(written) : fetchConfig())
    .then(async (config) => {
      await register(config);
      return config;
    })
    .catch((error: unknown) => {
      configPromise = null;
      throw error;
    });
  return configPromise;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  if (!Number.isFinite(ms)) return promise;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Remotes whose last load failed: the next load registers them again to drop the runtime's cached failure. */
const failedRemotes = new Set<string>();

/**
 * Any exposed module of any remote: a remote's route table, or a peer's module for remotes that render each
 * other's (remote-kit loadPeerModule). A load after a failure (the remote was down, the visitor pressed the peer's
 * own "try again") fetches the remote anew; a `fresh` one (a Retry) reads the configuration anew too.
 */
export async function loadRemoteModule<T>(
  id: string,
  { timeoutMs = REMOTE_TIMEOUT_MS, fresh = false, what = id } = {},
): Promise<T> {
  const config = await withTimeout(loadRemotesConfig(fresh), timeoutMs, "The site configuration");
  const remote = id.split("/")[0] ?? "";
  if (failedRemotes.delete(remote) || fresh) await register(config, [remote as RemoteName], true);
  try {
    const federation = await loadFederation();
    const module = await withTimeout(federation.loadRemote<T>(id), timeoutMs, what);
    if (!module) throw new Error(`${id} is unavailable`);
    return module;
  } catch (error) {
    failedRemotes.add(remote);
    throw error;
  }
}

export interface RemoteRoutesModule {
  default: ComponentType;
}

/** Loads a remote's route table; `attempt` > 0 is a Retry (a fresh load). */
export async function loadRemoteRoutes(name: RemoteName, attempt = 0): Promise<RemoteRoutesModule> {
  const id = `${name}/${REMOTE_ROUTES_MODULE.slice(2)}`;
  try {
    const module = await loadRemoteModule<RemoteRoutesModule>(id, { fresh: attempt > 0, what: `The ${name} remote` });
    if (typeof module.default !== "function") throw new Error(`${id} has no default export`);
    return module;
  } catch (error) {
    throw new RemoteUnavailableError((error as Error)?.message ?? String(error), { cause: error });
  }
}
