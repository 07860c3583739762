import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import { STAFF_DESK_HEADERS } from "shared-types/schemas";
import { sameSecret } from "./same-secret.js";

/**
 * Who sent a request to the staff listener: the visitor the desk names, when the request carries the desk's key;
 * otherwise the address it came from. X-Forwarded-For is never believed here: any process on the machine could
 * send one, to dodge the failure count or to turn it against someone else.
 */
export function staffClientAddress(request: FastifyRequest, deskKey: string | undefined): string {
  const key = request.headers[STAFF_DESK_HEADERS.key];
  if (deskKey && sameSecret(key, deskKey)) {
    const named = request.headers[STAFF_DESK_HEADERS.client];
    if (typeof named === "string" && isIP(named)) return named;
  } else if (key !== undefined) {
    // a desk set up with another key (or none here): its visitors all count as the desk until the keys agree
    request.log.warn("a request names a visitor with a desk key this API does not hold (STAFF_DESK_KEY)");
  }
  return request.raw.socket.remoteAddress ?? "unknown";
}
