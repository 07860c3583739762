import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signFormStart } from "../src/security/signing.js";

const API_DIR = new URL("..", import.meta.url).pathname;
export const FAULT_SIGNING_SECRET = "fault-test-signing-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

/** A port nobody listens on now (the API's config refuses port 0 for its public listener). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ApiProcess {
  child: ChildProcess;
  /** The public edge's origin. */
  origin: string;
  /** The internal edge's (the hosts' change stream). */
  internalOrigin: string;
  /** Where its embedded database keeps its files (when it has no DATABASE_URL). */
  dataDir: string;
  /** What it printed on stderr (the reason, when it exits). */
  stderr: () => string;
  exited: Promise<number | null>;
}

/** The real API (`src/main.ts` from source) in a process of its own, as `npm start` runs it; resolves once it listens. */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const dir = mkdtempSync(join(tmpdir(), "fault-api-"));
  const [port, internal, staff] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      API_INTERNAL_PORT: String(internal),
      API_STAFF_PORT: String(staff),
      DATA_DIR: join(dir, "pglite"),
      PHOTO_DIR: join(dir, "photos"),
      SAMPLE_FEED_DIR: join(dir, "sample-feed"),
      STAFF_CLI_TOKEN_FILE: join(dir, "staff-cli.token"),
      SEED_VEHICLES: "0",
      DELIVERY_WORKER: "off",
      LEAD_EMAIL: "off",
      LEAD_SIGNING_SECRET: FAULT_SIGNING_SECRET,
      LEAD_RATE_LIMIT_MAX: "100000",
      READ_RATE_LIMIT_MAX: "100000",
      LOG_LEVEL: "error",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("api serving")) resolve();
    });
    void exited.then((code) => reject(new Error(`the API exited (${code}) before listening: ${err}`)));
  });
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    internalOrigin: `http://127.0.0.1:${internal}`,
    dataDir: join(dir, "pglite"),
    stderr: () => err,
    exited,
  };
}

/** A browser's anti-forgery pair (GET /api/leads/token), as headers for a capture. */
export async function antiForgeryHeaders(origin: string): Promise<Record<string, string>> {
  const res = await fetch(`${origin}/api/leads/token`);
  const cookies = res.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
  const xsrf = cookies.find((c) => c.startsWith("XSRF-TOKEN="))?.slice("XSRF-TOKEN=".length) ?? "";
  return { cookie: cookies.join("; "), "x-xsrf-token": decodeURIComponent(xsrf), "content-type": "application/json" };
}

/** POST /api/leads/capture as a page sends it: a person's contact form, with its own Idempotency-Key. */
export async function sendLead(origin: string, headers: Record<string, string>, key: string) {
  const res = await fetch(`${origin}/api/leads/capture`, {
    method: "POST",
    headers: { ...headers, "idempotency-key": key },
    body: JSON.stringify({
      form: "contact",
      destination: "ContactUs",
      website: "",
      form_started: signFormStart(Buffer.from(FAULT_SIGNING_SECRET), Date.now() - 12_000),
      first_name: "Fault",
      email: `${key}@example.ca`,
    }),
  });
  const body = (await res.json().catch(() => ({}))) as { id?: string; error?: string; message?: string };
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body };
}

/** Waits until `check` holds (polled), or fails saying what it waited for. */
export async function until(check: () => Promise<boolean> | boolean, what: string, withinMs = 20_000) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
