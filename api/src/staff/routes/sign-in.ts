import { ROLE_GRANTS } from "shared-types";
import { STAFF_API } from "shared-types/schemas";
import { refuse, type StaffContext, sessionToken } from "../staff-context.js";

/**
 * Signing in: a one-time link by email, a passkey; signing out; who is signed in. Asking for a link answers at once
 * and the same for every address (the email is sent after the answer), so the answer's time tells nobody who is a
 * member; each address gets a few links an hour at most.
 */
export function registerSignInRoutes({ route, store, passkeys, failures, options, member, link }: StaffContext) {
  const emailLink = async (email: string) => {
    const issued = await store.signInLink(email);
    if (!issued || !options.sendMail) return Boolean(issued);
    const limit = options.signInMailLimit;
    // one link is enough for a few minutes: asking again in that time sends nothing more
    const verdict = limit
      ? await limit.take(issued.member.email, `sign-in:${Math.floor(Date.now() / 300_000)}`)
      : "send";
    if (verdict !== "send") return true;
    await options.sendMail({
      to: issued.member.email,
      subject: "Your sign-in link for the staff desk",
      text: `Open this link within 15 minutes to sign in to the staff desk (it works once):\n\n${link(issued.token)}\n\nIf you did not ask for it, you can ignore this email.`,
    });
    return true;
  };

  route(STAFF_API.askForLink, {}, async (request, reply) => {
    const { email } = request.body;
    void emailLink(email).then(
      (known) => request.log.info({ audit: "staff-sign-in-link", known }, "staff sign-in link asked for"),
      (error: unknown) => request.log.error({ err: error }, "a staff sign-in link could not be sent"),
    );
    return reply
      .code(202)
      .send({ message: "If that address belongs to a member of staff, a sign-in link is on its way." });
  });

  route(STAFF_API.signInWithLink, {}, async (request) => {
    const signed = await store.useLink(request.body.token);
    if (!signed) {
      await failures.failed(request);
      throw refuse(401, "This sign-in link has been used or has expired: ask for a new one");
    }
    request.log.info({ audit: "staff-signed-in", staff: signed.member.id }, "staff member signed in");
    return { session: signed.session, member: signed.member };
  });

  route(STAFF_API.passkeySignInOptions, {}, async () => passkeys.signInOptions());

  route(STAFF_API.signInWithPasskey, {}, async (request) => {
    const { ceremony, response } = request.body;
    const signed = await passkeys.signIn(ceremony, response as never);
    if (!signed) {
      await failures.failed(request);
      throw refuse(401, "That passkey did not sign you in: try again, or ask for a link by email");
    }
    request.log.info({ audit: "staff-signed-in", staff: signed.id, with: "passkey" }, "staff member signed in");
    return { session: await store.startSession(signed), member: signed };
  });

  route(STAFF_API.signOut, {}, async (request, reply) => {
    await store.endSession(sessionToken(request));
    return reply.code(204).send();
  });

  route(STAFF_API.me, {}, async (request) => ({ member: member(request), grants: ROLE_GRANTS[member(request).role] }));
}
