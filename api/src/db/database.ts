import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * The one interface every repository uses. Both backends speak PostgreSQL, so the same SQL (with $1 params)
 * runs on the embedded PGlite and on a PostgreSQL server.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** An embedded database; `dataDir` undefined keeps it in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
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
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
