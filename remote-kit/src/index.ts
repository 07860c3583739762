// Browser and server-render API of the remote kit. Node-only parts live in remote-kit/render, /server and /vite.
export * from "./contracts.js";
export * from "./islands.js";
export * from "./lazy-page.js";
export * from "./link.js";
export * from "./manifest-cache.js";
export * from "./page-head.js";
export * from "./peers.js";
export * from "./protocol.js";
export * from "./remote-routes.js";
export * from "./route-data.js";
export * from "./seo.js";
export * from "./shared-dependencies.js";
export * from "./site-context.js";
