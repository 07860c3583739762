import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// every fsync the embedded database makes, counted (and still made)
const fsyncs = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const fsyncSync = (fd: number) => {
    fsyncs.count++;
    return fs.fsyncSync(fd);
  };
  return { ...fs, fsyncSync, default: { ...fs, fsyncSync } };
});

const { openPglite } = await import("../src/db/database.js");

/**
 * Issue 45: the embedded database ran with fsync off (PGlite's default), so a power cut or an OS crash could lose
 * leads already answered 201. On disk it now syncs each commit before the commit returns.
 */
describe("the embedded database on disk", () => {
  const dir = mkdtempSync(join(tmpdir(), "fault-durability-"));
  let db: Awaited<ReturnType<typeof openPglite>>;
  beforeAll(async () => {
    db = await openPglite(join(dir, "pglite"));
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs PostgreSQL with fsync on, its WAL synced with fsync()", async () => {
    expect(await db.query("show fsync")).toEqual([{ fsync: "on" }]);
    expect(await db.query("show wal_sync_method")).toEqual([{ wal_sync_method: "fsync" }]);
  });

  it("has each commit on the disk before it returns (an fsync per commit, none for a read)", async () => {
    await db.query("create table kept (id integer primary key)");
    const before = fsyncs.count;
    for (let id = 1; id <= 5; id++) {
      await db.transaction(async (tx) => {
        await tx.query("insert into kept (id) values ($1)", [id]);
      });
    }
    expect(fsyncs.count - before).toBeGreaterThanOrEqual(5);
    const afterWrites = fsyncs.count;
    await db.query("select count(*) from kept");
    expect(fsyncs.count).toBe(afterWrites);
  });
});
