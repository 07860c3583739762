import { connect, type Socket } from "node:net";
import { stopOnSignals } from "server-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../src/db/database.js";
import { signFormStart } from "../src/security/signing.js";
import { type ApiProcess, antiForgeryHeaders, FAULT_SIGNING_SECRET, startApi } from "./fault-api-process.js";

/** A capture whose headers are sent and whose body is held back: a request in flight for as long as the test likes. */
async function captureInFlight(origin: string) {
  const headers = await antiForgeryHeaders(origin);
  const body = JSON.stringify({
    form: "contact",
    destination: "ContactUs",
    website: "",
    form_started: signFormStart(Buffer.from(FAULT_SIGNING_SECRET), Date.now() - 12_000),
    first_name: "Drain",
    email: "drain@example.ca",
  });
  const { hostname, port } = new URL(origin);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (chunk: Buffer) => {
    answer += chunk.toString();
  });
  const ended = new Promise<string>((resolve) => socket.once("close", () => resolve(answer)));
  const lines = [
    "POST /api/leads/capture HTTP/1.1",
    `host: ${hostname}:${port}`,
    `cookie: ${headers.cookie}`,
    `x-xsrf-token: ${headers["x-xsrf-token"]}`,
    "content-type: application/json",
    "idempotency-key: 2b7f3f0e-33c4-4b8e-9a55-0d8e7f1c2a10",
    `content-length: ${Buffer.byteLength(body)}`,
    "connection: close",
  ];
  socket.write(`${lines.join("\r\n")}\r\n\r\n${body.slice(0, 10)}`);
  return { finish: () => socket.write(body.slice(10)), answer: ended };
}

/**
 * Issue 45: on SIGTERM the API stops taking connections, lets the requests in flight finish (a lead capture being
 * sent is stored and answered 201), ends the hosts' change streams, closes its database and exits 0, within 10 s.
 */
describe("the API told to stop (SIGTERM)", () => {
  let api: ApiProcess;
  beforeAll(async () => {
    api = await startApi({});
  }, 60_000);
  afterAll(async () => {
    if (api?.child.exitCode === null) api.child.kill("SIGKILL");
  });

  it("finishes what is in flight, takes nothing new, and exits 0 within 10 s", async () => {
    const follower = await fetch(`${api.internalOrigin}/api/changes`);
    expect(follower.status).toBe(200);
    const capture = await captureInFlight(api.origin);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const told = Date.now();
    api.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // nothing new: the listener is closed (the request in flight still holds the process)
    await expect(fetch(`${api.origin}/api/health`)).rejects.toThrow();
    await expect(fetch(`${api.internalOrigin}/api/changes`)).rejects.toThrow();
    expect(api.child.exitCode).toBeNull();

    capture.finish();
    const answer = await capture.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    const code = await api.exited;
    expect(code, api.stderr()).toBe(0);
    expect(Date.now() - told).toBeLessThan(10_000);

    // the lead it answered 201 for is in the database, which was closed properly
    const db = await openPglite(api.dataDir);
    try {
      const rows = await db.query<{ n: number }>(
        "select count(*)::int as n from leads where fields->>'first_name' = 'Drain'",
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe("stopOnSignals (server-kit: the API, the host, each remote's server and the staff desk)", () => {
  const signal = "SIGUSR2";
  const told = (stop: () => Promise<unknown>, graceMs = 200) =>
    new Promise<{ code: number; afterMs: number }>((resolve) => {
      const started = Date.now();
      const remove = stopOnSignals(stop, {
        graceMs,
        signals: [signal],
        log: () => {},
        exit: (code) => {
          remove();
          resolve({ code, afterMs: Date.now() - started });
        },
      });
      process.emit(signal, signal);
    });

  it("exits 0 once the stop is done", async () => {
    expect((await told(async () => undefined)).code).toBe(0);
  });

  it("exits 1 at the grace's end when the stop hangs (a request that never ends), and at once when it fails", async () => {
    const hung = await told(() => new Promise(() => {}), 200);
    expect(hung.code).toBe(1);
    expect(hung.afterMs).toBeGreaterThanOrEqual(190);
    expect(hung.afterMs).toBeLessThan(2_000);
    expect((await told(async () => Promise.reject(new Error("close failed")))).code).toBe(1);
  });
});
