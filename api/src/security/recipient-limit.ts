import { createHash } from "node:crypto";
import type pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";

/** What take() allows: send it, or not (too many to that address this hour, or this very message already went). */
export type RecipientVerdict = "send" | "limited" | "repeat";

const HOUR_S = 60 * 60;

/** Counters are kept by hash: the table holds no address and no message. */
const hashOf = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("base64url");
const addressOf = (email: string) => email.trim().toLowerCase();

function hourly(pool: pg.Pool | undefined, keyPrefix: string, points: number): Promise<RateLimiterAbstract> {
  const options = { points, duration: HOUR_S, keyPrefix };
  if (!pool) return Promise.resolve(new RateLimiterMemory(options));
  return new Promise((resolve, reject) => {
    const made: RateLimiterPostgres = new RateLimiterPostgres(
      { ...options, storeClient: pool, storeType: "pool", tableName: "rate_limit_counters" },
      (error?: Error) => (error ? reject(error) : resolve(made)),
    );
  });
}

/** Takes a point; false when none is left this hour. The store's own failures are thrown. */
async function took(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key, 1);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}

/**
 * For every email the site sends to an address nobody has confirmed (a saved search's confirmation, a staff
 * sign-in link): anyone can type anyone's address, so one address gets at most `perHour` of them an hour (its case
 * and surrounding spaces aside), and the same message to the same address goes once an hour however often it is
 * asked for. Counted in PostgreSQL when the API runs on a server (every API process counts an address once), else
 * in memory; each `name` counts on its own.
 */
export class RecipientLimit {
  private readonly limiters: Promise<{ perAddress: RateLimiterAbstract; perMessage: RateLimiterAbstract }>;

  constructor(pool: pg.Pool | undefined, { name, perHour = 3 }: { name: string; perHour?: number }) {
    // one after the other: each makes sure the shared table exists
    this.limiters = hourly(pool, `recipient-${name}`, perHour).then(async (perAddress) => ({
      perAddress,
      perMessage: await hourly(pool, `recipient-${name}-message`, 1),
    }));
  }

  /**
   * Whether `message` (what would be sent, in any form that is the same for the same email: it is hashed) may go to
   * `email` now; a "send" is counted.
   */
  async take(email: string, message: string): Promise<RecipientVerdict> {
    const { perAddress, perMessage } = await this.limiters;
    const address = addressOf(email);
    const messageKey = hashOf(address, message);
    if (!(await took(perMessage, messageKey))) return "repeat";
    if (await took(perAddress, hashOf(address))) return "send";
    // not sent, so not a repeat: it may go once the address may have another
    await perMessage.delete(messageKey);
    return "limited";
  }

  /** Gives back what take() counted for a message that could not be sent after all (the mail server failed). */
  async release(email: string, message: string): Promise<void> {
    const { perAddress, perMessage } = await this.limiters;
    const address = addressOf(email);
    await perMessage.delete(hashOf(address, message));
    await perAddress.reward(hashOf(address), 1);
  }
}
