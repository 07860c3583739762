import { ROLE_GRANTS } from "shared-types";
import { STAFF_API } from "shared-types/schemas";
import { refuse, type StaffContext, sessionToken } from "../staff-context.js";

/**
 * Signing in: a one-time link by email (sign-in-mail.ts), a passkey; signing out; who is signed in. Asking for a link
 * answers at once and the same for every address, so the answer's time tells nobody who is a member.
 */
export function registerSignInRoutes({ route, store, passkeys, failures, member, mailSignInLink }: StaffContext) {
  route(STAFF_API.askForLink, {}, async (request, reply) => {
    void mailSignInLink(request.body.email, "You asked for a link to sign in.").then(
      (outcome) => request.log.info({ audit: "staff-sign-in-link", outcome }, "staff sign-in link asked for"),
      (error: unknown) => request.log.error({ err: error }, "a staff sign-in link could not be sent"),
    );
    // the same answer, at once, whoever the address is: the email goes out after it
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
