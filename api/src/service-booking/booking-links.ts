import type { Queryable } from "../db/database.js";
import type { BookingLinkSigner } from "../delivery/channels.js";
import { bookingLinkToken, loadSigningSecret } from "../security/signing.js";

/**
 * Signs a booking's page link when its email is sent, with the API's signing secret (LEAD_SIGNING_SECRET, or the one
 * kept in the database): the worker may run in a process of its own, and reads the secret once.
 */
export function bookingLinkSigner(db: Queryable, configured?: string): BookingLinkSigner {
  let secret: Promise<Buffer> | undefined;
  return async (bookingId, version) => {
    // a database away now is not away for good: the next email asks again
    secret ??= loadSigningSecret(db, configured).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return bookingLinkToken(await secret, bookingId, version);
  };
}
