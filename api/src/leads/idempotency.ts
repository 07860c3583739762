import { createHash } from "node:crypto";
import type { Database, Queryable } from "../db/database.js";

/** How long an Idempotency-Key answers for its first request: a day covers every retry a browser makes. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export class IdempotencyKeyReused extends Error {}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

/** JSON with sorted keys, so the same content always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Runs `store` (which writes the lead and returns the answer) once per Idempotency-Key, in the same transaction as
 * the key. The same key from the same client with the same request answers what the first did (a retry after a
 * lost answer); with another request or from another client it is refused (IdempotencyKeyReused, a 422), never
 * answered with someone else's lead. Keys older than a day are forgotten.
 */
export async function once<T extends object>(
  db: Database,
  scope: { key: string | undefined; client: string; request: unknown },
  store: (tx: Queryable) => Promise<T>,
): Promise<T> {
  if (!scope.key) return db.transaction(store);
  const key = scope.key;
  const clientHash = sha256(`client:${scope.client}`);
  const requestHash = sha256(canonical(scope.request));
  const attempt = () =>
    db.transaction(async (tx) => {
      const [existing] = await tx.query<{
        client_hash: string;
        request_hash: string;
        response: unknown;
        fresh: boolean;
      }>(
        `select client_hash, request_hash, response,
                created_at > now() - ($2 || ' milliseconds')::interval as fresh
           from idempotency_keys where key = $1 for update`,
        [key, String(IDEMPOTENCY_KEY_TTL_MS)],
      );
      if (existing?.fresh) {
        if (existing.client_hash !== clientHash || existing.request_hash !== requestHash) {
          throw new IdempotencyKeyReused("This Idempotency-Key was already used for another request");
        }
        return (typeof existing.response === "string" ? JSON.parse(existing.response) : existing.response) as T;
      }
      if (existing) await tx.query("delete from idempotency_keys where key = $1", [key]);
      const answer = await store(tx);
      await tx.query(
        "insert into idempotency_keys (key, client_hash, request_hash, response) values ($1, $2, $3, $4)",
        [key, clientHash, requestHash, JSON.stringify(answer)],
      );
      return answer;
    });
  try {
    return await attempt();
  } catch (error) {
    // two requests with one key at once: the other committed first, so this one is now a replay (or a misuse)
    if ((error as { code?: string }).code === "23505") return attempt();
    throw error;
  }
}
