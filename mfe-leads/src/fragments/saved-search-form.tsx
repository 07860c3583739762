import { Link, useSubmittedForm } from "remote-kit";
import { FORM_FIELD } from "remote-kit/protocol";
import { paths, SAVED_SEARCH_CONSENT } from "shared-types";
import type { SavedSearchFormProps } from "../remote";
import { SAVED_SEARCH_FORMS } from "../saved-search/saved-search-forms";
// rendered inside other teams' pages: it brings its styles with it
import "../leads.css";
import { FieldError } from "../components/field-error";

const ID = `leads:${SAVED_SEARCH_FORMS.save}`;
const DOM = "leads-saved-search";

/**
 * "Email me new matches" under the inventory's results: the search as it is on the page, an address, and express
 * consent (a box left unticked, the purpose in words). Plain HTML, no code: the browser checks the address and the
 * box before it sends (required fields), team leads' server checks them again with the shared rules and shows the
 * page again with the reasons and what was typed. Nothing is emailed but a link to confirm.
 */
export default function SavedSearchForm({ search = "", filters = "" }: SavedSearchFormProps) {
  const refused = useSubmittedForm(ID);
  const emailError = refused?.errors.email;
  const consentError = refused?.errors.consent;
  return (
    <form method="post" className="leads-form leads-saved-search" aria-labelledby={`${DOM}-heading`}>
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
          required
          autoComplete="email"
          inputMode="email"
          className={`leads-form__input${emailError ? " leads-form__input--invalid" : ""}`}
          defaultValue={refused?.values.email ?? ""}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${DOM}-email-error` : undefined}
        />
        <FieldError id={`${DOM}-email-error`} message={emailError} />
      </div>
      <div className="leads-form__field leads-form__field--wide">
        <label className="leads-form__consent" htmlFor={`${DOM}-consent`}>
          <input
            id={`${DOM}-consent`}
            type="checkbox"
            name="consent"
            required
            defaultChecked={refused?.values.consent === "on"}
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? `${DOM}-consent-error` : undefined}
          />{" "}
          {SAVED_SEARCH_CONSENT.text}
        </label>
        <FieldError id={`${DOM}-consent-error`} message={consentError} />
      </div>
      {refused?.message && !emailError && !consentError ? (
        <p className="leads-form__failure" role="alert">
          {refused.message}
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
