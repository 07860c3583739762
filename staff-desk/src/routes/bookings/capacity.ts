import type { FastifyInstance } from "fastify";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { capacityFromDraft, draftFromForm, draftOf, type Fields, text, withNewRow } from "./capacity-draft.js";
import { CapacityPage } from "./capacity-page.js";

const WORDS = { done: { capacity: "Saved: the site offers times by it now." } };

/** What the department can book, set by its manager (audited by the API with each save). */
export async function capacityRoutes(app: FastifyInstance) {
  const onBookings = { config: { grant: "bookings" } } as const;

  app.get("/bookings/capacity", onBookings, async (request, reply) => {
    const draft = draftOf(await request.api.serviceCapacity());
    return reply.page(CapacityPage({ signedIn: request.staff, draft, notice: noticeFrom(request.query, WORDS) }));
  });

  // "Add a bay" and "Add a kind" send the form too: shown again as typed, with an empty row to fill
  app.post("/bookings/capacity", onBookings, async (request, reply) => {
    const fields = (request.body ?? {}) as Fields;
    const draft = draftFromForm(fields);
    const add = text(fields, "add");
    if (add === "kinds" || add === "bays") {
      return reply.page(CapacityPage({ signedIn: request.staff, draft: withNewRow(draft, add), added: add }));
    }
    const read = capacityFromDraft(draft);
    let problems = "problems" in read ? read.problems : [];
    if ("capacity" in read) {
      try {
        await request.api.saveServiceCapacity({ body: read.capacity });
        return reply.redirect("/bookings/capacity?done=capacity", 303);
      } catch (error) {
        if (!(error instanceof ApiRefusal && (error.status === 400 || error.status === 409))) throw error;
        problems = [error.message];
      }
    }
    const notice = { kind: "refused" as const, text: problems.join(". ") };
    return reply.page(CapacityPage({ signedIn: request.staff, draft, notice }), 400);
  });
}
