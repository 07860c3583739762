// The package's public contract: types, rules and constants of SPEC.md, one module per entity or concern. The zod
// schemas are a separate entry (shared-types/schemas), so a page bundles them only where it validates data.
export * from "./api-paths.js";
export * from "./business.js";
export * from "./cache-tags.js";
export * from "./enumerations.js";
export * from "./events.js";
export * from "./federation.js";
export * from "./fleet-quote.js";
export * from "./format.js";
export * from "./inventory-facets.js";
export * from "./inventory-filter.js";
export * from "./lead.js";
export * from "./lead-forms.js";
export * from "./lineup.js";
export * from "./photos.js";
export * from "./pricing.js";
export * from "./promotion.js";
export * from "./public-edge.js";
export * from "./return-address.js";
export * from "./routes.js";
export * from "./saved-search.js";
export * from "./staff.js";
export type * from "./staff-api.types.js";
export * from "./text.js";
export * from "./vehicle.js";
export * from "./vin.js";
export * from "./work-truck.js";
export * from "./work-truck-searches.js";
