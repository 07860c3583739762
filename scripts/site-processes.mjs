// The processes that make up the composed site, shared by start.mjs (built artefacts) and dev.mjs (watch mode).
import { DEFAULT_REMOTE_PORTS, REMOTE_NAMES } from "shared-types";

export const SITE_PORT = Number(process.env.PORT ?? 4173);
export const API_PORT = Number(process.env.API_PORT ?? 4180);
const API_ORIGIN = `http://127.0.0.1:${API_PORT}`;

/** Built artefacts: the API, each remote's own server (static files and renderer), and the host server in front. */
export function servingCommands() {
  return [
    { name: "api", command: `npm run start -w api`, env: { PORT: String(API_PORT) } },
    ...REMOTE_NAMES.map((name) => ({
      name,
      command: `npm run start -w mfe-${name}`,
      env: { PORT: String(DEFAULT_REMOTE_PORTS[name]), API_ORIGIN },
    })),
    {
      name: "host",
      command: `npm run start -w host`,
      env: { PORT: String(SITE_PORT), API_ORIGIN, PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL ?? "" },
    },
  ];
}
