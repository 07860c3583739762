import type { FastifyInstance, FastifyReply } from "fastify";
import { dealershipToday } from "shared-types";
import { specialInputSchema } from "shared-types/schemas";
import { ApiRefusal, type DeskSpecial, type SpecialInput } from "../desk-api.js";
import type { DeskContext } from "../desk-context.js";
import { SpecialEditPage, SpecialsPage } from "../pages/specials.js";

const DONE: Record<string, string> = {
  created: "Created: the site shows it within a few seconds (on its first day, if it has one).",
  saved: "Saved: the site shows the change within a few seconds.",
  image: "Image saved: the site shows it within a few seconds.",
  "image-removed": "Image removed.",
  moved: "Moved.",
  removed: "Removed: it is gone from the site.",
};

/** What the editor sent, as typed: every field kept, for the form to show again with the reasons. */
function typedSpecial(body: unknown, departments: readonly string[]): SpecialInput {
  const form = (body ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const department = text("department");
  return {
    department: (departments.includes(department) ? department : departments[0]) as SpecialInput["department"],
    title: text("title").trim(),
    html: text("html"),
    url: text("url").trim(),
    starts_on: text("starts_on") || null,
    ends_on: text("ends_on") || null,
  };
}

/** shared-types' rules for a special, as the editor's reasons: one per field. */
function problemsOf(input: SpecialInput): Partial<Record<keyof SpecialInput, string>> {
  const parsed = specialInputSchema.safeParse(input);
  if (parsed.success) return {};
  const problems: Partial<Record<keyof SpecialInput, string>> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "title") as keyof SpecialInput;
    problems[name] ??= /expected YYYY-MM-DD/.test(issue.message) ? "Enter a date, like 2026-12-01" : issue.message;
  }
  return problems;
}

const asTyped = (special: DeskSpecial): SpecialInput => ({
  department: special.department,
  title: special.title,
  html: special.html,
  url: special.url,
  starts_on: special.starts_on,
  ends_on: special.ends_on,
});

/**
 * Team desk's specials pages: the list (move, remove), the editor (preview, save) and the image upload. Every form
 * posts and redirects, so each works without scripts; the API holds each role to its departments.
 */
