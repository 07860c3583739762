import { grantedDepartments } from "shared-types";
import { STAFF_API } from "shared-types/schemas";
import { departmentOf } from "../../delivery/departments.js";
import { findHeld, heldSummary, listHeld, releaseHeld } from "../../leads/held-enquiries.js";
import { refuse, type StaffContext } from "../staff-context.js";

const heldDepartment = (fields: Record<string, unknown>) =>
  departmentOf(typeof fields.form === "string" ? fields.form : "");

/** What the spam guards held back, of the member's departments: released into delivery, or discarded. */
export function registerHeldRoutes({ route, db, store, options, member, actor, refuseUnless }: StaffContext) {
  route(STAFF_API.held, {}, async (request) => {
    const departments: readonly string[] = grantedDepartments(member(request).role, "leads");
    return {
      held: (await listHeld(db))
        .filter((held) => departments.includes(heldDepartment(held.fields)))
        .map((held) => ({
          id: held.id,
          reason: held.reason,
          received_at: held.received_at,
          department: heldDepartment(held.fields),
          summary: heldSummary(held),
        })),
    };
  });

  /** The held enquiry, still held, when the member's role includes its department. */
  const stillHeld = async (request: Parameters<StaffContext["member"]>[0], id: string) => {
    const held = await findHeld(db, id);
    if (!held || held.released_at) throw refuse(404, "No held enquiry here: released or discarded already");
    refuseUnless(request, "leads", heldDepartment(held.fields), "this enquiry: it is another department's");
    return held;
  };

  route(STAFF_API.releaseHeld, {}, async (request) => {
    const held = await stillHeld(request, request.params.id);
    if (!options.held) throw refuse(404, "Held enquiries are not delivered by this API");
    const outcome = await releaseHeld(db, held.id, options.held.channels, actor(request));
    if (outcome === "released") options.held.onReleased?.();
    return { outcome };
  });

  route(STAFF_API.discardHeld, {}, async (request) => {
    const held = await stillHeld(request, request.params.id);
    const discarded = await db.transaction(async (tx) => {
      const gone = await tx.query("delete from quarantined_leads where id = $1 and released_at is null returning id", [
        held.id,
      ]);
      if (gone.length === 0) return false;
      const before = Object.fromEntries(heldSummary(held));
      await store.audit(tx, actor(request), "held.discard", `lead:${held.id}`, before, null);
      return true;
    });
    // released by someone else a moment ago: nothing was discarded
    if (!discarded) throw refuse(404, "No held enquiry here: released or discarded already");
    return { outcome: "discarded" };
  });
}
