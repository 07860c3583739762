import { type FormEvent, useState } from "react";
import { defineIsland, Link, useSubmittedForm } from "remote-kit";
import { FORM_FIELD, NATIVE_SUBMIT_ATTRIBUTE } from "remote-kit/protocol";
import { paths, SAVED_SEARCH_CONSENT } from "shared-types";
import type { SavedSearchFormProps } from "../remote";
import { SAVED_SEARCH_FORMS, SAVED_SEARCH_MESSAGES } from "../saved-search/saved-search-forms";
// exposed on its own and rendered inside other teams' pages: it brings its styles with it
import "../leads.css";

const ID = `leads:${SAVED_SEARCH_FORMS.save}`;
const DOM = "leads-saved-search";

/**
 * "Email me new matches" under the inventory's results: the search as it is on the page, an address, and express
 * consent (a box left unticked, the purpose in words). A plain form posted to the page (it works with scripts off);
 * with scripts the shared rules say what is wrong before it is sent. Nothing is emailed but a link to confirm.
 */
function SavedSearchForm({ search = "", filters = "" }: SavedSearchFormProps) {
  const refused = useSubmittedForm(ID);
  const [errors, setErrors] = useState<Record<string, string>>(refused?.errors ?? {});
  const [message, setMessage] = useState(refused?.message ?? "");

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (form.hasAttribute(NATIVE_SUBMIT_ATTRIBUTE) || form.dataset.checked === "yes") return;
    event.preventDefault();
    const data = new FormData(form);
    const { savedSearchRequestSchema, fieldReasons } = await import("shared-types/schemas");
    const checked = savedSearchRequestSchema.safeParse({
      email: String(data.get("email") ?? ""),
      search,
      filters,
      consent: data.get("consent") === "on",
    });
    if (!checked.success) {
      const reasons = fieldReasons(checked.error);
      setErrors(reasons);
      setMessage(SAVED_SEARCH_MESSAGES.refused);
      (form.elements.namedItem(reasons.email ? "email" : "consent") as HTMLElement | null)?.focus();
      return;
    }
    form.dataset.checked = "yes";
    form.requestSubmit();
  };

  const emailError = errors.email;
  const consentError = errors.consent;
  return (
    <form
      method="post"
      className="leads-form leads-saved-search"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${DOM}-heading`}
    >
      <h2 id={`${DOM}-heading`} className="leads-form__heading">
        Email me new matches
      </h2>
      <p className="leads-saved-search__intro">
        Get an email when a unit matching this search arrives or a matching unit's price drops.
      </p>
      <input type="hidden" name={FORM_FIELD} value={ID} />
      <input type="hidden" name="search" value={search} />
      <input type="hidden" name="filters" value={filters} />
      <div className="leads-form__field">
        <label className="leads-form__label" htmlFor={`${DOM}-email`}>
          Email<span aria-hidden="true"> *</span>
        </label>
        <input
          id={`${DOM}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          className={`leads-form__input${emailError ? " leads-form__input--invalid" : ""}`}
          defaultValue={refused?.values.email ?? ""}
          aria-required="true"
          aria-invalid={Boolean(emailError)}
          aria-describedby={emailError ? `${DOM}-email-error` : undefined}
        />
        {emailError ? (
          <p id={`${DOM}-email-error`} className="leads-form__error" role="alert">
            {emailError}
          </p>
        ) : null}
      </div>
      <div className="leads-form__field leads-form__field--wide">
        <label className="leads-form__consent" htmlFor={`${DOM}-consent`}>
          <input
            id={`${DOM}-consent`}
            type="checkbox"
            name="consent"
            defaultChecked={refused?.values.consent === "on"}
            aria-invalid={Boolean(consentError)}
            aria-describedby={consentError ? `${DOM}-consent-error` : undefined}
          />{" "}
          {SAVED_SEARCH_CONSENT.text}
        </label>
        {consentError ? (
          <p id={`${DOM}-consent-error`} className="leads-form__error" role="alert">
            {consentError}
          </p>
        ) : null}
      </div>
      {message && !emailError && !consentError ? (
        <p className="leads-form__failure" role="alert">
          {message}
        </p>
      ) : null}
      <button type="submit" className="leads-button">
        Email me new matches
      </button>
      <p className="leads-form__fine-print">
        We email you a link to confirm first. <Link to={paths.privacy()}>How we use what you send us</Link>
      </p>
    </form>
  );
}

export default defineIsland("leads/saved-search-form", SavedSearchForm, { hydrate: "form" });
