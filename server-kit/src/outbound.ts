import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, request } from "undici";

/**
 * Which addresses a server may fetch from on input it did not choose (a render request's peers, a feed's photos):
 * - `origins`: exact origins ("http://127.0.0.1:4174"), and patterns for a whole domain ("https://*.example.ca");
 * - an origin listed exactly may be at any address, a private one included (the operator named it); one that only
 *   matches a pattern must resolve to public addresses only, checked on the address actually connected to (a
 *   name that resolves to a loopback, private or link-local address is refused, however it was made to);
 * - no redirects; the answer within `timeoutMs` and `maxBytes`.
 */
export interface OutboundPolicy {
  origins: readonly string[];
  timeoutMs: number;
  maxBytes: number;
}

/** A fetch the policy refused, or one that went over its limits: the caller treats it as a source it cannot reach. */
export class OutboundRefused extends Error {}

/** An entry for a whole domain: "https://*.example.ca", a port if not the scheme's own. */
const DOMAIN_PATTERN = /^https?:\/\/\*\.[a-z0-9.-]+(:\d+)?$/i;

/** A public (globally routable) address: not loopback, private, link-local, carrier-grade NAT, reserved... */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === "unicast";
}

/** The origin of each entry of a comma-separated list (PEER_ORIGINS, FEED_PHOTO_HOSTS...), checked. */
export function parseOriginList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      if (DOMAIN_PATTERN.test(entry)) return entry.toLowerCase();
      const url = new URL(entry);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${entry} is not an http(s) origin`);
      return url.origin;
    });
}

function matchOrigin(url: URL, origins: readonly string[]): "listed" | "pattern" | null {
  if (origins.includes(url.origin)) return "listed";
  // a pattern names hosts, never an address (which no lookup would check)
  if (ipaddr.isValid(url.hostname)) return null;
  const domains = origins
    .filter((entry) => DOMAIN_PATTERN.test(entry))
    .map((entry) => new URL(entry.replace("*.", "")));
  const inDomain = (domain: URL) =>
    domain.protocol === url.protocol && domain.port === url.port && url.hostname.endsWith(`.${domain.hostname}`);
  return domains.some(inDomain) ? "pattern" : null;
}

/** Resolves as the connection would, refusing any address that is not public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) =>
  dnsLookup(hostname, { ...options, all: true }, (error, found) => {
    const addresses = (found ?? []) as unknown as LookupAddress[];
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    const first = addresses[0];
    if (error || refused || !first) {
      const reason = `${hostname} resolves to ${refused?.address ?? "nothing"}, not a public address`;
      return callback(error ?? new OutboundRefused(reason), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, first.address, first.family);
  });

/** Connections to a name matched only by a pattern: made to public addresses alone. */
const publicOnly = new Agent({ connect: { lookup: publicOnlyLookup } });

/**
 * An undici request whose answer is read whole, up to `maxBytes` (as its length says or as it turns out): more
 * rejects with OutboundRefused, and so does what `refuse` makes of its status. No redirect is followed.
 */
export async function requestWithin(
  url: string | URL,
  maxBytes: number,
  {
    refuse,
    ...options
  }: NonNullable<Parameters<typeof request>[1]> & { refuse?: (status: number) => Error | undefined },
) {
  const { statusCode, headers, body } = await request(url, options);
  const declared = Number(headers["content-length"] ?? 0);
  const refused =
    refuse?.(statusCode) ??
    (declared > maxBytes ? new OutboundRefused(`${url} is ${declared} bytes, over the ${maxBytes} allowed`) : null);
  if (refused) {
    // an answer refused unread is discarded as undici advises (up to 128 KB read, so its connection is kept)
    void body.dump();
    throw refused;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // leaving the loop early (a throw) destroys the body
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new OutboundRefused(`${url} is over the ${maxBytes} bytes allowed`);
    chunks.push(chunk);
  }
  return { status: statusCode, headers, body: Buffer.concat(chunks) };
}

/**
 * GETs `url` under the policy: refused before any connection when its origin is not allowed; a redirect, a slow
 * or oversized answer, or a pattern-matched name at a non-public address rejects with OutboundRefused.
 */
export async function fetchOutbound(url: string, policy: OutboundPolicy) {
  if (!URL.canParse(url)) throw new OutboundRefused(`${url} is not an address`);
  const parsed = new URL(url);
  const match = parsed.username || parsed.password ? null : matchOrigin(parsed, policy.origins);
  if (!match) throw new OutboundRefused(`${parsed.origin} is not an allowed origin`);
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  try {
    return await requestWithin(parsed, policy.maxBytes, {
      headers: { accept: "application/json, */*;q=0.5" },
      signal: deadline,
      ...(match === "pattern" ? { dispatcher: publicOnly } : {}),
      refuse: (status) =>
        status >= 300 && status < 400
          ? new OutboundRefused(`${url} redirects (${status}); redirects are not followed`)
          : undefined,
    });
  } catch (error) {
    if (error instanceof OutboundRefused || (error as { cause?: unknown }).cause instanceof OutboundRefused)
      throw error;
    throw deadline.aborted ? new OutboundRefused(`${url} did not answer within ${policy.timeoutMs} ms`) : error;
  }
}

/** JSON under the policy: anything but a 200 with JSON rejects. */
export async function fetchOutboundJson(url: string, policy: OutboundPolicy): Promise<unknown> {
  const answer = await fetchOutbound(url, policy);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return JSON.parse(answer.body.toString("utf8"));
}
