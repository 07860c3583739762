// The zod schemas of the contracts (zod/mini): the API validates every request and answer with them, and pages
// validate what they fetch. Imported as "shared-types/schemas".
export * from "./business.schema.js";
export * from "./federation.schema.js";
export * from "./fleet-quote.schema.js";
export * from "./inventory-filter.schema.js";
export * from "./lead.schema.js";
export * from "./promotion.schema.js";
export * from "./saved-search.schema.js";
export * from "./service-booking.schema.js";
export * from "./staff-api.schema.js";
export * from "./text.schema.js";
export * from "./vehicle.schema.js";
export * from "./vitals.schema.js";
