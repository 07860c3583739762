import { STAFF_API } from "shared-types/schemas";
import { readAuditLog } from "../audit.js";
import type { StaffContext } from "../staff-context.js";

/** The audit log: every change, from every edge, newest first (admins). */
export function registerAuditRoutes({ route, db }: StaffContext) {
  route(STAFF_API.audit, {}, async () => ({ entries: await readAuditLog(db) }));
}
