import { z } from "zod/mini";
import {
  countedFacets,
  emptyInventoryFilter,
  type InventoryFacets,
  type InventoryFilter,
  type ListFacet,
  listFacets,
  rangeFacets,
  SHORT_FILTER_KEYS,
} from "./inventory-facets.js";
import {
  DEFAULT_INVENTORY_SORT,
  INVENTORY_PAGE_SIZE,
  type InventoryFilterShort,
  type InventoryQuery,
  type InventoryView,
  SORT_VALUES,
} from "./inventory-filter.js";
import { safeText, searchTextSchema } from "./text.schema.js";
import { vehicleListingSchema, vehicleSchema } from "./vehicle.schema.js";

// Everything here is derived from the facet table (inventory-facets.ts): a facet added there is read, checked and
// answered without a change here.

export const inventorySortSchema = z.enum(SORT_VALUES);

const int = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));

/** One value of a facet: one of its fixed values, or any year, or a short text. */
function facetValueSchema(facet: ListFacet) {
  if (facet.values) {
    const values = facet.values;
    return typeof values[0] === "number"
      ? z.literal(values as readonly number[])
      : z.enum(values as readonly [string, ...string[]]);
  }
  return facet.open === "number" ? int(1900, 2100) : safeText(80).check(z.minLength(1));
}

const listShape = Object.fromEntries(
  listFacets.map((facet) => [
    facet.key,
    z._default(z.array(facetValueSchema(facet)).check(z.maxLength(facet.maxChosen)), []),
  ]),
);
const boundShape = Object.fromEntries(
  rangeFacets.flatMap((range) => {
    const bound = range.maxWhole ? int(0, range.maxWhole) : z.number().check(z.nonnegative());
    return [range.lower, range.upper].map((key) => [key, z._default(bound, 0)]);
  }),
);

/** The full reading of the filter (SPEC §3): a missing field is at its default (nothing chosen, no bound). */
export const inventoryFilterSchema = z.object({
  ...listShape,
  ...boundShape,
}) as unknown as z.ZodMiniType<InventoryFilter>;

/** The other reading (SPEC §3): no inventory_type and no price bounds. It parses into the full one. */
export const inventoryFilterShortSchema = z.object(
  Object.fromEntries(SHORT_FILTER_KEYS.map((key) => [key, listShape[key]])),
) as unknown as z.ZodMiniType<InventoryFilterShort>;

const count = () => z.int().check(z.nonnegative());

/**
 * How many units each filter value would give, every other active filter applied (a value's own group is left out,
 * so choosing it adds those units). Every value the available inventory has is listed, with 0 where none match.
 */
export const inventoryFacetsSchema = z.object({
  ...Object.fromEntries(
    countedFacets.map((facet) => [
      facet.key,
      z.array(
        z.object({
          value: facetValueSchema(facet),
          count: count(),
          ...(facet.parent ? { [facet.parent]: z.string() } : {}),
        }),
      ),
    ]),
  ),
  // the ranges the matches run over (whole dollars for the all-in price), the range left out; 0 when none has one
  ...Object.fromEntries(
    rangeFacets
      .filter((range) => range.reported)
      .map((range) => [range.key, z.object({ lower: z.number(), upper: z.number() })]),
  ),
}) as unknown as z.ZodMiniType<InventoryFacets>;

/** One page of a query of `unit`s, with the total number of matches and the facets' counts (the same request). */
const pageOf = <Unit extends z.ZodMiniType>(unit: Unit) =>
  z.object({
    vehicles: z.array(unit),
    size: count(),
    page: z.int().check(z.positive()),
    page_size: z.int().check(z.positive()),
    facets: z.optional(inventoryFacetsSchema),
  });

/** One page of a query: whole units. */
export const inventoryResultSchema = pageOf(vehicleSchema);

/** One page of a query asked for with `fields=listing`: each unit as a list shows it. */
export const inventoryListingSchema = pageOf(vehicleListingSchema);

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

const commaList = z.pipe(
  z.optional(z.string()),
  z.transform((s: string | undefined) =>
    s
      ? s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean)
      : [],
  ),
);
const numberParam = (fallback: number) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((s: string | undefined) => (s === undefined || s === "" ? fallback : Number(s))),
  );

/** The API's reading of a query string; invalid values become field errors (400), never a crash. */
export const inventoryQueryParamsSchema = z.pipe(
  z.object({
    ...Object.fromEntries(
      listFacets.map((facet) => [
        facet.key,
        typeof facet.values?.[0] === "number" || facet.open === "number"
          ? z.pipe(commaList, z.array(z.pipe(z.string(), z.pipe(z.transform(Number), z.int()))))
          : commaList,
      ]),
    ),
    ...Object.fromEntries(
      rangeFacets.flatMap((range) =>
        [range.lower, range.upper].map((key) => [key, z.pipe(numberParam(0), z.number())]),
      ),
    ),
    sort: z._default(inventorySortSchema, DEFAULT_INVENTORY_SORT),
    page: z.pipe(numberParam(1), int(1, 100_000)),
    page_size: z.pipe(numberParam(INVENTORY_PAGE_SIZE), int(1, 100)),
    seed: z.pipe(numberParam(1), int(0, 2_147_483_647)),
    search: z.optional(searchTextSchema),
    fields: z.optional(z.literal("listing")),
  }),
  z.transform((params, ctx): InventoryQuery => {
    const { sort, page, page_size, seed, search, fields, ...rest } = params as Record<string, unknown> &
      Pick<InventoryQuery, "sort" | "page" | "page_size" | "seed" | "search" | "fields">;
    const filter = inventoryFilterSchema.safeParse(rest);
    if (!filter.success) {
      for (const issue of filter.error.issues) ctx.issues.push({ ...issue, code: "custom", input: rest });
      return z.NEVER;
    }
    return {
      filter: filter.data,
      sort,
      page,
      page_size,
      seed,
      ...(search ? { search } : {}),
      ...(fields ? { fields } : {}),
    };
  }),
);
