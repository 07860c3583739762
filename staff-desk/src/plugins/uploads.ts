import type { IncomingMessage } from "node:http";

/** The most the desk reads and drops of a request it has refused as too large, before it gives up on the client. */
const DRAIN_LIMIT_BYTES = 256 * 1024 * 1024;

/**
 * Reads what is left of a refused upload and drops it, so the client finishes sending and reads the answer: a
 * server that answers 413 mid-upload and closes is seen by the client as a connection reset, not as "too large".
 * A client that sends far more than any upload is cut off.
 */
export function drained(request: IncomingMessage): Promise<void> {
  if (request.readableEnded || request.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      request.off("data", count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) {
        request.destroy();
        done();
      }
    };
    request.on("data", count);
    request.once("end", done);
    request.once("close", done);
    request.once("error", done);
    request.resume();
  });
}
