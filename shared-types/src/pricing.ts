import type { z } from "zod/mini";
import type { UNIT_CHARGE_KINDS } from "./enumerations.js";
import { formatDollars } from "./format.js";
import type { unitChargeSchema } from "./vehicle.schema.js";

export type UnitChargeKind = (typeof UNIT_CHARGE_KINDS)[number];
export type UnitCharge = z.infer<typeof unitChargeSchema>;

/** Every price label the site shows beside an all-in amount. */
export const ALL_IN_LABEL = "All-in price, plus GST";

/** 3767506 -> "$37,675.06"; whole dollars without cents: 3767500 -> "$37,675" */
export function formatCents(cents: number): string {
  return formatDollars(cents / 100, { cents: cents % 100 !== 0 });
}

/** Whole dollars (the unit's own price columns) to cents, exactly. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

export const chargesTotalCents = (charges: readonly UnitCharge[]) =>
  charges.reduce((sum, charge) => sum + charge.amount_cents, 0);

export interface AllInBreakdown {
  /** The unit's own price (its sale price when it has one) */
  vehicleCents: number;
  charges: readonly UnitCharge[];
  /** vehicleCents plus every charge: the advertised price */
  totalCents: number;
}

/** What the site says of a unit without a price (SPEC), and the desk too: never "$0". */
export const CONTACT_FOR_PRICING = "Contact Us For Pricing";

/**
 * The advertised price and what it is made of, or null for a unit without a price (CONTACT_FOR_PRICING).
 * Integer cents throughout, so the lines add up to the total exactly.
 */
export function allInBreakdown(v: {
  full_price: number;
  low_price: number;
  charges: readonly UnitCharge[];
}): AllInBreakdown | null {
  const dollars = v.low_price > 0 ? v.low_price : Math.max(v.full_price, 0);
  if (dollars <= 0) return null;
  const vehicleCents = dollarsToCents(dollars);
  return { vehicleCents, charges: v.charges, totalCents: vehicleCents + chargesTotalCents(v.charges) };
}

/** The all-in price in cents, 0 for a unit without a price. */
export const allInPriceCents = (v: Parameters<typeof allInBreakdown>[0]) => allInBreakdown(v)?.totalCents ?? 0;

/** A trailer's all-in price and what it is made of, or null when it has no price (it has one price, no sale price). */
export const trailerAllInBreakdown = (t: { price: number; charges: readonly UnitCharge[] }) =>
  allInBreakdown({ full_price: t.price, low_price: 0, charges: t.charges });
