import { defineRemote, type PublishedData } from "remote-kit/declaration";
import { DEFAULT_REMOTE_DEV_PORTS, UNIT_CHARGE_KINDS } from "shared-types";
import { z } from "zod/mini";

/** One charge included in the all-in price, in cents (shared-types pricing.ts). */
const charge = z.object({ kind: z.enum(UNIT_CHARGE_KINDS), label: z.string(), amount_cents: z.number() });

const trailer = z.object({
  asset_type: z.enum(["Enclosed", "Flat Deck", "Wedge", ""]),
  manufacturer: z.string(),
  name: z.string(),
  vin: z.string(),
  stock_number: z.string(),
  /** Whole dollars; 0 means "Contact Us For Pricing". */
  price: z.number(),
  description: z.string(),
  extended_description: z.string(),
  link: z.string(),
  /** trailer-photos/{stock_number}/{n}.jpg, n from 1 to image_count (SPEC §7) */
  image_count: z.number(),
  /** What the buyer pays besides the price (fees, levies): the advertised price is all-in */
  charges: z.array(charge),
  /** The list's photo (or the placeholder) */
  thumbnail: z.string(),
});

/**
 * Team inventory: the inventory search, the unit pages and the trailers (their routes, loaders and sitemap entries:
 * src/routes.tsx); the interactive parts of its pages, each hydrated on its own (remote-kit defineIsland). It
 * publishes its trailers as data (data/trailers.json), whose zod schema is declared here and nowhere else: its own
 * trailer type is derived from it, and each consumer's declaration of what it reads is checked against it. It renders
 * team leads' forms in its pages (src/contracts/consumes.ts).
 */
export const INVENTORY_REMOTE = defineRemote({
  name: "inventory",
  devPort: DEFAULT_REMOTE_DEV_PORTS.inventory,
  routes: "./src/routes.tsx",
  islands: {
    "./island/search": "./src/islands/inventory-search.tsx",
    "./island/gallery": "./src/components/image-gallery.tsx",
    "./island/call-us": "./src/components/call-us-button.tsx",
    "./island/payment-estimate": "./src/components/payment-estimate.tsx",
  },
  buildVariables: {
    VITE_MEDIA_BASE_URL:
      "The media bucket for trailer photos (another origin goes into the manifest, for the host's CSP); unset: /api/media.",
  },
  data: { trailers: { shape: z.array(trailer) } },
});

export type PublishedTrailer = PublishedData<typeof INVENTORY_REMOTE, "trailers">[number];
/** A trailer as the dealership lists it; its thumbnail is derived when it is published. */
export type Trailer = Omit<PublishedTrailer, "thumbnail">;
