import { z } from "zod/mini";
import {
  DEFAULT_INVENTORY_SORT,
  emptyInventoryFilter,
  INVENTORY_PAGE_SIZE,
  type InventoryQuery,
  type InventoryView,
} from "./inventory-filter.js";
import { safeText } from "./text.schema.js";
import { VEHICLE_CONDITIONS } from "./vehicle.js";
import { BODY_TYPES, CAB_TYPES, FUELS, GVWR_CLASSES } from "./work-truck.js";

export const inventorySortSchema = z.enum(["age_asc", "age_desc", "price_asc", "price_desc", "discount", "random"]);

const textList = z.array(safeText(80).check(z.minLength(1))).check(z.maxLength(50));
const int = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));

/** The full reading of the filter (SPEC §3). */
export const inventoryFilterSchema = z.object({
  condition: z._default(z.array(z.enum(VEHICLE_CONDITIONS)).check(z.maxLength(2)), []),
  year: z._default(z.array(int(1900, 2100)).check(z.maxLength(50)), []),
  make: z._default(textList, []),
  model: z._default(textList, []),
  body_style: z._default(textList, []),
  dealership: z._default(textList, []),
  inventory_type: z._default(textList, []),
  price_upper: z._default(z.number().check(z.nonnegative()), 0),
  price_lower: z._default(z.number().check(z.nonnegative()), 0),
  // the work-truck facets; SPEC §3's readings have none of them and still parse
  gvwr_class: z._default(z.array(z.literal(GVWR_CLASSES)).check(z.maxLength(8)), []),
  body_type: z._default(z.array(z.enum(BODY_TYPES)).check(z.maxLength(BODY_TYPES.length)), []),
  fuel: z._default(z.array(z.enum(FUELS)).check(z.maxLength(FUELS.length)), []),
  cab_type: z._default(z.array(z.enum(CAB_TYPES)).check(z.maxLength(CAB_TYPES.length)), []),
  /** 0: no bound */
  year_min: z._default(int(0, 2100), 0),
  year_max: z._default(int(0, 2100), 0),
});

/** The other reading (SPEC §3): no inventory_type and no price bounds. It parses into the full one. */
export const inventoryFilterShortSchema = z.pick(inventoryFilterSchema, {
  condition: true,
  year: true,
  make: true,
  model: true,
  body_style: true,
  dealership: true,
});

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
    condition: commaList,
    year: z.pipe(commaList, z.array(z.pipe(z.string(), z.pipe(z.transform(Number), z.int())))),
    make: commaList,
    model: commaList,
    body_style: commaList,
    dealership: commaList,
    inventory_type: commaList,
    price_lower: z.pipe(numberParam(0), z.number()),
    price_upper: z.pipe(numberParam(0), z.number()),
    gvwr_class: z.pipe(commaList, z.array(z.pipe(z.string(), z.pipe(z.transform(Number), z.int())))),
    body_type: commaList,
    fuel: commaList,
    cab_type: commaList,
    year_min: z.pipe(numberParam(0), z.number()),
    year_max: z.pipe(numberParam(0), z.number()),
    sort: z._default(inventorySortSchema, DEFAULT_INVENTORY_SORT),
    page: z.pipe(numberParam(1), int(1, 100_000)),
    page_size: z.pipe(numberParam(INVENTORY_PAGE_SIZE), int(1, 100)),
    seed: z.pipe(numberParam(1), int(0, 2_147_483_647)),
  }),
  z.transform(({ sort, page, page_size, seed, ...rest }, ctx): InventoryQuery => {
    const filter = inventoryFilterSchema.safeParse(rest);
    if (!filter.success) {
      for (const issue of filter.error.issues) ctx.issues.push({ ...issue, code: "custom", input: rest });
      return z.NEVER;
    }
    return { filter: filter.data, sort, page, page_size, seed };
  }),
);
