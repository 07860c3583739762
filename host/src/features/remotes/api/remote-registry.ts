import { loadRemote, registerRemotes } from "@module-federation/runtime";
import type { ComponentType } from "react";
import {
  REMOTE_NAMES,
  REMOTE_ROUTES_MODULE,
  REMOTES_CONFIG_PATH,
  type RemoteName,
  type RemotesConfig,
} from "shared-types";

/** A remote that has not answered by then is shown as unavailable; Retry tries again. */
export const REMOTE_TIMEOUT_MS = 6000;

let configPromise: Promise<RemotesConfig> | null = null;

function resolveEntries(config: RemotesConfig) {
  return REMOTE_NAMES.map((name) => ({ name, entry: new URL(config[name], window.location.href).href }));
}

/**
 * Fetches where the remotes live (never from cache, so a redeployed remote is picked up on the next visit)
 * and registers them with the federation runtime. A failed fetch is forgotten so Retry fetches again.
 */
export function loadRemotesConfig(): Promise<RemotesConfig> {
  configPromise ??= fetch(REMOTES_CONFIG_PATH, { cache: "no-store" })
    .then(async (response) => {
      if (!response.ok) throw new Error(`remote configuration answered ${response.status}`);
      const config = (await response.json()) as RemotesConfig;
      registerRemotes(resolveEntries(config));
      return config;
    })
    .catch((error: unknown) => {
      configPromise = null;
      throw error;
    });
  return configPromise;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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
 * Any exposed module of any remote, for remotes that render each other's (see loadPeerModule). A load after a
 * failure (the remote was down, the visitor pressed the peer's own "try again") fetches the remote anew.
 */
export async function loadRemoteModule<T>(id: string): Promise<T> {
  const config = await withTimeout(loadRemotesConfig(), REMOTE_TIMEOUT_MS, "The site configuration");
  const remote = id.split("/")[0] ?? "";
  if (failedPeerRemotes.delete(remote)) {
    registerRemotes(
      resolveEntries(config).filter((r) => r.name === remote),
      { force: true },
    );
  }
  try {
    const module = await withTimeout(loadRemote<T>(id), REMOTE_TIMEOUT_MS, id);
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
 * Loads a remote's route table. `attempt` > 0 is a Retry: the remote is registered again with force, which
 * drops the runtime's cached failure so its manifest and entry are fetched anew.
 */
export async function loadRemoteRoutes(name: RemoteName, attempt = 0): Promise<RemoteRoutesModule> {
  const config = await withTimeout(loadRemotesConfig(), REMOTE_TIMEOUT_MS, "The site configuration");
  if (attempt > 0) {
    registerRemotes(
      resolveEntries(config).filter((r) => r.name === name),
      { force: true },
    );
  }
  const id = `${name}/${REMOTE_ROUTES_MODULE.slice(2)}`;
  const module = await withTimeout(loadRemote<RemoteRoutesModule>(id), REMOTE_TIMEOUT_MS, `The ${name} remote`);
  if (!module || typeof module.default !== "function") throw new Error(`${id} has no default export`);
  return module;
}
