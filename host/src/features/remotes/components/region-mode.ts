/**
 * How a remote's region arrives in the page (the host server writes it on the region's element):
 * - "islands": its server HTML, which stays as it is; only its islands hydrate, each on its own;
 * - "browser": empty (its renderer could not help in time), rendered by the browser.
 */
export type RegionMode = "islands" | "browser";
export const REGION_MODE_ATTRIBUTE = "data-region";
