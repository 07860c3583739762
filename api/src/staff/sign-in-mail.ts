import { staffSignInEmail } from "../emails/staff-sign-in.js";
import type { RecipientLimit } from "../security/recipient-limit.js";
import { STAFF_TIMES, type StaffStore } from "./staff-store.js";

/** What sending a sign-in link takes: the mail path, its limit per address, the clock. */
export interface SignInMailOptions {
  sendMail?: (message: { to: string; subject: string; text: string; html: string }) => Promise<void>;
  signInMailLimit?: RecipientLimit;
  now?: () => number;
}

/** What became of a sign-in link asked for by email. */
export type SignInMailOutcome = "emailed" | "not-a-member" | "held-back" | "no-mail-server";

/**
 * A member's sign-in link, to their own address only: anyone may ask for anyone's, so one address gets at most a few
 * an hour (RecipientLimit), and none while the last one still works (a repeat within a link's life). The limit is
 * taken before a link is made (a stranger's requests make no rows) and given back when the mail server fails.
 */
export function signInMailer(
  store: StaffStore,
  options: SignInMailOptions,
  link: (token: string) => string,
): (email: string, why: string) => Promise<SignInMailOutcome> {
  const now = options.now ?? Date.now;
  return async (email, why) => {
    const member = await store.memberByEmail(email);
    if (!member) return "not-a-member";
    if (!options.sendMail) return "no-mail-server";
    const fingerprint = `sign-in:${Math.floor(now() / STAFF_TIMES.signInLinkMs)}`;
    const verdict = options.signInMailLimit ? await options.signInMailLimit.take(member.email, fingerprint) : "send";
    if (verdict !== "send") return "held-back";
    const issued = await store.signInLink(member.email);
    if (!issued) return "not-a-member";
    try {
      await options.sendMail({ to: member.email, ...staffSignInEmail({ why, link: link(issued.token) }) });
      return "emailed";
    } catch (error) {
      await options.signInMailLimit?.release(member.email, fingerprint);
      throw error;
    }
  };
}
