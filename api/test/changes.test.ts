import type { FastifyInstance } from "fastify";
import { CACHE_TAGS } from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, DEFAULT_TIMEOUTS } from "../src/app.js";
import { ChangeSignal, tagsOfNotification } from "../src/changes/change-signal.js";
import { type Database, openPostgres } from "../src/db/database.js";
import { listenOnEdges } from "../src/security/edges.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { backends, createPostgresDatabase } from "./database-fixtures.js";
import { testConfig } from "./test-config.js";

const ADMIN_TOKEN = "admin-token-for-tests-0123456789-abcdefghij";

/** The next announcement the signal makes, or what it made within `ms` (empty). */
function nextAnnouncement(signal: ChangeSignal, ms = 3_000): Promise<string[]> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve([]);
    }, ms);
    const stop = signal.subscribe((tags) => {
      clearTimeout(timer);
      stop();
      resolve(tags);
    });
  });
}

describe("the change signal's tags", () => {
  it("name a unit's pages and every search that could list it; the site for anything else", () => {
    expect(tagsOfNotification("unit:A1234")).toEqual([CACHE_TAGS.unit("A1234"), CACHE_TAGS.inventory]);
    expect(tagsOfNotification("promotions")).toEqual([CACHE_TAGS.promotions]);
    // a listener that was (re)connected may have missed changes: everything
    expect(tagsOfNotification("")).toEqual([CACHE_TAGS.site]);
  });
});

