import { EmailLayout, type HtmlEmail, renderHtml } from "./email-layout.js";

// A member's sign-in link to the staff desk (staff/sign-in-mail.ts sends it, to their own address only).

export interface StaffSignInProps {
  /** Why it was sent: "You asked the staff desk for a link." */
  why: string;
  link: string;
}

const OPEN_IT = "Open this link within 15 minutes to sign in to the staff desk (it works once):";
const NOT_YOU = "If you did not ask for it, you can ignore this email.";

export function StaffSignIn({ why, link }: StaffSignInProps) {
  return (
    <EmailLayout>
      <p>
        {why} {OPEN_IT}
      </p>
      <p>
        <a href={link}>{link}</a>
      </p>
      <p>{NOT_YOU}</p>
    </EmailLayout>
  );
}

export const staffSignInEmail = (props: StaffSignInProps): HtmlEmail => ({
  subject: "Your sign-in link for the staff desk",
  text: `${props.why} ${OPEN_IT}\n\n${props.link}\n\n${NOT_YOU}`,
  html: renderHtml(<StaffSignIn {...props} />),
});
