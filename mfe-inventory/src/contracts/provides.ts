import { defineProvides, type ProvidedData, t } from "remote-kit/contracts";
import { UNIT_CHARGE_KINDS } from "shared-types";

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
 * What team inventory exposes and publishes (written into its manifest for consumers' checks): its route table, and
 * its trailers as data (data/trailers.json), whose shape is declared here and nowhere else: inventory's own trailer
 * type is derived from it, and each consumer's declaration of what it reads is checked against it.
 */
export const PROVIDES = defineProvides({
  modules: {
    "./routes": { props: {} },
    // kept for consumers of an earlier release, which imported the trailers as a module
    "./trailers": { props: {} },
  },
  data: { trailers: { shape: t.list(trailer) } },
});

export type PublishedTrailer = ProvidedData<typeof PROVIDES, "trailers">[number];
/** A trailer as the dealership lists it; its thumbnail is derived when it is published. */
export type Trailer = Omit<PublishedTrailer, "thumbnail">;
