import { EmailLayout, type HtmlEmail, renderHtml } from "./email-layout.js";

// The one email a saved search sends before any alert (saved-searches/saved-search-messages.ts): is this address
// theirs, and do they want these? It goes to an address nobody has confirmed, so it repeats nothing typed.

export interface SavedSearchConfirmationProps {
  subject: string;
  intro: string;
  confirmLink: string;
  /** The dealership's name, postal address and phone (CASL). */
  sender: string;
}

const NOTHING_MORE = "If you did not ask for this, ignore this email: nothing more will be sent.";

export function SavedSearchConfirmation({ intro, confirmLink, sender }: SavedSearchConfirmationProps) {
  return (
    <EmailLayout footer={sender}>
      <p>{intro}</p>
      <p>
        <a href={confirmLink}>Confirm my saved search</a>
      </p>
      <p>{NOTHING_MORE}</p>
    </EmailLayout>
  );
}

export const savedSearchConfirmationEmail = (props: SavedSearchConfirmationProps): HtmlEmail => ({
  subject: props.subject,
  text: [props.intro, "", `Confirm: ${props.confirmLink}`, "", NOTHING_MORE, "", props.sender, ""].join("\n"),
  html: renderHtml(<SavedSearchConfirmation {...props} />),
});
