import { t } from "remote-kit/contracts";
import { defineRemote, type PublishedData } from "remote-kit/declaration";
import { DEFAULT_REMOTE_DEV_PORTS, UNIT_CHARGE_KINDS } from "shared-types";
import CONSUMES from "./contracts/consumes.ts";

/** One charge included in the all-in price, in cents (shared-types pricing.ts). */
const charge = t.shape({ kind: t.oneOf(...UNIT_CHARGE_KINDS), label: t.string, amount_cents: t.number });

const trailer = t.shape({
  asset_type: t.oneOf("Enclosed", "Flat Deck", "Wedge", ""),
  manufacturer: t.string,
  name: t.string,
  vin: t.string,
  stock_number: t.string,
  /** Whole dollars; 0 means "Contact Us For Pricing". */
  price: t.number,
  description: t.string,
  extended_description: t.string,
  link: t.string,
  /** trailer-photos/{stock_number}/{n}.jpg, n from 1 to image_count (SPEC §7) */
  image_count: t.number,
  /** What the buyer pays besides the price (fees, levies): the advertised price is all-in */
  charges: t.list(charge),
  /** The list's photo (or the placeholder) */
  thumbnail: t.string,
});

/**
 * Team inventory: the inventory search, the unit pages and the trailers (their routes, loaders and sitemap entries:
 * src/routes.tsx); the interactive parts of its pages, each hydrated on its own (remote-kit defineIsland). It
 * publishes its trailers as data (data/trailers.json), whose shape is declared here and nowhere else: its own
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
  data: { trailers: { shape: t.list(trailer) } },
  consumes: CONSUMES,
});

export type PublishedTrailer = PublishedData<typeof INVENTORY_REMOTE, "trailers">[number];
/** A trailer as the dealership lists it; its thumbnail is derived when it is published. */
export type Trailer = Omit<PublishedTrailer, "thumbnail">;
