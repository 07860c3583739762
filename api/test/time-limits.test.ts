import { connect, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type Database, openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { testConfig } from "./test-config.js";

/**
 * Slow clients: a request trickled in a byte at a time, headers that never end, a connection that says nothing,
 * a kept-alive connection left idle. Each must be cut off at its limit (shortened here), not held open for as long
 * as the client likes. The limits are generous against the bounds asserted, so a busy machine does not fail them.
 */
const LIMITS = { requestMs: 1_000, connectionMs: 1_500, keepAliveMs: 300 };
/** Far longer than any limit: a connection still open by then was not cut off. */
const HELD_OPEN_MS = 8_000;

interface Outcome {
  answer: string;
  closedAfterMs: number;
}

/** Opens a raw connection, runs `drive` on it, and resolves with what came back once the server closes it. */
function slowClient(port: number, drive: (socket: Socket) => () => void): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = "";
    let stop = () => {};
    const socket = connect(port, "127.0.0.1", () => {
      stop = drive(socket);
    });
    const giveUp = setTimeout(() => {
      stop();
      socket.destroy();
      reject(new Error(`the server held the connection open for ${HELD_OPEN_MS} ms`));
    }, HELD_OPEN_MS);
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(giveUp);
      stop();
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

/** Writes `text` one character every `everyMs`. */
const trickle = (text: string, everyMs: number) => (socket: Socket) => {
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < text.length && !socket.destroyed) socket.write(text[sent++] ?? "");
  }, everyMs);
  return () => clearInterval(timer);
};

describe("time limits and the read rate limit", () => {
  let db: Database;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    app = await buildApp(testConfig({ READ_RATE_LIMIT_MAX: 5 }), { db, timeouts: LIMITS });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it("answers 408 to a request body trickled in a byte at a time, and closes the connection", async () => {
    const head =
      "POST /api/consent/unsubscribe HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n";
    const outcome = await slowClient(port, (socket) => {
      socket.write(head);
      return trickle(`{"email":"a@b.ca"${" ".repeat(200)}`, 200)(socket);
    });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(HELD_OPEN_MS);
  });

  it("cuts off headers that never end", async () => {
    const outcome = await slowClient(
      port,
      trickle(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ${"a".repeat(500)}`, 200),
    );
    expect(outcome.answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
    expect(outcome.closedAfterMs).toBeLessThan(HELD_OPEN_MS);
  });

  it("closes a connection that never sends anything", async () => {
    const outcome = await slowClient(port, () => () => {});
    expect(outcome.closedAfterMs).toBeLessThan(HELD_OPEN_MS);
  });

  it("closes a kept-alive connection left idle after its answer", async () => {
    const outcome = await slowClient(port, (socket) => {
      socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n");
      return () => {};
    });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.answer).toMatch(/keep-alive: timeout=/i);
    expect(outcome.closedAfterMs).toBeLessThan(HELD_OPEN_MS);
  });

  it("limits one visitor's reads with a 429 that says Too Many Requests, and no one else's", async () => {
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await app.inject({ method: "GET", url: "/api/health", headers: from("203.0.113.50") })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await app.inject({ method: "GET", url: "/api/health", headers: from("203.0.113.50") });
    expect(refused.json()).toMatchObject({ error: "Too Many Requests" });
    expect(refused.json().message).toMatch(/Too many requests\. Please try again in/);
    expect(refused.headers["retry-after"]).toBeTruthy();
    expect((await app.inject({ method: "GET", url: "/api/health", headers: from("198.51.100.8") })).statusCode).toBe(
      200,
    );
    // the remotes' renderers on this machine (no forwarded address) are not visitors
    for (let i = 0; i < 8; i++) expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});
