import type { FastifyInstance } from "fastify";
import { AuditPage } from "./audit-page.js";

/** The audit log: every change, from the desk and every other way in, newest first (admins). */
export default async function audit(app: FastifyInstance) {
  app.get("/audit", { config: { grant: "audit" } }, async (request, reply) => {
    const { entries } = await request.api.audit();
    return reply.page(AuditPage({ signedIn: request.staff, entries }));
  });
}
