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
