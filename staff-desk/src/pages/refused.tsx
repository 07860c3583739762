import type { Grants, Member } from "../desk-api.js";
import { Layout, ROLE_NAMES } from "./layout.js";

/** What a member sees where their role does not reach (403), or on their own page when no list is theirs. */
export function RefusedPage({ signedIn, reason }: { signedIn: { member: Member; grants: Grants }; reason: string }) {
  return (
    <Layout title="Not part of your role" signedIn={signedIn}>
      <p>{reason}</p>
      <p>
        You are signed in as {signedIn.member.email}, {ROLE_NAMES[signedIn.member.role]}. An admin can change your role.
      </p>
    </Layout>
  );
}
