import { z } from "zod";
import { VEHICLE_CONDITIONS } from "./vehicle.js";

export const ALLOWED_DEALERSHIP = "shfl";
export const INVENTORY_PAGE_SIZE = 20;
export const SIMILAR_VEHICLES_COUNT = 3;

export const SORT_OPTIONS = [
  { value: "age_asc", label: "Old to New" },
  { value: "age_desc", label: "New to Old" },
  { value: "price_asc", label: "Price Low to High" },
  { value: "price_desc", label: "Price High to Low" },
  { value: "discount", label: "Largest Discount" },
  { value: "random", label: "Random" },
] as const;
export const SORT_VALUES = SORT_OPTIONS.map((o) => o.value) as [InventorySort, ...InventorySort[]];
export type InventorySort = (typeof SORT_OPTIONS)[number]["value"];
export const inventorySortSchema = z.enum(["age_asc", "age_desc", "price_asc", "price_desc", "discount", "random"]);

const textList = z.array(z.string().trim().min(1).max(80)).max(50);

/** The full reading of the filter (SPEC §3). */
export const inventoryFilterSchema = z.object({
  condition: z.array(z.enum(VEHICLE_CONDITIONS)).max(2).default([]),
  year: z.array(z.number().int().min(1900).max(2100)).max(50).default([]),
  make: textList.default([]),
  model: textList.default([]),
  body_style: textList.default([]),
  dealership: textList.default([]),
  inventory_type: textList.default([]),
  price_upper: z.number().nonnegative().default(0),
  price_lower: z.number().nonnegative().default(0),
});
export type InventoryFilter = z.infer<typeof inventoryFilterSchema>;

/** The other reading (SPEC §3): no inventory_type and no price bounds. It parses into the full one. */
export const inventoryFilterShortSchema = inventoryFilterSchema.pick({
  condition: true,
  year: true,
  make: true,
  model: true,
  body_style: true,
  dealership: true,
});
export type InventoryFilterShort = z.infer<typeof inventoryFilterShortSchema>;

export function emptyInventoryFilter(): InventoryFilter {
  return inventoryFilterSchema.parse({});
}

/** A stable key for a filter: two filters with the same key select the same vehicles. */
export function inventoryFilterKey(filter: InventoryFilter): string {
  const sorted = (list: readonly (string | number)[]) => [...list].map(String).sort();
  return JSON.stringify([
    sorted(filter.condition),
    sorted(filter.year),
    sorted(filter.make),
    sorted(filter.model),
    sorted(filter.body_style),
    sorted(filter.dealership),
    sorted(filter.inventory_type),
    filter.price_lower,
    filter.price_upper,
  ]);
}

/**
 * SPEC §5 rules applied before a filter is sent: dealership intersected with the allowed code (set to it when
 * nothing remains), inventory_type forced empty, condition reset and re-added from the single-valued choice
 * ("" means all).
 */
export function applyInventoryFilterRules(
  filter: InventoryFilter,
  condition: "" | (typeof VEHICLE_CONDITIONS)[number] = filter.condition.length === 1
    ? (filter.condition[0] ?? "")
    : "",
): InventoryFilter {
  const dealership = filter.dealership.filter((d) => d === ALLOWED_DEALERSHIP);
  return {
    ...filter,
    dealership: dealership.length > 0 ? dealership : [ALLOWED_DEALERSHIP],
    inventory_type: [],
    condition: condition === "" ? [] : [condition],
  };
}

/** Selecting a make clears that make's individual model selections (SPEC §4). */
export function toggleMake(filter: InventoryFilter, make: string, modelsOfMake: readonly string[]): InventoryFilter {
  if (filter.make.includes(make)) return { ...filter, make: filter.make.filter((m) => m !== make) };
  return {
    ...filter,
    make: [...filter.make, make],
    model: filter.model.filter((m) => !modelsOfMake.includes(m)),
  };
}

/** Selecting a model clears its make selection (SPEC §4). */
export function toggleModel(filter: InventoryFilter, make: string, model: string): InventoryFilter {
  if (filter.model.includes(model)) return { ...filter, model: filter.model.filter((m) => m !== model) };
  return { ...filter, model: [...filter.model, model], make: filter.make.filter((m) => m !== make) };
}

// ---- The page's URL: ?page=&search=&filters=<JSON>&sort= ----

export interface InventoryView {
  page: number;
  search: string;
  filter: InventoryFilter;
  sort: InventorySort;
}

export const DEFAULT_INVENTORY_SORT: InventorySort = "age_desc";

