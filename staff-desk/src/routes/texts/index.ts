import type { FastifyInstance } from "fastify";
import { siteNoticeSchema } from "shared-types/schemas";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { TextsPage, type TypedNotice } from "./texts-page.js";

const WORDS = {
  done: {
    saved: "Saved: every page shows it within a few seconds (on its first day, if it has one).",
    removed: "Taken down: the pages no longer show it.",
  },
};

/** shared-types' rules for the notice, as the form's reasons: one per field. */
function problemsOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const problems: Partial<Record<keyof TypedNotice, string>> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "text") as keyof TypedNotice;
    problems[name] ??= /YYYY-MM-DD/.test(issue.message) ? "Enter a date, like 2026-12-01" : issue.message;
  }
  return problems;
}

/** Team desk's page for the site's own words (ROLE_GRANTS texts: marketing and admins): the notice on every page. */
export default async function texts(app: FastifyInstance) {
  const onTexts = { config: { grant: "texts" } } as const;

  app.get("/texts", onTexts, async (request, reply) => {
    const { notice } = await request.api.siteNotice();
    return reply.page(TextsPage({ signedIn: request.staff, notice, said: noticeFrom(request.query, WORDS) }));
  });

  app.post("/texts", onTexts, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    const typed: TypedNotice = { text: text("text"), link: text("link"), from: text("from"), to: text("to") };
    const refuse = async (problems: Partial<Record<keyof TypedNotice, string>>) => {
      const { notice } = await request.api.siteNotice();
      return reply.page(TextsPage({ signedIn: request.staff, notice, typed, problems }), 400);
    };
    const parsed = siteNoticeSchema.safeParse({ ...typed, from: typed.from || null, to: typed.to || null });
    if (!parsed.success) return refuse(problemsOf(parsed.error));
    try {
      await request.api.saveSiteNotice({ body: { notice: parsed.data } });
      return reply.redirect("/texts?done=saved", 303);
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 400) return refuse({ text: error.message });
      throw error;
    }
  });

  app.post("/texts/remove", onTexts, async (request, reply) => {
    await request.api.saveSiteNotice({ body: { notice: null } });
    return reply.redirect("/texts?done=removed", 303);
  });
}
