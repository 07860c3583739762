import { findInLineup } from "shared-types";
import type { FleetQuoteAdd } from "shared-types/schemas";
import { z } from "zod";
import { HttpError } from "../http-errors.js";

/**
 * What the API reads of team catalog's published line-up (its shape: mfe-catalog/src/remote.ts, "lineup-models";
 * served by the catalog's own server as /data/lineup-models.json): each model's id, make and name, and the old
 * site's ids. The rest of a model (its specs, its pages' words) is the catalog's.
 */
const publishedLineupSchema = z.object({
  models: z.array(
    z.object({
      id: z.string().min(1).max(80),
      make: z.string().min(1).max(80),
      name: z.string().min(1).max(160),
    }),
  ),
  legacyIds: z.record(z.string(), z.string()),
});
export type Lineup = z.infer<typeof publishedLineupSchema>;

/** The line-up as it is now; null when it cannot be read. Never throws. */
export type LineupReader = () => Promise<Lineup | null>;

/** A copy read this recently is used without asking again: the line-up changes with a catalog release. */
const FRESH_MS = 5 * 60 * 1000;
/** When asking again fails (the catalog restarting), the copy in hand serves this much longer. */
const STALE_USE_MS = 60 * 60 * 1000;
/** After a failure, add requests do not each wait on a catalog that does not answer. */
const RETRY_AFTER_FAILURE_MS = 30 * 1000;
const TIMEOUT_MS = 2_000;

/**
 * Reads the catalog's published line-up from `url` (LINEUP_DATA_URL): a copy is kept for 5 minutes, and used up to an
 * hour more while the catalog cannot be read; without one, null.
 */
export function lineupFromUrl(url: string, fetchImpl: typeof fetch = fetch, now = Date.now): LineupReader {
  let kept: { lineup: Lineup; at: number } | null = null;
  let failedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<Lineup | null> | null = null;
  const usable = (maxAgeMs: number) => (kept && now() - kept.at < maxAgeMs ? kept.lineup : null);

  const read = async (): Promise<Lineup | null> => {
    try {
      const response = await fetchImpl(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(`the line-up answered ${response.status}`);
      const lineup = publishedLineupSchema.parse(await response.json());
      kept = { lineup, at: now() };
      return lineup;
    } catch {
      failedAt = now();
      return usable(STALE_USE_MS + FRESH_MS);
    }
  };

  return async () => {
    const fresh = usable(FRESH_MS);
    if (fresh) return fresh;
    if (now() - failedAt < RETRY_AFTER_FAILURE_MS) return usable(STALE_USE_MS + FRESH_MS);
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  };
}

type UnitAdd = Extract<FleetQuoteAdd, { kind: "unit" }>;
type ModelAdd = Extract<FleetQuoteAdd, { kind: "model" }>;
/** A line as it is stored: a model named by the line-up when it could be read (from_lineup), else as sent. */
export type LineToAdd = UnitAdd | (ModelAdd & { from_lineup: boolean });

export const NOT_ON_LINEUP = "This model is not on our line-up";

/**
 * A model line as the line-up has it: its id (an old site's id resolved), its make and its name, whatever the page
 * sent. A model the line-up does not have is refused; while the line-up cannot be read the line is kept as sent,
 * marked so that the visitor's copy does not name it.
 */
export function checkedAgainstLineup(add: FleetQuoteAdd, lineup: Lineup | null): LineToAdd {
  if (add.kind === "unit") return add;
  if (!lineup) return { ...add, from_lineup: false };
  const model = findInLineup(lineup, add.model_id);
  if (!model) {
    throw new HttpError(400, { error: "Bad Request", message: NOT_ON_LINEUP, fields: { model_id: [NOT_ON_LINEUP] } });
  }
  // stored as the catalog's own add button sends it: the make, and the name without it
  const name = model.name.startsWith(`${model.make} `) ? model.name.slice(model.make.length + 1) : model.name;
  return { ...add, model_id: model.id, make: model.make, model: name, from_lineup: true };
}
