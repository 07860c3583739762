/**
 * How many feed photos are fetched and stored at once: overall, and from any one host (a dealer's photo host is
 * not flooded). FEED_PHOTO_CONCURRENCY and FEED_PHOTO_HOST_CONCURRENCY change them.
 */
export const PHOTO_CONCURRENCY = { overall: 8, perHost: 4 } as const;
