import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/database.js";

/**
 * The API's signing secret: LEAD_SIGNING_SECRET when set, else one made once and kept in the database, so every
 * instance and every restart agree on it (a form started before a restart still counts its fill time).
 */
export async function loadSigningSecret(db: Queryable, configured?: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured);
  await db.query("insert into app_secrets (name, value) values ('signing', $1) on conflict (name) do nothing", [
    randomBytes(32).toString("base64url"),
  ]);
  const [row] = await db.query<{ value: string }>("select value from app_secrets where name = 'signing'");
  return Buffer.from(row?.value ?? "");
}

const mac = (secret: Buffer, purpose: string, value: string) =>
  createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");

function macMatches(secret: Buffer, purpose: string, value: string, given: string): boolean {
  const expected = Buffer.from(mac(secret, purpose, value));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** When a form appeared, as the API saw it: "<ms since epoch>.<mac>". */
export function signFormStart(secret: Buffer, at = Date.now()): string {
  return `${at}.${mac(secret, "form-started", String(at))}`;
}

/**
 * How long a signed form start counts: a page left open longer (or a start copied once and replayed by a script
 * for days) is treated as having none, so its enquiry is held for review rather than delivered or dropped.
 */
export const FORM_START_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The moment a signed form start names, or null for a token the API did not sign, one from the future, or one
 * older than FORM_START_MAX_AGE_MS.
 */
export function verifyFormStart(secret: Buffer, token: string | undefined, now = Date.now()): number | null {
  const match = token ? /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match?.[1] || !match[2] || !macMatches(secret, "form-started", match[1], match[2])) return null;
  const at = Number(match[1]);
  return at <= now + 5_000 && now - at <= FORM_START_MAX_AGE_MS ? at : null;
}

/** The token of a marketing email's unsubscribe link for an address (stable: one link per address). */
export function unsubscribeToken(secret: Buffer, email: string): string {
  return mac(secret, "unsubscribe", email.trim().toLowerCase());
}

export function verifyUnsubscribeToken(secret: Buffer, email: string, token: string): boolean {
  return macMatches(secret, "unsubscribe", email.trim().toLowerCase(), token);
}

/** How long a release link in the sales desk's digest works. */
export const HELD_RELEASE_LINK_DAYS = 14;

/**
 * The token of the link that releases a held (quarantined) submission, in the sales desk's digest:
 * "<expiry, seconds since epoch>.<mac of the id and the expiry>", so the expiry cannot be changed.
 */
export function heldReleaseToken(secret: Buffer, id: string, now = Date.now()): string {
  const expires = String(Math.floor(now / 1000) + HELD_RELEASE_LINK_DAYS * 24 * 60 * 60);
  return `${expires}.${mac(secret, "release-held", `${id}:${expires}`)}`;
}

/** The token's shape (the routes check it before anything else). */
export const HELD_RELEASE_TOKEN_PATTERN = /^\d{10}\.[A-Za-z0-9_-]{43}$/;

/** "valid", "expired" (signed, but past its time), or "invalid". */
export function verifyHeldReleaseToken(
  secret: Buffer,
  id: string,
  token: string,
  now = Date.now(),
): "valid" | "expired" | "invalid" {
  const [expires = "", given = ""] = token.split(".");
  if (!/^\d{10}$/.test(expires) || !macMatches(secret, "release-held", `${id}:${expires}`, given)) return "invalid";
  return Number(expires) * 1000 > now ? "valid" : "expired";
}

/**
 * The token of a service booking's link (see it, move it, cancel it): it names the booking's version, which each
 * change moves on, so a link works for one change and a mail scanner's visit (a GET) changes nothing.
 */
export function bookingLinkToken(secret: Buffer, bookingId: string, version: number): string {
  // no dot in it: a site address whose last part looks like a file's name (".abc") is no page
  return `${bookingId}-${version}-${mac(secret, "service-booking", `${bookingId}:${version}`)}`;
}

/** A fleet's plan page link: not spent by a change (the fleet reports readings through it, month after month). */
export function planLinkToken(secret: Buffer, planId: string): string {
  return `${planId}-plan-${mac(secret, "service-plan", planId)}`;
}

/** The plan a link names, or null for a token the API did not sign. */
export function verifyPlanLinkToken(secret: Buffer, token: string): string | null {
  const match = /^([0-9a-f-]{36})-plan-([A-Za-z0-9_-]{43})$/.exec(token);
  return match?.[1] && match[2] && macMatches(secret, "service-plan", match[1], match[2]) ? match[1] : null;
}

/** The booking and version a link names, or null for a token the API did not sign. */
export function verifyBookingLinkToken(secret: Buffer, token: string): { bookingId: string; version: number } | null {
  const match = /^([0-9a-f-]{36})-(\d{1,6})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const value = `${match[1]}:${match[2]}`;
  return macMatches(secret, "service-booking", value, match[3])
    ? { bookingId: match[1], version: Number(match[2]) }
    : null;
}
