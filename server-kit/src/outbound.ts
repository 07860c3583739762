import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

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

export interface OutboundAnswer {
  status: number;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

const PUBLIC_RANGES = new Set(["unicast"]);

/** A public (globally routable) address: not loopback, private, link-local, carrier-grade NAT, reserved... */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return PUBLIC_RANGES.has(ipaddr.process(address).range());
}

/** The origin of each entry of a comma-separated list (PEER_ORIGINS, FEED_PHOTO_HOSTS...), checked. */
export function parseOriginList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const pattern = /^(https?):\/\/\*\.([a-z0-9.-]+)(:\d+)?$/i.exec(entry);
      if (pattern) return entry.toLowerCase();
      const url = new URL(entry);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${entry} is not an http(s) origin`);
      return url.origin;
    });
}

type Match = "listed" | "pattern" | null;

function matchOrigin(url: URL, origins: readonly string[]): Match {
  if (origins.includes(url.origin)) return "listed";
  for (const entry of origins) {
    const pattern = /^(https?):\/\/\*\.([a-z0-9.-]+)(:\d+)?$/.exec(entry);
    if (!pattern) continue;
    const [, protocol, domain, port = ""] = pattern;
    const urlPort = url.port ? `:${url.port}` : "";
    if (url.protocol === `${protocol}:` && url.hostname.endsWith(`.${domain}`) && urlPort === port) return "pattern";
  }
  return null;
}

/** Resolves as the connection would, refusing any address that is not public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as unknown as LookupAddress[];
    const refused = list.find((a) => !isPublicAddress(a.address));
    if (refused || list.length === 0) {
      return callback(
        new OutboundRefused(`${hostname} resolves to ${refused?.address ?? "nothing"}, not a public address`),
        "",
        0,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
};

/**
 * GETs `url` under the policy: refused before any connection when its origin is not allowed; a redirect, a slow
 * or oversized answer, or a pattern-matched name at a non-public address rejects with OutboundRefused.
 */
export function fetchOutbound(url: string, policy: OutboundPolicy, signal?: AbortSignal): Promise<OutboundAnswer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return Promise.reject(new OutboundRefused(`${url} is not an address`));
  }
  const match = parsed.username || parsed.password ? null : matchOrigin(parsed, policy.origins);
  if (!match) return Promise.reject(new OutboundRefused(`${parsed.origin} is not an allowed origin`));
  const request = parsed.protocol === "https:" ? httpsRequest : httpRequest;
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  const abort = signal ? AbortSignal.any([signal, deadline]) : deadline;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const outgoing = request(
      parsed,
      {
        method: "GET",
        headers: { accept: "application/json, */*;q=0.5" },
        signal: abort,
        ...(match === "pattern" ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.destroy();
          return reject(new OutboundRefused(`${url} redirects (${status}); redirects are not followed`));
        }
        const declared = Number(response.headers["content-length"] ?? 0);
        if (declared > policy.maxBytes) {
          response.destroy();
          return reject(new OutboundRefused(`${url} is ${declared} bytes, over the ${policy.maxBytes} allowed`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            response.destroy();
            reject(new OutboundRefused(`${url} is over the ${policy.maxBytes} bytes allowed`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ status, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", (error) => reject(error));
      },
    );
    outgoing.on("error", (error) =>
      reject(
        error instanceof OutboundRefused || (error as { cause?: unknown }).cause instanceof OutboundRefused
          ? error
          : abort.aborted
            ? new OutboundRefused(`${url} did not answer within ${policy.timeoutMs} ms`)
            : error,
      ),
    );
    outgoing.end();
  });
}

/** JSON under the policy: anything but a 200 with JSON rejects. */
export async function fetchOutboundJson(url: string, policy: OutboundPolicy, signal?: AbortSignal): Promise<unknown> {
  const answer = await fetchOutbound(url, policy, signal);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return JSON.parse(answer.body.toString("utf8"));
}
