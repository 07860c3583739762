import type { RemoteName } from "./routes.js";

/**
 * What the host and every remote share at run time, one copy each. Build tools read this object; it holds
 * no code. The trailing-slash keys share subpath imports such as react/jsx-runtime and react-dom/client.
 */
export const FEDERATION_SHARED = {
  react: { singleton: true, requiredVersion: "^19.0.0" },
  "react/": { singleton: true, requiredVersion: "^19.0.0" },
  "react-dom": { singleton: true, requiredVersion: "^19.0.0" },
  "react-dom/": { singleton: true, requiredVersion: "^19.0.0" },
  "react-router-dom": { singleton: true, requiredVersion: "^7.0.0" },
  zustand: { singleton: true, requiredVersion: "^5.0.0" },
  "shared-types": { singleton: true, requiredVersion: "^1.0.0" },
} as const;

/** Every remote exposes its route table as "./routes"; some expose more (leads exposes its forms). */
export const REMOTE_ROUTES_MODULE = "./routes";

/** The ports each remote's own server listens on when the site runs on one machine. */
export const DEFAULT_REMOTE_PORTS: Record<RemoteName, number> = {
  catalog: 4174,
  inventory: 4175,
  service: 4176,
  leads: 4177,
};
export const DEFAULT_REMOTE_DEV_PORTS: Record<RemoteName, number> = {
  catalog: 5174,
  inventory: 5175,
  service: 5176,
  leads: 5177,
};

/** The host's run-time configuration file: where each remote's manifest lives. Fetched at start-up, never cached. */
export const REMOTES_CONFIG_PATH = "/remotes.config.json";
export type RemotesConfig = Record<RemoteName, string>;

/**
 * How a remote renders another remote's exposed module (leads/lead-form, catalog/lineup-models...). A remote's
 * own federation runtime knows no other remotes; the host's does, so the host publishes its loader here.
 */
export const PEER_MODULE_LOADER_KEY = "__fleetLoadPeerModule";
export type PeerModuleLoader = <T>(id: string) => Promise<T>;

export function loadPeerModule<T>(id: string): Promise<T> {
  const loader = (globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] as PeerModuleLoader | undefined;
  if (!loader) return Promise.reject(new Error(`${id} needs the host: this page is not running inside it`));
  return loader<T>(id);
}
