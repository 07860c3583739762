import { STAFF_API } from "shared-types/schemas";
import { staffInvitationEmail } from "../../emails/staff-invitation.js";
import { refuse, type StaffContext } from "../staff-context.js";

const LAST_ADMIN = "The desk needs at least one admin: make someone else an admin first";

/**
 * The desk's members (admins): an invitation, a role changed, and off-boarding (disable: nothing of theirs works any
 * more; remove: off the list). The command line (staff:invite) may invite too: the first admin comes that way.
 */
export function registerMemberRoutes({ route, store, options, actor, link, mailSignInLink }: StaffContext) {
  route(STAFF_API.members, {}, async () => ({ members: await store.members() }));

  route(STAFF_API.invite, { commandLine: true }, async (request) => {
    const { email, role } = request.body;
    const by = actor(request);
    const invited = await store.invite(email, role, by);
    if (invited.token === null) {
      const outcome = await mailSignInLink(invited.member.email, "An admin asked the staff desk for a link for you.");
      return {
        outcome: "already-a-member" as const,
        member: invited.member,
        link: null,
        emailed: outcome === "emailed",
      };
    }
    const enrol = link(invited.token);
    if (options.sendMail && request.staffMember) {
      await options.sendMail({
        to: invited.member.email,
        ...staffInvitationEmail({ invitedBy: by.email, link: enrol }),
      });
    }
    return { outcome: "invited" as const, member: invited.member, link: enrol, emailed: Boolean(options.sendMail) };
  });

  route(STAFF_API.changeRole, {}, async (request) => {
    const outcome = await store.changeRole(request.params.id, request.body.role, actor(request));
    if (outcome === "missing") throw refuse(404, "No such member: they may have been disabled");
    if (outcome === "last-admin") throw refuse(409, LAST_ADMIN);
    return { member: outcome };
  });

  route(STAFF_API.disableMember, {}, async (request) => {
    const outcome = await store.disable(request.params.id, actor(request));
    if (outcome === "missing") throw refuse(404, "No such member: they may have been disabled already");
    if (outcome === "last-admin") throw refuse(409, LAST_ADMIN);
    return { member: outcome };
  });

  route(STAFF_API.removeMember, {}, async (request) => {
    const outcome = await store.remove(request.params.id, actor(request));
    if (outcome === "missing") throw refuse(404, "No such member: they may have been removed already");
    if (outcome === "active") throw refuse(409, "Disable this member first: that signs them out everywhere");
    return { removed: true };
  });
}
