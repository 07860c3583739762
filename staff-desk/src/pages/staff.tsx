import type { Grants, Member } from "../desk-api.js";
import { Layout, Notice, ROLE_NAMES } from "./layout.js";

/** The desk's members and an invitation (admins only): the invited member gets a one-time link by email. */
export function StaffPage({
  signedIn,
  members,
  invited,
  refused,
  typed = { email: "", role: "sales_manager" },
}: {
  signedIn: { member: Member; grants: Grants };
  members: (Member & { created_at: string })[];
  invited?: { email: string; link: string };
  refused?: string;
  typed?: { email: string; role: string };
}) {
  return (
    <Layout title="Staff" signedIn={signedIn}>
      {invited ? (
        <Notice kind="done">
          {invited.email} is invited: a link is on its way to them by email (or give them this one, which works once
          within 7 days): <code>{invited.link}</code>
        </Notice>
      ) : null}
      {refused ? <Notice kind="refused">{refused}</Notice> : null}
      <ul className="desk-members">
        {members.map((member) => (
          <li key={member.id}>
            {member.email}: {ROLE_NAMES[member.role]}
          </li>
        ))}
      </ul>
      <h2>Invite a member of staff</h2>
      <form method="post" action="/staff" className="desk-form">
        <label htmlFor="desk-invite-email">Their work email</label>
        <input id="desk-invite-email" name="email" type="email" required defaultValue={typed.email} />
        <label htmlFor="desk-invite-role">Role</label>
        <select id="desk-invite-role" name="role" defaultValue={typed.role}>
          {Object.entries(ROLE_NAMES).map(([role, name]) => (
            <option key={role} value={role}>
              {name}
            </option>
          ))}
        </select>
        <button type="submit">Invite</button>
      </form>
    </Layout>
  );
}
