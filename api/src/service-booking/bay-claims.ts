import type { Database, Queryable } from "../db/database.js";
import { type Capacity, type FreeTime, freeTimes, type HeldBay } from "./free-times.js";

/**
 * The service bays' time, held step by step: a row per bay and step of the grid (`service_bay_steps`, whose primary
 * key is the bay and the step's start), so two bookings can never hold one bay at one time, whichever API process
 * or database takes them.
 */

/** The bays held from `from` to `to` (epoch ms), a booking's steps in a bay read as one span. */
export async function heldBays(db: Queryable, from: number, to: number, stepMinutes: number): Promise<HeldBay[]> {
  return db.query<HeldBay>(
    `select bay_id as "bayId", (extract(epoch from min(starts_at)) * 1000)::float8 as "startsAt",
            (extract(epoch from min(starts_at)) * 1000 + count(*) * $3 * 60000)::float8 as "endsAt"
       from service_bay_steps where starts_at >= $1 and starts_at < $2 group by booking_id, bay_id`,
    [new Date(from).toISOString(), new Date(to).toISOString(), stepMinutes],
  );
}

/** A unit of a visit: the kind of appointment it needs. */
export interface VisitUnit {
  kind: string;
}

export type Claim = { taken: true; time: FreeTime } | { taken: false; next: FreeTime | null };

const DAY_MS = 86_400_000;

/**
 * Holds a bay for each unit from `startsAt` for booking `bookingId`, in `tx` (the booking's own transaction): taken
 * when the time is still free; otherwise (another visitor took it first) nothing is held and the next free time
 * from then on is answered. A step another transaction is holding is waited for, then counted as taken.
 */
export async function claimBays(
  tx: Queryable,
  capacity: Capacity,
  units: readonly VisitUnit[],
  request: { bookingId: string; startsAt: string; now: number; days: number },
): Promise<Claim> {
  const kinds = units.map((unit) => unit.kind);
  const horizonEnd = request.now + (request.days + 1) * DAY_MS;
  const free = freeTimes(capacity, kinds, await heldBays(tx, request.now, horizonEnd, capacity.stepMinutes), request);
  const time = free.find((candidate) => candidate.startsAt === new Date(request.startsAt).toISOString());
  if (!time) return { taken: false, next: free.find((candidate) => candidate.startsAt > request.startsAt) ?? null };
  const lengths = new Map(capacity.kinds.map((kind) => [kind.id, kind.minutes]));
  let expected = 0;
  for (const [index, bayId] of time.bays.entries()) {
    const steps = Math.ceil((lengths.get(kinds[index] as string) ?? 0) / capacity.stepMinutes);
    expected += steps;
    await tx.query(
      `insert into service_bay_steps (bay_id, starts_at, booking_id)
       select $1, $2::timestamptz + make_interval(mins => step * $3), $4 from generate_series(0, $5 - 1) as step
       on conflict do nothing`,
      [bayId, time.startsAt, capacity.stepMinutes, request.bookingId, steps],
    );
  }
  const [held] = await tx.query<{ count: number }>(
    "select count(*)::int as count from service_bay_steps where booking_id = $1",
    [request.bookingId],
  );
  // fewer steps than asked for: another booking holds one, committed since this one read the bays
  if (held?.count === expected) return { taken: true, time };
  throw new BayTaken();
}

/** Thrown inside a booking's transaction when another took a step first: the transaction rolls back. */
export class BayTaken extends Error {
  constructor() {
    super("another booking took the time first");
  }
}

/** How often a booking tries again after another took its bay first (each try sees the other's steps). */
const TRIES = 5;

/** What a booking does in its transaction: says which units it needs bays for, then stores itself at the time. */
export type BookingWork = (tx: Queryable) => Promise<{
  units: readonly VisitUnit[];
  store(time: FreeTime): Promise<void>;
}>;

/**
 * Books a visit at `startsAt` in one transaction: `work` first (it may let go of the booking's own bays, to move
 * it), then the bays, then `work`'s store. Of visitors racing for the last bay exactly one gets it; one that lost a
 * bay tries the others, and when none is left is answered the next free time, as it stands after the race.
 */
export async function bookTime(
  db: Database,
  capacity: Capacity,
  request: { bookingId: string; startsAt: string; now: number; days: number },
  work: BookingWork,
): Promise<Claim> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const visit = await work(tx);
        const claim = await claimBays(tx, capacity, visit.units, request);
        if (!claim.taken) throw new NotFree(claim);
        await visit.store(claim.time);
        return claim;
      });
    } catch (error) {
      if (error instanceof NotFree) return error.claim;
      if (!(error instanceof BayTaken) || attempt === TRIES) throw error;
    }
  }
}

class NotFree extends Error {
  constructor(readonly claim: Claim) {
    super("the time is not free");
  }
}
