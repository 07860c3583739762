import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import type { ContactFormProps } from "../remote";

/** /contact#message_us: first name and email required, no format check (SPEC §5). Destination ContactUs. */
function ContactForm(_props: ContactFormProps) {
  return <LeadForm form="contact" />;
}

export default defineIsland("leads/contact-form", ContactForm, { hydrate: "form" });
