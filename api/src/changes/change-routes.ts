import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ChangeSignal } from "./change-signal.js";

/** A comment line this often keeps idle proxies from closing the stream and tells a follower it is still there. */
const HEARTBEAT_MS = 5_000;

export interface ChangeStreamOptions {
  /** Followers at once (the hosts, a few each): one more is answered 503 until one leaves. */
  maxFollowers: number;
  /** A stream with no change for this long is ended; its follower comes back and resumes where it was. */
  idleMs: number;
  /** Announcements kept for a follower that comes back (Last-Event-ID) to be told what it missed. */
  replay: number;
}

export const DEFAULT_CHANGE_STREAM: ChangeStreamOptions = { maxFollowers: 32, idleMs: 5 * 60_000, replay: 1_000 };

/**
 * GET /api/changes, on the internal listener only: the change signal as server-sent events ("purge", data
 * {"tags": [...]}, each with an id), for the host servers that keep composed pages (and purge the shared cache in
 * front of them). Each stream starts with a "hello" saying whether the follower's Last-Event-ID was resumed from
 * (what it missed is sent first) or not (it may have missed anything: it purges everything).
 */
export function registerChangeRoutes(
  app: FastifyInstance,
  changes: ChangeSignal,
  options: ChangeStreamOptions = DEFAULT_CHANGE_STREAM,
): void {
  /** This process's announcements carry ids of its own: another process's id resumes nothing here. */
  const run = randomUUID().slice(0, 8);
  let sequence = 0;
  const recent: { id: string; tags: string[] }[] = [];
  /** The sequence number a follower's Last-Event-ID names, when it is one of this process's. */
  const heardUpTo = (lastId: string | string[] | undefined): number | null => {
    const match = typeof lastId === "string" ? /^([0-9a-f]{8})-(\d+)$/.exec(lastId) : null;
    return match?.[1] === run ? Number(match[2]) : null;
  };
  changes.subscribe((tags) => {
    sequence += 1;
    recent.push({ id: `${run}-${sequence}`, tags });
    if (recent.length > options.replay) recent.shift();
  });
  let followers = 0;

  app.get("/changes", { config: { rateLimit: false, edge: "internal" } }, (request, reply) => {
    if (followers >= options.maxFollowers) {
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({ error: "Service Unavailable", message: "Too many followers of the change signal" });
    }
    followers += 1;
    reply.hijack();
    // held open while changes come; ended by the idle timer below, not by the socket's own timeout
    request.raw.socket.setTimeout(0);
    const out = reply.raw;
    out.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    });
    const send = (event: string, data: object, id?: string) =>
      out.write(`${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const heard = heardUpTo(request.headers["last-event-id"]);
    // resumed when every announcement after the follower's last is still kept (none may have been made at all)
    const resumed = heard !== null && heard <= sequence && sequence - heard <= recent.length;
    // the hello carries the current id too: a follower that heard no change yet resumes from it after an idle end
    send("hello", { resumed }, `${run}-${sequence}`);
    if (resumed)
      for (const change of recent.slice(recent.length - (sequence - heard)))
        send("purge", { tags: change.tags }, change.id);

    let idle: NodeJS.Timeout;
    const end = () => out.end();
    const restartIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(end, options.idleMs);
    };
    restartIdle();
    const unsubscribe = changes.subscribe((tags) => {
      send("purge", { tags }, `${run}-${sequence}`);
      restartIdle();
    });
    const heartbeat = setInterval(() => out.write(": still here\n\n"), HEARTBEAT_MS);
    request.raw.on("close", () => {
      followers -= 1;
      clearInterval(heartbeat);
      clearTimeout(idle);
      unsubscribe();
    });
  });
}
