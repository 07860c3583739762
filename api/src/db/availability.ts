/** How long a client is asked to wait before trying again while the database is away (the Retry-After header). */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * The database could not be reached: its server is down, restarting, or dropped the session. Nothing the request
 * asked for was done (a transaction cut off is rolled back by the server), so the honest answer is a 503 with
 * Retry-After, never a 500 and never a success.
 */
export class DatabaseUnavailable extends Error {
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super(`the database cannot be reached: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = "DatabaseUnavailable";
  }
}

/** Socket-level failures a lost or refused connection shows as (node's error codes). */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);
/**
 * PostgreSQL's own: class 08 (connection exception), 57P01-57P03 (the server shutting down, a backend terminated,
 * the server starting up), 53300 (too many connections).
 */
const SERVER_CODES = /^(08...|57P0[1-3]|53300)$/;
/** What node-postgres says when it loses a session or cannot get one (it gives these no code). */
const CLIENT_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i;

/** Whether an error means the database is away (as opposed to refusing this statement). */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  if (!error || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (SOCKET_CODES.has(code) || SERVER_CODES.test(code))) return true;
  return typeof message === "string" && CLIENT_MESSAGES.test(message);
}

/** The error to throw on: a connection failure as DatabaseUnavailable, anything else as it is. */
export const asUnavailable = (error: unknown): unknown =>
  isConnectionFailure(error) && !(error instanceof DatabaseUnavailable) ? new DatabaseUnavailable(error) : error;
