import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../src/db/database.js";
import { RecipientLimit } from "../src/security/recipient-limit.js";
import { backends } from "./database-fixtures.js";

const HOUR = 60 * 60 * 1000;

describe.each(backends())("the limit per recipient on $name", (backend) => {
  let db: Database;
  // the embedded database is one process's: its limits are counted in memory
  const counter = backend.name === "postgres" ? "PostgreSQL" : "memory";
  let n = 0;
  /** A limit of its own, on this backend's counters. */
  const limit = (name = `test-${++n}`) => new RecipientLimit(db.pool ?? undefined, { name });

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`sends at most 3 an hour to one address however it is written, and more once the hour is over (${counter})`, async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const recipients = limit();
    expect(await recipients.take("Fran@BowRiver.example", "first")).toBe("send");
    expect(await recipients.take("  fran@bowriver.example ", "second")).toBe("send");
    expect(await recipients.take("FRAN@BOWRIVER.EXAMPLE", "third")).toBe("send");
    expect(await recipients.take("fran@bowriver.example", "fourth")).toBe("limited");
    // another address is counted on its own
    expect(await recipients.take("sam@bowriver.example", "first")).toBe("send");
    vi.setSystemTime(Date.now() + HOUR + 1000);
    expect(await recipients.take("fran@bowriver.example", "fourth")).toBe("send");
  });

  it(`sends the same message to the same address once an hour, and a message held back by the limit is no repeat (${counter})`, async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const recipients = limit();
    expect(await recipients.take("fran@bowriver.example", "the same")).toBe("send");
    expect(await recipients.take(" Fran@bowriver.example", "the same")).toBe("repeat");
    expect(await recipients.take("sam@bowriver.example", "the same")).toBe("send");
    expect(await recipients.take("fran@bowriver.example", "another")).toBe("send");
    expect(await recipients.take("fran@bowriver.example", "a third")).toBe("send");
    expect(await recipients.take("fran@bowriver.example", "held back")).toBe("limited");
    expect(await recipients.take("fran@bowriver.example", "held back")).toBe("limited");
    vi.setSystemTime(Date.now() + HOUR + 1000);
    expect(await recipients.take("fran@bowriver.example", "held back")).toBe("send");
    expect(await recipients.take("fran@bowriver.example", "the same")).toBe("send");
  });

  it(`gives back what it counted for a message that could not be sent (${counter})`, async () => {
    const recipients = limit();
    expect(await recipients.take("fran@bowriver.example", "one")).toBe("send");
    expect(await recipients.take("fran@bowriver.example", "two")).toBe("send");
    expect(await recipients.take("fran@bowriver.example", "failed")).toBe("send");
    await recipients.release("fran@bowriver.example", "failed");
    expect(await recipients.take("fran@bowriver.example", "failed")).toBe("send");
    expect(await recipients.take("fran@bowriver.example", "four")).toBe("limited");
  });

  it(`counts each name on its own (${counter})`, async () => {
    const confirmations = limit("confirmations");
    const signIns = limit("sign-ins");
    for (const message of ["a", "b", "c"])
      expect(await confirmations.take("fran@bowriver.example", message)).toBe("send");
    expect(await signIns.take("fran@bowriver.example", "a")).toBe("send");
    expect(await confirmations.take("fran@bowriver.example", "d")).toBe("limited");
  });

  it.runIf(backend.name === "postgres")(
    "counts an address once for every API process on one database, and keeps no address in its table",
    async () => {
      // two processes: two limits of one name on the same database
      const first = limit("shared");
      const second = limit("shared");
      expect(await first.take("fran@bowriver.example", "one")).toBe("send");
      expect(await second.take("fran@bowriver.example", "one")).toBe("repeat");
      expect(await second.take("fran@bowriver.example", "two")).toBe("send");
      expect(await first.take("fran@bowriver.example", "three")).toBe("send");
      expect(await second.take("fran@bowriver.example", "four")).toBe("limited");
      const keys = await db.query<{ key: string }>("select key from rate_limit_counters");
      expect(keys.length).toBeGreaterThan(0);
      expect(JSON.stringify(keys)).not.toMatch(/fran|bowriver/i);
    },
  );
});
