import type { FastifyInstance } from "fastify";
import { siteNoticeSchema } from "shared-types/schemas";
import { ApiRefusal } from "../desk-api.js";
import type { DeskContext } from "../desk-context.js";
import { TextsPage, type TypedNotice } from "../pages/texts.js";

const DONE: Record<string, string> = {
  saved: "Saved: every page shows it within a few seconds (on its first day, if it has one).",
  removed: "Taken down: the pages no longer show it.",
};

/** Team desk's page for the site's own words (ROLE_GRANTS texts: marketing and admins). */
export function registerTextPages(app: FastifyInstance, { api, page, signedIn, refused }: DeskContext): void {
  app.get("/texts", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    try {
      const { notice } = await api.siteNotice(who.session);
      return page(
        reply,
        TextsPage({ signedIn: who, notice, done: DONE[(request.query as { done?: string }).done ?? ""] }),
      );
    } catch (error) {
      return refused(reply, who, error);
    }
  });

  app.post("/texts", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const form = (request.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    const typed: TypedNotice = { text: text("text"), link: text("link"), from: text("from"), to: text("to") };
    const candidate = { text: typed.text, link: typed.link, from: typed.from || null, to: typed.to || null };
    try {
      const parsed = siteNoticeSchema.safeParse(candidate);
      if (!parsed.success) {
        const problems: Partial<Record<keyof TypedNotice, string>> = {};
        for (const issue of parsed.error.issues) {
          const name = String(issue.path[0] ?? "text") as keyof TypedNotice;
          problems[name] ??= /YYYY-MM-DD/.test(issue.message) ? "Enter a date, like 2026-12-01" : issue.message;
        }
        const { notice } = await api.siteNotice(who.session);
        return page(reply, TextsPage({ signedIn: who, notice, typed, problems }), 400);
      }
      await api.saveSiteNotice(who.session, parsed.data);
      return reply.redirect("/texts?done=saved", 303);
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 400) {
        const { notice } = await api.siteNotice(who.session);
        return page(reply, TextsPage({ signedIn: who, notice, typed, problems: { text: error.message } }), 400);
      }
      return refused(reply, who, error);
    }
  });

  app.post("/texts/remove", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    try {
      await api.saveSiteNotice(who.session, null);
      return reply.redirect("/texts?done=removed", 303);
    } catch (error) {
      return refused(reply, who, error);
    }
  });
}
