/**
 * The names a cached page is purged by (surrogate keys), shared by whoever says what a page shows (the remotes'
 * resources) and whoever says what changed (the API's change signal). A page carries every tag of what it shows.
 */
export const CACHE_TAGS = {
  /** Every page: the dealership's details (phones, hours, address) are on all of them. */
  site: "site",
  /** Pages whose content depends on which units are in stock: searches, counts, the sitemap. */
  inventory: "inventory",
  /** A page that shows this unit (its own page, a page listing it among similar units). */
  unit: (stockNumber: string) => `unit:${encodeURIComponent(stockNumber)}`,
  /** The specials pages. */
  promotions: "promotions",
  /** Pages one remote composed or put a fragment in: purged when it deploys another build. */
  remote: (name: string) => `remote:${name}`,
} as const;

/** What a tag may look like on the wire (an HTTP header value, space-separated). */
export const CACHE_TAG_PATTERN = /^[A-Za-z0-9:%._-]{1,120}$/;
