import { stringify } from "csv-stringify/sync";
import type { FastifyRequest } from "fastify";
import { grantedDepartments, type LeadDepartment } from "shared-types";
import { STAFF_API } from "shared-types/schemas";
import { departmentOf } from "../../delivery/departments.js";
import { csvCell } from "../../leads/lead-export.js";
import { LeadLedger } from "../lead-ledger.js";
import type { StaffContext } from "../staff-context.js";
import { refuse } from "../staff-context.js";

const LEDGER_COLUMNS = [
  "id",
  "received_at",
  "form",
  "department",
  "name",
  "email",
  "phone",
  "deliveries",
  "claimed_by",
  "claimed_at",
  "contacted_at",
] as const;

/** The leads ledger (the member's departments', newest first), its CSV, and claiming and answering a lead. */
export function registerLeadRoutes({ route, db, store, options, member, refuseUnless }: StaffContext) {
  const ledger = new LeadLedger(db, options.now);
  /** The departments asked for: one the role includes, or all of them. */
  const departmentsOf = (request: FastifyRequest, department: LeadDepartment | undefined) => {
    if (department) refuseUnless(request, "leads", department, `${department} leads`);
    return department ? [department] : grantedDepartments(member(request).role, "leads");
  };

  route(STAFF_API.leads, {}, async (request) => {
    const { department, state, q } = request.query;
    const departments = departmentsOf(request, department);
    const [leads, speed] = await Promise.all([
      ledger.ledger({ departments, state, text: q }),
      ledger.speedToLead(departments),
    ]);
    return { leads, speed };
  });

  route(STAFF_API.leadsCsv, {}, async (request, reply) => {
    const { department, state, q } = request.query;
    const leads = await ledger.ledger({
      departments: departmentsOf(request, department),
      state,
      text: q,
      limit: 10_000,
    });
    const rows = leads.map((lead) =>
      LEDGER_COLUMNS.map((column) =>
        csvCell(
          column === "deliveries"
            ? lead.deliveries.map((d) => `${d.channel}: ${d.status}`).join("; ")
            : (lead[column] ?? ""),
        ),
      ),
    );
    await store.audit(db, member(request), "leads.export", "leads", null, { rows: rows.length, state, q, department });
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header("cache-control", "no-store")
      .send(stringify([[...LEDGER_COLUMNS], ...rows]));
  });

  /** The lead, when the member's role includes its department. */
  const leadOf = async (request: FastifyRequest, id: string) => {
    const [lead] = await db.query<{ form: string }>("select form from leads where id = $1", [id]);
    if (!lead) throw refuse(404, "No such lead");
    refuseUnless(request, "leads", departmentOf(lead.form), "this lead: it is another department's");
  };

  route(STAFF_API.claimLead, {}, async (request) => {
    await leadOf(request, request.params.id);
    const outcome = await ledger.claim(request.params.id, member(request));
    if (outcome === "taken") throw refuse(409, "Someone else has claimed this lead");
    if (outcome === "missing") throw refuse(404, "No such lead");
    return { outcome };
  });

  route(STAFF_API.markContacted, {}, async (request) => {
    await leadOf(request, request.params.id);
    const outcome = await ledger.markContacted(request.params.id, member(request));
    if (outcome === "missing") throw refuse(404, "No such lead");
    return { outcome };
  });
}
