import { EmailLayout, type HtmlEmail, renderHtml } from "./email-layout.js";

// An invitation to the staff desk (staff/routes/members.ts sends it when an admin invites someone new).

export interface StaffInvitationProps {
  /** Who invited them: the admin's address. */
  invitedBy: string;
  link: string;
}

const OPEN_IT = "Open this link within 7 days to sign in (it works once):";
const invited = (by: string) => `${by} has invited you to the dealership's staff desk.`;

export function StaffInvitation({ invitedBy, link }: StaffInvitationProps) {
  return (
    <EmailLayout>
      <p>
        {invited(invitedBy)} {OPEN_IT}
      </p>
      <p>
        <a href={link}>{link}</a>
      </p>
    </EmailLayout>
  );
}

export const staffInvitationEmail = (props: StaffInvitationProps): HtmlEmail => ({
  subject: "You are invited to the staff desk",
  text: `${invited(props.invitedBy)} ${OPEN_IT}\n\n${props.link}`,
  html: renderHtml(<StaffInvitation {...props} />),
});
