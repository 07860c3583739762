import type { SignedIn } from "../signed-in.js";
import { Layout, Notice, ROLE_NAMES } from "./layout.js";

/** What a member sees where their role does not reach (403), or on their own page when no list is theirs. */
export function RefusedPage({ signedIn, reason }: { signedIn: SignedIn; reason: string }) {
  return (
    <Layout title="Not part of your role" signedIn={signedIn}>
      <p>{reason}</p>
      <p>
        You are signed in as {signedIn.member.email}, {ROLE_NAMES[signedIn.member.role]}. An admin can change your role.
      </p>
    </Layout>
  );
}

/** What the API would not do, with its reason (a conflict, a request it could not take): nothing was changed. */
export function NotDonePage({ signedIn, reason }: { signedIn?: SignedIn; reason: string }) {
  return (
    <Layout title="That was not done" signedIn={signedIn}>
      <Notice kind="refused">{reason}</Notice>
      <p>
        <a href="/">Back to the desk</a>
      </p>
    </Layout>
  );
}

/** What the desk shows when it cannot reach the API: what happened and what to do, nothing lost (forms are re-sent). */
export function UnavailablePage({ text, title = "The desk is unavailable" }: { text: string; title?: string }) {
  return (
    <Layout title={title}>
      <Notice kind="refused">{text}</Notice>
      <p>
        <a href="/">Try again</a>
      </p>
    </Layout>
  );
}