/** Reads the inventory page's URL; anything malformed falls back to its default rather than failing. */
export function parseInventoryView(params: URLSearchParams): InventoryView {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const sort = inventorySortSchema.safeParse(params.get("sort"));
  let filter = emptyInventoryFilter();
  const raw = params.get("filters");
  if (raw) {
    try {
      const parsed = inventoryFilterSchema.safeParse(JSON.parse(raw));
      if (parsed.success) filter = parsed.data;
    } catch {
      // a hand-edited or truncated link: show the unfiltered inventory
    }
  }
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    search: (params.get("search") ?? "").trim().slice(0, 100),
    filter,
    sort: sort.success ? sort.data : DEFAULT_INVENTORY_SORT,
  };
}

/** Writes the view into URL parameters, leaving out what is at its default so links stay short. */
export function inventoryViewToParams(view: Partial<InventoryView>): URLSearchParams {
  const params = new URLSearchParams();
  if (view.page && view.page > 1) params.set("page", String(view.page));
  if (view.search) params.set("search", view.search);
  if (view.filter) {
    const compact = Object.fromEntries(
      Object.entries(view.filter).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== 0)),
    );
    if (Object.keys(compact).length > 0) params.set("filters", JSON.stringify(compact));
  }
  if (view.sort && view.sort !== DEFAULT_INVENTORY_SORT) params.set("sort", view.sort);
  return params;
}

/** The /inventory link that opens the search with one make preselected (the nav's brand entries). */
export function inventoryHrefForMake(make: string): string {
  return `/inventory?${inventoryViewToParams({ filter: { ...emptyInventoryFilter(), make: [make] } })}`;
}

/** The /inventory link for a line-up model's in-stock count. */
export function inventoryHrefForModels(models: readonly string[]): string {
  return `/inventory?${inventoryViewToParams({ filter: { ...emptyInventoryFilter(), model: [...models] } })}`;
}

// ---- The API's query string (SPEC §7): lists joined by commas, prices as single values ----

const LIST_KEYS = ["condition", "year", "make", "model", "body_style", "dealership", "inventory_type"] as const;

export interface InventoryQuery {
  filter: InventoryFilter;
  sort: InventorySort;
  page: number;
  page_size: number;
  /** Seed for the random sort, so paging within one visit keeps the order. */
  seed: number;
}

export function inventoryQueryToParams(query: Partial<InventoryQuery> & { filter: InventoryFilter }): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LIST_KEYS) {
    const list = query.filter[key] as readonly (string | number)[];
    if (list.length > 0) params.set(key, list.join(","));
  }
  if (query.filter.price_lower > 0) params.set("price_lower", String(query.filter.price_lower));
  if (query.filter.price_upper > 0) params.set("price_upper", String(query.filter.price_upper));
  if (query.sort) params.set("sort", query.sort);
  if (query.page) params.set("page", String(query.page));
  if (query.page_size) params.set("page_size", String(query.page_size));
  if (query.seed !== undefined) params.set("seed", String(query.seed));
  return params;
}

const commaList = z
  .string()
  .optional()
  .transform((s) =>
    s
      ? s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean)
      : [],
  );
const numberParam = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((s) => (s === undefined || s === "" ? fallback : Number(s)))
    .pipe(z.number().finite());

/** The API's reading of a query string; invalid values become field errors (400), never a crash. */
export const inventoryQueryParamsSchema = z
  .object({
    condition: commaList,
    year: commaList.pipe(z.array(z.string().transform(Number).pipe(z.number().int()))),
    make: commaList,
    model: commaList,
    body_style: commaList,
    dealership: commaList,
    inventory_type: commaList,
    price_lower: numberParam(0),
    price_upper: numberParam(0),
    sort: inventorySortSchema.default(DEFAULT_INVENTORY_SORT),
    page: numberParam(1).pipe(z.number().int().min(1).max(100_000)),
    page_size: numberParam(INVENTORY_PAGE_SIZE).pipe(z.number().int().min(1).max(100)),
    seed: numberParam(1).pipe(z.number().int().min(0).max(2_147_483_647)),
  })
  .transform(({ sort, page, page_size, seed, ...rest }, ctx): InventoryQuery => {
    const filter = inventoryFilterSchema.safeParse(rest);
    if (!filter.success) {
      for (const issue of filter.error.issues) ctx.addIssue({ ...issue, code: "custom", message: issue.message });
      return z.NEVER;
    }
    return { filter: filter.data, sort, page, page_size, seed };
  });
