import type { FastifyInstance } from "fastify";
import { ApiRefusal } from "../desk-api.js";
import type { DeskContext } from "../desk-context.js";
import { FeedsPage } from "../pages/feeds.js";

/** Team desk's feeds page: the runs and their rejected rows, a file uploaded by hand, a pull now. */
export function registerFeedPages(app: FastifyInstance, { api, page, signedIn, refused }: DeskContext): void {
  const show = async (
    reply: Parameters<DeskContext["page"]>[0],
    who: NonNullable<Awaited<ReturnType<DeskContext["signedIn"]>>>,
    notice?: { kind: "done" | "refused"; text: string },
    status = 200,
  ) => {
    const { runs, pull } = await api.feeds(who.session);
    return page(reply, FeedsPage({ signedIn: who, runs, pull, notice }), status);
  };
  const outcomeText = (outcome: string) =>
    outcome === "running"
      ? "Started: the import runs on its own (photos may take minutes). Its run is below; this page refreshes itself."
      : "Imported: the site shows the stock now. Any row left out is listed with its line and reason below.";

  app.get("/feeds", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const outcome = (request.query as { outcome?: string }).outcome;
    try {
      return await show(reply, who, outcome ? { kind: "done", text: outcomeText(outcome) } : undefined);
    } catch (error) {
      return refused(reply, who, error);
    }
  });

  app.post("/feeds/upload", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    try {
      let bytes: Buffer = Buffer.alloc(0);
      let name = "";
      let force = false;
      if (request.isMultipart()) {
        for await (const part of request.parts()) {
          if (part.type === "file") {
            name = part.filename;
            bytes = await part.toBuffer();
          } else if (part.fieldname === "force") force = part.value === "true";
        }
      }
      if (bytes.length === 0) {
        return await show(reply, who, { kind: "refused", text: "Choose the feed's file (CSV) to upload." }, 400);
      }
      try {
        const { outcome } = await api.uploadFeed(who.session, name, bytes, force);
        return reply.redirect(`/feeds?outcome=${outcome}`, 303);
      } catch (error) {
        if (error instanceof ApiRefusal && error.status >= 400 && error.status < 500 && error.status !== 403) {
          // another import running (409), or a file the API would not take
          return await show(reply, who, { kind: "refused", text: `This file was not imported: ${error.message}` }, 400);
        }
        throw error;
      }
    } catch (error) {
      return refused(reply, who, error);
    }
  });

  app.post("/feeds/pull", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    try {
      const { outcome } = await api.pullFeed(who.session);
      return reply.redirect(`/feeds?outcome=${outcome}`, 303);
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 409) {
        return await show(reply, who, { kind: "refused", text: error.message }, 409);
      }
      return refused(reply, who, error);
    }
  });
}
