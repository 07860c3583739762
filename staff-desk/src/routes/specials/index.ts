import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { dealershipToday } from "shared-types";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { specialImages } from "./images.js";
import { asTyped, goneOr, problemsOf, typedSpecial } from "./special-form.js";
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

  await app.register(specialImages);
}
