import type { FastifyInstance } from "fastify";
import { allows } from "shared-types";
import { RefusedPage } from "../../ui/refused.js";

/** The desk's front door: the member's first list. */
export default async function home(app: FastifyInstance) {
  app.get("/", async (request, reply) => {
    const { role } = request.staff.member;
    const first = (["leads", "specials", "staff"] as const).find((grant) => allows(role, grant));
    if (first) return reply.redirect(`/${first}`, 303);
    return reply.page(
      RefusedPage({ signedIn: request.staff, reason: "No list on the desk is part of your role yet." }),
    );
  });
}
