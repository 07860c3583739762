import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import { STAFF_DESK_HEADERS } from "shared-types/schemas";

const sameSecret = (given: unknown, expected: string) => {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Who sent a request to the staff listener: the visitor the desk names, when the request carries the desk's key;
 * otherwise the address it came from. X-Forwarded-For is never believed here: any process on the machine could
 * send one, to dodge the failure count or to turn it against someone else.
 */
export function staffClientAddress(request: FastifyRequest, deskKey: string | undefined): string {
  if (deskKey && sameSecret(request.headers[STAFF_DESK_HEADERS.key], deskKey)) {
    const named = request.headers[STAFF_DESK_HEADERS.client];
    if (typeof named === "string" && isIP(named)) return named;
  }
  return request.raw.socket.remoteAddress ?? "unknown";
}
