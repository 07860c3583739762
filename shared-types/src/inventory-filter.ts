import type { VEHICLE_CONDITIONS } from "./enumerations.js";
import {
  emptyInventoryFilter,
  type InventoryFilter,
  listFacets,
  rangeBoundKeys,
  type SHORT_FILTER_KEYS,
} from "./inventory-facets.js";

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

export type InventoryFilterShort = Pick<InventoryFilter, (typeof SHORT_FILTER_KEYS)[number]>;

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

/** The inventory page's URL parameters (inventoryViewToParams writes them, parseInventoryView reads them). */
export const INVENTORY_VIEW_PARAMS = ["page", "search", "filters", "sort"] as const;

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

/** An /inventory link for a common search ("class 4-5 box trucks"): the filter given, the rest open. */
export function inventoryHref(filter: Partial<InventoryFilter>): string {
  const params = inventoryViewToParams({ filter: { ...emptyInventoryFilter(), ...filter } }).toString();
  return params ? `/inventory?${params}` : "/inventory";
}

/** The /inventory link for a line-up model's in-stock count. */
export function inventoryHrefForModels(models: readonly string[]): string {
  return `/inventory?${inventoryViewToParams({ filter: { ...emptyInventoryFilter(), model: [...models] } })}`;
}

// ---- The API's query string (SPEC §7): lists joined by commas, prices as single values ----

export interface InventoryQuery {
  filter: InventoryFilter;
  sort: InventorySort;
  page: number;
  page_size: number;
  /** Seed for the random sort, so paging within one visit keeps the order. */
  seed: number;
  /**
   * The search text, as a query parameter: a text with a slash or a backslash cannot travel in a path through the
   * site, which refuses escaped slashes (SPEC's /inventory/search/{text} stays for other clients).
   */
  search?: string;
  /** "listing": each unit as a list shows it (VehicleListing), not whole; a list page needs no more. */
  fields?: "listing";
}

export function inventoryQueryToParams(query: Partial<InventoryQuery> & { filter: InventoryFilter }): URLSearchParams {
  const params = new URLSearchParams();
  for (const { key } of listFacets) {
    const list = query.filter[key] as readonly (string | number)[];
    if (list.length > 0) params.set(key, list.join(","));
  }
  for (const bound of rangeBoundKeys) if (query.filter[bound] > 0) params.set(bound, String(query.filter[bound]));
  if (query.sort) params.set("sort", query.sort);
  if (query.page) params.set("page", String(query.page));
  if (query.page_size) params.set("page_size", String(query.page_size));
  if (query.seed !== undefined) params.set("seed", String(query.seed));
  if (query.search) params.set("search", query.search);
  if (query.fields) params.set("fields", query.fields);
  return params;
}