export function registerSpecialPages(app: FastifyInstance, { api, page, signedIn, refused }: DeskContext): void {
  const notice = (done: unknown) =>
    typeof done === "string" && DONE[done] ? { kind: "done" as const, text: DONE[done] } : undefined;

  app.get("/specials", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const query = request.query as { done?: string; refused?: string };
    try {
      const { specials } = await api.specials(who.session);
      const shown = query.refused
        ? { kind: "refused" as const, text: query.refused.slice(0, 200) }
        : notice(query.done);
      return page(reply, SpecialsPage({ signedIn: who, specials, today: dealershipToday(), notice: shown }));
    } catch (error) {
      return refused(reply, who, error);
    }
  });

  app.get("/specials/new", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const departments = who.grants.specials as readonly string[];
    if (departments.length === 0)
      return refused(reply, who, new ApiRefusal(403, "Your role does not include specials"));
    return page(reply, SpecialEditPage({ signedIn: who, typed: typedSpecial({}, departments) }));
  });

  app.get("/specials/:id", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const { id } = request.params as { id: string };
    try {
      const special = await api.special(who.session, id);
      const done = notice((request.query as { done?: string }).done);
      return page(reply, SpecialEditPage({ signedIn: who, special, typed: asTyped(special), notice: done }));
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 404) {
        return reply.redirect(`/specials?refused=${encodeURIComponent(error.message)}`, 303);
      }
      return refused(reply, who, error);
    }
  });

  /** Preview, or save; what was typed comes back with the reasons when it is refused. */
  const edit = async (request: { body: unknown; params: unknown }, reply: FastifyReply, isNew: boolean) => {
    const who = await signedIn(request as never, reply);
    if (!who) return reply;
    const id = isNew ? "" : (request.params as { id: string }).id;
    const typed = typedSpecial(request.body, who.grants.specials as readonly string[]);
    const intent = (request.body as { intent?: unknown } | undefined)?.intent;
    try {
      const special = isNew ? undefined : await api.special(who.session, id);
      if (intent === "preview") {
        const { html } = await api.previewSpecial(who.session, typed.html.slice(0, 20_000));
        return page(reply, SpecialEditPage({ signedIn: who, special, typed, preview: html }));
      }
      const problems = problemsOf(typed);
      if (Object.keys(problems).length > 0) {
        return page(reply, SpecialEditPage({ signedIn: who, special, typed, problems }), 400);
      }
      try {
        const saved = isNew
          ? await api.createSpecial(who.session, typed)
          : await api.saveSpecial(who.session, id, typed);
        return reply.redirect(`/specials/${encodeURIComponent(saved.id)}?done=${isNew ? "created" : "saved"}`, 303);
      } catch (error) {
        if (!(error instanceof ApiRefusal && error.status === 400)) throw error;
        const notice = { kind: "refused" as const, text: error.message };
        return page(reply, SpecialEditPage({ signedIn: who, special, typed, notice }), 400);
      }
    } catch (error) {
      return refused(reply, who, error);
    }
  };
  app.post("/specials/new", async (request, reply) => edit(request, reply, true));
  app.post("/specials/:id", async (request, reply) => edit(request, reply, false));

  /** A change made from the list: back to the list, saying so; a special gone meanwhile is said as such. */
  const LIST_ACTIONS = {
    move: (session: string, id: string, body: unknown) =>
      api.moveSpecial(session, id, (body as { direction?: unknown } | undefined)?.direction === "up" ? "up" : "down"),
    remove: (session: string, id: string) => api.removeSpecial(session, id),
  } as const;
  for (const [action, call] of Object.entries(LIST_ACTIONS)) {
    app.post(`/specials/:id/${action}`, async (request, reply) => {
      const who = await signedIn(request, reply);
      if (!who) return reply;
      const { id } = request.params as { id: string };
      try {
        await call(who.session, id, request.body);
        return reply.redirect(`/specials?done=${action === "move" ? "moved" : "removed"}`, 303);
      } catch (error) {
        if (error instanceof ApiRefusal && error.status === 404) {
          return reply.redirect(`/specials?refused=${encodeURIComponent(error.message)}`, 303);
        }
        return refused(reply, who, error);
      }
    });
  }

  app.post("/specials/:id/image", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const { id } = request.params as { id: string };
    try {
      const special = await api.special(who.session, id);
      const refuse = (reason: string) =>
        page(
          reply,
          SpecialEditPage({ signedIn: who, special, typed: asTyped(special), problems: { image: reason } }),
          400,
        );
      const file = request.isMultipart() ? await request.file() : undefined;
      const bytes = file ? await file.toBuffer() : Buffer.alloc(0);
      if (!file || bytes.length === 0) return refuse("Choose an image file (JPEG, PNG or WebP)");
      try {
        await api.specialImage(who.session, id, file.mimetype || "application/octet-stream", bytes);
        return reply.redirect(`/specials/${encodeURIComponent(id)}?done=image`, 303);
      } catch (error) {
        if (error instanceof ApiRefusal && (error.status === 400 || error.status === 413 || error.status === 415)) {
          return refuse(error.status === 413 ? "This image is too large: choose one under 15 MB" : error.message);
        }
        throw error;
      }
    } catch (error) {
      return refused(reply, who, error);
    }
  });

  app.post("/specials/:id/image/remove", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const { id } = request.params as { id: string };
    try {
      await api.removeSpecialImage(who.session, id);
      return reply.redirect(`/specials/${encodeURIComponent(id)}?done=image-removed`, 303);
    } catch (error) {
      return refused(reply, who, error);
    }
  });

  /** A special's image, from the staff edge (the desk's pages never load anything from another origin). */
  app.get("/photos/:id/:file", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const { id, file } = request.params as { id: string; file: string };
    const photo = await api.photo(who.session, id, file);
    if (!photo) return reply.code(404).type("text/plain").send("No such photo");
    return reply.type(photo.type).send(photo.bytes);
  });
}
