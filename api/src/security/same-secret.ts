import { timingSafeEqual } from "node:crypto";

/** Whether a credential a request carries is the expected one, in a time that tells nothing of how much matched. */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
