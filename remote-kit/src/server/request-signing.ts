import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Only the host may ask a remote's server for a render, a fragment or a form's outcome: the host signs each request
 * with RENDER_SECRET (an HMAC-SHA256 over the endpoint, a timestamp, a one-time nonce and the body), and the remote
 * refuses one that is unsigned, wrongly signed, older than SIGNATURE_MAX_AGE_MS or seen before, before doing any
 * work. RENDER_SECRET may list two secrets, the new one first, while a rotation reaches every server: requests are
 * signed with the first and accepted under either.
 */
export const SIGNATURE_HEADER = "x-fleet-signature";
const SIGNATURE_MAX_AGE_MS = 30_000;
/** A secret shorter than this is refused at start-up: it could be guessed. */
const MIN_SECRET_LENGTH = 32;

export type SignedEndpoint = "render" | "fragment" | "form";

/** The secrets of a RENDER_SECRET value ("new" or "new,old"); throws on one too short to be a secret. */
export function parseRenderSecrets(value: string | undefined): string[] {
  const secrets = (value ?? "").split(",").flatMap((secret) => secret.trim() || []);
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new Error(`RENDER_SECRET: each secret needs at least ${MIN_SECRET_LENGTH} characters`);
    }
  }
  return secrets;
}

const mac = (secret: string, endpoint: SignedEndpoint, timestamp: number, nonce: string, body: string) =>
  createHmac("sha256", secret).update(`${endpoint}\n${timestamp}\n${nonce}\n${body}`).digest();

/** The SIGNATURE_HEADER value for one request: "t=<ms>,n=<nonce>,v1=<hex>". */
export function signRequest(secret: string, endpoint: SignedEndpoint, body: string, now = Date.now()): string {
  const nonce = randomBytes(12).toString("base64url");
  return `t=${now},n=${nonce},v1=${mac(secret, endpoint, now, nonce, body).toString("hex")}`;
}

type Verdict = { ok: true } | { ok: false; reason: string };

/** Checks signatures against the secrets, and remembers each nonce for as long as its request would be fresh. */
export class SignatureVerifier {
  private readonly seen = new Map<string, number>();

  constructor(private readonly secrets: readonly string[]) {}

  verify(header: string | string[] | undefined, endpoint: SignedEndpoint, body: string, now = Date.now()): Verdict {
    if (typeof header !== "string" || header === "") return { ok: false, reason: "the request is not signed" };
    const fields = Object.fromEntries(header.split(",").map((part) => part.trim().split("=", 2)));
    const timestamp = Number(fields.t);
    const nonce = fields.n ?? "";
    const given = /^[0-9a-f]{64}$/.test(fields.v1 ?? "") ? Buffer.from(fields.v1, "hex") : null;
    if (!Number.isSafeInteger(timestamp) || !/^[\w-]{8,64}$/.test(nonce) || !given) {
      return { ok: false, reason: "the signature is malformed" };
    }
    if (Math.abs(now - timestamp) > SIGNATURE_MAX_AGE_MS) return { ok: false, reason: "the signature has expired" };
    const valid = this.secrets.some((secret) => timingSafeEqual(mac(secret, endpoint, timestamp, nonce, body), given));
    if (!valid) return { ok: false, reason: "the signature does not match" };
    this.forgetExpired(now);
    if (this.seen.has(nonce)) return { ok: false, reason: "the request was already made (replayed)" };
    this.seen.set(nonce, timestamp + SIGNATURE_MAX_AGE_MS);
    return { ok: true };
  }

  /**
   * Forgets the nonces no request could still be accepted with, oldest first: the map is in the order they were
   * seen, which is near enough the order they expire in, so this stops at the first one still fresh instead of
   * reading every nonce of the last SIGNATURE_MAX_AGE_MS on every request (thousands, at a few hundred a second).
   * One seen out of order is forgotten once those before it are.
   */
  private forgetExpired(now: number) {
    for (const [nonce, until] of this.seen) {
      if (until >= now) return;
      this.seen.delete(nonce);
    }
  }
}
