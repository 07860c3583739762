import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import pg from "pg";
import { E2E_SIGNING_SECRET, root, start } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

// Two API processes on one PostgreSQL database, as a deployment runs them (api-1, api-2): visitors racing for the
// last bay at one time, half through each. PGlite is one process's database, so this needs the PostgreSQL server
// CI starts (TEST_DATABASE_URL; locally: eval "$(scripts/test-postgres.sh)").
const SERVER_URL = process.env.TEST_DATABASE_URL;
const PROCESSES = [
  { port: 4471, internal: 4472, staff: 4473 },
  { port: 4474, internal: 4475, staff: 4476 },
];
// the body shop's estimates have one bay: one visitor gets a time, every other is offered the next
const ONE_BAY_KIND = "body-shop-estimate";

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function healthy(port: number) {
  await expect(async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true);
  }).toPass({ timeout: 30_000 });
}

test.describe("two API processes on one PostgreSQL database", () => {
  test.skip(!SERVER_URL, "needs a PostgreSQL server (TEST_DATABASE_URL), as CI has");
  const name = `e2e_race_${randomBytes(4).toString("hex")}`;
  const apis: ChildProcess[] = [];

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    await admin((client) => client.query(`create database ${name}`));
    const url = new URL(SERVER_URL ?? "");
    url.pathname = `/${name}`;
    // one after the other: the first migrates the empty database
    for (const ports of PROCESSES) {
      apis.push(
        start(process.execPath, ["dist/src/main.js"], join(root, "api"), {
          PORT: String(ports.port),
          API_INTERNAL_PORT: String(ports.internal),
          API_STAFF_PORT: String(ports.staff),
          DATABASE_URL: url.toString(),
          SEED_VEHICLES: "0",
          LEAD_RATE_LIMIT_MAX: "10000",
          LEAD_MIN_FILL_MS: "0",
          LEAD_SIGNING_SECRET: E2E_SIGNING_SECRET,
          LOG_LEVEL: "warn",
        }),
      );
      await healthy(ports.port);
    }
  });
  test.afterAll(async () => {
    for (const api of apis) if (api.pid) process.kill(-api.pid, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  });

  test("twenty visitors race for one bay's time: one is booked, each other is offered the next free time", async () => {
    const [first, second] = PROCESSES.map((ports) => `http://127.0.0.1:${ports.port}/api/service`);
    const { times } = (await (await fetch(`${first}/free-times?kind=${ONE_BAY_KIND}`)).json()) as {
      times: { startsAt: string }[];
    };
    const startsAt = times[0]?.startsAt ?? "";
    const book = (api: string | undefined, visitor: number) =>
      fetch(`${api}/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          startsAt,
          units: [{ kind: ONE_BAY_KIND, year: "2020", make: "Isuzu", model: "NPR", vin: "" }],
          stay: "drop-off",
          first_name: "Racer",
          email: `racer-${visitor}@example.com`,
          phone: "403-555-0100",
        }),
      });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, visitor) => book(visitor % 2 ? second : first, visitor)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      const { next } = (await answer.json()) as { next: { startsAt: string } | null };
      expect(next?.startsAt && next.startsAt > startsAt).toBe(true);
    }
    const url = new URL(SERVER_URL ?? "");
    url.pathname = `/${name}`;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query("select count(*)::int as n from service_bookings where starts_at = $1", [startsAt]);
    const { rows: leads } = await db.query("select count(*)::int as n from leads where form = 'service-booking'");
    await db.end();
    expect(rows[0].n).toBe(1);
    expect(leads[0].n).toBe(1);
  });
});
