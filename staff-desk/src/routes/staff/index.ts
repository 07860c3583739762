import type { FastifyInstance } from "fastify";
import { STAFF_ROLES, type StaffRole } from "shared-types";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { StaffPage } from "./staff-page.js";

const WORDS = {
  done: {
    role: "Role changed: it applies from their next page.",
    disabled: "Disabled: they are signed out everywhere, and their passkeys and links no longer work.",
    removed: "Removed from the list. What they did stays in the audit log.",
  },
  refused: {
    "last-admin": "The desk needs at least one admin: make someone else an admin first.",
    gone: "That member is no longer here.",
    active: "Disable this member first: that signs them out everywhere.",
  },
};
/** What each action's refusals mean, by the API's status. */
const REFUSAL_CODES: Record<"role" | "disable" | "remove", Record<number, keyof typeof WORDS.refused>> = {
  role: { 404: "gone", 409: "last-admin" },
  disable: { 404: "gone", 409: "last-admin" },
  remove: { 404: "gone", 409: "active" },
};

/** The desk's members (admins): an invitation, a role changed, off-boarding (disable), and removal from the list. */
export default async function staff(app: FastifyInstance) {
  const onStaff = { config: { grant: "staff" } } as const;

  app.get("/staff", onStaff, async (request, reply) => {
    const { members } = await request.api.members();
    return reply.page(StaffPage({ signedIn: request.staff, members, notice: noticeFrom(request.query, WORDS) }));
  });

  app.post("/staff", onStaff, async (request, reply) => {
    const body = (request.body ?? {}) as { email?: unknown; role?: unknown };
    const typed = { email: String(body.email ?? "").trim(), role: String(body.role ?? "") };
    try {
      // a role that is not one goes to the API as it is, which refuses it (400) with the form kept
      const invited = await request.api.invite({ body: { email: typed.email, role: typed.role as StaffRole } });
      const { members } = await request.api.members();
      return reply.page(StaffPage({ signedIn: request.staff, members, invited }));
    } catch (error) {
      if (!(error instanceof ApiRefusal && error.status === 400)) throw error;
      const { members } = await request.api.members();
      const refused = "Enter their work email address (like name@example.com) and choose a role.";
      return reply.page(StaffPage({ signedIn: request.staff, members, refused, typed }), 400);
    }
  });

  /** A change to one member: back to the list, saying what happened or why it was not done. */
  const change = (action: "role" | "disable" | "remove", done: keyof typeof WORDS.done) =>
    app.post(`/staff/:id/${action}`, onStaff, async (request, reply) => {
      const params = { id: (request.params as { id: string }).id };
      try {
        if (action === "role") {
          const role = String((request.body as { role?: unknown } | undefined)?.role ?? "");
          if (!STAFF_ROLES.includes(role as StaffRole)) return reply.redirect("/staff", 303);
          await request.api.changeRole({ params, body: { role: role as StaffRole } });
        } else if (action === "disable") await request.api.disableMember({ params });
        else await request.api.removeMember({ params });
        return reply.redirect(`/staff?done=${done}`, 303);
      } catch (error) {
        const code = error instanceof ApiRefusal ? REFUSAL_CODES[action][error.status] : undefined;
        if (!code) throw error;
        return reply.redirect(`/staff?refused=${code}`, 303);
      }
    });
  change("role", "role");
  change("disable", "disabled");
  change("remove", "removed");
}
