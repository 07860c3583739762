// What a team's components use, the same in the browser and in the server render (islands, peers, route data, the
// page's head, links). The rest is split by where it runs: the protocol between host and remotes (remote-kit/protocol),
// the contracts and a remote's declaration (/contracts, /declaration), the renderer (/render) and the server
// (/server) on Node, the tooling (/vite, fleet-contracts, fleet-release, fleet-dev).
export * from "./fleet-quote.js";
export * from "./islands.js";
export * from "./lazy-page.js";
export * from "./link.js";
export * from "./page-head.js";
export * from "./peers.js";
export * from "./remote-routes.js";
export * from "./route-data.js";
export * from "./seo.js";
export * from "./site-context.js";
