import { LEAD_FORMS, type LeadFormId } from "shared-types";

// what each form asks and says is its entry in shared-types LEAD_FORMS (one place for the forms, the no-script
// relay and the API); what is here is how team leads tells the forms on one page apart

/**
 * One form on a page, told apart from the others: its id and, where a page can show it more than once or for
 * different things, its scope ("vehicle-contact:A1234"). What FORM_FIELD carries after "leads:".
 */
export function formKey(form: LeadFormId, scope = ""): string {
  const slug = scope
    .replace(/[^A-Za-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);
  return slug ? `${form}:${slug}` : form;
}

export const formFromKey = (key: string): LeadFormId | null => {
  const form = key.split(":")[0] ?? "";
  return Object.hasOwn(LEAD_FORMS, form) ? (form as LeadFormId) : null;
};
