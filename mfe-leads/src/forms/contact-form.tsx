import { CONTACT_INPUTS, LeadForm, MESSAGE_INPUT } from "../components/lead-form";
import type { ContactFormProps } from "../contracts/provides";

/** /contact#message_us: first name and email required, no format check (SPEC §5). Destination ContactUs. */
export default function ContactForm(_props: ContactFormProps) {
  return <LeadForm form="contact" inputs={[...CONTACT_INPUTS, MESSAGE_INPUT]} />;
}
