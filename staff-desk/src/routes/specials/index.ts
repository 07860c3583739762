import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type DeskSpecial, dealershipToday } from "shared-types";
import { type SpecialInput, specialInputSchema } from "shared-types/schemas";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { SpecialEditPage, SpecialsPage, specialDepartments } from "./specials-page.js";

const WORDS = {
  done: {
    created: "Created: the site shows it within a few seconds (on its first day, if it has one).",
    saved: "Saved: the site shows the change within a few seconds.",
    image: "Image saved: the site shows it within a few seconds.",
    "image-removed": "Image removed.",
    moved: "Moved.",
    removed: "Removed: it is gone from the site.",
  },
  refused: { gone: "No such special: it may have been removed." },
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

const asTyped = ({ department, title, html, url, starts_on, ends_on }: DeskSpecial): SpecialInput => ({
  department,
  title,
  html,
  url,
  starts_on,
  ends_on,
});

/** A special gone meanwhile (another member removed it): back to the list, saying so. */
const goneOr = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiRefusal && error.status === 404) return reply.redirect("/specials?refused=gone", 303);
    throw error;
  }
};

/**
 * Team desk's specials pages: the list (move, remove), the editor (preview, save) and the image upload. Every form
 * posts and redirects, so each works without scripts; the API holds each role to its departments.
 */
export default async function specials(app: FastifyInstance) {
  const onSpecials = { config: { grant: "specials" } } as const;
  const idOf = (params: unknown) => ({ id: (params as { id: string }).id });

  app.get("/specials", onSpecials, async (request, reply) => {
    const { specials } = await request.api.specials();
    const notice = noticeFrom(request.query, WORDS);
    return reply.page(SpecialsPage({ signedIn: request.staff, specials, today: dealershipToday(), notice }));
  });

  app.get("/specials/new", onSpecials, async (request, reply) =>
    reply.page(
      SpecialEditPage({ signedIn: request.staff, typed: typedSpecial({}, specialDepartments(request.staff)) }),
    ),
  );

  app.get("/specials/:id", onSpecials, async (request, reply) =>
    goneOr(reply, async () => {
      const special = await request.api.special({ params: idOf(request.params) });
      const notice = noticeFrom(request.query, WORDS);
      return reply.page(SpecialEditPage({ signedIn: request.staff, special, typed: asTyped(special), notice }));
    }),
  );

  /** Preview, or save; what was typed comes back with the reasons when it is refused. */
  const edit = async (request: FastifyRequest, reply: FastifyReply, id: string | null) => {
    const signedIn = request.staff;
    const typed = typedSpecial(request.body, specialDepartments(signedIn));
    const special = id ? await request.api.special({ params: { id } }) : undefined;
    if ((request.body as { intent?: unknown } | undefined)?.intent === "preview") {
      const { html } = await request.api.previewSpecial({ body: { html: typed.html.slice(0, 20_000) } });
      return reply.page(SpecialEditPage({ signedIn, special, typed, preview: html }));
    }
    const problems = problemsOf(typed);
    if (Object.keys(problems).length > 0)
      return reply.page(SpecialEditPage({ signedIn, special, typed, problems }), 400);
    try {
      const saved = id
        ? await request.api.saveSpecial({ params: { id }, body: typed })
        : await request.api.createSpecial({ body: typed });
      return reply.redirect(`/specials/${encodeURIComponent(saved.id)}?done=${id ? "saved" : "created"}`, 303);
    } catch (error) {
      if (!(error instanceof ApiRefusal && error.status === 400)) throw error;
      const notice = { kind: "refused" as const, text: error.message };
      return reply.page(SpecialEditPage({ signedIn, special, typed, notice }), 400);
    }
  };
  app.post("/specials/new", onSpecials, async (request, reply) => edit(request, reply, null));
  app.post("/specials/:id", onSpecials, async (request, reply) =>
    goneOr(reply, () => edit(request, reply, idOf(request.params).id)),
  );

  app.post("/specials/:id/move", onSpecials, async (request, reply) =>
    goneOr(reply, async () => {
      const direction = (request.body as { direction?: unknown } | undefined)?.direction === "up" ? "up" : "down";
      await request.api.moveSpecial({ params: idOf(request.params), body: { direction } });
      return reply.redirect("/specials?done=moved", 303);
    }),
  );

  app.post("/specials/:id/remove", onSpecials, async (request, reply) =>
    goneOr(reply, async () => {
      await request.api.removeSpecial({ params: idOf(request.params) });
      return reply.redirect("/specials?done=removed", 303);
    }),
  );

  app.post("/specials/:id/image", onSpecials, async (request, reply) =>
    goneOr(reply, async () => {
      const params = idOf(request.params);
      const special = await request.api.special({ params });
      const refuse = (reason: string) =>
        reply.page(
          SpecialEditPage({ signedIn: request.staff, special, typed: asTyped(special), problems: { image: reason } }),
          400,
        );
      const file = request.isMultipart() ? await request.file() : undefined;
      const bytes = file ? await file.toBuffer() : Buffer.alloc(0);
      if (!file || bytes.length === 0) return refuse("Choose an image file (JPEG, PNG or WebP)");
      try {
        await request.api.specialImage({ params, bytes, type: file.mimetype || "application/octet-stream" });
        return reply.redirect(`/specials/${encodeURIComponent(params.id)}?done=image`, 303);
      } catch (error) {
        if (!(error instanceof ApiRefusal && [400, 413, 415].includes(error.status))) throw error;
        return refuse(error.status === 413 ? "This image is too large: choose one under 15 MB" : error.message);
      }
    }),
  );

  app.post("/specials/:id/image/remove", onSpecials, async (request, reply) =>
    goneOr(reply, async () => {
      const params = idOf(request.params);
      await request.api.removeSpecialImage({ params });
      return reply.redirect(`/specials/${encodeURIComponent(params.id)}?done=image-removed`, 303);
    }),
  );

  /** A special's image, from the staff edge (the desk's pages never load anything from another origin). */
  app.get("/photos/:id/:file", onSpecials, async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    try {
      const photo = await request.api.photo({ params: { id, file } });
      return reply.type(photo.type).send(photo.bytes);
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 404) {
        return reply.code(404).type("text/plain").send("No such photo");
      }
      throw error;
    }
  });
}
