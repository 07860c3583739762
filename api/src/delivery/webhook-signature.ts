import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The header a lead webhook carries: `sha256=` and the hex HMAC-SHA256 of the exact request body under the shared
 * secret (GitHub's convention, which most receivers already know how to check).
 */
export const WEBHOOK_SIGNATURE_HEADER = "x-fleet-signature";
/** The delivery's id: the same on every retry of one delivery, so a receiver can drop a repeat. */
export const WEBHOOK_DELIVERY_HEADER = "x-fleet-delivery";

export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** What a receiver does: recompute the signature over the raw body and compare in constant time. */
export function verifyWebhookSignature(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhookBody(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
