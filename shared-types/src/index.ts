// The package's public contract. Each module is one entity or concern of SPEC.md.
export * from "./api-paths.js";
export * from "./business.js";
export * from "./events.js";
export * from "./federation.js";
export * from "./format.js";
export * from "./inventory-filter.js";
export * from "./lead.js";
export * from "./lead-forms.js";
export * from "./lineup.js";
export * from "./page-meta.js";
export * from "./promotion.js";
export * from "./routes.js";
export * from "./site-sections.js";
export * from "./trailer.js";
export * from "./vehicle.js";
