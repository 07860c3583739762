import {
  allInPriceCents,
  type BusinessDetails,
  DEFAULT_INVENTORY_SORT,
  describeInventoryFilter,
  emptyInventoryFilter,
  type InventoryFilter,
  inventoryViewToParams,
  paths,
  photoUrl,
  SAVED_SEARCH,
} from "shared-types";
import { inventoryFilterSchema } from "shared-types/schemas";
import type { Queryable } from "../db/database.js";
import type { InventoryIndex } from "../inventory/index/inventory-index.js";
import { vehiclesInOrder } from "../inventory/inventory-repository.js";
import { type AlertUnit, alertEmail, type SavedSearchEmail, searchWords } from "./saved-search-messages.js";
import {
  becameDueBetween,
  dueSearches,
  lapseExpired,
  linkToken,
  recordAlert,
  type SavedSearchRow,
  seenPrices,
} from "./saved-search-store.js";

export interface SavedSearchAlertOptions {
  siteUrl: string;
  /** Signs the links of a search's emails (linkToken). */
  secret: Buffer;
  business: () => Promise<BusinessDetails>;
  sendMail: (message: SavedSearchEmail) => Promise<void>;
  /** At most one alert per search in this many hours (SAVED_SEARCH_ALERT_HOURS). */
  intervalHours: number;
  now?: () => number;
  log: { info(facts: object, message: string): void; error(facts: object, message: string): void };
}

/** A saved search's filter as stored (the inventory page's own JSON); a filter that no longer reads selects all. */
export function storedFilter(raw: unknown): InventoryFilter {
  const parsed = inventoryFilterSchema.safeParse(typeof raw === "string" ? safeJson(raw) : raw);
  return parsed.success ? parsed.data : emptyInventoryFilter();
}
const safeJson = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** "“npr”, Isuzu, Diesel": what a search is, in its emails. */
export const describeSearch = (search: Pick<SavedSearchRow, "search" | "filters">) =>
  searchWords(search.search, describeInventoryFilter(storedFilter(search.filters)));

/**
 * Alerts for saved searches: each active search (not told anything in the last day) is matched against the stock as
 * it is now; a unit it was never told about, or one whose all-in price is lower than when it was told, is news. One
 * email per search with all of it, then what it was told is recorded. Runs when the stock changes (a feed import,
 * a staff change), and each minute when there may be something to tell (runIfDue); searches past their 6 months
 * lapse here.
 */
export class SavedSearchAlerts {
  private current: Promise<{ alerted: number }> | null = null;
  private queued: Promise<{ alerted: number }> | null = null;
  /** The stock's revision and the time the last whole pass began with. */
  private lastPass: { revision: string; at: Date } | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly index: InventoryIndex,
    private readonly options: SavedSearchAlertOptions,
  ) {}

  /** Every unit the search matches now, with its all-in price and what an alert shows of it. */
  async matches(search: Pick<SavedSearchRow, "search" | "filters">) {
    const { stockNumbers } = (await this.index.fresh()).query({
      filter: storedFilter(search.filters),
      search: search.search,
      sort: DEFAULT_INVENTORY_SORT,
      page: 1,
      pageSize: 10_000,
      seed: 0,
    });
    return (await vehiclesInOrder(this.db, stockNumbers)).map((vehicle) => ({
      stock_number: vehicle.stock_number,
      price_cents: allInPriceCents(vehicle),
      title: `${vehicle.year} ${vehicle.make} ${vehicle.model}${vehicle.trim ? ` ${vehicle.trim}` : ""}`,
      photo: vehicle.photos[0] ? `${this.options.siteUrl}${photoUrl(vehicle.photos[0].id, 640, "jpeg")}` : null,
    }));
  }

  /**
   * The minute's check: a pass only when there may be news, that is when the stock changed since the last pass (a
   * change by SQL by hand, which no signal may have told), or a search held back by the day's limit has become due
   * since (news it waited for). Otherwise two small queries, however many searches there are; null when no pass ran.
   */
  async runIfDue(): Promise<{ alerted: number } | null> {
    const now = this.now();
    await lapseExpired(this.db, now);
    const last = this.lastPass;
    if (
      last &&
      (await this.index.revisionNow()) === last.revision &&
      !(await becameDueBetween(this.db, last.at, now, this.options.intervalHours))
    )
      return null;
    return this.runOnce();
  }

  private now(): Date {
    return new Date(this.options.now?.() ?? Date.now());
  }

  /**
   * One pass, whose answer is about the stock as it is when asked: asked while a pass runs, it runs once that one
   * ends (however many ask meanwhile, one more pass), so a change is never missed.
   */
  runOnce(): Promise<{ alerted: number }> {
    if (this.queued) return this.queued;
    if (this.current) {
      this.queued = this.current
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.start();
        });
      return this.queued;
    }
    return this.start();
  }

  private start(): Promise<{ alerted: number }> {
    this.current = this.pass().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  private async pass(): Promise<{ alerted: number }> {
    const now = this.now();
    // read before the stock is matched: a change made during the pass is another revision, seen by the next check
    const began = { revision: await this.index.revisionNow(), at: now };
    const business = await this.options.business();
    let alerted = 0;
    for (const search of await dueSearches(this.db, now, this.options.intervalHours)) {
      const { news, raised } = priceNews(await this.matches(search), await seenPrices(this.db, search.id));
      // a price that went up is remembered quietly: a later drop is measured from it
      if (news.length === 0) {
        if (raised.length > 0) await recordSeenOnly(this.db, search.id, raised);
        continue;
      }
      await this.options.sendMail(this.alertFor(search, news, business));
      await recordAlert(this.db, search.id, [...news, ...raised], now);
      alerted += 1;
      this.options.log.info({ savedSearch: search.id, units: news.length }, "saved search: alert sent");
    }
    this.lastPass = began;
    return { alerted };
  }

  private alertFor(search: SavedSearchRow, news: AlertUnit[], business: BusinessDetails) {
    const shown = news.slice(0, SAVED_SEARCH.maxUnitsPerAlert);
    const params = inventoryViewToParams({ search: search.search, filter: storedFilter(search.filters) });
    const searchUrl = `${this.options.siteUrl}${paths.inventory()}${params.size > 0 ? `?${params}` : ""}`;
    const links = {
      siteUrl: this.options.siteUrl,
      id: search.id,
      token: linkToken(this.options.secret, search.id),
      searchUrl,
      lapsesOn: (search.expires_at ?? "").slice(0, 10),
    };
    return alertEmail(search.email, describeSearch(search), shown, news.length - shown.length, links, business);
  }
}

type PricedUnit = Omit<AlertUnit, "was_cents">;

/** What the visitor is told of (new units, lower prices) and what is only remembered (raised prices). */
function priceNews<U extends PricedUnit>(matches: U[], seen: Map<string, number>) {
  const news: AlertUnit[] = [];
  const raised: U[] = [];
  for (const unit of matches) {
    const was = seen.get(unit.stock_number);
    if (was === undefined) news.push({ ...unit, was_cents: null });
    else if (unit.price_cents > 0 && unit.price_cents < was) news.push({ ...unit, was_cents: was });
    else if (unit.price_cents > was) raised.push(unit);
  }
  return { news, raised };
}

async function recordSeenOnly(db: Queryable, searchId: string, units: { stock_number: string; price_cents: number }[]) {
  for (const unit of units) {
    await db.query("update saved_search_seen set price_cents = $3 where search_id = $1 and stock_number = $2", [
      searchId,
      unit.stock_number,
      unit.price_cents,
    ]);
  }
}
