import type { FastifyInstance } from "fastify";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { HeldPage } from "./held-page.js";

const WORDS = {
  done: { release: "Released: it is delivered to its desk and the CRM.", discard: "Discarded." },
  refused: { gone: "No held enquiry there: it was released or discarded already." },
};

/** What the spam guards held back, of the member's departments: released into delivery, or discarded. */
export default async function held(app: FastifyInstance) {
  const onLeads = { config: { grant: "leads" } } as const;

  app.get("/held", onLeads, async (request, reply) => {
    const { held } = await request.api.held();
    return reply.page(HeldPage({ signedIn: request.staff, held, notice: noticeFrom(request.query, WORDS) }));
  });

  for (const action of ["release", "discard"] as const) {
    app.post(`/held/:id/${action}`, onLeads, async (request, reply) => {
      const params = { id: (request.params as { id: string }).id };
      try {
        await (action === "release" ? request.api.releaseHeld({ params }) : request.api.discardHeld({ params }));
        return reply.redirect(`/held?done=${action}`, 303);
      } catch (error) {
        if (error instanceof ApiRefusal && error.status === 404) return reply.redirect("/held?refused=gone", 303);
        throw error;
      }
    });
  }
}
