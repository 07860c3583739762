import type { RemoteName } from "./routes.js";

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

/** The host's run-time configuration file: where each remote's manifest lives. The host server checks it on every request, re-reads it when it changed and writes it into each page. */
export const REMOTES_CONFIG_PATH = "/remotes.config.json";
export type RemotesConfig = Record<RemoteName, string>;
