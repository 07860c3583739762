import { STAFF_API } from "shared-types/schemas";
import { refuse, type StaffContext } from "../staff-context.js";

const LAST_ADMIN = "The desk needs at least one admin: make someone else an admin first";

/**
 * The desk's members (admins): an invitation, a role changed, and off-boarding (disable: nothing of theirs works any
 * more; remove: off the list). The command line (staff:invite) may invite too: the first admin comes that way.
 */
export function registerMemberRoutes({ route, store, options, actor, link }: StaffContext) {
  route(STAFF_API.members, { grant: "staff" }, async () => ({ members: await store.members() }));

  /** An active member's own sign-in link, to their own address: what inviting them again does. */
  const sendOwnLink = async (email: string) => {
    const issued = await store.signInLink(email);
    if (!issued || !options.sendMail) return;
    const verdict = options.signInMailLimit
      ? await options.signInMailLimit.take(issued.member.email, `sign-in:${Math.floor(Date.now() / 300_000)}`)
      : "send";
    if (verdict !== "send") return;
    await options.sendMail({
      to: issued.member.email,
      subject: "Your sign-in link for the staff desk",
      text: `An admin asked for a sign-in link for you. Open it within 15 minutes to sign in to the staff desk (it works once):\n\n${link(issued.token)}\n\nIf you were not expecting it, you can ignore this email.`,
    });
  };

  route(STAFF_API.invite, { grant: "staff", commandLine: true }, async (request) => {
    const { email, role } = request.body;
    const by = actor(request);
    const invited = await store.invite(email, role, by);
    if (invited.token === null) {
      await sendOwnLink(invited.member.email);
      return { outcome: "already-a-member" as const, member: invited.member, link: null };
    }
    const enrol = link(invited.token);
    if (options.sendMail && request.staffMember) {
      await options.sendMail({
        to: invited.member.email,
        subject: "You are invited to the staff desk",
        text: `${by.email} has invited you to the dealership's staff desk. Open this link within 7 days to sign in (it works once):\n\n${enrol}`,
      });
    }
    return { outcome: "invited" as const, member: invited.member, link: enrol };
  });

  route(STAFF_API.changeRole, { grant: "staff" }, async (request) => {
    const outcome = await store.changeRole(request.params.id, request.body.role, actor(request));
    if (outcome === "missing") throw refuse(404, "No such member: they may have been disabled");
    if (outcome === "last-admin") throw refuse(409, LAST_ADMIN);
    return { member: outcome };
  });

  route(STAFF_API.disableMember, { grant: "staff" }, async (request) => {
    const outcome = await store.disable(request.params.id, actor(request));
    if (outcome === "missing") throw refuse(404, "No such member: they may have been disabled already");
    if (outcome === "last-admin") throw refuse(409, LAST_ADMIN);
    return { member: outcome };
  });

  route(STAFF_API.removeMember, { grant: "staff" }, async (request) => {
    const outcome = await store.remove(request.params.id, actor(request));
    if (outcome === "missing") throw refuse(404, "No such member: they may have been removed already");
    if (outcome === "active") throw refuse(409, "Disable this member first: that signs them out everywhere");
    return { removed: true };
  });
}
