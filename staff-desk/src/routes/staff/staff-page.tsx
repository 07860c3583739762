import { formatDealershipTime, type StaffListing } from "shared-types";
import type { SignedIn } from "../../signed-in.js";
import { Layout, Notice, type NoticeProps, PageNotice, ROLE_NAMES } from "../../ui/layout.js";

type Invited = {
  outcome: "invited" | "already-a-member";
  member: { email: string };
  link: string | null;
  emailed: boolean;
};

/** What an invitation did: a link for a newcomer, shown once; nothing handed over for someone already a member. */
function InvitedNotice({ invited }: { invited: Invited }) {
  if (invited.outcome === "already-a-member" || !invited.link) {
    return (
      <Notice kind="done">
        {invited.member.email} is already a member:{" "}
        {invited.emailed
          ? "a sign-in link has been emailed to them."
          : "no link was emailed (several went out this hour); they can ask for one on the sign-in page."}{" "}
        Change their role below.
      </Notice>
    );
  }
  return (
    <Notice kind="done">
      {invited.member.email} is invited: a link is on its way to them by email (or give them this one, which works once
      within 7 days): <code>{invited.link}</code>
    </Notice>
  );
}

/** The roles to choose from; `label` names it where no label element does. */
function RoleChoice({ id, value, label }: { id: string; value: string; label?: string }) {
  return (
    <select id={id} name="role" defaultValue={value} aria-label={label}>
      {Object.entries(ROLE_NAMES).map(([role, name]) => (
        <option key={role} value={role}>
          {name}
        </option>
      ))}
    </select>
  );
}

/** One member: their role (changed here), or their being disabled; disable, then remove. */
function MemberRow({ member, self }: { member: StaffListing; self: boolean }) {
  const path = `/staff/${encodeURIComponent(member.id)}`;
  if (member.disabled_at) {
    return (
      <li className="desk-member desk-member--disabled">
        <p className="desk-member__name">
          {member.email}: disabled {formatDealershipTime(member.disabled_at)}
        </p>
        <form method="post" action={`${path}/remove`}>
          <button type="submit" className="desk-button--quiet" aria-label={`Remove ${member.email} from the list`}>
            Remove from the list
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className="desk-member">
      <p className="desk-member__name">
        {member.email}
        {self ? " (you)" : ""}: {ROLE_NAMES[member.role]}, since {formatDealershipTime(member.created_at)}
      </p>
      <div className="desk-lead__actions">
        <form method="post" action={`${path}/role`} className="desk-inline-form">
          <RoleChoice id={`desk-role-${member.id}`} value={member.role} label={`Role of ${member.email}`} />
          <button type="submit" className="desk-button--quiet">
            Change role
          </button>
        </form>
        <form method="post" action={`${path}/disable`}>
          <button type="submit" className="desk-button--quiet" aria-label={`Disable ${member.email}`}>
            Disable (off-board)
          </button>
        </form>
      </div>
    </li>
  );
}

/** The desk's members and an invitation (admins only): the invited member gets a one-time link by email. */
export function StaffPage({
  signedIn,
  members,
  invited,
  refused,
  notice,
  typed = { email: "", role: "sales_manager" },
}: {
  signedIn: SignedIn;
  members: StaffListing[];
  invited?: Invited;
  refused?: string;
  notice?: NoticeProps;
  typed?: { email: string; role: string };
}) {
  return (
    <Layout title="Staff" signedIn={signedIn}>
      {invited ? <InvitedNotice invited={invited} /> : null}
      {refused ? <Notice kind="refused">{refused}</Notice> : null}
      <PageNotice notice={notice} />
      <p className="desk-hint">
        Disabling a member signs them out everywhere at once and stops their passkeys and links; what they did stays in
        the audit log.
      </p>
      <ul className="desk-staff">
        {members.map((member) => (
          <MemberRow key={member.id} member={member} self={member.id === signedIn.member.id} />
        ))}
      </ul>
      <h2>Invite a member of staff</h2>
      <form method="post" action="/staff" className="desk-form">
        <label htmlFor="desk-invite-email">Their work email</label>
        <input id="desk-invite-email" name="email" type="email" required defaultValue={typed.email} />
        <label htmlFor="desk-invite-role">Role</label>
        <RoleChoice id="desk-invite-role" value={typed.role} />
        <button type="submit">Invite</button>
      </form>
    </Layout>
  );
}
