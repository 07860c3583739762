// What every Node server of the site shares (the API, the host server, each remote's server): the outbound guard,
// the hardening every answer gets, the request log, the environment's helpers. No React, nothing of a page.
export * from "./environment.js";
export * from "./hardening.js";
export * from "./outbound.js";
export * from "./shutdown.js";
export * from "./testing.js";
export * from "./tracing.js";
