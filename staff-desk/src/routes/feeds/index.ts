import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiRefusal } from "../../staff-api.js";
import type { NoticeProps } from "../../ui/layout.js";
import { noticeFrom } from "../../ui/notices.js";
import { FeedsPage } from "./feeds-page.js";

const WORDS = {
  done: {
    running:
      "Started: the import runs on its own (photos may take minutes). Its run is below; this page refreshes itself.",
    imported: "Imported: the site shows the stock now. Any row left out is listed with its line and reason below.",
  },
};

/** The file a multipart form sent, with its name and the "force" box. */
async function uploaded(request: FastifyRequest) {
  let bytes: Buffer = Buffer.alloc(0);
  let name = "";
  let force = false;
  if (!request.isMultipart()) return { bytes, name, force };
  for await (const part of request.parts()) {
    if (part.type === "file") {
      name = part.filename;
      bytes = await part.toBuffer();
    } else if (part.fieldname === "force") force = part.value === "true";
  }
  return { bytes, name, force };
}

/** Team desk's feeds page: the runs and their rejected rows, a file uploaded by hand, a pull now. */
export default async function feeds(app: FastifyInstance) {
  const onFeeds = { config: { grant: "feeds" } } as const;
  const show = async (request: FastifyRequest, reply: FastifyReply, notice?: NoticeProps, status = 200) => {
    const { runs, pull } = await request.api.feeds();
    return reply.page(FeedsPage({ signedIn: request.staff, runs, pull, notice }), status);
  };
  /** Another import running (409), or a file the API would not take: said on the page, nothing changed. */
  const notImported = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof ApiRefusal) || error.status >= 500 || error.status === 403) throw error;
    return show(request, reply, { kind: "refused", text: `This was not imported: ${error.message}` }, 400);
  };

  app.get("/feeds", onFeeds, async (request, reply) => {
    const outcome = (request.query as { outcome?: unknown }).outcome;
    return show(request, reply, noticeFrom({ done: outcome }, WORDS));
  });

  app.post("/feeds/upload", onFeeds, async (request, reply) => {
    const { bytes, name, force } = await uploaded(request);
    if (bytes.length === 0) {
      return show(request, reply, { kind: "refused", text: "Choose the feed's file (CSV) to upload." }, 400);
    }
    try {
      const query = { file: name.slice(0, 200) || "a file", force: String(force) as "true" | "false" };
      const { outcome } = await request.api.uploadFeed({ query, bytes, type: "text/csv" });
      return reply.redirect(`/feeds?outcome=${encodeURIComponent(outcome)}`, 303);
    } catch (error) {
      return notImported(request, reply, error);
    }
  });

  app.post("/feeds/pull", onFeeds, async (request, reply) => {
    try {
      const { outcome } = await request.api.pullFeed();
      return reply.redirect(`/feeds?outcome=${encodeURIComponent(outcome)}`, 303);
    } catch (error) {
      return notImported(request, reply, error);
    }
  });
}
