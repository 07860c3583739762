// The processes that make up the composed site, shared by start.mjs (built artefacts) and dev.mjs (watch mode).
import { DEFAULT_REMOTE_PORTS, REMOTE_NAMES } from "shared-types";

export const SITE_PORT = Number(process.env.PORT ?? 4173);
export const API_PORT = Number(process.env.API_PORT ?? 4180);

/** Built artefacts: the API, each remote's own static server, and the host server in front of them. */
export function servingCommands() {
  return [
    { name: "api", command: `npm run start -w api`, env: { PORT: String(API_PORT) } },
    ...REMOTE_NAMES.map((name) => ({
      name,
      command: `npm run preview -w mfe-${name} -- --port ${DEFAULT_REMOTE_PORTS[name]} --strictPort`,
    })),
    {
      name: "host",
      command: `npm run start -w host`,
      env: { PORT: String(SITE_PORT), API_ORIGIN: `http://127.0.0.1:${API_PORT}` },
    },
  ];
}
