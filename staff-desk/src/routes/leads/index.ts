import type { FastifyInstance } from "fastify";
import { LEAD_STATES } from "shared-types/schemas";
import { z } from "zod";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom, withNotice } from "../../ui/notices.js";
import { LeadsPage } from "./leads-page.js";

const WORDS = {
  done: { claim: "Claimed: the lead is yours.", contacted: "Marked contacted." },
  refused: { taken: "Someone else has claimed this lead.", gone: "That lead is no longer here." },
};
/** The ledger's filters as a link carries them: anything else is dropped, never refused. */
const filtersSchema = z.object({
  state: z.enum(LEAD_STATES).optional().catch(undefined),
  q: z
    .string()
    .transform((q) => q.trim().slice(0, 100))
    .optional()
    .catch(undefined),
});
/** Where an action returns to: the ledger as it was filtered, never another page or site. */
const returnPath = (value: unknown) =>
  typeof value === "string" && /^\/leads(\?[^\s]*)?$/.test(value) ? value : "/leads";

/** The leads ledger: each lead of the member's departments, its CSV, and claiming and answering one. */
export default async function leads(app: FastifyInstance) {
  const onLeads = { config: { grant: "leads" } } as const;

  app.get("/leads", onLeads, async (request, reply) => {
    const query = filtersSchema.parse(request.query);
    const { leads, speed } = await request.api.leads({ query });
    const notice = noticeFrom(request.query, WORDS);
    return reply.page(LeadsPage({ signedIn: request.staff, leads, speed, query, notice }));
  });

  app.get("/leads.csv", onLeads, async (request, reply) => {
    const csv = await request.api.leadsCsv({ query: filtersSchema.parse(request.query) });
    return reply.type("text/csv; charset=utf-8").header("content-disposition", csv.disposition).send(csv.body);
  });

  for (const action of ["claim", "contacted"] as const) {
    app.post(`/leads/:id/${action}`, onLeads, async (request, reply) => {
      const params = { id: (request.params as { id: string }).id };
      const back = returnPath((request.body as { return_to?: unknown })?.return_to);
      try {
        await (action === "claim" ? request.api.claimLead({ params }) : request.api.markContacted({ params }));
        return reply.redirect(withNotice(back, "done", action), 303);
      } catch (error) {
        if (!(error instanceof ApiRefusal) || (error.status !== 409 && error.status !== 404)) throw error;
        return reply.redirect(withNotice(back, "refused", error.status === 409 ? "taken" : "gone"), 303);
      }
    });
  }
}