describe.each(backends())("the change signal on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let signal: ChangeSignal;
  let stock = "";

  beforeAll(async () => {
    db = await backend.open();
    await seedIfEmpty(db, 3);
    stock =
      (await db.query<{ stock_number: string }>("select stock_number from vehicles limit 1"))[0]?.stock_number ?? "";
    signal = new ChangeSignal(db);
    await signal.start();
    app = await buildApp(testConfig({ ADMIN_TOKEN }), { db, changeStream: { maxFollowers: 2, idleMs: 1_500 } });
    // the app's own start-up writes (the dealership's details) are announced too, later on PostgreSQL: heard out first
    while ((await nextAnnouncement(signal, 300)).length > 0);
  });
  afterAll(async () => {
    await app.close();
    await signal.close();
    await db.close();
  });

  const patch = (payload: unknown, token = ADMIN_TOKEN, unit = stock) =>
    app.inject({
      method: "PATCH",
      url: `/api/admin/units/${unit}`,
      headers: { authorization: `Bearer ${token}` },
      payload: payload as Record<string, unknown>,
    });

  it("announces a unit's change however it is made, in one announcement for many rows", async () => {
    const byHand = nextAnnouncement(signal);
    await db.query("update vehicles set low_price = low_price + 1 where stock_number = $1", [stock]);
    expect(await byHand).toEqual(expect.arrayContaining([CACHE_TAGS.unit(stock), CACHE_TAGS.inventory]));
    const bulk = nextAnnouncement(signal);
    await db.query("update vehicles set comments = comments");
    const tags = await bulk;
    expect(tags.filter((tag) => tag.startsWith("unit:"))).toHaveLength(3);
  });

  it("lets staff change a unit's sale price or mark it sold, and announces it", async () => {
    const announced = nextAnnouncement(signal);
    const changed = await patch({ sale_price: 41_990 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ stock_number: stock, sale_price: 41_990, status: "available" });
    expect(await announced).toContain(CACHE_TAGS.unit(stock));
    expect((await app.inject(`/api/inventory/stocknumber/${stock}`)).json()).toMatchObject({ low_price: 41_990 });
    expect((await patch({ status: "sold" })).json()).toMatchObject({ status: "sold" });
    expect((await patch({ status: "available" })).statusCode).toBe(200);
  });

  it("refuses a change it cannot make with the reason, and anyone without the token", async () => {
    expect((await patch({ sale_price: -5 })).json().message).toMatch(/sale_price/);
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ colour: "red" })).statusCode).toBe(400);
    expect((await patch({ status: "sold" }, ADMIN_TOKEN, "NOPE404")).statusCode).toBe(404);
    expect((await patch({ status: "sold" }, "wrong-token-0123456789abcdefgh")).statusCode).toBe(401);
  });

  /** Reads a stream's text until it holds `until` (or the stream ends); the reader stays open. */
  async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: string, text = ""): Promise<string> {
    let read = text;
    while (!read.includes(until)) {
      const { value, done } = await reader.read();
      if (done) return `${read}[ended]`;
      read += new TextDecoder().decode(value);
    }
    return read;
  }

  it("streams each announcement to the hosts that follow it, on the internal listener only, to a few at a time, and ends an idle stream that its follower resumes", async () => {
    const at = await listenOnEdges(
      app,
      {
        public: { port: 0, host: "127.0.0.1" },
        internal: { port: 0, host: "127.0.0.1" },
        staff: { port: 0, host: "127.0.0.1" },
      },
      DEFAULT_TIMEOUTS,
    );
    // not on the public listener (which the site's proxy forwards to), however the path is written
    for (const path of ["/api/changes", "/api/./changes", "/api/%2e/changes", "/api//changes"]) {
      expect((await fetch(`${at.public}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`${at.staff}/api/changes`)).status).toBe(404);

    const follow = async (headers: Record<string, string> = {}) => {
      const controller = new AbortController();
      const response = await fetch(`${at.internal}/api/changes`, { signal: controller.signal, headers });
      return { response, controller, reader: (response.body as ReadableStream<Uint8Array>).getReader() };
    };
    const first = await follow();
    expect(first.response.headers.get("content-type")).toContain("text/event-stream");
    expect(await readUntil(first.reader, "event: hello")).toContain('{"resumed":false}');
    await patch({ sale_price: 42_990 });
    const text = await readUntil(first.reader, "event: purge");
    expect(text).toContain(`"${CACHE_TAGS.unit(stock)}"`);
    const lastId = /id: (\S+)\nevent: purge/.exec(text)?.[1] ?? "";
    expect(lastId).not.toBe("");

    // a cap on followers: the third is told to come back later
    const second = await follow();
    expect((await fetch(`${at.internal}/api/changes`)).status).toBe(503);
    second.controller.abort();

    // idle for longer than its time-out: the stream ends, and its follower resumes where it was, missing nothing
    expect(await readUntil(first.reader, "[ended]", text)).toContain("[ended]");
    await patch({ sale_price: 43_990 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const resumed = await follow({ "last-event-id": lastId });
    const replayed = await readUntil(resumed.reader, "event: purge");
    expect(replayed).toContain('{"resumed":true}');
    expect(replayed).toContain(`"${CACHE_TAGS.unit(stock)}"`);
    resumed.controller.abort();
    // an id this process never gave (another process's, or from before a restart) resumes nothing
    const stranger = await follow({ "last-event-id": "feedface-1" });
    expect(await readUntil(stranger.reader, "event: hello")).toContain('{"resumed":false}');
    stranger.controller.abort();
    // a follower that heard no change before its stream went idle resumes from the hello's own id: nothing missed,
    // nothing to purge (a quiet site's caches are not emptied every idle time-out)
    const quiet = await follow();
    const hello = await readUntil(quiet.reader, "event: hello");
    const helloId = /id: (\S+)\nevent: hello/.exec(hello)?.[1] ?? "";
    expect(helloId).not.toBe("");
    expect(await readUntil(quiet.reader, "[ended]", hello)).toContain("[ended]");
    const back = await follow({ "last-event-id": helloId });
    const greeting = await readUntil(back.reader, "event: hello");
    expect(greeting).toContain('{"resumed":true}');
    expect(greeting).not.toContain("event: purge");
    back.controller.abort();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("more than one API process on one PostgreSQL", () => {
  it("hears the other's changes, and counts a visitor once across both", async () => {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
    const [first, second] = [await openPostgres(created.url), await openPostgres(created.url)];
    const { migrate } = await import("../src/db/migrations.js");
    await migrate(first);
    await seedIfEmpty(first, 2);
    const apps = [
      await buildApp(testConfig({ READ_RATE_LIMIT_MAX: 4 }), { db: first }),
      await buildApp(testConfig({ READ_RATE_LIMIT_MAX: 4 }), { db: second }),
    ];
    const signal = new ChangeSignal(second);
    await signal.start();
    try {
      const heard = nextAnnouncement(signal);
      await first.query("update vehicles set low_price = low_price + 1");
      expect((await heard).length).toBeGreaterThan(0);

      const visitor = { "x-forwarded-for": "203.0.113.9" };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = apps[i % 2] as FastifyInstance;
        statuses.push((await app.inject({ url: "/api/inventory/properties", headers: visitor })).statusCode);
      }
      // four for the visitor in all, not four from each
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await signal.close();
      for (const app of apps) await app.close();
      await first.close();
      await second.close();
      await created.drop();
    }
  });
});
