import type { BusinessDetailsStore } from "../business/business-store.js";
import type { Channel } from "../delivery/outbox.js";
import type { BookingContext } from "./booking-store.js";
import type { ServiceCapacityStore } from "./capacity-store.js";
import type { Capacity } from "./free-times.js";

export interface ServiceBookingRouteOptions {
  capacity: ServiceCapacityStore;
  business: BusinessDetailsStore;
  signingSecret: Buffer;
  /** The lead channels this API delivers on */
  channels: readonly Channel[];
  siteUrl: string;
  /** A booking's lead was stored: its deliveries go now */
  onLeadStored?: () => void;
  now?: () => number;
}

/** The department's capacity as the free times are counted: its closures are the service department's, as set. */
export async function bookingRules(options: ServiceBookingRouteOptions): Promise<Capacity & { days: number }> {
  const [capacity, details] = await Promise.all([options.capacity.get(), options.business.get()]);
  const closures = (details.closures ?? []).filter((closure) => closure.departments.includes("service"));
  return { ...capacity, closures, days: capacity.weeksAhead * 7 };
}

/** What a booking made now is made with: the rules as they stand, the lead channels, the site's address, the time. */
export async function bookingContext(options: ServiceBookingRouteOptions): Promise<BookingContext> {
  const rules = await bookingRules(options);
  return { rules, channels: options.channels, siteUrl: options.siteUrl, now: options.now?.() ?? Date.now() };
}
