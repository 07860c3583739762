import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { makePrivate } from "../security/private-files.js";

/**
 * The one interface every repository uses. Both backends speak PostgreSQL, so the same SQL (with $1 params)
 * runs on the embedded PGlite and on a PostgreSQL server.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** A PostgreSQL server's connection pool, for libraries that keep their state there (shared rate limits). */
  readonly pool?: pg.Pool;
  /**
   * Calls `onMessage` with each NOTIFY on `channel` from any process on this database (a PostgreSQL server's
   * sessions, or the embedded database's own triggers); resolves to a stop function.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** An embedded database; `dataDir` undefined keeps it in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
  // PGlite chmods each file it creates to the mode asked for, past the process's umask: a new database's files
  // come out 0666, pg_internal.init 0644 at each start. Postgres's own data files are 0600 from then on.
  if (dataDir) {
    try {
      makePrivate([dataDir]);
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  return {
    kind: "pglite",
    async query(sql, params) {
      const result = await db.query(sql, params);
      return result.rows as never[];
    },
    transaction(fn) {
      return db.transaction((tx) =>
        fn({
          async query(sql, params) {
            const result = await tx.query(sql, params);
            return result.rows as never[];
          },
        }),
      );
    },
    async listen(channel, onMessage) {
      const stop = await db.listen(channel, onMessage);
      return async () => stop();
    },
    close: () => db.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its server must not crash the process; the next query reports the failure.
  pool.on("error", () => {});
  await pool.query("select 1");
  return {
    kind: "postgres",
    pool,
    async query(sql, params) {
      const result = await pool.query(sql, params);
      return result.rows;
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const value = await fn({
          async query(sql, params) {
            const result = await client.query(sql, params);
            return result.rows;
          },
        });
        await client.query("commit");
        return value;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onMessage) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      let stopped = false;
      let client: pg.Client | null = null;
      // a session of its own, held for as long as it listens; a lost one is replaced (what it missed is the
      // listener's to recover: see changes/change-signal.ts)
      const connect = async (): Promise<void> => {
        if (stopped) return;
        const next = new pg.Client({ connectionString });
        next.on("notification", (message) => {
          if (message.channel === channel) onMessage(message.payload ?? "");
        });
        next.on("error", () => {
          void next.end().catch(() => {});
          if (client === next) setTimeout(() => void connect().catch(() => {}), 1000);
        });
        await next.connect();
        await next.query(`listen ${channel}`);
        client = next;
        onMessage("");
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => {});
      };
    },
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
