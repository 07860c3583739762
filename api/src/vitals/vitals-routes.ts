import type { FastifyInstance } from "fastify";
import { VITALS_WINDOW_DAYS } from "shared-types";
import { STAFF_API, type VitalBeacon, vitalBeaconSchema } from "shared-types/schemas";
import { HttpError, parseOrBadRequest } from "../http-errors.js";
import type { StaffContext } from "../staff/staff-context.js";
import { VitalsStore } from "./vitals-store.js";

// Team api: real visitors' Web Vitals. A sampled page view's browser sends its LCP, INP and CLS here (the host's
// src/vitals script, navigator.sendBeacon, on the site's own origin); the desk reads each route's 75th percentile.

/** One page view's beacon is a few hundred bytes: anything far larger is refused before it is read. */
const BEACON_BODY_LIMIT = 2048;
/** Per visitor (their address, or their IPv6 /64), like every public write: a browsing visitor sends a few a minute. */
export const VITALS_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/**
 * A beacon's body as sent: sendBeacon sends a string as text/plain (a simple request), a client may send JSON. One
 * measurement or a page view's list of them; each is checked, and the first wrong one is a 400 naming its fields.
 */
export function beaconsOf(body: unknown): VitalBeacon[] {
  let parsed = body;
  if (typeof body === "string") {
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new HttpError(400, { error: "Bad Request", message: "The measurements are not JSON" });
    }
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0 || list.length > 3) {
    throw new HttpError(400, { error: "Bad Request", message: "Send one to three measurements (LCP, INP, CLS)" });
  }
  return list.map((item) => parseOrBadRequest(vitalBeaconSchema, item, "measurement"));
}

/** POST /api/vitals, on the public edge (shared-types PUBLIC_API_ROUTES): 204, nothing to read back. */
export function registerVitalsRoutes(app: FastifyInstance, store: VitalsStore): void {
  app.post(
    "/vitals",
    { bodyLimit: BEACON_BODY_LIMIT, config: { rateLimit: VITALS_RATE_LIMIT } },
    async (request, reply) => {
      await store.record(beaconsOf(request.body));
      reply.header("cache-control", "no-store");
      return reply.code(204).send();
    },
  );
}

/** GET /api/staff/vitals: each route's 75th percentiles over the window (the `speed` grant: admins, marketing). */
export function registerVitalsStaffRoutes({ route, db, options }: StaffContext): void {
  const store = new VitalsStore(db, options.now);
  route(STAFF_API.vitals, {}, async () => ({ days: VITALS_WINDOW_DAYS, routes: await store.summary() }));
}
