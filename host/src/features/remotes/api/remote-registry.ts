import type { ComponentType } from "react";
import { readSiteDocument } from "remote-kit";
import { REMOTE_ROUTES_MODULE } from "remote-kit/contracts";
import { REMOTE_NAMES, REMOTES_CONFIG_PATH, type RemoteName, type RemotesConfig } from "shared-types";

/** A remote could not be loaded: down, slow or broken. Its region shows a fallback; it is not a page error. */
export class RemoteUnavailableError extends Error {}

/** A remote that has not answered by then is shown as unavailable; Retry tries again. */
export const REMOTE_TIMEOUT_MS = 6000;

// the runtime is its own chunk: pages without a remote (the home page) never download it
const loadFederation = () => import("./federation").then((m) => m.federation);
// so is the configuration's schema (zod): only a page with a remote region reads the configuration
const checkConfig = (value: unknown, source: string) =>
  import("shared-types/schemas").then((m) => m.parseRemotesConfig(value, source));

let configPromise: Promise<RemotesConfig> | null = null;

// a remote whose entry the page names is loaded from it at once; any other from its manifest (the runtime reads it
// first). Both are modules.
function resolveEntries(config: RemotesConfig) {
  const entries = readSiteDocument()?.entries ?? {};
  return REMOTE_NAMES.map((name) => ({
    name,
    type: "module",
    entry: new URL(entries[name] ?? config[name], window.location.href).href,
  }));
}

async function register(config: RemotesConfig, names: readonly RemoteName[] = REMOTE_NAMES, force = false) {
  const federation = await loadFederation();
  const wanted = new Set(names);
  federation.registerRemotes(
    resolveEntries(config).filter((r) => wanted.has(r.name as RemoteName)),
    { force },
  );
}

async function fetchConfig(): Promise<RemotesConfig> {
  const response = await fetch(REMOTES_CONFIG_PATH, { cache: "no-store" });
  if (!response.ok) throw new Error(`remote configuration answered ${response.status}`);
  return checkConfig(await response.json(), REMOTES_CONFIG_PATH);
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
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Remotes whose last peer-module load failed: the next load registers them again to drop the cached failure. */
const failedPeerRemotes = new Set<string>();

/**
 * Any exposed module of any remote, for remotes that render each other's (remote-kit loadPeerModule). A load after
 * a failure (the remote was down, the visitor pressed the peer's own "try again") fetches the remote anew.
 */
export async function loadRemoteModule<T>(id: string, { timeoutMs = REMOTE_TIMEOUT_MS } = {}): Promise<T> {
  const config = await withTimeout(loadRemotesConfig(), timeoutMs, "The site configuration");
  const remote = id.split("/")[0] ?? "";
  if (failedPeerRemotes.delete(remote)) await register(config, [remote as RemoteName], true);
  try {
    const federation = await loadFederation();
    const module = await withTimeout(federation.loadRemote<T>(id), timeoutMs, id);
    if (!module) throw new Error(`${id} is unavailable`);
    return module;
  } catch (error) {
    failedPeerRemotes.add(remote);
    throw error;
  }
}

export interface RemoteRoutesModule {
  default: ComponentType;
}

/**
 * Loads a remote's route table. `attempt` > 0 is a Retry: the configuration is read anew and the remote registered
 * again with force, which drops the runtime's cached failure so its manifest and entry are fetched anew.
 */
export async function loadRemoteRoutes(name: RemoteName, attempt = 0): Promise<RemoteRoutesModule> {
  try {
    const config = await withTimeout(loadRemotesConfig(attempt > 0), REMOTE_TIMEOUT_MS, "The site configuration");
    if (attempt > 0) await register(config, [name], true);
    const id = `${name}/${REMOTE_ROUTES_MODULE.slice(2)}`;
    const federation = await loadFederation();
    const module = await withTimeout(
      federation.loadRemote<RemoteRoutesModule>(id),
      REMOTE_TIMEOUT_MS,
      `The ${name} remote`,
    );
    if (!module || typeof module.default !== "function") throw new Error(`${id} has no default export`);
    return module;
  } catch (error) {
    throw new RemoteUnavailableError((error as Error)?.message ?? String(error), { cause: error });
  }
}
