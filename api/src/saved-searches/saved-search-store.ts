import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import {
  FACET_UNIT_COLUMNS,
  type InventoryFilter,
  listFacets,
  SAVED_SEARCH,
  SAVED_SEARCH_CONSENT,
  type SavedSearchAction,
} from "shared-types";
import type { Queryable } from "../db/database.js";

/**
 * The token of a search's links (confirm, unsubscribe, renew), signed with the API's secret: every email's links keep
 * working, an old alert's unsubscribe as much as the latest's, and nothing secret is stored.
 */
export const linkToken = (secret: Buffer, id: string) =>
  createHmac("sha256", secret).update(`saved-search:${id}`).digest("base64url");

export interface SavedSearchRow {
  id: string;
  email: string;
  search: string;
  filters: unknown;
  status: "pending" | "active" | "unsubscribed" | "lapsed";
  expires_at: string | null;
  last_alert_at: string | null;
}

/** A search saved with its consent as given, word for word and when (pending until the address confirms). */
export async function saveSearch(
  db: Queryable,
  search: { email: string; search: string; filters: unknown; page: string },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into saved_searches (id, email, search, filters, consent_text, consent_version, consent_page)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      search.email,
      search.search,
      JSON.stringify(search.filters),
      SAVED_SEARCH_CONSENT.text,
      SAVED_SEARCH_CONSENT.version,
      search.page,
    ],
  );
  return id;
}

/** A search whose confirmation could not be sent: nothing waits for a link that never went out. */
export async function forgetUnsent(db: Queryable, id: string): Promise<void> {
  await db.query("delete from saved_searches where id = $1 and status = 'pending'", [id]);
}

/** The facets whose values are anything typed (make, model, body style), each a column of the units. */
const typedFacets = listFacets.filter(
  (facet) =>
    facet.role === "facet" && facet.open === "text" && (FACET_UNIT_COLUMNS as readonly string[]).includes(facet.key),
);

/**
 * The filter with only the values of its typed facets that some unit has (the dealership's own words: "Isuzu"), and
 * whether any was left out. Fixed facets and numbers are checked by the filter's schema already.
 */
export async function valuesInStock(
  db: Queryable,
  filter: InventoryFilter,
): Promise<{ filter: InventoryFilter; leftOut: boolean }> {
  const known: InventoryFilter = { ...filter };
  let leftOut = false;
  for (const facet of typedFacets) {
    const chosen = filter[facet.key] as readonly (string | number)[];
    if (chosen.length === 0) continue;
    const rows = await db.query<{ value: string }>(
      `select distinct ${facet.key} as value from vehicles where ${facet.key} = any($1::text[])`,
      [chosen.map(String)],
    );
    const inStock = new Set(rows.map((row) => row.value));
    const kept = chosen.filter((value) => inStock.has(String(value)));
    leftOut ||= kept.length < chosen.length;
    (known as Record<string, unknown>)[facet.key] = kept;
  }
  return { filter: known, leftOut };
}

/** The search a link names, when its token is the search's own; null otherwise (no hint which was wrong). */
export async function searchByLink(
  db: Queryable,
  secret: Buffer,
  id: string,
  token: string,
): Promise<SavedSearchRow | null> {
  const given = Buffer.from(token);
  const expected = Buffer.from(linkToken(secret, id));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [row] = await db.query<SavedSearchRow>(
    `select id, email, search, filters, status,
            to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at,
            to_char(last_alert_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_alert_at
       from saved_searches where id = $1`,
    [id],
  );
  return row ?? null;
}

const lapseAt = (now: Date) => {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() + SAVED_SEARCH.lapseMonths);
  return at.toISOString();
};

/**
 * What a link does: confirm (the address is the visitor's: alerts start, from what matches now), renew (6 more
 * months from now), unsubscribe (at once, for good). Answers what the search is now.
 */
export async function applyAction(
  db: Queryable,
  search: SavedSearchRow,
  action: SavedSearchAction,
  now: Date,
  matchesNow: () => Promise<{ stock_number: string; price_cents: number }[]>,
): Promise<SavedSearchRow["status"]> {
  if (action === "unsubscribe") {
    await db.query(
      "update saved_searches set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, $2) where id = $1",
      [search.id, now.toISOString()],
    );
    return "unsubscribed";
  }
  if (search.status === "unsubscribed") return "unsubscribed";
  if (action === "confirm" && search.status !== "pending") return search.status;
  // confirming starts from what matches now: only what is new after it is news
  if (action === "confirm") {
    for (const unit of await matchesNow()) {
      await db.query(
        `insert into saved_search_seen (search_id, stock_number, price_cents) values ($1, $2, $3)
         on conflict (search_id, stock_number) do update set price_cents = excluded.price_cents`,
        [search.id, unit.stock_number, unit.price_cents],
      );
    }
  }
  await db.query(
    `update saved_searches set status = 'active', expires_at = $2,
            confirmed_at = coalesce(confirmed_at, $3)
      where id = $1`,
    [search.id, lapseAt(now), now.toISOString()],
  );
  return "active";
}

/** Searches past their six months (or their last renewal) stop. */
export async function lapseExpired(db: Queryable, now: Date): Promise<void> {
  await db.query("update saved_searches set status = 'lapsed' where status = 'active' and expires_at <= $1", [
    now.toISOString(),
  ]);
}

/**
 * Whether an active search's day of waiting ended between `since` and `now`: news the stock brought while it
 * waited is now its to be told.
 */
export async function becameDueBetween(db: Queryable, since: Date, now: Date, intervalHours: number): Promise<boolean> {
  const rows = await db.query(
    `select 1 from saved_searches
      where status = 'active'
        and last_alert_at > $1::timestamptz - make_interval(hours => $3::int)
        and last_alert_at <= $2::timestamptz - make_interval(hours => $3::int)
      limit 1`,
    [since.toISOString(), now.toISOString(), intervalHours],
  );
  return rows.length > 0;
}

/** Active searches whose last alert was long enough ago; the ones past their 6 months are marked lapsed first. */
export async function dueSearches(db: Queryable, now: Date, intervalHours: number): Promise<SavedSearchRow[]> {
  await lapseExpired(db, now);
  return db.query<SavedSearchRow>(
    `select id, email, search, filters, status,
            to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at,
            to_char(last_alert_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_alert_at
       from saved_searches
      where status = 'active'
        and (last_alert_at is null or last_alert_at <= $1::timestamptz - make_interval(hours => $2::int))
      order by id`,
    [now.toISOString(), intervalHours],
  );
}

/** What a search was last told about each unit: its all-in price then. */
export async function seenPrices(db: Queryable, searchId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ stock_number: string; price_cents: number }>(
    "select stock_number, price_cents from saved_search_seen where search_id = $1",
    [searchId],
  );
  return new Map(rows.map((row) => [row.stock_number, Number(row.price_cents)]));
}

/** After an alert: what it told, and when (the next waits a day). */
export async function recordAlert(
  db: Queryable,
  searchId: string,
  told: readonly { stock_number: string; price_cents: number }[],
  now: Date,
): Promise<void> {
  for (const unit of told) {
    await db.query(
      `insert into saved_search_seen (search_id, stock_number, price_cents) values ($1, $2, $3)
       on conflict (search_id, stock_number) do update set price_cents = excluded.price_cents`,
      [searchId, unit.stock_number, unit.price_cents],
    );
  }
  await db.query("update saved_searches set last_alert_at = $2 where id = $1", [searchId, now.toISOString()]);
}
