import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, fetch as undiciFetch } from "undici";

/** The host names deploy/test-stack.sh serves the stack on (Caddy's `tls internal`), on this machine's port 443. */
export const SITE_HOST = process.env.SITE_HOST ?? "site.fleet.test";
export const DESK_HOST = process.env.DESK_HOST ?? "desk.fleet.test";
export const STACK_HOSTS = [SITE_HOST, DESK_HOST];
export const SITE_URL = `https://${SITE_HOST}`;
export const DESK_URL = `https://${DESK_HOST}`;

/** Node's own requests to the stack: by its names, to this machine, trusting Caddy's authority and nothing else. */
const edge = new Agent({
  connect: {
    ca: process.env.FLEET_STACK_CA ? readFileSync(process.env.FLEET_STACK_CA, "utf8") : undefined,
    lookup: (_host, _options, callback) => callback(null, [{ address: "127.0.0.1", family: 4 }]),
  },
  allowH2: true,
});
export const stackFetch = (url: string, init: Parameters<typeof undiciFetch>[1] = {}) =>
  undiciFetch(url, { ...init, dispatcher: edge, redirect: "manual" });

const podman = (...args: string[]) =>
  execFileSync("podman", args, { encoding: "utf8", env: process.env, stdio: ["ignore", "pipe", "pipe"] }).trim();

/** The container podman-compose made for a service (project fleet). */
export const containerOf = (service: string) => `fleet_${service}_1`;
export const containerId = (service: string) => podman("inspect", "-f", "{{.Id}}", containerOf(service));
/** When the service's container last started: a process that exited and was restarted by podman starts again. */
export const startedAt = (service: string) => podman("inspect", "-f", "{{.State.StartedAt}}", containerOf(service));
export const kill = (service: string) => podman("kill", containerOf(service));
export const start = (service: string) => podman("start", containerOf(service));
export const compose = (...args: string[]) =>
  execFileSync("podman-compose", ["-p", "fleet", "-f", "deploy/compose.yaml", ...args], {
    cwd: new URL("../..", import.meta.url).pathname,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });

/** A query on the stack's PostgreSQL, as its owner, inside its container: one value per row. */
export const psql = (sql: string): string[] =>
  podman("exec", containerOf("postgres"), "psql", "-U", "fleet", "-d", "fleet", "-At", "-c", sql)
    .split("\n")
    .filter(Boolean);

/** `npm run staff:invite` as the image runs it: the last line is the member's one-time link. */
export function inviteLink(email: string, role: string): string {
  const output = podman("exec", containerOf("api-1"), "node", "dist/src/staff/invite.js", email, role);
  return output.split("\n").at(-1) ?? "";
}

export const uniqueEmail = (who: string) => `${who}.${randomBytes(4).toString("hex")}@fleet-buyer.example`;

/** What a visitor's form does to send a lead through the site: its anti-forgery pair and a signed start. */
export async function leadSender() {
  const token = await stackFetch(`${SITE_URL}/api/leads/token`);
  const cookies = token.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith("XSRF-TOKEN="))?.slice(11) ?? "");
  const start = (await (await stackFetch(`${SITE_URL}/api/leads/start`)).json()) as Record<string, string>;
  return async (lastName: string, n: number): Promise<number> => {
    const answer = await stackFetch(`${SITE_URL}/api/leads/capture`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: cookies.join("; "),
        "x-xsrf-token": xsrf,
        "idempotency-key": `${lastName}-${n}`,
      },
      body: JSON.stringify({
        ...start,
        form: "contact",
        destination: "ContactUs",
        first_name: `Lead${n}`,
        last_name: lastName,
        email: "fault.drill@fleet-buyer.example",
        message: "Two chassis cabs for a landscaping crew",
        website: "",
      }),
    }).catch(() => null);
    await answer?.body?.cancel();
    return answer?.status ?? 0;
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
