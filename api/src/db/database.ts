import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { makePrivate } from "../security/private-files.js";
import { asUnavailable, DatabaseUnavailable, isConnectionFailure } from "./availability.js";
import { durablePglite } from "./durable-pglite.js";

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
  // on disk: durable (a commit is on the disk before it returns); in memory (tests): nothing to lose
  const db = dataDir ? durablePglite(dataDir) : new PGlite();
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

/** How long a request waits for a session before the database counts as away (then a 503, not a hang). */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool whose every session has an 'error' listener for its whole life, idle or checked out (in a transaction
 * too): node-postgres emits 'error' on a session whose server went away, and an event nobody listens to is an
 * uncaught exception that ends the process. The query that was running, or the next one, fails on its own and is
 * answered 503 (availability.ts); the pool drops the dead session and opens new ones once the server is back.
 */
function resilientPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

/**
 * A session from the pool. Not getting one at all (refused, timed out, the server starting or stopping) means the
 * database is away, whatever the reason the server gave.
 */
async function session(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw error instanceof DatabaseUnavailable ? error : new DatabaseUnavailable(error);
  }
}

/** One statement on a session of its own; a session that failed goes back to be discarded. */
async function poolQuery(pool: pg.Pool, sql: string, params?: unknown[]) {
  const client = await session(pool);
  let lost: Error | undefined;
  try {
    return (await client.query(sql, params)).rows;
  } catch (error) {
    if (isConnectionFailure(error)) lost = error as Error;
    throw asUnavailable(error);
  } finally {
    client.release(lost);
  }
}

/** Runs fn in one transaction on a session of its own; a session that failed goes back to be discarded. */
async function poolTransaction<T>(pool: pg.Pool, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await session(pool);
  let lost: Error | undefined;
  try {
    await client.query("begin");
    const value = await fn({
      async query(sql, params) {
        const result = await client.query(sql, params);
        return result.rows;
      },
    });
    // a commit whose answer never came may or may not have happened: the caller says 503, never success
    await client.query("commit");
    return value;
  } catch (error) {
    if (isConnectionFailure(error)) lost = error as Error;
    else await client.query("rollback").catch((rollbackError: Error) => (lost = rollbackError));
    throw asUnavailable(error);
  } finally {
    client.release(lost);
  }
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = resilientPool(connectionString);
  await pool.query("select 1");
  return {
    kind: "postgres",
    pool,
    query: (sql, params) => poolQuery(pool, sql, params) as never,
    transaction: (fn) => poolTransaction(pool, fn),
    listen: (channel, onMessage) => listenOnSession(connectionString, channel, onMessage),
    close: () => pool.end(),
  };
}

/** How long a lost listening session waits before trying again, at first and at most. */
const RELISTEN_MS = { first: 500, most: 5_000 };

/**
 * A session of its own, held for as long as it listens; a lost one is replaced, tried again until the server is
 * back (what it missed is the listener's to recover: see changes/change-signal.ts).
 */
async function listenOnSession(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    next.on("error", () => {
      void next.end().catch(() => {});
      if (client === next) again(RELISTEN_MS.first);
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await next.end().catch(() => {}));
    client = next;
    onMessage("");
  };
  const again = (waitMs: number) => {
    if (stopped) return;
    client = null;
    retry = setTimeout(() => {
      connect().catch(() => again(Math.min(waitMs * 2, RELISTEN_MS.most)));
    }, waitMs);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
