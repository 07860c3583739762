// The processes that make up the composed site, shared by start.mjs (built artefacts), the web benchmark and
// dev.mjs (watch mode).
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { DEFAULT_REMOTE_PORTS, REMOTE_NAMES } from "shared-types";
import { readSiteEnvironment } from "./environment.mjs";

const env = readSiteEnvironment();

export const SITE_PORT = env.PORT;

/** Every remote's current build, behind the host's own proxy. */
export const DEFAULT_REMOTES_CONFIG = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
);
/** The remote configuration `npm start`'s host reads on every request, and `npm run promote` edits. */
export const REMOTES_CONFIG_FILE = new URL("../remotes.config.json", import.meta.url).pathname;
export const API_PORT = env.API_PORT;
/** The API's internal listener (the hosts' change stream, the CRM's export) and its staff listener (the staff edge). */
export const API_INTERNAL_PORT = env.API_INTERNAL_PORT;
export const API_STAFF_PORT = env.API_STAFF_PORT;
/** The staff desk (staff-desk/), which `npm start` serves beside the site on the staff edge. */
export const STAFF_PORT = env.STAFF_PORT;

/**
 * With no SMTP_URL of its own, `npm start` runs a local mail catcher (maildev) and the API delivers every lead to
 * it: the CRM's ADF email and the department's notification can be read at MAIL_CATCHER.web.
 */
export const MAIL_CATCHER = env.SMTP_URL
  ? null
  : {
      smtpPort: env.MAIL_CATCHER_SMTP_PORT,
      webPort: env.MAIL_CATCHER_WEB_PORT,
      get web() {
        return `http://localhost:${this.webPort}`;
      },
    };

/**
 * The secret the host signs its render requests with and every remote checks them against: RENDER_SECRET when
 * given, otherwise one made for this run's own processes (nothing else needs to know it).
 */
export const RENDER_SECRET = process.env.RENDER_SECRET || randomBytes(32).toString("base64url");

/**
 * The key the staff desk proves itself with to the API's staff listener: STAFF_DESK_KEY when given, otherwise one
 * made for this run's desk and API (with it the API counts failed sign-ins per visitor, not per desk).
 */
export const STAFF_DESK_KEY = process.env.STAFF_DESK_KEY || randomBytes(32).toString("base64url");

/** Where a remote's renderer may read its peers' manifests and data: the remotes this run starts, and no other. */
export const peerOrigins = (remotePorts) =>
  process.env.PEER_ORIGINS || REMOTE_NAMES.map((name) => `http://127.0.0.1:${remotePorts[name]}`).join(",");

/**
 * Built artefacts: the API, each remote's own server (static files and renderer), and the host server in front.
 * The ports default to `npm start`'s; the benchmark runs its own set beside it.
 */
