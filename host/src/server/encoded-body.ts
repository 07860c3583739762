import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import { DYNAMIC_COMPRESSION } from "server-kit";

const ENCODINGS = ["br", "gzip"] as const;
export type BodyEncoding = (typeof ENCODINGS)[number];

/** A page's body in each encoding it was sent in: made once, on the first request that asked for it. */
export type EncodedBodies = Partial<Record<BodyEncoding, Buffer>>;

/** What is not worth compressing (the same threshold as every other answer's). */
const SMALLEST = DYNAMIC_COMPRESSION.threshold;

/** The encoding to send a body in for a request's Accept-Encoding (brotli first), or null for none. */
export function preferredEncoding(acceptEncoding: string | undefined, body: string): BodyEncoding | null {
  if (!acceptEncoding || body.length < SMALLEST) return null;
  return (negotiate(acceptEncoding, [...ENCODINGS]) as BodyEncoding | null) ?? null;
}

/**
 * The body in `encoding`, compressed as every answer made per request is (server-kit DYNAMIC_COMPRESSION), once: a
 * page the cache holds is then sent as it is to everyone asking in that encoding. In one call, on the event loop:
 * a page's brotli costs half what it costs through zlib's stream and its thread pool.
 */
export function encodedBody(bodies: EncodedBodies, body: string, encoding: BodyEncoding): Buffer {
  let encoded = bodies[encoding];
  if (!encoded) {
    const bytes = Buffer.from(body);
    encoded =
      encoding === "br"
        ? brotliCompressSync(bytes, {
            params: { ...DYNAMIC_COMPRESSION.brotliOptions.params, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          })
        : gzipSync(bytes, DYNAMIC_COMPRESSION.zlibOptions);
    bodies[encoding] = encoded;
  }
  return encoded;
}
