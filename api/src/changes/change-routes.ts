import type { FastifyInstance } from "fastify";
import type { ChangeSignal } from "./change-signal.js";

/** A comment line this often keeps idle proxies from closing the stream and tells a follower it is still there. */
const HEARTBEAT_MS = 5_000;

/**
 * GET /api/changes: the change signal as server-sent events ("purge", data {"tags": [...]}), for the host servers
 * that keep composed pages (and purge the shared cache in front of them). Not reachable through the public site:
 * the host answers 404 for it.
 */
export function registerChangeRoutes(app: FastifyInstance, changes: ChangeSignal): void {
  app.get("/changes", { config: { rateLimit: false } }, (request, reply) => {
    reply.hijack();
    // held open for as long as the follower wants it: not an idle connection
    request.raw.socket.setTimeout(0);
    const out = reply.raw;
    out.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    });
    out.write(": the API's change signal\n\n");
    const unsubscribe = changes.subscribe((tags) => out.write(`event: purge\ndata: ${JSON.stringify({ tags })}\n\n`));
    const heartbeat = setInterval(() => out.write(": still here\n\n"), HEARTBEAT_MS);
    request.raw.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