export function servingCommands({
  sitePort = SITE_PORT,
  apiPort = API_PORT,
  apiInternalPort = API_INTERNAL_PORT,
  apiStaffPort = API_STAFF_PORT,
  remotePorts = DEFAULT_REMOTE_PORTS,
  apiEnv = {},
  hostEnv = {},
  mailCatcher = null,
  deskPort = null,
} = {}) {
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  if (!hostEnv.REMOTES_CONFIG_FILE && !process.env.REMOTES_CONFIG_FILE && !existsSync(REMOTES_CONFIG_FILE)) {
    writeFileSync(REMOTES_CONFIG_FILE, `${JSON.stringify(DEFAULT_REMOTES_CONFIG, null, 2)}\n`);
  }
  const catcherEnv = mailCatcher
    ? { SMTP_URL: `smtp://127.0.0.1:${mailCatcher.smtpPort}`, PUBLIC_SITE_URL: `http://localhost:${sitePort}` }
    : {};
  return [
    ...(mailCatcher
      ? [
          {
            name: "mail",
            command: `maildev --smtp ${mailCatcher.smtpPort} --web ${mailCatcher.webPort} --ip 127.0.0.1 --web-ip 127.0.0.1 --max-emails 500 --silent`,
          },
        ]
      : []),
    {
      name: "api",
      command: "npm run --silent start -w api",
      env: {
        PORT: String(apiPort),
        API_INTERNAL_PORT: String(apiInternalPort),
        API_STAFF_PORT: String(apiStaffPort),
        // one line when it is up; what it does after (every request) only when asked for with LOG_LEVEL
        LOG_LEVEL: env.LOG_LEVEL,
        ...catcherEnv,
        ...(deskPort ? { STAFF_DESK_URL: `http://localhost:${deskPort}`, STAFF_DESK_KEY } : {}),
        LINEUP_DATA_URL: `http://127.0.0.1:${remotePorts.catalog}/data/lineup-models.json`,
        ...apiEnv,
      },
    },
    ...(deskPort
      ? [
          {
            name: "desk",
            command: "npm run --silent start -w staff-desk",
            env: {
              STAFF_PORT: String(deskPort),
              API_STAFF_ORIGIN: `http://127.0.0.1:${apiStaffPort}`,
              STAFF_DESK_KEY,
            },
          },
        ]
      : []),
    ...REMOTE_NAMES.map((name) => ({
      name,
      command: `npm run --silent start -w mfe-${name}`,
      env: {
        PORT: String(remotePorts[name]),
        API_ORIGIN: apiOrigin,
        RENDER_SECRET,
        PEER_ORIGINS: peerOrigins(remotePorts),
      },
    })),
    {
      name: "host",
      command: "npm run --silent start -w host",
      env: {
        PORT: String(sitePort),
        API_ORIGIN: apiOrigin,
        API_INTERNAL_ORIGIN: `http://127.0.0.1:${apiInternalPort}`,
        RENDER_SECRET,
        PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL ?? "",
        REMOTES_CONFIG_FILE: process.env.REMOTES_CONFIG_FILE || REMOTES_CONFIG_FILE,
        ...Object.fromEntries(
          REMOTE_NAMES.map((name) => [`REMOTE_${name.toUpperCase()}_ORIGIN`, `http://127.0.0.1:${remotePorts[name]}`]),
        ),
        ...hostEnv,
      },
    },
  ];
}

/** Resolves once `url` answers 2xx, or rejects after `timeoutMs` (the benches wait for their own copy of the site). */
export async function waitFor(url, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Stops what a bench started and waits until it has: each command's whole process tree (concurrently's kill), and
 * `also` (a child process of its own), or until `timeoutMs`. A bench that exits at once leaves its servers behind:
 * the kill is asynchronous.
 */
export async function stopServing(commands, result, also = [], timeoutMs = 10_000) {
  const exited = (child) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once("exit", resolve));
  for (const command of commands) command.kill("SIGTERM");
  for (const child of also) child.kill("SIGTERM");
  await Promise.race([
    Promise.all([result.catch(() => undefined), ...also.map(exited)]),
    new Promise((resolve) => setTimeout(resolve, timeoutMs)),
  ]);
}

/**
 * Refuses to start a bench on ports something already holds (an earlier run's leftovers would answer in its place,
 * and the bench would measure them): names the port and stops before anything is started.
 */
export async function assertPortsFree(ports) {
  for (const port of ports) {
    const free = await new Promise((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen({ port, host: "127.0.0.1", exclusive: true }, () => probe.close(() => resolve(true)));
    });
    if (!free) {
      console.error(`port ${port} is in use: stop what holds it (ss -ltnp | grep :${port}) and run the bench again`);
      process.exit(2);
    }
  }
}

/**
 * Stops what a bench started when it fails in a way nothing awaits (a browser that cannot be launched emits an
 * 'error' no promise sees): the servers are stopped, then the process exits.
 */
export function stopOnCrash(stop) {
  const crash = async (error) => {
    console.error(error);
    await stop();
    process.exit(2);
  };
  process.once("uncaughtException", crash);
  process.once("unhandledRejection", crash);
}
