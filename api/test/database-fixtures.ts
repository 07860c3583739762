import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";

export interface Backend {
  name: "pglite" | "postgres";
  open(): Promise<Database>;
}

/**
 * The databases the API tests run against: embedded PGlite always, and a real PostgreSQL server when
 * TEST_DATABASE_URL is set (.ci/run starts one). Each open() gets an empty, migrated database of its own.
 */
export function backends(): Backend[] {
  const list: Backend[] = [{ name: "pglite", open: async () => migrated(await openPglite()) }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    list.push({
      name: "postgres",
      async open() {
        const created = await createPostgresDatabase(serverUrl);
        const db = await openPostgres(created.url);
        const close = db.close;
        return migrated({
          ...db,
          async close() {
            await close();
            await created.drop();
          },
        });
      },
    });
  }
  return list;
}

/** An empty database of its own on the test server: its URL (for another process too), and how to drop it. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `api_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function migrated(db: Database): Promise<Database> {
  await migrate(db);
  return db;
}

/**
 * Two API processes on one database: on PostgreSQL two pools of their own (as api-1 and api-2 have), on the
 * embedded database, which one process opens, two runners on it.
 */
export interface TwoProcesses {
  name: string;
  open(): Promise<[Database, Database]>;
  close(): Promise<void>;
}

export function sharedDatabases(): TwoProcesses[] {
  let pglite: Database | null = null;
  const list: TwoProcesses[] = [
    {
      name: "pglite",
      async open() {
        pglite = await openPglite();
        await migrate(pglite);
        return [pglite, pglite];
      },
      close: async () => pglite?.close(),
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    let opened: { dbs: Database[]; drop(): Promise<void> } | null = null;
    list.push({
      name: "postgres",
      async open() {
        const created = await createPostgresDatabase(serverUrl);
        const first = await openPostgres(created.url);
        await migrate(first);
        const second = await openPostgres(created.url);
        opened = { dbs: [first, second], drop: created.drop };
        return [first, second];
      },
      async close() {
        for (const db of opened?.dbs ?? []) await db.close();
        await opened?.drop();
      },
    });
  }
  return list;
}
